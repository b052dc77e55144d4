/**
 * Stake and loss limits the trader sets on themselves (issue 30 §1, the trading half): the rules,
 * once. The broker records them (server/domain/protection/trading-limits.ts) and hands the
 * platform a schedule (each limit in force and a waiting change with its date); the platform
 * refuses a trade over one (server/sandbox/platform/trades.ts `openTrade`); the limits page shows
 * them. Setting, lowering, raising and removing follow the deposit limits' rules
 * (core/trader-limits.ts `changeLimit`: lower or a first limit at once, raise or remove after the
 * 24-hour cooling-off).
 *
 * - **stake per trade**: one trade's stake may not pass it.
 * - **stakes per day**: the stakes of the trades opened in the last 24 hours (open or settled)
 *   plus this one may not pass it.
 * - **loss per 24 hours / 7 days / 30 days**: the net loss of the trades settled in the window
 *   (−Σ(payout − stake), floored at 0) plus the stakes of the trades still open (each can lose its
 *   stake) plus this stake may not pass it.
 *
 * Amounts are minor units of the trader's own currency, which is also their platform account's.
 */
import { LIMIT_PERIODS, settled, windowMs, type LimitPeriod, type LimitSetting } from './trader-limits';

export const TRADING_LIMIT_KINDS = ['stake', 'loss'] as const;
export type TradingLimitKind = (typeof TRADING_LIMIT_KINDS)[number];

export const TRADING_LIMIT_PERIODS = ['trade', ...LIMIT_PERIODS] as const;
export type TradingLimitPeriod = (typeof TRADING_LIMIT_PERIODS)[number];

/** Every trading limit a trader can set, in the order the page shows them; `id` names the platform's refusal `trading.limit_{id}`. */
export const TRADING_LIMITS = [
  { id: 'stake_trade', kind: 'stake', period: 'trade' },
  { id: 'stake_day', kind: 'stake', period: 'day' },
  { id: 'loss_day', kind: 'loss', period: 'day' },
  { id: 'loss_week', kind: 'loss', period: 'week' },
  { id: 'loss_month', kind: 'loss', period: 'month' },
] as const satisfies readonly { id: string; kind: TradingLimitKind; period: TradingLimitPeriod }[];

export type TradingLimitKey = (typeof TRADING_LIMITS)[number]['id'];
export const TRADING_LIMIT_KEYS: readonly TradingLimitKey[] = TRADING_LIMITS.map((l) => l.id);

export const tradingLimitKey = (kind: string, period: string): TradingLimitKey | null =>
  TRADING_LIMITS.find((l) => l.kind === kind && l.period === period)?.id ?? null;
export const isTradingLimitKind = (value: string): value is TradingLimitKind => (TRADING_LIMIT_KINDS as readonly string[]).includes(value);

/** The window of a limit's period that counts ('trade' has none: the one trade). */
const windowOf = (period: TradingLimitPeriod): number => (period === 'trade' ? 0 : windowMs(period as LimitPeriod));

/** What the broker hands the platform: each limit's setting (value in force, a waiting change), in `currency`. */
export interface TradingLimitSchedule {
  currency: string;
  limits: Partial<Record<TradingLimitKey, LimitSetting>>;
}

/** One trade as the limits count it: its stake, when it opened and, once settled, when and with what payout. */
export interface CountedTrade {
  stake: bigint;
  openedAt: Date;
  /** null while open */
  settledAt: Date | null;
  /** what it paid back (0 lost, the stake on a tie, stake plus profit won); ignored while open */
  payout: bigint;
}

const within = (at: Date, period: TradingLimitPeriod, now: Date): boolean => at.getTime() > now.getTime() - windowOf(period) && at.getTime() <= now.getTime();

/** Net loss of the trades settled in the window of `period` ending at `now`, floored at 0. */
export function settledLoss(trades: readonly CountedTrade[], period: LimitPeriod, now: Date): bigint {
  const net = trades.reduce((sum, t) => (t.settledAt && within(t.settledAt, period, now) ? sum + t.payout - t.stake : sum), 0n);
  return net < 0n ? -net : 0n;
}

/** The stakes of trades still open (each can lose its stake). */
export const openStakes = (trades: readonly CountedTrade[]): bigint => trades.reduce((sum, t) => (t.settledAt === null ? sum + t.stake : sum), 0n);

/** The stakes of trades opened in the last 24 hours, open or settled. */
export const stakesOpenedIn = (trades: readonly CountedTrade[], now: Date): bigint => trades.reduce((sum, t) => (within(t.openedAt, 'day', now) ? sum + t.stake : sum), 0n);

/** What is used of a limit at `now`, before a new trade: for the per-trade stake, nothing. */
export function usedOf(key: TradingLimitKey, trades: readonly CountedTrade[], now: Date): bigint {
  switch (key) {
    case 'stake_trade':
      return 0n;
    case 'stake_day':
      return stakesOpenedIn(trades, now);
    case 'loss_day':
      return settledLoss(trades, 'day', now) + openStakes(trades);
    case 'loss_week':
      return settledLoss(trades, 'week', now) + openStakes(trades);
    case 'loss_month':
      return settledLoss(trades, 'month', now) + openStakes(trades);
  }
}

export interface TradeOverLimit {
  id: TradingLimitKey;
  kind: TradingLimitKind;
  period: TradingLimitPeriod;
  /** the limit in force */
  limit: bigint;
  /** what was used before this trade (the per-trade stake: nothing) */
  used: bigint;
}

/** The first limit in force (table order) a trade of `stake` would pass at `now`, or null. */
export function tradeOverLimit(schedule: TradingLimitSchedule['limits'], trades: readonly CountedTrade[], stake: bigint, now: Date): TradeOverLimit | null {
  for (const { id, kind, period } of TRADING_LIMITS) {
    const setting = schedule[id];
    const limit = setting ? settled(setting, now).value : null;
    if (limit === null) continue;
    const used = usedOf(id, trades, now);
    if (used + stake > limit) return { id, kind, period, limit, used };
  }
  return null;
}

/** The longest window any trading limit looks back: older settled trades never count. */
export const TRADING_LOOKBACK_MS = Math.max(...TRADING_LIMITS.map((l) => windowOf(l.period)));

// ─── the schedule on the wire and in storage (bigints as strings, dates as ISO) ────────────────

export interface StoredSetting {
  value: string | null;
  pending: { value: string | null; from: string } | null;
}
export interface StoredSchedule {
  currency: string;
  limits: Partial<Record<TradingLimitKey, StoredSetting>>;
}

export function scheduleToJson(schedule: TradingLimitSchedule): StoredSchedule {
  const limits: StoredSchedule['limits'] = {};
  for (const key of TRADING_LIMIT_KEYS) {
    const s = schedule.limits[key];
    if (!s) continue;
    limits[key] = {
      value: s.value === null ? null : String(s.value),
      pending: s.pending ? { value: s.pending.value === null ? null : String(s.pending.value), from: s.pending.from.toISOString() } : null,
    };
  }
  return { currency: schedule.currency, limits };
}

export function scheduleFromJson(stored: StoredSchedule): TradingLimitSchedule {
  const limits: TradingLimitSchedule['limits'] = {};
  for (const key of TRADING_LIMIT_KEYS) {
    const s = stored.limits?.[key];
    if (!s) continue;
    limits[key] = {
      value: s.value === null ? null : BigInt(s.value),
      pending: s.pending ? { value: s.pending.value === null ? null : BigInt(s.pending.value), from: new Date(s.pending.from) } : null,
    };
  }
  return { currency: stored.currency, limits };
}
