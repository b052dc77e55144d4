import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { accountsMachine } from '../../../machines/accounts/accounts.machine';
import { chatMachine } from '../../../machines/chat/chat.machine';
import { loginMachine } from '../../../machines/login/login.machine';
import { reportsMachine } from '../../../machines/reports/reports.machine';
import { tradingBlockMachine } from '../../../machines/trading-block/trading-block.machine';
import { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';
import { validationMachine } from '../../../machines/validation/validation.machine';
import { sessionMachine } from '../../../machines/session/session.machine';
import { tipsMachine } from '../../../machines/tips/tips.machine';
import { twoFactorChoiceMachine } from '../../../machines/two-factor/choice.machine';
import { withdrawalPendingMachine } from '../../../machines/withdrawal/pending.machine';
import { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { CurrentUser, Settings } from '../../../core/contract';
import { connectAccounts } from '../accounts/accounts.connect';
import { connectChat, connectTips } from '../chat/chat.connect';
import { connectLogin } from '../login/login.connect';
import { connectReports } from '../reports/reports.connect';
import { connectFactorChoice, connectValidation } from '../security/security.connect';
import { platformFrameHeight } from '../shell/shell.hooks';
import { connectTradingBlock } from '../trading/trading-block.connect';
import { connectCodeEntry } from '../two-factor/code-entry.connect';
import { connectSession } from '../session/session.connect';
import { connectPending, connectWithdrawal } from '../withdrawal/withdrawal.connect';

/** A snapshot of `machine` in `value` with `context` (started from `input`), as the machine would hold it. */
function snapshotIn<M extends AnyStateMachine>(machine: M, input: unknown, value: unknown, context: object = {}): SnapshotFrom<M> {
  const initial = createActor(machine, { input } as never).getSnapshot() as { context: object };
  return machine.resolveState({ value, context: { ...initial.context, ...context } } as never) as SnapshotFrom<M>;
}

const user: CurrentUser = {
  userId: 'u-1', email: 't@example.com', firstName: 'T', lastName: 'R', country: 'DE', currency: 'USD',
  balances: [
    { accountId: 'a-1', currency: 'USD', accountGroup: 'standard', type: 'trading', amount: '100.00', depositsTotal: '0' },
    { accountId: 'x-1', currency: 'BTC', accountGroup: 'exchange', type: 'exchange', amount: '0.50000', depositsTotal: '0' },
  ],
  current_accountId: 'x-1', available: '100.00', affsId: '', comments: '', cascade: '', md: '', mdps: '', cardRisk: false,
  verification: 'Full', two_factor: 'email', isDemo: false, regTime: '', sign: true, last_count: 0, depositsTotal: '0', tr_attemps: 0,
  tr_success: false, tr_validate: false, wd_methods: '', can_upload: true, fillCard: '',
};

describe('connectWithdrawal', () => {
  const input = { currency: 'USD', fixed: false };

  it('editing: the form is free, the submit says so, a fiat tab offers its methods and falls back to the first', () => {
    const send = vi.fn();
    const wd = connectWithdrawal(snapshotIn(withdrawalMachine, input, 'editing', { tab: 'usd' }), send);
    expect(wd).toMatchObject({ step: 'editing', busy: false, done: false, submitLabel: 'withdrawal.submit', question: null, verifyOpen: false, turnover: null });
    expect(wd.tabs.filter((t) => t.selected).map((t) => t.tab.id)).toEqual(['usd']);
    expect(wd.methodForm('Credit Card')).toEqual({ method: 'Credit Card', choosesMethod: true, walletNeeded: false, alt: null });
    expect(wd.methodForm('Monero')).toMatchObject({ method: 'Bank Wire', walletNeeded: true });
    wd.edit();
    expect(send).not.toHaveBeenCalled();
    wd.selectTab('ripple');
    wd.submit({ amount: '10', method: 'Bank Wire', wallet: 'DE89', alt: '' });
    expect(send.mock.calls).toEqual([[{ type: 'tab.select', tab: 'ripple' }], [{ type: 'form.submit', amount: '10', method: 'Bank Wire', wallet: 'DE89', alt: '' }]]);
  });

  it('a coin tab: no method choice, Ripple and Monero ask their second field', () => {
    const wd = connectWithdrawal(snapshotIn(withdrawalMachine, input, 'editing', { tab: 'ripple' }), vi.fn());
    expect(wd.methodForm('')).toEqual({ method: 'Ripple', choosesMethod: false, walletNeeded: true, alt: 'ripple' });
  });

  it('checking: busy, the button says checking; an error shown is cleared by an edit', () => {
    const send = vi.fn();
    const wd = connectWithdrawal(snapshotIn(withdrawalMachine, input, 'checking', { error: { key: 'withdrawal.amount_invalid' } }), send);
    expect(wd).toMatchObject({ busy: true, submitLabel: 'withdrawal.checking' });
    wd.edit();
    expect(send).toHaveBeenCalledWith({ type: 'form.edit' });
  });

  it('confirming a case asks it with the request; case five and the need-verify dialog are not a question', () => {
    const request = { amount: '10', method: 'Bitcoin', wallet: 'bc1q', alt: '', fixed: false, currency: 'USD' };
    const send = vi.fn();
    const wd = connectWithdrawal(snapshotIn(withdrawalMachine, input, 'confirming', { case: 'two', request }), send);
    expect(wd.question).toEqual({ kind: 'two', request });
    wd.confirm();
    wd.decline();
    expect(send.mock.calls).toEqual([[{ type: 'confirm.yes' }], [{ type: 'confirm.no' }]]);
    expect(connectWithdrawal(snapshotIn(withdrawalMachine, input, 'confirming', { case: 'five', request }), send).question).toBeNull();
    const verify = connectWithdrawal(snapshotIn(withdrawalMachine, input, 'needVerify', { case: 'verify' }), send);
    expect(verify).toMatchObject({ verifyOpen: true, question: null });
  });

  it('the turnover shows while some is still needed, and not after a request', () => {
    const turnover = { current: '5', need: '10', currency: 'USD' };
    expect(connectWithdrawal(snapshotIn(withdrawalMachine, input, 'editing', { turnover }), vi.fn()).turnover).toEqual(turnover);
    expect(connectWithdrawal(snapshotIn(withdrawalMachine, input, 'editing', { turnover: { ...turnover, need: '0.00' } }), vi.fn()).turnover).toBeNull();
    expect(connectWithdrawal(snapshotIn(withdrawalMachine, input, 'done', { turnover }), vi.fn())).toMatchObject({ done: true, turnover: null });
  });
});

describe('connectPending', () => {
  it('while a cancellation is on its way, No and closing the dialog do nothing; the list is not "empty" while it loads', () => {
    const send = vi.fn();
    const rejecting = connectPending(snapshotIn(withdrawalPendingMachine, undefined, 'rejecting', { cancelling: 'w-1' }), send);
    expect(rejecting).toMatchObject({ asking: true, rejecting: true });
    rejecting.decline();
    expect(send).not.toHaveBeenCalled();
    const asking = connectPending(snapshotIn(withdrawalPendingMachine, undefined, 'confirming', { cancelling: 'w-1' }), send);
    asking.decline();
    expect(send).toHaveBeenCalledWith({ type: 'confirm.no' });
    expect(connectPending(snapshotIn(withdrawalPendingMachine, undefined, 'loading'), send)).toMatchObject({ loading: true, empty: false });
    expect(connectPending(snapshotIn(withdrawalPendingMachine, undefined, 'ready', { hits: [] }), send)).toMatchObject({ empty: true, asking: false });
  });
});

describe('connectSession', () => {
  it('signed in on the exchange account: its currency, the sandbox flag, and the handlers', () => {
    const settings = { sandbox: true, platform: '/p' } as Settings;
    const send = vi.fn();
    const session = connectSession(snapshotIn(sessionMachine, undefined, { signedIn: 'idle' }, { user, settings }), send);
    expect(session).toMatchObject({ status: 'signedIn', signedIn: true, unavailable: false, sandbox: true, platform: '/p', currency: 'BTC', available: '100.00' });
    expect(session.currentAccount?.accountId).toBe('x-1');
    session.logout();
    session.retry();
    expect(send.mock.calls).toEqual([[{ type: 'session.logout' }], [{ type: 'session.retry' }]]);
  });

  it('loading: no user, the platform default, the user currency rule gives ""', () => {
    const session = connectSession(createActor(sessionMachine).getSnapshot(), vi.fn());
    expect(session).toMatchObject({ status: 'loading', loading: true, user: null, platform: '/platform', currency: '', available: '0', sandbox: false });
  });
});

describe('connectAccounts', () => {
  it('lists own accounts with the current one, the exchange balances, and offers the currencies not held', () => {
    const send = vi.fn();
    const accounts = connectAccounts(snapshotIn(accountsMachine, undefined, 'idle'), send, user);
    expect(accounts.accounts.map((a) => [a.balance.accountId, a.current])).toEqual([['a-1', false]]);
    expect(accounts.exchangeCurrent).toBe(true);
    expect(accounts.exchange.find((e) => e.currency === 'BTC')).toEqual({ currency: 'BTC', amount: '0.50000', held: true });
    expect(accounts.exchange.find((e) => e.currency === 'ETH')).toEqual({ currency: 'ETH', amount: '0', held: false });
    expect(accounts.offered).not.toContain('USD');
    accounts.select('a-1');
    expect(send).toHaveBeenCalledWith({ type: 'account.select', accountId: 'a-1' });
    expect(connectAccounts(snapshotIn(accountsMachine, undefined, 'switching'), send, user)).toMatchObject({ switching: true, exchangeLabel: 'accounts.switching' });
  });
});

describe('connectTips', () => {
  it('the question makes the form rest; thanks only when thanked; the handlers send the tip events', () => {
    const send = vi.fn();
    const asking = connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'confirming', { value: '50', amount: '50.00' }), send);
    expect(asking).toMatchObject({ confirming: true, busy: true, amount: '50.00', thanks: null });
    asking.confirm();
    asking.cancel();
    expect(send.mock.calls).toEqual([[{ type: 'tip.confirm' }], [{ type: 'tip.cancel' }]]);
    const editing = connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'editing', { message: { key: 'tips.thanks' } }), send);
    expect(editing).toMatchObject({ busy: false, thanks: null });
  });

  it('writes the amounts of its texts with core/format in the page language, the currency named once', () => {
    const send = vi.fn();
    expect(connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'confirming', { value: '1250', amount: '1250.00' }), send, 'USD').amountText).toBe('$1,250.00');
    expect(connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'confirming', { value: '1250', amount: '1250.00' }), send, 'EUR', 'ru').amountText).toBe('1\u00a0250,00\u00a0€');
    const sent = { key: 'tips.sent', fallback: 'Thank you!', params: { amount: '45.50', currency: 'USD' } };
    expect(connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'thanked', { message: sent }), send, 'USD', 'ru').thanks).toEqual({ key: 'tips.sent', fallback: 'Thank you!', params: { amount: '45,50\u00a0$' } });
    const confirm = { key: 'tips.confirm', params: { amount: '41.00' } };
    expect(connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'editing', { error: confirm }), send, 'USD').error).toEqual({ key: 'tips.confirm', params: { amount: '$41.00' } });
  });
});

