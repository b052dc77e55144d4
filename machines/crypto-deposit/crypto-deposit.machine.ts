import { assign, fromPromise, setup } from 'xstate';
import { isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { compareDecimal, decimalsOf, isDecimal, normalizeDecimal as normalizeAmount } from '../../core/decimal';
import type { CryptoAsset, CryptoDepositContext, CryptoDepositEvent, CryptoDepositInput, CryptoOptionsRecord, PayInput } from './crypto-deposit.types';

/** an amount a trader may pay: up to 12 whole digits and 18 decimals, above zero */
const isPositive = (value: string): boolean => isDecimal(value, { whole: 12, decimals: 18 }) && compareDecimal(value, '0') > 0;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

/** the asset the tab pays with: its coin, or for the altcoins tab the chosen token */
export function assetOf(context: Pick<CryptoDepositContext, 'options' | 'coin' | 'token'>): CryptoAsset | undefined {
  return context.options?.assets.find((a) => a.coin === context.coin && (context.coin !== 'token' || a.symbol === context.token));
}

/** the amount a mode starts with: the minimum deposit in fiat, the altcoin default (1.5) in the coin */
const defaultAmount = (options: CryptoOptionsRecord, fixed: boolean): string => (fixed ? options.altcoinDefault : options.minDeposit);

/** A server refusal worth showing as it is (a known key); anything else is the spec's generic message. */
function payFailure(error: unknown, minDeposit: string): Msg {
  if (isCallFailure(error) && error.kind === 'http' && error.status < 500 && /^(crypto\.|limits\.|deposit\.|validation$|csrf$|auth\.)/.test(error.error)) {
    // a deposit limit's refusal carries its own values (limit, used, when it fits again), a break's its end (deposit.excluded)
    return msg(error.error, error.message || undefined, error.error === 'crypto.min_deposit' ? { min: minDeposit } : error.params);
  }
  return msg('crypto.pay_failed');
}

/**
 * A crypto funding tab (spec 001 §2, §5, §7-9): the amount in the account currency (at least
 * the minimum deposit) or, in fixed mode, in the coin (positive: 'Wrong amount!'; the altcoins
 * tab starts at 1.5); /api/{coin}/pay, then the invoice page. A demo account is blocked.
 */
export const cryptoDepositMachine = setup({
  types: {} as { context: CryptoDepositContext; events: CryptoDepositEvent; input: CryptoDepositInput },
  actors: {
    loadOptions: fromPromise<CryptoOptionsRecord, { coin: string }>(notProvided('loadOptions')),
    pay: fromPromise<{ guid: string }, PayInput>(notProvided('pay')),
  },
  actions: {
    /** app effect: the invoice page of the new invoice */
    goToInvoice: (_, _params: { coin: string; guid: string }) => {},
    refuse: assign((_, params: { error: Msg; shakes: number }) => ({ error: params.error, shakes: params.shakes + 1 })),
  },
  guards: {
    isDemo: ({ context }) => context.demo,
    isWrongAmount: ({ context }) => !isPositive(normalizeAmount(context.amount)),
    isTooPrecise: ({ context }) => decimalsOf(normalizeAmount(context.amount)) > (context.fixed ? (assetOf(context)?.decimals ?? 8) : 2),
    isBelowMinimum: ({ context }) => !context.fixed && compareDecimal(normalizeAmount(context.amount), context.options?.minDeposit ?? '0') < 0,
    isUnavailable: ({ context }) => !assetOf(context)?.available,
  },
}).createMachine({
  id: 'cryptoDeposit',
  context: ({ input }) => ({
    tab: input.tab,
    coin: input.coin,
    demo: input.demo,
    options: null,
    amount: '',
    fixed: input.coin === 'token',
    token: '',
    error: null,
    shakes: 0,
    guid: '',
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'isDemo', target: 'demoBlocked' },
        { target: 'loading' },
      ],
    },
    /** a DEMO account cannot deposit crypto (spec 001 §6): the view shows the demo block */
    demoBlocked: { type: 'final' },
    loading: {
      invoke: {
        src: 'loadOptions',
        input: ({ context }) => ({ coin: context.coin }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            options: event.output,
            amount: context.amount || defaultAmount(event.output, context.fixed),
            token: context.token || (event.output.assets.find((a) => a.coin === 'token')?.symbol ?? ''),
            error: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: msg('crypto.options_failed') }) },
      },
    },
    loadFailed: {
      on: { 'deposit.retry': 'loading' },
    },
    editing: {
      on: {
        'amount.change': { actions: assign({ amount: ({ event }) => event.value.slice(0, 40), error: null }) },
        'mode.change': {
          actions: assign(({ context, event }) => ({
            fixed: event.fixed,
            amount: event.fixed === context.fixed ? context.amount : defaultAmount(context.options!, event.fixed),
            error: null,
          })),
        },
        'token.change': { actions: assign({ token: ({ event }) => event.token, error: null }) },
        'deposit.submit': [
          { guard: 'isUnavailable', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('crypto.unavailable'), shakes: context.shakes }) } },
          { guard: 'isWrongAmount', meta: { spec: ['001 §5.5'] }, actions: { type: 'refuse', params: ({ context }) => ({ error: msg('crypto.wrong_amount'), shakes: context.shakes }) } },
          { guard: 'isTooPrecise', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('crypto.too_precise'), shakes: context.shakes }) } },
          {
            guard: 'isBelowMinimum',
            meta: { spec: ['000 §5.2', '001 §5.6'] },
            actions: { type: 'refuse', params: ({ context }) => ({ error: msg('crypto.min_deposit', undefined, { min: context.options?.minDeposit ?? '' }), shakes: context.shakes }) },
          },
          { target: 'paying', actions: assign({ error: null }) },
        ],
      },
    },
    paying: {
      invoke: {
        src: 'pay',
        input: ({ context }) => ({
          coin: context.coin,
          amount: normalizeAmount(context.amount),
          fixed: context.fixed,
          currency: context.options?.currency ?? '',
          token: context.coin === 'token' ? context.token : '',
        }),
        onDone: { target: 'redirecting', actions: assign({ guid: ({ event }) => event.output.guid }) },
        onError: { target: 'editing', meta: { spec: ['001 §8.6'] }, actions: { type: 'refuse', params: ({ context, event }) => ({ error: payFailure(event.error, context.options?.minDeposit ?? ''), shakes: context.shakes }) } },
      },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'goToInvoice', params: ({ context }) => ({ coin: context.coin, guid: context.guid }) },
    },
  },
});
