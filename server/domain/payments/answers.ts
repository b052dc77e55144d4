import { releaseHold } from '../protection/deposit-limits';
import { DO_NOT_HONOR, hardDeclineKey } from '../../../core/cascade/classify';
import type { CardAttemptRow, CardAttemptStatus, CardPaymentRow } from '../../db/schema-card';
import { toBigInt } from '../../db/values';
import { creditDeposit } from '../deposits/credit';
import type { ProcessorAnswer } from '../ports';
import { clock, type PaymentDeps } from './deps';
import { replyStatus } from './records';
import { settleVoid, VOID_PENDING, VOIDED_MESSAGE } from './voids';

/** Issuer codes that block the card: pick-up, lost, stolen, suspected fraud. */
const BLOCKING_CODES = ['04', '07', '41', '43', '59'];
/** Of those, the card itself is gone (pick-up, lost, stolen): blocked for every account, not only this trader's. */
const CARD_GONE_CODES = ['04', '07', '41', '43'];
function statusOf(answer: ProcessorAnswer): { status: CardAttemptStatus; code: string; message: string } {
  switch (answer.kind) {
    case 'approved':
      return { status: 'approved', code: '', message: '' };
    case 'pending':
      return { status: 'pending', code: '', message: '' };
    case 'redirect':
      return { status: 'redirect', code: '', message: '' };
    case 'dialog':
      return { status: 'dialog', code: answer.dialog, message: '' };
    case 'tokenError':
      return { status: 'declined', code: 'token', message: 'The payment session token was refused' };
    case 'declined':
      return { status: 'declined', code: answer.code.slice(0, 32), message: answer.message.slice(0, 200) };
  }
}

/**
 * Records a processor's answer for an attempt, in one transaction with the payment row locked:
 * an approval credits the balance through the ledger exactly once (key card-payment:{id}, and
 * the payment's CHECK ties approved to a credit); an approval for a payment another attempt
 * already approved is recorded `voided` and reversed with the processor (settleVoid), never
 * credited; a hard decline or do-not-honor stops the payment; a lost/stolen/pick-up/fraud code
 * blocks the card by its fingerprint. Only attempts still in one of `from` change: a repeated
 * listen, page post or a second server finds nothing to do.
 */
export async function applyAnswer(
  deps: PaymentDeps,
  paymentId: string,
  uid: string,
  answer: ProcessorAnswer,
  from: readonly CardAttemptStatus[],
  countCheck = false,
): Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('card_payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirstOrThrow();
    const attempt = await trx.selectFrom('card_attempts').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirstOrThrow();
    if (!from.includes(attempt.status)) return { attempt, payment, changed: false, credited: false, voids: false, announce: null };
    let next = statusOf(answer);
    // approved elsewhere already: this approval must not stand (one charge per payment)
    const voids = next.status === 'approved' && payment.credit_tx_id !== null;
    if (voids) next = { status: 'voided', code: VOID_PENDING, message: VOIDED_MESSAGE };
    const now = clock(deps);
    const updated = await trx
      .updateTable('card_attempts')
      .set({ ...next, checks: countCheck ? attempt.checks + 1 : attempt.checks, updated_at: now })
      .where('uid', '=', uid)
      .returningAll()
      .executeTakeFirstOrThrow();
    let paymentNow = payment;
    let credited = false;
    if (next.status === 'approved' && payment.credit_tx_id === null) {
      const tx = await creditDeposit(trx, {
        idempotencyKey: `card-payment:${payment.id}`,
        userId: payment.user_id,
        accountId: payment.credit_account_id,
        amountMinor: toBigInt(payment.amount_minor),
        currency: payment.currency,
        method: 'card',
        meta: { payment: payment.id, processor: attempt.processor, uid: attempt.uid },
        bonus: payment.bonus,
        promo: payment.promo,
        settings: deps.settings,
        now,
        hold: { source: 'card', ref: payment.id },
      });
      credited = !tx.replayed;
      paymentNow = await trx
        .updateTable('card_payments')
        .set({ status: 'approved', credit_tx_id: tx.txId, updated_at: now })
        .where('id', '=', payment.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else if (next.status === 'declined' && payment.status !== 'approved') {
      const iso = /^\d{2}$/.test(next.code) ? next.code : '';
      const stops = iso === DO_NOT_HONOR || hardDeclineKey(iso || undefined, next.message) !== null;
      if (BLOCKING_CODES.includes(iso)) {
        const card = await trx.updateTable('cards').set({ blocked: true }).where('token', '=', payment.card_token).returning(['fingerprint', 'shared_number']).executeTakeFirstOrThrow();
        if (card.fingerprint !== null) {
          // the card is gone (pick-up, lost, stolen): for every account; suspected fraud or a shared test number: this trader's
          const everyone = CARD_GONE_CODES.includes(iso) && !card.shared_number;
          await trx
            .insertInto('card_blocks')
            .values({ fingerprint: card.fingerprint, user_id: everyone ? null : payment.user_id, code: iso, payment_id: payment.id })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
      if (stops) {
        paymentNow = await trx.updateTable('card_payments').set({ status: 'stopped', updated_at: now }).where('id', '=', payment.id).returningAll().executeTakeFirstOrThrow();
        // a stopped payment no longer counts toward the trader's deposit limits
        await releaseHold(trx, 'card', payment.id, now);
      }
    }
    const changed = updated.status !== attempt.status || updated.code !== attempt.code;
    // the event goes out with this transaction (PostgreSQL NOTIFY at COMMIT), never for a rolled-back change
    const announce = changed && deps.events.paymentUpdatedIn ? await deps.events.paymentUpdatedIn(trx, paymentNow.user_id, paymentNow.id, replyStatus(updated, paymentNow)) : null;
    return { attempt: updated, payment: paymentNow, changed, credited, voids, announce };
  });
  if (result.announce) result.announce();
  else if (result.changed) deps.events.paymentUpdated(result.payment.user_id, result.payment.id, replyStatus(result.attempt, result.payment));
  const outcome = result.attempt.status;
  if (result.changed && (outcome === 'approved' || outcome === 'declined' || outcome === 'voided')) deps.events.attemptSettled?.(result.attempt.processor, outcome, result.payment.id);
  if (result.credited) deps.events.userUpdated(result.payment.user_id);
  if (result.voids) return { attempt: await settleVoid(deps, uid), payment: result.payment };
  return result;
}