describe('connectFactorChoice', () => {
  it('marks the current method, and a toggle turns it off or another on', () => {
    const send = vi.fn();
    const choice = connectFactorChoice(snapshotIn(twoFactorChoiceMachine, { current: 'email' }, 'idle'), send);
    expect(choice.methods.map((m) => [m.method, m.on, m.actionLabel, m.needsEmail])).toEqual([
      ['email', true, 'security.factor.turn_off', false],
      ['google', false, 'security.factor.turn_on', true],
      ['sms', false, 'security.factor.turn_on', false],
    ]);
    expect(choice).toMatchObject({ working: false, googleSetup: null, factorEntry: undefined });
    choice.methods[0].toggle();
    choice.methods[2].toggle();
    expect(send.mock.calls).toEqual([[{ type: 'method.choose', method: 'email', enable: false }], [{ type: 'method.choose', method: 'sms', enable: true }]]);
  });
});

describe('connectLogin', () => {
  it('editing with an error: an edit clears it, a submit sends the fields; busy while the platform answers', () => {
    const send = vi.fn();
    const login = connectLogin(snapshotIn(loginMachine, {}, 'editing', { error: { key: 'login.required' }, shakes: 2 }), send);
    expect(login).toMatchObject({ busy: false, asksFactor: false, shakes: 2, submitLabel: 'login.submit', autologinFailed: false });
    login.edit();
    login.submit('t@example.com', 'pw');
    expect(send.mock.calls).toEqual([[{ type: 'login.edit' }], [{ type: 'login.submit', email: 't@example.com', password: 'pw' }]]);
    expect(connectLogin(snapshotIn(loginMachine, {}, 'platformLogin'), send)).toMatchObject({ busy: true, submitLabel: 'login.submitting' });
    expect(connectLogin(snapshotIn(loginMachine, { autologinKey: 'k' }, 'autologinFailed'), send).autologinFailed).toBe(true);
  });
});

