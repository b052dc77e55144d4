import { cascadeStack } from '../../../core/cascade/stack';
import type { Processor } from '../../../core/cascade/processors';
import type { ListedCard, QuickTopUpRequest, QuickTopUpResponse, SavedCardsResponse } from '../../../core/contract';
import { compareDecimal } from '../../../core/decimal';
import { formatMoney } from '../../../core/money';
import { toBigInt } from '../../db/values';
import { DEPOSIT_KINDS, type DbOrTx } from '../ledger';
import { fraudCheck, startAttempt, type PaymentDeps } from '../payments';
import { Refusal } from '../refusal';
import { isDemoEmail } from '../users';
import { sql } from 'kysely';

/**
 * Quick top-up (spec 001 §6-§7): a saved card charged again with one click after the
 * trader confirmed the exact amount, allowed only when depositsTotal > 0 and fillCard is '1'
 * (checked here, whatever the page shows). The charge is a card payment like any other: the fraud
 * check creates it under the client's key (the same key again is the same payment: a double
 * click charges once), then the card stack is tried in order through the payments domain.
 */

/** Processors that always need the card holder on their own page or dialog: a card on file cannot be charged there. */
export const NEEDS_THE_HOLDER: readonly Processor[] = ['VLOAD', 'SHAPE', 'ENTROPAY', 'FRAUD'];

/** The trader's saved cards, newest first, never more than token, brand and last four (blocked cards are not offered). */
export async function listedCards(db: DbOrTx, userId: number): Promise<ListedCard[]> {
  const rows = await db
    .selectFrom('cards')
    .select(['token', 'brand', 'last4'])
    .where('user_id', '=', userId)
    .where('blocked', '=', false)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
  return rows.map((r) => ({ token: r.token, brand: r.brand, last4: r.last4 }));
}

/** spec 001 §6: depositsTotal above 0 (the trader's own deposits in their currency) and fillCard '1'. */
export async function canLoad(db: DbOrTx, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select(['fill_card', 'currency']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.fill_card !== '1') return false;
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .select(sql<string>`coalesce(sum(e.amount_minor), 0)`.as('total'))
    .where('a.user_id', '=', userId)
    .where('a.currency', '=', user.currency)
    .where('e.amount_minor', '>', '0')
    .where('t.kind', 'in', [...DEPOSIT_KINDS])
    .executeTakeFirstOrThrow();
  return toBigInt(row.total) > 0n;
}

export async function savedCards(db: DbOrTx, userId: number): Promise<SavedCardsResponse> {
  return { cards: await listedCards(db, userId), can_load: await canLoad(db, userId) };
}

/** POST /api/report/quick: the charge of a saved card (see above). */
export async function quickTopUp(deps: PaymentDeps, userId: number, req: QuickTopUpRequest): Promise<QuickTopUpResponse> {
  const { db, settings } = deps;
  const user = await db.selectFrom('users').select(['email', 'cascade', 'country', 'affs_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (isDemoEmail(user.email, deps.siteHost)) throw new Refusal(403, 'quick.demo', 'This is a DEMO account: card deposits are not available on it.');
  if (!(await canLoad(db, userId))) throw new Refusal(403, 'quick.not_allowed', 'Quick top-up is available once you have deposited and your account allows it.');
  if (compareDecimal(req.confirm, req.amount) !== 0) throw new Refusal(400, 'quick.confirm', 'Confirm the exact amount before the card is charged.');
  if (!(await listedCards(db, userId)).some((c) => c.token === req.card)) throw new Refusal(404, 'card.not_found', 'This card is not saved. Please enter it again.');

  let flags;
  try {
    flags = await fraudCheck(deps, userId, { key: req.key, amount: req.amount, fixed: req.fixed, bonus: req.bonus, card: req.card, ...(req.promo !== undefined && { promo: req.promo }) });
  } catch (error) {
    // the quick top-up's answers name no fields (its form has one: the amount)
    if (error instanceof Refusal) throw error.withoutFields();
    throw error;
  }
  if (!flags.payment) {
    if (flags.day_limit) throw new Refusal(409, 'quick.day_limit', 'You reached the daily number of card deposits. Please use another method.');
    throw new Refusal(409, 'quick.refused', flags.message ?? 'The card cannot be charged now. Please use another method.');
  }
  const paymentId = flags.payment;
  const stack = cascadeStack({ settings: settings.cascade, user: user.cascade, country: user.country, affsId: user.affs_id, noVload: settings.no_vload }).filter((p) => !NEEDS_THE_HOLDER.includes(p));

  const outcome = async (status: QuickTopUpResponse['status'], message?: string): Promise<QuickTopUpResponse> => {
    const payment = await db.selectFrom('card_payments').select(['amount_minor', 'currency']).where('id', '=', paymentId).executeTakeFirstOrThrow();
    return { status, payment: paymentId, amount: formatMoney(toBigInt(payment.amount_minor), payment.currency), currency: payment.currency, ...(message !== undefined && { message }) };
  };

  for (const processor of stack) {
    const payment = await db.selectFrom('card_payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
    if (payment.status === 'approved') return outcome('approved');
    if (payment.status === 'stopped') break;
    try {
      await startAttempt(deps, userId, processor, { id: paymentId });
    } catch (error) {
      // another request of the same key is working on this payment: it charges, this one reports
      if (error instanceof Refusal && error.key === 'card.attempt_in_flight') return outcome('pending', 'The payment is being processed. The balance updates when it is approved.');
      if (error instanceof Refusal && error.key === 'card.already_paid') return outcome('approved');
      if (error instanceof Refusal) throw error.withoutFields();
      throw error;
    }
    const attempt = await db.selectFrom('card_attempts').select(['status', 'message']).where('payment_id', '=', paymentId).where('processor', '=', processor).executeTakeFirstOrThrow();
    if (attempt.status === 'approved') return outcome('approved');
    if (attempt.status === 'declined' || attempt.status === 'voided') continue;
    return outcome('pending', 'Your bank asks to confirm this payment on its own page: please pay on the card tab.');
  }
  const final = await db.selectFrom('card_payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
  if (final.status === 'approved') return outcome('approved');
  return outcome('declined', 'The card was declined. Please try another card or method.');
}
