import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  chatToken: vi.fn(),
  sendTip: vi.fn(),
  fetchSignals: vi.fn(),
}));
vi.mock('../../api/chat', () => api);
const session = vi.hoisted(() => ({
  getMe: vi.fn(async () => ({ user: null, csrf: 'c' })),
  getSettings: vi.fn(async () => ({ chatHiddenPaths: ['/#/show/withdrawal'], timeZone: '' })),
  login: vi.fn(),
  notifyLoginFail: vi.fn(),
  loadAutologin: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('../../api/session', () => session);

const { ChatPanel } = await import('./ChatPanel');
const { sessionActor } = await import('../../flows/shell/app.flow');
const { moneyBusy, moneyIdle, newVisit } = await import('../../flows/attention/attention.flow');

/** the chat opens by itself only where it has a column of its own (src/flows/chat/chat.flow.ts) */
const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });

const connection = { token: 'tok-123', url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true };

beforeAll(async () => {
  sessionActor.start();
  await waitFor(() => expect(sessionActor.getSnapshot().context.settings).not.toBeNull());
});

beforeEach(() => {
  newVisit();
  setWidth(1280);
  localStorage.clear();
  window.location.hash = '#/home';
  api.chatToken.mockReset().mockResolvedValue(connection);
  api.sendTip.mockReset();
});

describe('ChatPanel', () => {
  it('opens by itself on the first visit, remembers that, and embeds the provider with the token in the fragment', async () => {
    render(<ChatPanel />);
    const frame = await screen.findByTitle('Chat with Anna (sandbox chat provider)');
    expect(frame.getAttribute('src')).toBe('/chat/widget#lang=en&token=tok-123');
    expect(localStorage.getItem('chat.autoOpened')).toBe('1');
    expect(screen.getByRole('note', { name: 'Sandbox chat: replies are automated' }).textContent).toBe('Sandbox');
  });

  it('on a screen too narrow for its column it does not open by itself, and the once is kept for a wide screen', async () => {
    setWidth(390);
    render(<ChatPanel />);
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeTruthy();
    expect(localStorage.getItem('chat.autoOpened')).toBeNull();
  });

  it('opens at once in its own column, the page beside it, even while a money flow runs (a column covers nothing)', () => {
    moneyBusy('card');
    render(<ChatPanel />);
    // no wait: the column is there in the render that mounted it (nothing moves later to make room)
    expect(document.body.classList.contains('with-chat-column')).toBe(true);
    expect(screen.getByTestId('chat-panel').className).toContain('chat--column');
    expect(localStorage.getItem('chat.autoOpened')).toBe('1');
    act(() => moneyIdle('card'));
  });

  it('does not open by itself again in the same browser', async () => {
    localStorage.setItem('chat.autoOpened', '1');
    render(<ChatPanel />);
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(api.chatToken).not.toHaveBeenCalled();
    await userEvent.click(launcher);
    await screen.findByTitle('Chat with Anna (sandbox chat provider)');
  });

  it("sits in the header's chat slot, not over the page; minimised, the header button brings the same conversation back", async () => {
    localStorage.setItem('chat.autoOpened', '1');
    render(
      <>
        <header><div id="topbar-chat" /></header>
        <main><input aria-label="A form field" /></main>
        <ChatPanel />
      </>,
    );
    const slot = document.getElementById('topbar-chat')!;
    await waitFor(() => expect(slot.querySelector('button')).not.toBeNull());
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    expect(slot.contains(launcher)).toBe(true);
    expect(launcher.className).toContain('chat-launcher--header');
    await userEvent.click(launcher);
    const frame = await screen.findByTitle('Chat with Anna (sandbox chat provider)');
    expect(slot.childElementCount).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Minimise chat' }));
    const minimised = screen.getByTestId('chat-minimised');
    expect(slot.contains(minimised)).toBe(true);
    // the panel (and its conversation) stays in the page, hidden
    expect(frame.isConnected).toBe(true);
    expect(frame.closest('section')!.hidden).toBe(true);
    await userEvent.click(minimised);
    expect(screen.getByTitle('Chat with Anna (sandbox chat provider)')).toBe(frame);
    expect(frame.closest('section')!.hidden).toBe(false);
  });

  it('opened by the trader, the focus goes into the panel; closed from inside, back to the header button; Escape closes it', async () => {
    localStorage.setItem('chat.autoOpened', '1');
    render(
      <>
        <header><div id="topbar-chat" /></header>
        <ChatPanel />
      </>,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(document.getElementById('topbar-chat')!.querySelector('button')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    const panel = await screen.findByTestId('chat-panel');
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open chat' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('chat-panel')));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open chat' }));
  });

  it('is hidden on the pages the settings name and comes back elsewhere', async () => {
    localStorage.setItem('chat.autoOpened', '1');
    window.location.hash = '#/show/withdrawal';
    render(<ChatPanel />);
    expect(screen.queryByRole('button', { name: 'Open chat' })).toBeNull();
    act(() => {
      window.location.hash = '#/home';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeTruthy();
  });

  it('says when the chat cannot connect, and tries again', async () => {
    api.chatToken.mockReset().mockRejectedValueOnce({ kind: 'network' }).mockResolvedValue(connection);
    render(<ChatPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The chat is not available right now.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTitle('Chat with Anna (sandbox chat provider)');
  });
});

describe('Tips', () => {
  it('over 40 states the exact amount, waits 3 s with the wait text, then shows the server message', async () => {
    api.sendTip.mockResolvedValue({ ok: true, amount: '50.00', currency: 'USD', message: 'Thank you! 50.00 USD went to Anna.' });
    render(<ChatPanel />);
    const input = await screen.findByLabelText(/^Tip amount in/);
    await userEvent.type(input, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Send tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your tip' });
    // no account in this test: the amount as typed; the server's answer names its currency (core/format)
    expect(dialog.textContent).toContain('Exactly 50.00 will be deducted');
    await userEvent.click(screen.getByRole('button', { name: 'Send 50.00' }));
    expect((await screen.findByRole('status')).textContent).toContain('Sending your tip of 50.00…');
    expect(api.sendTip).not.toHaveBeenCalled();
    await screen.findByText('Thank you! $50.00 went to the host.', undefined, { timeout: 5_000 });
    expect(api.sendTip).toHaveBeenCalledTimes(1);
    const body = api.sendTip.mock.calls[0][0] as { value: string; host: string; key: string };
    expect(body.value).toBe('50.00');
    expect(body.host).toBe('anna');
    expect(body.key).toMatch(/^tip-[0-9a-f]{32}$/);
  }, 15_000);

  it("a failure says 'some error' and keeps the amount", async () => {
    api.sendTip.mockRejectedValue({ kind: 'network' });
    render(<ChatPanel />);
    const input = await screen.findByLabelText(/^Tip amount in/);
    await userEvent.type(input, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Send tip' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const alert = await screen.findByText('some error', undefined, { timeout: 5_000 });
    expect(alert.getAttribute('role')).toBe('alert');
    expect((input as HTMLInputElement).value).toBe('5');
  }, 15_000);
});