describe('connectValidation', () => {
  it('attempts left count down from five; checking rests the form; max tries is its own state', () => {
    const send = vi.fn();
    const editing = connectValidation(snapshotIn(validationMachine, { success: false, attempts: 0 }, 'editing', { attempts: 2 }), send);
    expect(editing).toMatchObject({ attemptsLeft: 3, checking: false, maxTries: false, validated: false, submitLabel: 'validate.submit' });
    editing.change('4821');
    editing.submit();
    expect(send.mock.calls).toEqual([[{ type: 'value.change', value: '4821' }], [{ type: 'value.submit' }]]);
    expect(connectValidation(snapshotIn(validationMachine, { success: false, attempts: 0 }, 'checking'), send)).toMatchObject({ checking: true, submitLabel: 'validate.checking' });
    expect(connectValidation(snapshotIn(validationMachine, { success: false, attempts: 0 }, 'maxTries', { attempts: 5 }), send)).toMatchObject({ maxTries: true, attemptsLeft: 0 });
  });
});

describe('connectTradingBlock', () => {
  const input = { facts: { verified: false, deposited: true, last_count: 0, signed: false }, reopens: 0 };
  it('the dialog open: locked, the signature child there; shut, no child; reopens left never below zero', () => {
    const send = vi.fn();
    const actor = createActor(tradingBlockMachine, { input: { ...input, reopens: 3 } }).start();
    const block = connectTradingBlock(actor.getSnapshot(), send);
    expect(block).toMatchObject({ locked: true, modalOpen: true, reopensLeft: 7 });
    expect(block.signature?.getSnapshot().value).toBe('drawing');
    block.close();
    block.click();
    block.open();
    expect(send.mock.calls).toEqual([[{ type: 'sign.close' }], [{ type: 'block.click' }], [{ type: 'sign.open' }]]);
    actor.stop();
    expect(connectTradingBlock(snapshotIn(tradingBlockMachine, input, { blocked: 'closed' }), send)).toMatchObject({ locked: true, modalOpen: false, signature: undefined });
    expect(connectTradingBlock(snapshotIn(tradingBlockMachine, input, 'open', { reopens: 12 }), send)).toMatchObject({ locked: false, modalOpen: false, reopensLeft: 0 });
  });
});

