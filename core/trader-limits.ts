/**
 * Limits the trader sets on themselves (issue 30 §1): the rules, once. Both the server (which
 * enforces them under a lock when a deposit starts) and the limits page (which shows what is in
 * force, what is used and when a raise takes effect) read them from here.
 *
 * - A deposit limit is per rolling window: the last 24 hours, 7 days or 30 days.
 * - Setting a limit where there was none, or lowering one, applies at once. Raising or removing
 *   one applies only after the cooling-off (24 hours), shown with its date; until then the old
 *   limit stays in force. A lower value set while a raise waits applies at once and drops the raise.
 * - A limit is in the trader's own currency (their registration currency). A deposit in another
 *   currency counts at the exchange rate of the moment it starts (rounded up: the trader's
 *   protection never rounds in their disfavour).
 */

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const isLimitPeriod = (value: string): value is LimitPeriod => (LIMIT_PERIODS as readonly string[]).includes(value);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const TRADER_LIMIT_RULES = {
  /** each period's rolling window, in days */
  windowDays: { day: 1, week: 7, month: 30 } satisfies Record<LimitPeriod, number>,
  /** a raise or a removal waits this long before it applies */
  coolingOffHours: 24,
  /** the largest deposit limit one may set, in the trader's currency (a larger one is no limit at all) */
  maxDepositLimit: '1000000.00',
  /**
   * How long a started deposit that is neither credited nor failed keeps counting toward the
   * limit, by where it started: a payment abandoned half-way stops counting after this.
   */
  holdHours: { card: 1, quick: 1, method: 24, crypto: 24, bank: 14 * 24, voucher: 1 },
} as const;

export type HoldSource = keyof typeof TRADER_LIMIT_RULES.holdHours;

export const windowMs = (period: LimitPeriod): number => TRADER_LIMIT_RULES.windowDays[period] * DAY_MS;
export const coolingOffMs = (): number => TRADER_LIMIT_RULES.coolingOffHours * HOUR_MS;
export const holdMs = (source: HoldSource): number => TRADER_LIMIT_RULES.holdHours[source] * HOUR_MS;

/** One limit as stored: the value in force (null: none) and a raise or removal waiting for its date. */
export interface LimitSetting {
  value: bigint | null;
  pending: { value: bigint | null; from: Date } | null;
}

export const NO_LIMIT: LimitSetting = { value: null, pending: null };

/** null is no limit, i.e. larger than any amount */
const higher = (a: bigint | null, b: bigint | null): boolean => (a === null ? b !== null : b !== null && a > b);

/** The setting as it stands at `now`: a waiting change whose date has come is in force. */
export function settled(setting: LimitSetting, now: Date): LimitSetting {
  if (setting.pending && setting.pending.from.getTime() <= now.getTime()) return { value: setting.pending.value, pending: null };
  return setting;
}

/** The limit in force at `now` (null: none). */
export const limitInForce = (setting: LimitSetting, now: Date): bigint | null => settled(setting, now).value;

export interface LimitChange {
  setting: LimitSetting;
  /** 'now': in force at once; 'later': waits for `setting.pending.from` */
  applied: 'now' | 'later';
}

/** The trader asks for `next` (null: remove the limit): lower or equal applies at once, higher waits. */
export function changeLimit(current: LimitSetting, next: bigint | null, now: Date): LimitChange {
  const inForce = settled(current, now);
  if (!higher(next, inForce.value)) return { setting: { value: next, pending: null }, applied: 'now' };
  return { setting: { value: inForce.value, pending: { value: next, from: new Date(now.getTime() + coolingOffMs()) } }, applied: 'later' };
}

/** One started or credited deposit, in the limit's currency, as it counts toward the windows. */
export interface CountedDeposit {
  at: Date;
  amount: bigint;
}

/** What the window of `period` ending at `now` already holds. */
export function usedIn(counted: readonly CountedDeposit[], period: LimitPeriod, now: Date): bigint {
  const from = now.getTime() - windowMs(period);
  return counted.reduce((sum, d) => (d.at.getTime() > from && d.at.getTime() <= now.getTime() ? sum + d.amount : sum), 0n);
}

/**
 * When a deposit of `amount` fits the limit again: the moment enough of the window's oldest
 * deposits have left it. null when the amount alone is over the limit (it never fits).
 */
export function fitsAgainAt(counted: readonly CountedDeposit[], period: LimitPeriod, limit: bigint, amount: bigint, now: Date): Date | null {
  if (amount > limit) return null;
  const from = now.getTime() - windowMs(period);
  const inWindow = counted.filter((d) => d.at.getTime() > from && d.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  let used = inWindow.reduce((sum, d) => sum + d.amount, 0n);
  for (const d of inWindow) {
    if (used + amount <= limit) break;
    used -= d.amount;
    if (used + amount <= limit) return new Date(d.at.getTime() + windowMs(period));
  }
  return used + amount <= limit ? now : null;
}

export interface DepositOverLimit {
  period: LimitPeriod;
  limit: bigint;
  used: bigint;
  /** when this amount fits again; null when it is over the limit by itself */
  fitsAt: Date | null;
}

/** The first limit (shortest window first) the deposit would pass, or null when every one allows it. */
export function depositOverLimit(
  limits: Readonly<Record<LimitPeriod, LimitSetting>>,
  counted: readonly CountedDeposit[],
  amount: bigint,
  now: Date,
): DepositOverLimit | null {
  for (const period of LIMIT_PERIODS) {
    const limit = limitInForce(limits[period], now);
    if (limit === null) continue;
    const used = usedIn(counted, period, now);
    if (used + amount > limit) return { period, limit, used, fitsAt: fitsAgainAt(counted, period, limit, amount, now) };
  }
  return null;
}
