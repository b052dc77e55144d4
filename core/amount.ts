import { compareDecimal, fromUnits, isDecimal, normalizeDecimal, toUnits as unitsOf, trimDecimal } from './decimal';
import { msg, type Msg } from './message';

/**
 * The deposit amount, its slider steps and its bonus tier (spec 000 §9, 001 §3, §4, §9), in
 * decimal strings and bigint cents: never floats. The tiers are served by the server with the
 * funding options (server/routes/card.ts); the bonus itself is recorded, not credited, until
 * the promotions issue.
 */
export interface Tier {
  name: 'bronze' | 'silver' | 'gold';
  /** the amount from which the tier applies */
  from: string;
  /** percent of the amount, e.g. "1.2" */
  percent: string;
  /** a fixed value added, e.g. "20" */
  value: string;
}

/** The bonus tiers (001 §9): percents and values from the spec; thresholds at the slider's 1000 and 3000. The server serves them with the funding options. */
export const BONUS_TIERS: readonly Tier[] = [
  { name: 'bronze', from: '0', percent: '1.2', value: '20' },
  { name: 'silver', from: '1000', percent: '1.5', value: '50' },
  { name: 'gold', from: '3000', percent: '2', value: '100' },
];

export interface BonusRules {
  tiers: Tier[];
  maxBonusPercent: string;
  maxBonusValue: string;
}

/** what a trader types: "1 000,5" → "1000.5" (core/decimal) */
export const normalizeAmount = normalizeDecimal;
/** a deposit amount: up to 12 whole digits and 2 decimals, not negative */
export const isAmount = (value: string): boolean => isDecimal(value, { whole: 12, decimals: 2 });

/** "12.5" → 1250n (two decimals; percents with 4); extra digits are truncated (core/decimal) */
export const toUnits = (value: string, decimals = 2): bigint => unitsOf(value, decimals);

/** 1250n → "12.50" */
export const fromCents = (cents: bigint): string => fromUnits(cents, 2);

/** "250.00" → "250", "12.50" → "12.5" */
export const trimAmount = trimDecimal;

/** -1, 0 or 1, exactly (core/decimal) */
export const compareAmounts = compareDecimal;

/**
 * Slider steps (spec 000 §9): minimum, 250, 1000, 3000; or 1000, 3000, 10000 when the minimum is
 * 250 or more (the minimum stays the first step). Steps at or below the minimum are dropped.
 */
export function sliderSteps(min: string): string[] {
  const rest = compareAmounts(min, '250') < 0 ? ['250', '1000', '3000'] : ['1000', '3000', '10000'];
  return [trimAmount(min), ...rest.filter((s) => compareAmounts(s, min) > 0)];
}

/** Bronze below the silver threshold, silver from it, gold from the gold one (spec 001 §4). */
export function tierOf(amount: string, tiers: readonly Tier[]): Tier | null {
  if (!isAmount(amount)) return null;
  let found: Tier | null = null;
  for (const tier of [...tiers].sort((a, b) => compareAmounts(a.from, b.from))) if (compareAmounts(amount, tier.from) >= 0) found = tier;
  return found ?? tiers[0] ?? null;
}

export interface Bonus {
  tier: Tier['name'];
  /** the percent applied: tier plus promotion, at most the maximum */
  percent: string;
  /** the bonus in the amount's currency, at most the maximum value */
  value: string;
}

const PERCENT_SCALE = 10_000n; // percents with up to 4 decimals

/**
 * The bonus of a deposit: amount × (tier percent + promotion percent, at most the max percent)
 * / 100, plus the tier's value, at most the max value; rounded down to the cent. Null when the
 * amount is not a number or no tier applies.
 */
export function bonusOf(amount: string, rules: BonusRules, promoPercent = '0'): Bonus | null {
  const tier = tierOf(amount, rules.tiers);
  if (!tier) return null;
  const percent = [toUnits(tier.percent, 4) + toUnits(promoPercent, 4), toUnits(rules.maxBonusPercent, 4)].reduce((a, b) => (a < b ? a : b));
  const fromPercent = (toUnits(amount) * percent) / (100n * PERCENT_SCALE);
  const total = fromPercent + toUnits(tier.value);
  const max = toUnits(rules.maxBonusValue);
  return { tier: tier.name, percent: trimDecimal(fromUnits(percent, 4)), value: fromCents(total < max ? total : max) };
}

/** Why an amount cannot be paid, or null: wrong, below the minimum, above the maximum. */
export function amountProblem(typed: string, min: string, max: string): Msg | null {
  const amount = normalizeAmount(typed);
  if (!isDecimal(amount, { whole: 12 }) || toUnits(amount) === 0n) return msg('funding.amount.wrong');
  if (!isAmount(amount)) return msg('funding.amount.too_precise');
  if (compareAmounts(amount, min) < 0) return msg('funding.amount.min', undefined, { min: trimAmount(min) });
  if (compareAmounts(amount, max) > 0) return msg('funding.amount.max', undefined, { max: trimAmount(max) });
  return null;
}
