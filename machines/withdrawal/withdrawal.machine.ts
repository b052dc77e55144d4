import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { twoFactorEntryMachine } from '../two-factor/entry.machine';
import { needsWallet, positiveAmount, tabById } from './withdrawal.tabs';
import type { CheckOutput, FinalInput, FinalOutput, WithdrawalCase, WithdrawalContext, WithdrawalEvent, WithdrawalInput, WithdrawalRequest } from './withdrawal.types';

/**
 * Withdrawal (spec 002 §4, §5, §8). The form is checked here first ('Incorrect amount!',
 * 'Please enter Wallet address!'); then /api/withdrawal answers a case: five sends the final
 * request at once; one, two, three, four and six open their confirmation; verify opens the
 * need-verify modal. Exchange (fixed) mode goes straight to the final request. A final answer
 * that asks for the second factor opens the code entry, then the same request is sent again.
 * need_auth (or a 401) logs out. Nothing the trader typed is lost on an error.
 */
export const withdrawalMachine = setup({
  types: {} as { context: WithdrawalContext; events: WithdrawalEvent; input: WithdrawalInput; children: { factor: 'twoFactorEntry' } },
  actors: {
    checkWithdrawal: fromPromise<CheckOutput, WithdrawalRequest>(notProvided('checkWithdrawal')),
    finalWithdrawal: fromPromise<FinalOutput, FinalInput>(notProvided('finalWithdrawal')),
    twoFactorEntry: twoFactorEntryMachine,
  },
  actions: {
    /** app effect: POST /api/triggers/wd (the trader opened a method tab) */
    tabOpened: (_, _params: { method: string }) => {},
    /** app effect: reload the user and the pending list */
    withdrawalRequested: () => {},
    /** app effect: to the verification page */
    goToVerification: () => {},
    /** app effect: the session logs out (spec 002 §6) */
    logout: () => {},
    shake: assign(({ context }) => ({ shakes: context.shakes + 1 })),
  },
  guards: {
    amountInvalid: ({ event }) => event.type === 'form.submit' && positiveAmount(event.amount) === null,
    walletMissing: ({ event }) => event.type === 'form.submit' && needsWallet(event.method) && event.wallet.trim() === '',
    isFixed: ({ context }) => context.fixed,
    needsAuth: (_, output: CheckOutput) => output.need_auth,
    refused: (_, output: CheckOutput) => !output.return,
    isCase: (_, params: { case?: WithdrawalCase; expected: WithdrawalCase }) => params.case === params.expected,
    accepted: (_, output: FinalOutput) => output.return,
    asksFactor: (_, output: FinalOutput) => output.factor,
    /** the session is gone (signed out elsewhere, expired): 401, or the CSRF check of a deleted session */
    isAuthFailure: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && (error.status === 401 || (error.status === 403 && error.error === 'csrf')),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    tab: input.tab ?? 'bitcoin',
    fixed: input.fixed,
    accountCurrency: input.currency,
    request: null,
    case: null,
    turnover: null,
    isBonus: false,
    factorType: null,
    error: null,
    shakes: 0,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'tab.select': {
          actions: [
            assign(({ event }) => ({ tab: event.tab, error: null })),
            { type: 'tabOpened', params: ({ event }) => ({ method: tabById(event.tab).methods[0] }) },
          ],
        },
        'form.edit': { actions: assign({ error: null }) },
        'form.submit': [
          { guard: 'amountInvalid', meta: { spec: ['002 §5.2'] }, actions: [assign({ error: msg('withdrawal.incorrect_amount') }), 'shake'] },
          { guard: 'walletMissing', meta: { spec: ['002 §5.3'] }, actions: [assign({ error: msg('withdrawal.wallet_required') }), 'shake'] },
          {
            guard: 'isFixed',
            target: 'finalizing',
            meta: { spec: ['002 §4.15'] },
            actions: assign(({ context, event }) => ({ request: requestOf(context, event), error: null, isBonus: false, case: null })),
          },
          { target: 'checking', actions: assign(({ context, event }) => ({ request: requestOf(context, event), error: null, isBonus: false, case: null })) },
        ],
      },
    },
    checking: {
      invoke: {
        src: 'checkWithdrawal',
        input: ({ context }) => context.request as WithdrawalRequest,
        onDone: [
          { guard: { type: 'needsAuth', params: ({ event }) => event.output }, target: 'loggedOut', meta: { spec: ['002 §8.11'] } },
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'editing',
            meta: { spec: ['002 §8.9'] },
            actions: [assign(({ event }) => ({ error: msg(event.output.error ?? 'server_error', event.output.message) })), 'shake'],
          },
          { guard: { type: 'isCase', params: ({ event }) => ({ case: event.output.case, expected: 'five' }) }, target: 'finalizing', meta: { spec: ['002 §4.11', '002 §4.12'] }, actions: assign(({ event }) => turnoverOf(event.output)) },
          { guard: { type: 'isCase', params: ({ event }) => ({ case: event.output.case, expected: 'verify' }) }, target: 'needVerify', meta: { spec: ['002 §4.11', '002 §4.14'] }, actions: assign(({ event }) => turnoverOf(event.output)) },
          // one, two, three, four and six: the trader confirms first
          { target: 'confirming', meta: { spec: ['002 §4.11', '002 §4.13'] }, actions: assign(({ event }) => turnoverOf(event.output)) },
        ],
        onError: [
          { guard: { type: 'isAuthFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'loggedOut', meta: { spec: ['002 §8.11'] } },
          { target: 'editing', meta: { spec: ['002 §8.8'] }, actions: [assign(({ event }) => ({ error: failureMsg(event.error, 'server_error') })), 'shake'] },
        ],
      },
    },
    confirming: {
      on: {
        // case two: withdrawing before the turnover is reached cancels the bonus
        'confirm.yes': { target: 'finalizing', actions: assign(({ context }) => ({ isBonus: context.case === 'two' })) },
        'confirm.no': 'editing',
      },
    },
    needVerify: {
      on: {
        'verify.go': { target: 'editing', actions: 'goToVerification' },
        'verify.close': 'editing',
      },
    },
    finalizing: {
      invoke: {
        src: 'finalWithdrawal',
        input: ({ context }) => ({ ...(context.request as WithdrawalRequest), is_bonus: context.isBonus }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'done',
            actions: assign(({ event }) => ({ result: msg('withdrawal.requested', event.output.message) })),
          },
          {
            guard: { type: 'asksFactor', params: ({ event }) => event.output },
            target: 'factor',
            meta: { spec: ['002 §4.16'] },
            actions: assign(({ event }) => ({ factorType: event.output.type ?? 'google' })),
          },
          { target: 'editing', meta: { spec: ['002 §8.8'] }, actions: [assign(({ event }) => ({ error: msg('server_error', event.output.message || undefined) })), 'shake'] },
        ],
        onError: [
          { guard: { type: 'isAuthFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'loggedOut', meta: { spec: ['002 §8.11'] } },
          { target: 'editing', meta: { spec: ['002 §8.8'] }, actions: [assign(({ event }) => ({ error: failureMsg(event.error, 'server_error') })), 'shake'] },
        ],
      },
    },
    /** the second factor, then the same final request again */
    factor: {
      invoke: {
        id: 'factor',
        src: 'twoFactorEntry',
        input: ({ context }) => ({ type: context.factorType ?? 'google', purpose: 'withdrawal' as const }),
        onDone: { target: 'finalizing', meta: { spec: ['002 §4.16'] } },
      },
      on: { 'factor.cancel': 'editing' },
    },
    done: {
      entry: 'withdrawalRequested',
      on: { 'form.again': { target: 'editing', actions: assign({ request: null, result: null, case: null, turnover: null }) } },
    },
    loggedOut: { type: 'final', entry: 'logout' },
  },
});

function requestOf(context: WithdrawalContext, event: WithdrawalEvent): WithdrawalRequest {
  const form = event as Extract<WithdrawalEvent, { type: 'form.submit' }>;
  const tab = tabById(context.tab);
  return {
    amount: positiveAmount(form.amount) ?? form.amount,
    method: form.method,
    wallet: needsWallet(form.method) ? form.wallet.trim() : '',
    alt: form.alt.trim(),
    fixed: context.fixed,
    // exchange mode withdraws the tab's coin from the exchange account; otherwise the current account's currency
    currency: context.fixed ? tab.currency : context.accountCurrency,
  };
}

function turnoverOf(output: CheckOutput): Pick<WithdrawalContext, 'case' | 'turnover'> {
  return {
    case: output.case ?? null,
    turnover:
      output.current_turnover !== undefined && output.need_turnover !== undefined
        ? { current: output.current_turnover, need: output.need_turnover, currency: output.turnover_currency ?? '' }
        : null,
  };
}
