import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CLOSURE_BLOCKER_KINDS } from '../../../core/account-closure';
import type { CloseAccountRequest, CloseAccountResponse, ClosureStatus } from '../../../core/contract/closure';
import { accountClosureMachine } from '../../../machines/account-closure/account-closure.machine';
import { blockedStatus, clearStatus, CLOSED_AT } from '../../../machines/account-closure/account-closure.model';
import { blockerRow, connectAccountClosure, nextHref, type ClosureRefusal } from './closure.connect';

function start(close: (input: CloseAccountRequest) => Promise<CloseAccountResponse>, statuses: ClosureStatus[] = [clearStatus()]) {
  const sent: CloseAccountRequest[] = [];
  let left = 0;
  let reads = 0;
  const machine = accountClosureMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => statuses[Math.min(reads++, statuses.length - 1)]!),
      closeAccount: fromPromise(async ({ input }) => {
        sent.push(input);
        return close(input);
      }),
    },
    actions: { goToLogin: () => void left++ },
  });
  const actor = createActor(machine).start();
  let refusal: ClosureRefusal = { shakes: 0, field: null };
  // as the hook does: a new refusal's first bad field is kept for the focus
  const view = (lang = 'en') => {
    const api = connectAccountClosure(actor.getSnapshot(), actor.send, lang, refusal);
    if (api.shakes !== refusal.shakes) refusal = { shakes: api.shakes, field: api.firstBadField };
    return connectAccountClosure(actor.getSnapshot(), actor.send, lang, refusal);
  };
  const change = (field: 'reason' | 'text', value: string) =>
    (field === 'reason' ? view().getReasonProps() : view().getTextProps()).onChange?.({ target: { value } } as never);
  /** the form sent with the password as typed in the page (the form's FormData is the view test's: there is no form in Node) */
  const submit = (password: string) => actor.send({ type: 'closure.submit', password });
  return { actor, sent, view, change, submit, left: () => left, reads: () => reads };
}

describe('the blocked list', () => {
  it('says what each thing is with its amount written for the trader, and where to settle it (from core’s table)', () => {
    expect(CLOSURE_BLOCKER_KINDS.map(nextHref)).toEqual(['#/show/withdrawal', '#/home', '#/show/withdrawal', '#/show/history']);
    expect(blockerRow({ kind: 'balance', amount: '120.00', currency: 'USD', count: 1 }, 'en')).toEqual({
      id: 'balance-USD',
      kind: 'balance',
      message: { key: 'closure.blocker.balance', params: { amount: '$120.00', count: 1 } },
      href: '#/show/withdrawal',
      linkLabel: { key: 'closure.next.balance' },
    });
    expect(blockerRow({ kind: 'pending_deposit', amount: '1000.50', currency: 'EUR', count: 2 }, 'ru').message).toEqual({
      key: 'closure.blocker.pending_deposit',
      params: { amount: '1\u00a0000,50\u00a0€', count: 2 },
    });
    expect(blockerRow({ kind: 'open_trade', amount: '0.00150', currency: 'BTC', count: 1 }, 'en').message.params?.amount).toBe('0.00150\u00a0BTC');
  });

  it('lists them while something stops the closure, and Check again reads the status again', async () => {
    const { actor, view, reads } = start(async () => ({ closed: true, closed_at: CLOSED_AT }), [blockedStatus(), clearStatus()]);
    await waitFor(actor, (s) => s.matches('blocked'));
    expect(view().blockers.map((b) => b.id)).toEqual(['balance-USD', 'pending_withdrawal-USD', 'pending_deposit-USD']);
    expect(view().ready).toBe(false);
    // arriving at the list (not after a refusal) takes no focus
    expect(view().getBlockedProps()).toEqual({ 'aria-labelledby': 'closure-blocked-title' });
    expect(view().getBlockedNoticeProps()['data-focus-on']).toBeUndefined();
    view().getCheckAgainProps().onClick();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(reads()).toBe(2);
    expect(view().blockers).toEqual([]);
  });
});

