import type { SnapshotFrom } from 'xstate';
import type { DepositLimit, TradingLimit } from '../../../core/contract/limits';
import { fromUnits, toUnits } from '../../../core/decimal';
import { msg, type Msg } from '../../../core/message';
import { LIMIT_PERIODS, TRADER_LIMIT_RULES, type LimitPeriod } from '../../../core/trader-limits';
import { TRADING_LIMITS } from '../../../core/trading-limits';
import { canRemove, decimalsFor, limitOf, type traderLimitsMachine } from '../../../machines/trader-limits/trader-limits.machine';
import type { LimitKind, RowPeriod, TraderLimitsEvent } from '../../../machines/trader-limits/trader-limits.types';
import { formatAmount } from '../shared/money';
import { buttonProps, fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type TraderLimitsSnapshot = SnapshotFrom<typeof traderLimitsMachine>;

const AMOUNT_ID = 'limit-amount';
const AMOUNT_HINT_ID = 'limit-amount-hint';
const EDITOR_SCOPE = 'limit-editor';
const SECTION_TITLE_ID = 'limits-deposit-title';
const sectionTitleId = (kind: LimitKind) => (kind === 'deposit' ? SECTION_TITLE_ID : `limits-${kind}-title`);
/** a row's id in the page: the deposit rows keep their period alone ("day"), the others are "stake-trade", "loss-week" */
export const rowId = (kind: LimitKind, period: RowPeriod): string => (kind === 'deposit' ? period : `${kind}-${period}`);
const rowTitleId = (kind: LimitKind, period: RowPeriod) => `limit-${rowId(kind, period)}-title`;

/** A period's name from its window in core/trader-limits.ts: "24 hours", "7 days", "30 days" (plural forms per language). */
export const periodName = (period: LimitPeriod): Msg => {
  const days = TRADER_LIMIT_RULES.windowDays[period];
  return days === 1 ? msg('limits.window.hours', undefined, { count: 24 }) : msg('limits.window.days', undefined, { count: days });
};

/**
 * A row's title, unique on the page: a deposit row's period ("24 hours", "7 days", "30 days"; its
 * section says it is a deposit limit), a stake or loss row's kind and window ("Per trade", "Stakes
 * per 24 hours", "Loss in 7 days"), the window from core/trader-limits.ts.
 */
const rowTitle = (kind: LimitKind, period: RowPeriod): Msg => {
  if (kind === 'deposit') return periodName(period as LimitPeriod);
  if (period === 'trade') return msg('limits.stake.trade');
  const days = TRADER_LIMIT_RULES.windowDays[period];
  return days === 1 ? msg(`limits.${kind}.hours`, undefined, { count: 24 }) : msg(`limits.${kind}.days`, undefined, { count: days });
};

/** One limit's row as the page shows it: amounts already written for a person, dates as ISO for the view's date helpers. */
export interface LimitRow {
  kind: LimitKind;
  period: RowPeriod;
  /** the row's id in the page (test ids, element ids): "day" for a deposit row, "stake-trade", "loss-week" … */
  id: string;
  title: Msg;
  /** the limit in force, written with its currency; null: no limit */
  limit: string | null;
  /** what the window holds now; null when the platform could not say (a stake or loss limit) */
  used: string | null;
  /** what to say of it: deposited, staked, lost or at stake, or that it cannot be shown; null: nothing (the stake per trade) */
  usedMessage: Msg | null;
  /** what may still be deposited in the window; null: no limit */
  left: string | null;
  /** how full the window is, 0 to 100 (whole percent, for the bar); null: no limit */
  percent: number | null;
  /** a raise or a removal waiting for its date: what to say ("Rises to {amount} on {date}"; the view writes the date) */
  pending: { amount: string | null; from: string; message: Msg } | null;
  /** this row's editor is open (or being saved) */
  editing: boolean;
  /** "Remove limit" is offered: a limit is in force and no removal already waits */
  removable: boolean;
  /** what the last save of this row did, and what to say (with {date} when it waits: the view writes the date) */
  saved: { applied: 'now' | 'later'; amount: string | null; from: string | null; message: Msg; platformUnreachable: boolean } | null;
}

/** whole percent of `used` in `limit`, at most 100: bigint units of the currency, never floats */
function percentOf(used: string, limit: string, decimals: number): number {
  const l = toUnits(limit, decimals);
  if (l <= 0n) return 100;
  const p = (toUnits(used, decimals) * 100n) / l;
  return Number(p > 100n ? 100n : p);
}

/** what may still be deposited, never below zero, as a decimal string */
function leftOf(used: string, limit: string, decimals: number): string {
  const left = toUnits(limit, decimals) - toUnits(used, decimals);
  return fromUnits(left > 0n ? left : 0n, decimals);
}

const pendingOf = (amount: string | null, from: string) => ({
  amount,
  from,
  message: amount === null ? msg('limits.pending.removal') : msg('limits.pending.raise', undefined, { amount }),
});

const SAVED_KEYS = { now: { set: 'limits.saved.now', none: 'limits.saved.none_now' }, later: { set: 'limits.saved.later', none: 'limits.saved.removed_later' } } as const;
const savedOf = (applied: 'now' | 'later', amount: string | null, from: string | null) => ({
  applied,
  amount,
  from,
  message: amount === null ? msg(SAVED_KEYS[applied].none) : msg(SAVED_KEYS[applied].set, undefined, { amount }),
});

/** the machine's amount messages carry money as a decimal string: written here in the trader's language */
const withMoney = (m: Msg | null, currency: string, lang: string): Msg | null =>
  m?.params?.max !== undefined ? { ...m, params: { ...m.params, max: formatAmount(String(m.params.max), currency, lang) } } : m;

/** connect() for #/show/limits (issue 30 §1): the deposit limits' rows and the one open editor. */
export function connectTraderLimits(s: TraderLimitsSnapshot, send: (event: TraderLimitsEvent) => void, lang = 'en') {
  const c = s.context;
  const currency = c.currency;
  const decimals = decimalsFor(currency);
  const money = (amount: string) => formatAmount(amount, currency, lang);
  const saving = s.matches({ ready: 'saving' });
  const failed = s.matches({ ready: { editor: 'failed' } });
  const editorOpen = s.matches({ ready: 'editor' }) || saving;
  const savedState = s.matches({ ready: 'saved' });
  const viewing = s.matches({ ready: 'viewing' });

  const usedMessageOf = (kind: LimitKind, period: RowPeriod, used: string | null, limit: string | null): Msg | null => {
    if (kind === 'stake' && period === 'trade') return null;
    if (used === null) return msg('limits.used_unknown');
    const key = kind === 'deposit' ? 'limits.used' : kind === 'stake' ? 'limits.staked' : 'limits.lost';
    return limit === null ? msg(key, undefined, { used }) : msg(`${key}_of`, undefined, { used, limit });
  };
  const rowOf = (kind: LimitKind, limit: DepositLimit | TradingLimit): LimitRow => {
    const saved = savedState && c.saved && c.saved.kind === kind && c.saved.period === limit.period ? c.saved : null;
    const measured = limit.used !== null && !(kind === 'stake' && limit.period === 'trade');
    const amount = limit.amount === null ? null : money(limit.amount);
    const used = limit.used === null ? null : money(limit.used);
    return {
      kind,
      period: limit.period,
      id: rowId(kind, limit.period),
      title: rowTitle(kind, limit.period),
      limit: amount,
      used,
      usedMessage: usedMessageOf(kind, limit.period, used, amount),
      left: limit.amount === null || !measured ? null : money(leftOf(limit.used as string, limit.amount, decimals)),
      percent: limit.amount === null || !measured ? null : percentOf(limit.used as string, limit.amount, decimals),
      pending: limit.pending && pendingOf(limit.pending.amount === null ? null : money(limit.pending.amount), limit.pending.from),
      editing: editorOpen && c.kind === kind && c.period === limit.period,
      removable: canRemove(limit),
      saved: saved && { ...savedOf(saved.applied, saved.amount === null ? null : money(saved.amount), saved.from), platformUnreachable: saved.platformUnreachable },
    };
  };
  const rows = LIMIT_PERIODS.map((period) => limitOf(c.deposit, period))
    .filter((d): d is DepositLimit => d !== undefined)
    .map((d) => rowOf('deposit', d));
  const tradingRows = TRADING_LIMITS.map(({ kind, period }) => c.trading.find((l) => l.kind === kind && l.period === period))
    .filter((l): l is TradingLimit => l !== undefined)
    .map((l) => rowOf(l.kind, l));
  const stakeRows = tradingRows.filter((r) => r.kind === 'stake');
  const lossRows = tradingRows.filter((r) => r.kind === 'loss');
  const editing = [...rows, ...tradingRows].find((r) => r.editing) ?? null;

  const save = () => send({ type: 'limit.save' });
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    ready: s.matches('ready'),
    currency,
    /** the hours a raise or a removal waits, from the server */
    coolingOffHours: c.coolingOffHours,
    /** the largest limit one may set, written in the trader's currency */
    maxLimit: currency ? money(TRADER_LIMIT_RULES.maxDepositLimit) : '',
    /** the deposit limits' rows */
    rows,
    /** the stake limits' rows (per trade, per 24 hours) and the loss limits' (24 hours, 7 days, 30 days) */
    stakeRows,
    lossRows,
    /** the row whose editor is open: its amount, its problem, the failure */
    editing,
    amount: c.amount,
    amountError: editorOpen ? withMoney(c.amountError, currency, lang) : null,
    /** the limits could not be read, or the save failed for another reason than the amount */
    error: c.error,
    failed: failed && c.error !== null,
    saving,
    shakes: c.shakes,
    saveLabel: msg(saving ? 'limits.saving' : 'limits.save'),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getProblemProps: () => ({ role: 'alert' as const }),
    getLoadingProps: () => ({ 'aria-busy': true as const, role: 'status' as const }),
    /** a kind's section (deposit, stake, loss), named by its heading */
    getSectionProps: (kind: LimitKind = 'deposit') => regionProps(sectionTitleId(kind)),
    getSectionTitleProps: (kind: LimitKind = 'deposit') => titleProps(sectionTitleId(kind)),
    /** one row, named by its heading */
    getRowProps: (kind: LimitKind, period: RowPeriod) => regionProps(rowTitleId(kind, period)),
    getRowTitleProps: (kind: LimitKind, period: RowPeriod) => titleProps(rowTitleId(kind, period)),
    /** opens the row's editor; after Cancel the focus comes back to it */
    getEditProps: (kind: LimitKind, period: RowPeriod) => ({
      ...buttonProps(() => send({ type: 'row.edit', kind, period }), { disabled: saving }),
      'data-focus-on': viewing && c.kind === kind && c.period === period && c.opened > 0 ? `closed-${c.opened}` : undefined,
    }),
    /** the open editor: Enter saves, Escape closes it (as Cancel) */
    getFormProps: () => ({
      ...formProps({ busy: saving, onSubmit: save, scope: EDITOR_SCOPE }),
      onKeyDown: (e: { key: string }) => {
        if (e.key === 'Escape' && !saving) send({ type: 'row.cancel' });
      },
    }),
    getAmountLabelProps: () => labelProps(AMOUNT_ID),
    /** the amount: it takes the focus when its editor opens, and again when a save is refused for it */
    getAmountFieldProps: () => ({
      ...fieldProps({
        id: AMOUNT_ID,
        name: 'amount',
        value: c.amount,
        invalid: c.amountError !== null,
        describedBy: [AMOUNT_HINT_ID],
        required: true,
        disabled: saving,
        onValue: (value) => send({ type: 'amount.change', value }),
      }),
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      'data-focus-on': editorOpen ? (c.amountError ? `refused-${c.shakes}` : `open-${c.opened}`) : undefined,
    }),
    getAmountHintProps: () => ({ id: AMOUNT_HINT_ID }),
    getAmountErrorProps: () => fieldErrorProps(AMOUNT_ID),
    getSaveProps: () => submitProps({ busy: saving }),
    getRemoveProps: () => buttonProps(() => send({ type: 'limit.remove' }), { disabled: saving }),
    getCancelProps: () => buttonProps(() => send({ type: 'row.cancel' }), { disabled: saving }),
    /** a failed save (not the amount's fault): announced, and the focus goes there */
    getFailureProps: () => statusProps({ role: 'alert', focusOn: failed && c.error ? `failed-${c.shakes}` : null, scope: EDITOR_SCOPE }),
    /** what the save did: it takes the focus once */
    getSavedProps: () => statusProps({ focusOn: savedState && c.saved ? `saved-${c.opened}` : null }),
  };
}

export type TraderLimitsApi = ReturnType<typeof connectTraderLimits>;
