import { amountProblem, normalizeAmount } from '../../core/amount';
import type { Msg } from '../../core/message';
import type { PaymentAsk } from '../card-form/card-form.types';
import type { FundingContext } from './funding.types';

/**
 * The funding page's rules for a card payment, in one place: what Deposit pays (the fixed amount,
 * else the typed amount normalized), whether the amount can be paid, whether the bonus goes with
 * it (opted in and not in fixed mode), and the idempotency key of the press.
 */

/** The amount Deposit pays: the fixed amount (US, CA), else the typed one as a decimal. */
export function depositAmount(c: Pick<FundingContext, 'options' | 'amount'>): string {
  if (!c.options) return '';
  return c.options.fixedAmount ?? normalizeAmount(c.amount);
}

/** Why the typed amount cannot be paid (minimum, maximum); null for a fixed amount or a good one. */
export function depositAmountError(c: Pick<FundingContext, 'options' | 'amount'>): Msg | null {
  if (!c.options || c.options.fixedAmount) return null;
  return amountProblem(c.amount, c.options.minDeposit, c.options.maxDeposit);
}

/** The bonus goes with the payment only when the trader opted in and the amount is not fixed. */
export const bonusApplies = (c: Pick<FundingContext, 'bonus' | 'fixed'>): boolean => c.bonus && !c.fixed;

/** The payment of this press of Deposit (press n of the open card form). */
export function paymentAsk(c: FundingContext): PaymentAsk {
  return {
    key: `${c.card?.keySeed ?? ''}-${c.presses}`,
    amount: depositAmount(c),
    currency: c.options?.currency ?? '',
    fixed: c.fixed,
    bonus: bonusApplies(c),
    promo: c.promo.trim(),
    amountError: depositAmountError(c),
  };
}