describe('connectAccountClosure: the form', () => {
  it('offers core’s reasons; refuses before sending, field by field, the focus on the first', async () => {
    const { actor, sent, view, change, submit } = start(async () => ({ closed: true, closed_at: CLOSED_AT }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().reasons.map((r) => r.id)).toEqual(['not_using', 'another_broker', 'too_risky', 'control', 'costs', 'service', 'other']);
    expect(view().reasons[0]!.label).toEqual({ key: 'closure.reason.not_using' });
    submit('');
    expect(Object.keys(view().errors)).toEqual(['reason', 'password']);
    expect(view().getReasonProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'closure-reason-error', 'data-focus-on': 'refused-1' });
    expect(view().getPasswordProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'closure-password-hint closure-password-error', 'data-focus-on': undefined, type: 'password' });
    expect(view().getErrorProps('password')).toEqual({ id: 'closure-password-error', role: 'alert' });
    // choosing a reason takes its message away; the focus stays where the trader is
    change('reason', 'other');
    expect(Object.keys(view().errors)).toEqual(['password']);
    expect(view().getPasswordProps()['data-focus-on']).toBeUndefined();
    expect(view().textRequired).toBe(true);
    expect(view().getTextProps()['aria-required']).toBe(true);
    // "other" needs a few words
    submit('Sandbox-1234abcd1');
    expect(view().errors).toEqual({ text: { key: 'closure.error.text_needed', params: { min: 3 } } });
    expect(view().getTextProps()['data-focus-on']).toBe('refused-2');
    view().getPasswordProps().onChange?.({ target: { value: 'x' } } as never);
    expect(sent).toEqual([]);
  });

  it('asks for a confirmation whose safe choice has the focus; Keep my account goes back to the form', async () => {
    const { actor, sent, view, change, submit } = start(async () => ({ closed: true, closed_at: CLOSED_AT }));
    await waitFor(actor, (s) => s.matches('ready'));
    change('reason', 'costs');
    submit('Sandbox-1234abcd1');
    expect(view().confirmOpen).toBe(true);
    expect(view().getKeepProps()).toMatchObject({ type: 'button', 'data-autofocus': true, 'aria-disabled': undefined });
    expect(view().getDialogOptions().mandatory).toBe(false);
    view().getDialogOptions().onClose();
    expect(view().confirmOpen).toBe(false);
    expect(actor.getSnapshot().context.password).toBe('');
    expect(sent).toEqual([]);
  });

  it('sends once after the confirmation, the dialog resting meanwhile; closed, it leaves for the sign-in page', async () => {
    let release: (r: CloseAccountResponse) => void = () => {};
    const { actor, sent, view, change, submit, left } = start(() => new Promise((r) => (release = r)));
    await waitFor(actor, (s) => s.matches('ready'));
    change('reason', 'another_broker');
    change('text', '  Lower fees elsewhere. ');
    submit('Sandbox-1234abcd1');
    view().getConfirmProps().onClick();
    expect(view().closing).toBe(true);
    expect(view().confirmOpen).toBe(true);
    expect(view().getConfirmProps()).toMatchObject({ 'aria-disabled': true, 'aria-busy': true });
    expect(view().confirmLabel).toEqual({ key: 'closure.closing' });
    expect(view().getDialogOptions().mandatory).toBe(true);
    expect(view().getSubmitProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    view().getConfirmProps().onClick();
    view().getKeepProps().onClick();
    expect(sent).toEqual([{ reason: 'another_broker', text: 'Lower fees elsewhere.', password: 'Sandbox-1234abcd1' }]);
    release({ closed: true, closed_at: CLOSED_AT });
    await waitFor(actor, (s) => s.status === 'done');
    expect(view().closed).toBe(true);
    expect(view().getClosedProps()['data-focus-on']).toBe('closed');
    expect(left()).toBe(1);
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('a wrong password is marked, emptied and focused; too many tries keep the form with the message focused', async () => {
    const answers: Array<() => Promise<CloseAccountResponse>> = [
      () => Promise.reject({ kind: 'http', status: 401, error: 'closure.password', message: 'The password is not right.', fields: { password: 'closure.password' } }),
      () => Promise.reject({ kind: 'http', status: 429, error: 'login.locked', message: 'Too many failed attempts.' }),
    ];
    const { actor, view, change, submit, left } = start(() => answers.shift()!());
    await waitFor(actor, (s) => s.matches('ready'));
    change('reason', 'costs');
    const key = view().passwordKey;
    submit('wrong');
    view().getConfirmProps().onClick();
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }));
    expect(view().errors).toEqual({ password: { key: 'closure.password', fallback: 'The password is not right.' } });
    expect(view().passwordKey).not.toBe(key);
    expect(view().getPasswordProps()['data-focus-on']).toBe('refused-1');
    expect(view().values.reason).toBe('costs');
    submit('wrong again');
    view().getConfirmProps().onClick();
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }) && s.context.error !== null);
    expect(view().failed).toBe(true);
    expect(view().error).toEqual({ key: 'login.locked', fallback: 'Too many failed attempts.' });
    expect(view().getFailureProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'failed-2', 'data-focus-in': 'closure-form' });
    expect(view().errors).toEqual({});
    expect(left()).toBe(0);
  });

  it('something that appeared meanwhile: the status again, its list with the refusal focused', async () => {
    const { actor, view, change, submit } = start(
      () => Promise.reject({ kind: 'http', status: 409, error: 'closure.blocked', message: 'Something is still to be settled: see the list.', params: { kinds: 'pending_deposit' } }),
      [clearStatus(), { blockers: [{ kind: 'pending_deposit', amount: '50.00', currency: 'USD', count: 1 }] }],
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('reason', 'costs');
    submit('Sandbox-1234abcd1');
    view().getConfirmProps().onClick();
    await waitFor(actor, (s) => s.matches('blocked'));
    expect(view().error).toMatchObject({ key: 'closure.blocked' });
    expect(view().blockers.map((b) => b.kind)).toEqual(['pending_deposit']);
    expect(view().getBlockedNoticeProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'blocked-1' });
    expect(view().confirmOpen).toBe(false);
  });

  it('a status that cannot be read is said, with a retry', async () => {
    let fail = true;
    const machine = accountClosureMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => {
          if (fail) throw { kind: 'network' };
          return clearStatus();
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    const api = connectAccountClosure(actor.getSnapshot(), actor.send);
    expect(api.error).toEqual({ key: 'closure.load_failed' });
    fail = false;
    api.getRetryProps().onClick();
    await waitFor(actor, (s) => s.matches('ready'));
  });
});
