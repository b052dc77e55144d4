import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { notMeMachine } from '../../../machines/not-me/not-me.machine';
import { signInHistoryMachine } from '../../../machines/sign-in-history/sign-in-history.machine';
import type { SignInEvent } from '../../../core/contract/sign-in-history';
import { connectNotMe } from './not-me.connect';
import { connectSignInHistory } from './sign-in-history.connect';

const fresh: SignInEvent = { id: '12', at: '2026-11-30T20:00:00.000Z', method: 'password', outcome: 'signed_in', ip: '203.0.113.7', device: 'Chrome on Linux', country: 'CY', newDevice: true };
const wrong: SignInEvent = { ...fresh, id: '11', outcome: 'wrong_password', device: null, country: null, newDevice: false };
const asked: SignInEvent = { ...fresh, id: '10', outcome: 'factor_asked', method: 'social' };

function at(value: string | object, context: object) {
  const initial = createActor(signInHistoryMachine).getSnapshot();
  return signInHistoryMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}

describe('connectSignInHistory', () => {
  it('writes each sign-in for the trader: what, how, device, IP, the country by name; "This wasn’t me" only for a new device that signed in', () => {
    const send = vi.fn();
    const view = connectSignInHistory(at({ ready: 'idle' }, { events: [fresh, wrong, asked], next: '10' }), send, 'en');
    expect(view.items.map((i) => [i.what.key, i.method.key, i.tone, i.country])).toEqual([
      ['history.outcome.signed_in', 'history.method.password', 'ok', 'Cyprus'],
      ['history.outcome.wrong_password', 'history.method.password', 'refused', null],
      ['history.outcome.factor_asked', 'history.method.social', 'step', 'Cyprus'],
    ]);
    expect(view.items[1]!.device).toEqual({ key: 'sessions.unknown_device' });
    expect(view.items[0]!.at).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(view.items.map((i) => i.getNotMeProps !== null)).toEqual([true, false, false]);
    view.items[0]!.getNotMeProps!().onClick();
    view.getMoreProps().onClick();
    expect(send.mock.calls).toEqual([[{ type: 'history.notMe', event: '12' }], [{ type: 'history.more' }]]);
    expect(view).toMatchObject({ canMore: true, empty: false, moreFailed: false, notMe: null });
    expect(view.getDownloadProps()).toEqual({ href: '/api/security/sign_ins.csv', download: true });
    expect(connectSignInHistory(at({ ready: 'idle' }, { events: [fresh], next: null }), send, 'ru').items[0]!.country).toBe('Кипр');
  });

  it('an empty history says so; a later page on its way rests its button; a lost page keeps the list and takes the focus', () => {
    expect(connectSignInHistory(at({ ready: 'idle' }, { events: [], next: null }), vi.fn(), 'en')).toMatchObject({ empty: true, canMore: false });
    const more = connectSignInHistory(at('loadingMore', { events: [fresh], next: '12' }), vi.fn(), 'en');
    expect(more.getMoreProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(more.loadingMore).toBe(true);
    const lost = connectSignInHistory(at({ ready: 'moreFailed' }, { events: [fresh], next: '12', error: { key: 'history.load_failed' } }), vi.fn(), 'en');
    expect(lost).toMatchObject({ moreFailed: true, items: [{ id: '12' }] });
    expect(lost.getProblemProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'history-more-failed' });
    expect(connectSignInHistory(at('loadFailed', { error: { key: 'history.load_failed' } }), vi.fn(), 'en')).toMatchObject({ loadFailed: true, items: [] });
  });

  it('"this wasn’t me" runs as a child the dialog reads; secured, the page leaves', async () => {
    const leave = vi.fn();
    let answer: (v: { ended: number; resetSent: boolean; message: string }) => void = () => {};
    const actor = createActor(
      signInHistoryMachine.provide({
        actors: {
          loadPage: fromPromise(async () => ({ events: [fresh, wrong], next: null as string | null })),
          notMe: notMeMachine.provide({ actors: { secure: fromPromise(() => new Promise((resolve) => (answer = resolve))) } }),
        },
        actions: { leave },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'history.notMe', event: wrong.id });
    expect(connectSignInHistory(actor.getSnapshot(), actor.send, 'en').notMe).toBeNull();
    actor.send({ type: 'history.notMe', event: fresh.id });
    const child = connectSignInHistory(actor.getSnapshot(), actor.send, 'en').notMe!;
    const dialog = () => connectNotMe(child.getSnapshot(), child.send);
    expect(dialog()).toMatchObject({ asking: true, sending: false, secured: false });
    dialog().getConfirmProps().onClick();
    expect(dialog().getConfirmProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    answer({ ended: 2, resetSent: true, message: 'ok' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('secured')).toBe(true));
    expect(leave).toHaveBeenCalledTimes(1);
  });
});

describe('connectNotMe', () => {
  it('a failure says why and takes the focus; Cancel ends it; the answer says whether the reset link went out', () => {
    const at2 = (value: string, context: object) => {
      const initial = createActor(notMeMachine, { input: { token: 'k'.repeat(43) } }).getSnapshot();
      return notMeMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
    };
    const send = vi.fn();
    const failed = connectNotMe(at2('asking', { error: { key: 'not_me.link' } }), send);
    expect(failed.getProblemProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'not-me-error' });
    failed.getCancelProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'notMe.cancel' });
    const done = connectNotMe(at2('secured', { result: { ended: 1, resetSent: false, message: 'm' } }), send);
    expect(done).toMatchObject({ secured: true, asking: false, result: { resetSent: false } });
    expect(done.getDoneProps()).toMatchObject({ role: 'status', 'data-focus-on': 'not-me-done' });
  });
});