describe('connectCodeEntry', () => {
  it('an emailed code can be resent when ready; a google code cannot; a pasted code is sent whole; Backspace in an empty box clears the one before', () => {
    const send = vi.fn();
    const entry = connectCodeEntry(snapshotIn(twoFactorEntryMachine, { type: 'email', purpose: 'login' }, { editing: 'ready' }, { digits: ['1', '2', '', '', '', ''] }), send);
    expect(entry).toMatchObject({ resendable: true, canResend: true, firstEmpty: 2, off: false, promptKey: 'factor.prompt.email', resendLabel: 'factor.resend', showsOutbox: true });
    entry.input(2, '3');
    entry.input(3, '45 67');
    entry.input(1, '');
    expect(entry.backspace(2)).toBe(true);
    expect(entry.backspace(1)).toBe(false);
    expect(send.mock.calls).toEqual([
      [{ type: 'digit.input', index: 2, value: '3' }],
      [{ type: 'code.paste', text: '45 67' }],
      [{ type: 'digit.clear', index: 1 }],
      [{ type: 'digit.clear', index: 1 }],
    ]);
    const google = connectCodeEntry(snapshotIn(twoFactorEntryMachine, { type: 'google', purpose: 'login' }, { editing: 'ready' }), send);
    expect(google).toMatchObject({ resendable: false, canResend: false, showsOutbox: false, resting: false });
    expect(connectCodeEntry(snapshotIn(twoFactorEntryMachine, { type: 'email', purpose: 'login' }, 'disabled'), send)).toMatchObject({ disabled: true, off: true, canResend: false });
  });
});

