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

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
/** what a trader types: "1 000,5" → "1000.5" */
export const normalizeAmount = (value: string): string => value.trim().replace(/[\s\u00a0]+/g, '').replace(',', '.');
export const isAmount = (value: string): boolean => AMOUNT.test(value);

/** "12.5" → 1250n (two decimals); the string must be isAmount or a plain decimal with up to 4 decimals (percents) */
export function toUnits(value: string, decimals = 2): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** 1250n → "12.50" */
export function fromCents(cents: bigint): string {
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "250.00" → "250", "12.50" → "12.5" */
export const trimAmount = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export const compareAmounts = (a: string, b: string): number => {
  const x = toUnits(a);
  const y = toUnits(b);
  return x === y ? 0 : x < y ? -1 : 1;
};

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
  const whole = percent / PERCENT_SCALE;
  const frac = (percent % PERCENT_SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return { tier: tier.name, percent: frac ? `${whole}.${frac}` : `${whole}`, value: fromCents(total < max ? total : max) };
}

/** Why an amount cannot be paid, or null: wrong, below the minimum, above the maximum. */
export function amountProblem(typed: string, min: string, max: string): Msg | null {
  const amount = normalizeAmount(typed);
  if (amount === '' || !/^\d{1,12}(\.\d+)?$/.test(amount) || toUnits(amount) === 0n) return msg('funding.amount.wrong');
  if (!isAmount(amount)) return msg('funding.amount.too_precise');
  if (compareAmounts(amount, min) < 0) return msg('funding.amount.min', undefined, { min: trimAmount(min) });
  if (compareAmounts(amount, max) > 0) return msg('funding.amount.max', undefined, { max: trimAmount(max) });
  return null;
}
