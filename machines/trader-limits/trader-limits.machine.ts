import { assign, fromPromise, setup } from 'xstate';
import type { DepositLimit, TradingLimit } from '../../core/contract/limits';
import { compareDecimal, decimalsOf, fromUnits, isDecimal, normalizeDecimal, toUnits, trimDecimal } from '../../core/decimal';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { EXPONENTS, isCurrency } from '../../core/money';
import { TRADER_LIMIT_RULES } from '../../core/trader-limits';
import { notProvided } from '../shared/not-provided';
import type { LimitKind, LimitsResponse, RowPeriod, SavedLimit, SaveLimitRequest, SaveLimitResponse, TraderLimitsContext, TraderLimitsEvent } from './trader-limits.types';

/** the decimals an amount of the trader's currency may have (2 for USD, EUR, GBP, RUB) */
export const decimalsFor = (currency: string): number => (isCurrency(currency) ? EXPONENTS[currency] : 2);

/**
 * Why a typed limit cannot be sent, or null (the server checks the same again, `limits.amount`):
 * it must be a positive decimal, with at most the currency's decimals, at most the largest limit
 * (core/trader-limits.ts: a larger one is no limit at all, which is "Remove limit").
 */
export function limitAmountError(typed: string, currency: string): Msg | null {
  const amount = normalizeDecimal(typed);
  if (amount === '') return msg('limits.error.required');
  if (!isDecimal(amount) || compareDecimal(amount, '0') <= 0) return msg('limits.error.amount');
  const decimals = decimalsFor(currency);
  if (decimalsOf(amount) > decimals) return msg('limits.error.precision', undefined, { decimals });
  if (compareDecimal(amount, TRADER_LIMIT_RULES.maxDepositLimit) > 0) return msg('limits.error.max', undefined, { max: TRADER_LIMIT_RULES.maxDepositLimit });
  return null;
}

/** a valid typed amount as the wire takes it: "1 000,5" → "1000.50" (exact: it has no more decimals than the currency) */
export const wireAmount = (typed: string, currency: string): string => {
  const decimals = decimalsFor(currency);
  return fromUnits(toUnits(normalizeDecimal(typed), decimals), decimals);
};

/** a deposit limit of one period */
export const limitOf = (deposit: readonly DepositLimit[], period: RowPeriod | null): DepositLimit | undefined => deposit.find((d) => d.period === period);

/** the row's limit, by its kind and period: a deposit limit or a stake or loss limit */
export const rowLimitOf = (
  limits: { deposit: readonly DepositLimit[]; trading: readonly TradingLimit[] },
  kind: LimitKind | null,
  period: RowPeriod | null,
): DepositLimit | TradingLimit | undefined => (kind === 'deposit' ? limitOf(limits.deposit, period) : limits.trading.find((l) => l.kind === kind && l.period === period));

/** a limit is in force and no removal already waits: "Remove limit" has something to do */
export const canRemove = (limit: Pick<DepositLimit, 'amount' | 'pending'> | undefined): boolean => !!limit && limit.amount !== null && !(limit.pending && limit.pending.amount === null);

/** the server refused the amount itself (400 limits.amount, or a `fields` entry naming it): it is marked on the field */
function amountRefusal(error: unknown): Msg | null {
  if (!isCallFailure(error) || error.kind !== 'http') return null;
  const named = Object.entries(error.fields ?? {}).find(([field, key]) => field === 'amount' || field === 'limits.amount' || key === 'limits.amount');
  if (error.error !== 'limits.amount' && !named) return null;
  return msg(named?.[1] ?? error.error, error.message || undefined);
}

const loaded = (answer: LimitsResponse) => ({ currency: answer.currency, deposit: answer.deposit, trading: answer.trading, coolingOffHours: answer.cooling_off_hours });

/**
 * The trader's limits (issue 30 §1; rules in core/trader-limits.ts and core/trading-limits.ts):
 * the deposit limits of the three periods and the stake and loss limits, as the server holds them
 * (read again on a retry), and one row's editor at a time; a row is a kind and a period. The
 * trader picks a row, types an amount (checked here: positive, the currency's decimals, at most the largest
 * limit) or asks for no limit; it is sent once; the answer says whether it applies now (a first
 * or lower limit) or later (a raise or a removal, after the cooling-off, with its date). A refusal
 * marks the amount; a lost connection or a server error keeps what was typed (save again).
 */
