// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { installFocusIntent } from './focus-intent';

const flush = () => new Promise((r) => setTimeout(r, 0));
let stop: () => void = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

function form(): { form: HTMLFormElement; button: HTMLButtonElement; status: HTMLDivElement } {
  document.body.innerHTML = '<a href="#" id="away">away</a><form><button type="submit">Send</button><div tabindex="-1" role="status">idle</div></form>';
  return { form: document.querySelector('form')!, button: document.querySelector('button')!, status: document.querySelector('[role=status]')! };
}

describe('focus intent', () => {
  it('moves the focus to a status when its key appears, from inside the form', async () => {
    const { button, status } = form();
    stop = installFocusIntent();
    button.focus();
    status.setAttribute('data-focus-on', 'sending');
    await flush();
    expect(document.activeElement).toBe(status);
  });

  it('moves the focus to a part that appears with a key when the focus was lost', async () => {
    form();
    stop = installFocusIntent();
    (document.activeElement as HTMLElement | null)?.blur();
    const done = document.createElement('div');
    done.tabIndex = -1;
    done.setAttribute('data-focus-on', 'done');
    document.querySelector('form')!.append(done);
    await flush();
    expect(document.activeElement).toBe(done);
  });

  it('does not take the focus from a control the trader went to elsewhere', async () => {
    const { status } = form();
    stop = installFocusIntent();
    const away = document.getElementById('away')!;
    away.focus();
    status.setAttribute('data-focus-on', 'sending');
    await flush();
    expect(document.activeElement).toBe(away);
  });

  it('does not take the focus out of an open dialog', async () => {
    const { status } = form();
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    const inside = document.createElement('button');
    dialog.append(inside);
    document.body.append(dialog);
    stop = installFocusIntent();
    inside.focus();
    status.setAttribute('data-focus-on', 'done');
    await flush();
    expect(document.activeElement).toBe(inside);
  });

  it('follows a named scope', async () => {
    document.body.innerHTML = '<div data-focus-scope="pay"><button id="b">Pay</button></div><p><span id="s" tabindex="-1" data-focus-in="pay">x</span></p>';
    stop = installFocusIntent();
    document.getElementById('b')!.focus();
    document.getElementById('s')!.setAttribute('data-focus-on', 'paid');
    await flush();
    expect(document.activeElement?.id).toBe('s');
  });
});