describe('connectReports', () => {
  const input = { kind: 'reports' as const, pageSize: 100, from: '20.11.2026', to: '21.11.2026' };
  it('empty only when loaded with nothing; the pager only beyond one page; the handlers send the query events', () => {
    const send = vi.fn();
    expect(connectReports(snapshotIn(reportsMachine, input, 'ready', { rows: [], total: 0 }), send)).toMatchObject({ empty: true, pagerShown: false, loading: false });
    expect(connectReports(snapshotIn(reportsMachine, input, 'loading'), send)).toMatchObject({ empty: false, loading: true });
    const many = connectReports(snapshotIn(reportsMachine, input, 'ready', { rows: [{}], total: 250, offset: 100 }), send);
    expect(many).toMatchObject({ pagerShown: true, paging: { hasPrev: true, hasNext: true } });
    many.editFrom('01.11.2026');
    many.next();
    expect(send.mock.calls).toEqual([[{ type: 'query.edit', from: '01.11.2026' }], [{ type: 'page.next' }]]);
  });
});

describe('connectChat', () => {
  it('closed: the launcher only; open and maximised: the widget with the token in the fragment', () => {
    const send = vi.fn();
    const input = { autoOpened: true, hidden: false };
    expect(connectChat(snapshotIn(chatMachine, input, 'closed'), send)).toMatchObject({ closed: true, open: false, hidden: false, frameSrc: expect.any(Function) });
    const connection = { token: 'tok', url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true };
    const open = connectChat(snapshotIn(chatMachine, input, { open: { connection: 'ready', size: 'maximised' } }, { connection, size: 'maximised' }), send);
    expect(open).toMatchObject({ open: true, maximised: true, hostName: 'Anna' });
    expect(open.frameSrc('ru')).toBe('/chat/widget#lang=ru&token=tok');
    open.minimise();
    expect(send).toHaveBeenCalledWith({ type: 'chat.minimise' });
  });
});

describe('platformFrameHeight', () => {
  it('at least 700 px, the content height plus the border, never beyond 20 000', () => {
    expect(platformFrameHeight(0)).toBeUndefined();
    expect(platformFrameHeight(812.4)).toBe('max(700px, 815px)');
    expect(platformFrameHeight(1e9)).toBe('max(700px, 20002px)');
  });
});