export const traderLimitsMachine = setup({
  types: {} as { context: TraderLimitsContext; events: TraderLimitsEvent },
  actors: {
    loadLimits: fromPromise<LimitsResponse>(notProvided('loadLimits')),
    /** one limit saved: the flow sends a deposit limit to /api/limits/deposit, a stake or loss limit to /api/limits/trading */
    saveLimit: fromPromise<SaveLimitResponse, SaveLimitRequest>(notProvided('saveLimit')),
  },
  actions: {
    open: assign(({ context }, params: { kind: LimitKind; period: RowPeriod }) => {
      const amount = rowLimitOf(context, params.kind, params.period)?.amount ?? null;
      return { kind: params.kind, period: params.period, amount: amount === null ? '' : trimDecimal(amount), amountError: null, error: null, saved: null, opened: context.opened + 1 };
    }),
    clearProblems: assign({ amountError: null, error: null }),
    change: assign((_, params: { value: string }) => ({ amount: params.value.slice(0, 40), amountError: null, error: null })),
    refuseAmount: assign(({ context }) => ({ amountError: limitAmountError(context.amount, context.currency), error: null, shakes: context.shakes + 1 })),
    /** Save: the typed amount as the wire takes it (the typed text stays) */
    requestAmount: assign(({ context }) => ({ request: { kind: context.kind ?? 'deposit', period: context.period ?? 'day', amount: wireAmount(context.amount, context.currency) } })),
    /** Remove limit: no limit */
    requestRemoval: assign(({ context }) => ({ request: { kind: context.kind ?? 'deposit', period: context.period ?? 'day', amount: null } })),
    takeLimits: assign((_, params: { answer: LimitsResponse }) => ({ ...loaded(params.answer), error: null })),
    loadFailure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'limits.load_failed') })),
    /** the answer: the limits as they now stand, and what this save did ('later': from the period's pending date) */
    takeSaved: assign(({ context }, params: { answer: SaveLimitResponse }) => {
      const { applied, limits, platform } = params.answer;
      const saved: SavedLimit = {
        kind: context.kind,
        period: context.period,
        amount: context.request?.amount ?? null,
        applied,
        from: applied === 'later' ? (rowLimitOf(limits, context.kind, context.period)?.pending?.from ?? null) : null,
        platformUnreachable: platform === 'unreachable',
      };
      return { ...loaded(limits), saved };
    }),
    /** the server refused the amount (marked on the field), or the save failed otherwise (its message); what was typed stays */
    saveFailure: assign(({ context }, params: { error: unknown }) => {
      const amountError = amountRefusal(params.error);
      return { amountError, error: amountError ? null : failureMsg(params.error, 'limits.save_failed'), shakes: context.shakes + 1 };
    }),
  },
  guards: {
    amountInvalid: ({ context }) => limitAmountError(context.amount, context.currency) !== null,
    canRemove: ({ context }) => canRemove(rowLimitOf(context, context.kind, context.period)),
    /** another row (another kind or period): the open row's own button is its editor, so only another row can be opened from it */
    isOtherRow: ({ context, event }) => event.type === 'row.edit' && (event.kind !== context.kind || event.period !== context.period),
  },
}).createMachine({
  id: 'traderLimits',
  context: {
    currency: '',
    deposit: [],
    trading: [],
    coolingOffHours: TRADER_LIMIT_RULES.coolingOffHours,
    kind: null,
    period: null,
    amount: '',
    amountError: null,
    error: null,
    saved: null,
    request: null,
    opened: 0,
    shakes: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLimits',
        onDone: { target: 'ready', actions: { type: 'takeLimits', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** the limits could not be read: said so, with a retry (nothing is edited blind) */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'viewing',
      states: {
        /** every row as it is; no editor open */
        viewing: {
          on: { 'row.edit': { target: 'editor', actions: { type: 'open', params: ({ event }) => ({ kind: event.kind, period: event.period }) } } },
        },
        /** one row's editor: the amount typed, Save, Remove limit, Cancel */
        editor: {
          initial: 'editing',
          on: {
            'row.edit': { guard: 'isOtherRow', target: 'editor', reenter: true, actions: { type: 'open', params: ({ event }) => ({ kind: event.kind, period: event.period }) } },
            'row.cancel': { target: 'viewing', actions: 'clearProblems' },
            'amount.change': { target: '.editing', actions: { type: 'change', params: ({ event }) => ({ value: event.value }) } },
            'limit.save': [
              { guard: 'amountInvalid', target: '.editing', actions: 'refuseAmount' },
              { target: 'saving', actions: 'requestAmount' },
            ],
            'limit.remove': { guard: 'canRemove', target: 'saving', actions: 'requestRemoval' },
          },
          states: {
            editing: {},
            /** the save failed: the server's message (or the amount marked), what was typed kept */
            failed: {},
          },
        },
        /** one request; the editor's buttons are not heard meanwhile */
        saving: {
          entry: 'clearProblems',
          invoke: {
            src: 'saveLimit',
            // never without a request (Save and Remove limit set it)
            input: ({ context }) => context.request ?? { kind: 'deposit', period: 'day', amount: null },
            onDone: { target: 'saved', actions: { type: 'takeSaved', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'editor.failed', actions: { type: 'saveFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** the answer: in force now, or from its date; until another row (or this one) is opened */
        saved: {
          on: { 'row.edit': { target: 'editor', actions: { type: 'open', params: ({ event }) => ({ kind: event.kind, period: event.period }) } } },
        },
      },
    },
  },
});
