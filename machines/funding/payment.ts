import { amountProblem, depositBonus, NO_PROMOTION, normalizeAmount, type BonusTerms } from '../../core/amount';
import type { Msg } from '../../core/message';
import type { PaymentAsk } from '../card-form/card-form.types';
import type { FundingContext } from './funding.types';
import { isCardTab } from './tabs';

/**
 * The funding page's rules for a card payment, in one place: what Deposit pays (the fixed amount,
 * else the typed amount normalized), whether the amount can be paid, whether the bonus goes with
 * it (opted in and not in fixed mode), and the idempotency key of the press.
 */

/** US and CA: the card tabs pay the fixed amount (spec 000 §6); every other tab takes the amount the trader types. */
export const isAmountLocked = (c: Pick<FundingContext, 'options' | 'tab'>): boolean => c.options?.fixedAmount != null && isCardTab(c.tab);

/** The amount Deposit pays: the fixed amount (US, CA, card tabs), else the typed one as a decimal. */
export function depositAmount(c: Pick<FundingContext, 'options' | 'amount' | 'tab'>): string {
  if (!c.options) return '';
  return isAmountLocked(c) ? (c.options.fixedAmount ?? '') : normalizeAmount(c.amount);
}

/** Why the typed amount cannot be paid (minimum, maximum); null for a fixed amount or a good one. */
export function depositAmountError(c: Pick<FundingContext, 'options' | 'amount' | 'tab'>): Msg | null {
  if (!c.options || isAmountLocked(c)) return null;
  return amountProblem(c.amount, c.options.minDeposit, c.options.maxDeposit);
}

/**
 * The bonus this deposit would earn, exactly as the server credits it (core/amount.ts
 * `depositBonus`, the server's function too): tier percent + the promo code + the activated promotion, capped, with its
 * turnover; null where the server pays none (fixed mode, demo, a coin currency, a bad amount).
 */
export function pageBonus(c: Pick<FundingContext, 'options' | 'amount' | 'tab' | 'fixed' | 'demo' | 'promoPercent' | 'promoValue'>): BonusTerms | null {
  const o = c.options;
  if (!o || depositAmountError(c)) return null;
  const rules = { tiers: o.tiers, maxBonusPercent: o.maxBonusPercent, maxBonusValue: o.maxBonusValue, turnoverMultiplier: o.bonusTurnover };
  // the activated promotion comes with the options (the server's promotions_max): the bonus the server credits
  return depositBonus({ amount: depositAmount(c), currency: o.currency, fixed: c.fixed, demo: c.demo }, rules, { percent: c.promoPercent, value: c.promoValue }, o.promotion ?? NO_PROMOTION);
}

/** The bonus goes with the payment only when the trader opted in and the amount is not fixed. */
export const bonusApplies = (c: Pick<FundingContext, 'bonus' | 'fixed'>): boolean => c.bonus && !c.fixed;

/** The promo code was checked and adds something (a refused or unchecked code is not sent). */
export const promoAccepted = (c: Pick<FundingContext, 'promoPercent' | 'promoValue'>): boolean => c.promoPercent !== '0' || c.promoValue !== '0';

/** The payment of this press of Deposit (press n of the open card form). */
export function paymentAsk(c: FundingContext): PaymentAsk {
  return {
    key: `${c.card?.keySeed ?? ''}-${c.presses}`,
    amount: depositAmount(c),
    currency: c.options?.currency ?? '',
    fixed: c.fixed,
    bonus: bonusApplies(c),
    // only a code the server accepted goes with the payment: the bonus shown is the bonus paid
    promo: promoAccepted(c) ? c.promo.trim() : '',
    amountError: depositAmountError(c),
  };
}

/**
 * What a method tab (wallet, bank, fiat) pays with the page's amount line: the amount, the bonus
 * (opted in and not fixed) and the checked promo code, under the same rules as the card's
 * payment, so the bonus the line shows is the bonus the server credits for that deposit.
 */
export interface PagePayment {
  amount: string;
  bonus: boolean;
  promo: string;
}

export function pagePayment(c: FundingContext): PagePayment {
  const bonus = bonusApplies(c);
  return { amount: depositAmount(c), bonus, promo: bonus && promoAccepted(c) ? c.promo.trim() : '' };
}
