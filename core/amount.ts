import { compareDecimal, fromUnits, isDecimal, normalizeDecimal, toUnits as unitsOf, trimDecimal } from './decimal';
import { msg, type Msg } from './message';

/**
 * The deposit amount, its slider steps and its bonus tier (spec 000 §9, 001 §3, §4, §9), in
 * decimal strings and bigint cents: never floats. The tiers are served by the server with the
 * funding options (server/routes/card.ts); the bonus a deposit earns (`depositBonus`) is the one
 * function the funding page shows and the server credits (server/domain/deposits/bonus.ts).
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

/** What a promo code adds to the bonus: a percent (added to the tier's, under the max percent) and/or a fixed value. */
export interface PromoTerms {
  percent: string;
  value: string;
}
export const NO_PROMO: PromoTerms = { percent: '0', value: '0' };

/**
 * What the trader's activated promotion adds (`/api/us/promotions_max`, server/domain/promotions):
 * a percent added after the tier's and the promo code's (the total still at most the max percent),
 * the share it adds to a deposit's bonus at most `max` (in the deposit's currency).
 */
export interface PromotionTerms {
  percent: string;
  max: string;
}
export const NO_PROMOTION: PromotionTerms = { percent: '0', max: '0' };

const PERCENT_SCALE = 10_000n; // percents with up to 4 decimals
const least = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * The bonus of a deposit: amount × (tier percent + promo percent, at most the max percent) / 100,
 * plus what an activated promotion adds (amount × its percent, within what is left under the max
 * percent, at most the promotion's maximum), plus the tier's value, plus a fixed promo value, at
 * most the max value; rounded down to the cent. Null when the amount is not a number or no tier applies.
 */
export function bonusOf(amount: string, rules: BonusRules, promo: PromoTerms = NO_PROMO, promotion: PromotionTerms = NO_PROMOTION): Bonus | null {
  const tier = tierOf(amount, rules.tiers);
  if (!tier) return null;
  const cap = toUnits(rules.maxBonusPercent, 4);
  const percent = least(toUnits(tier.percent, 4) + toUnits(promo.percent, 4), cap);
  const withPromotion = least(percent + toUnits(promotion.percent, 4), cap);
  const fromPercent = (toUnits(amount) * percent) / (100n * PERCENT_SCALE);
  const fromPromotion = least((toUnits(amount) * (withPromotion - percent)) / (100n * PERCENT_SCALE), toUnits(promotion.max));
  const total = fromPercent + fromPromotion + toUnits(tier.value) + toUnits(promo.value);
  return { tier: tier.name, percent: trimDecimal(fromUnits(withPromotion, 4)), value: fromCents(least(total, toUnits(rules.maxBonusValue))) };
}

/** Currencies a deposit bonus is paid in: the tiers' values (20, 50, 100) are amounts of a currency with cents, never coins. */
export const BONUS_CURRENCIES: readonly string[] = ['USD', 'EUR', 'GBP', 'RUB'];

/** The turnover the bonus asks before it can be withdrawn: times the bonus (settings.bonusTurnover, e.g. 30). */
export interface BonusTerms extends Bonus {
  /** the trading turnover required before the bonus may be withdrawn: value × multiplier, in the deposit's currency */
  turnover: string;
  multiplier: string;
}

/** A deposit as the bonus sees it: the same facts on the page and on the server. */
export interface BonusDeposit {
  /** a decimal amount in `currency` */
  amount: string;
  currency: string;
  /** fixed (exchange) mode or a fixed country amount: no bonus (spec 001 §4) */
  fixed: boolean;
  /** a demo account: its money is virtual, no bonus */
  demo: boolean;
}

/** Whether a deposit like this can earn a bonus at all (whatever its amount): not fixed, not demo, a bonus currency. */
export const bonusOffered = (deposit: Omit<BonusDeposit, 'amount'>): boolean => !deposit.fixed && !deposit.demo && BONUS_CURRENCIES.includes(deposit.currency);

/**
 * The bonus a deposit earns, or null where none is paid (fixed mode, demo, a coin currency, a bad
 * amount, a zero bonus): what the funding page shows and exactly what the server credits.
 */
export function depositBonus(
  deposit: BonusDeposit,
  rules: BonusRules & { turnoverMultiplier: string },
  promo: PromoTerms = NO_PROMO,
  promotion: PromotionTerms = NO_PROMOTION,
): BonusTerms | null {
  if (!bonusOffered(deposit) || !isAmount(deposit.amount) || toUnits(deposit.amount) === 0n) return null;
  const bonus = bonusOf(deposit.amount, rules, promo, promotion);
  if (!bonus || toUnits(bonus.value) === 0n) return null;
  const turnover = fromCents((toUnits(bonus.value) * toUnits(rules.turnoverMultiplier, 4)) / PERCENT_SCALE);
  return { ...bonus, turnover, multiplier: trimDecimal(rules.turnoverMultiplier) };
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
