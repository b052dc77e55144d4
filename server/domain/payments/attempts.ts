import { createHash, randomBytes } from 'node:crypto';
import { PFS_EXCLUDED_COUNTRIES } from '../../../core/cascade/processors';
import type { CardListenResponse, CardProcessor, ProcessorReplyWire, ZoomSessionResponse } from '../../../core/contract';
import { IN_FLIGHT_STATUSES } from '../../db/migrations/015_card_hardening';
import type { CardAttemptRow, CardAttemptStatus, CardPaymentRow } from '../../db/schema-card';
import type { DbOrTx } from '../ledger';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/values';
import type { ProcessorAnswer } from '../ports';
import { applyAnswer } from './answers';
import { BLOCKED_MESSAGE } from './cards';
import { clock, isProcessor, scenarioOf, type PaymentDeps } from './deps';
import { renderReply } from './dialects';
import { fraudFlags } from './fraud-check';
import { attemptOf, cardBlocked, cardOf, chargeOf, ownAttempt, ownPayment, ownPaymentWithAttempt, paymentView, viewOf } from './records';
import { settleVoid } from './voids';
import { Refusal } from '../refusal';

const IN_FLIGHT: readonly CardAttemptStatus[] = IN_FLIGHT_STATUSES;

/** The session token Zoom's start checks (POST /api/zoom opens it). */
export function zoomToken(payment: Pick<CardPaymentRow, 'id' | 'card_token'>): string {
  return createHash('sha256').update(`zoom:${payment.id}:${payment.card_token}`).digest('hex').slice(0, 32);
}

/** POST /api/zoom: the Zoom payment session of the trader's payment (its card masked, the token its start checks). */
export async function zoomSession(db: DbOrTx, userId: number, paymentId: string): Promise<ZoomSessionResponse> {
  const payment = await db.selectFrom('card_payments').selectAll().where('id', '=', paymentId).where('user_id', '=', userId).executeTakeFirst();
  if (!payment) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
  const card = await db.selectFrom('cards').selectAll().where('token', '=', payment.card_token).executeTakeFirstOrThrow();
  const view = await paymentView(db, userId, payment.id);
  return {
    session: `zs_${payment.id}`,
    amount: view.amount,
    cnu: `${card.first6}******${card.last4}`,
    exp: `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`,
    token: zoomToken(payment),
  };
}

/** The stack's rules, held by the server too (spec 000 §6): PFS never for the 12 countries, VLOAD never for no_vload partners. */
async function checkAllowed(deps: PaymentDeps, userId: number, processor: CardProcessor): Promise<void> {
  if (processor !== 'PFS' && processor !== 'VLOAD') return;
  const user = await deps.db.selectFrom('users').select(['country', 'affs_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const refused =
    (processor === 'PFS' && PFS_EXCLUDED_COUNTRIES.includes(user.country.toUpperCase())) ||
    (processor === 'VLOAD' && user.affs_id !== '' && deps.settings.no_vload.includes(user.affs_id));
  if (refused) throw new Refusal(403, 'card.processor_not_allowed', 'This payment method is not available in your country. Please choose another one.');
}

const inFlightError = () => new Refusal(409, 'card.attempt_in_flight', 'Another payment processor is still working on this payment. Please wait for its answer.');

/**
 * Claims the attempt of (payment, processor) with the payment row locked (SELECT … FOR UPDATE),
 * so concurrent starts of one payment run one after another: a repeat finds its attempt; a paid,
 * stopped or blocked payment, or one with another attempt still in flight, is refused and
 * nothing is written. The partial unique indexes of 015 (one attempt in flight, one approval per
 * payment) hold the same rules for any path that would not lock.
 */
async function claimAttempt(
  deps: PaymentDeps,
  userId: number,
  paymentId: string,
  processor: CardProcessor,
): Promise<{ existing: CardAttemptRow; payment: CardPaymentRow } | { claimed: CardAttemptRow; payment: CardPaymentRow }> {
  return deps.db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('card_payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirstOrThrow();
    const attempts = await trx.selectFrom('card_attempts').selectAll().where('payment_id', '=', paymentId).execute();
    const existing = attempts.find((a) => a.processor === processor);
    if (existing) return { existing, payment };
    if (payment.status === 'approved') throw new Refusal(409, 'card.already_paid', 'This payment is already approved and credited.');
    if (payment.status === 'stopped') throw new Refusal(409, 'card.payment_stopped', 'This payment was declined by the bank. Please start a new deposit.');
    if (attempts.some((a) => IN_FLIGHT.includes(a.status))) throw inFlightError();
    if (await cardBlocked(trx, userId, await cardOf(trx, payment.card_token))) throw new Refusal(409, 'card.blocked', BLOCKED_MESSAGE);
    const claimed = await trx
      .insertInto('card_attempts')
      .values({ payment_id: payment.id, user_id: userId, processor, seq: attempts.length, uid: `tx_${randomBytes(12).toString('hex')}`, status: 'pending' })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (payment.status === 'created') await trx.updateTable('card_payments').set({ status: 'processing', updated_at: clock(deps) }).where('id', '=', payment.id).execute();
    return { claimed, payment };
  });
}

/**
 * A processor's start (spec 000 §7). Keyed by (payment, processor): the first call claims the
 * attempt and asks the processor once; every repeat (double click, retry, reload) answers that
 * same attempt and never charges again. One attempt of a payment is in flight at a time
 * (claimAttempt): concurrent starts on other processors are refused, never charged.
 */
export async function startAttempt(
  deps: PaymentDeps,
  userId: number,
  processor: CardProcessor,
  req: { id: string; token?: string },
): Promise<ProcessorReplyWire> {
  const { db } = deps;
  const payment = await ownPayment(db, userId, req.id);
  if (processor === 'FRAUD') {
    const flags = await fraudFlags(db, userId, await cardOf(db, payment.card_token), scenarioOf(payment.scenario), clock(deps));
    return { proc: 'FRAUD', ...(flags ?? {}) };
  }
  const existing = await db.selectFrom('card_attempts').selectAll().where('payment_id', '=', payment.id).where('processor', '=', processor).executeTakeFirst();
  if (existing) return renderReply(viewOf(existing, payment));
  await checkAllowed(deps, userId, processor);

  let claim: Awaited<ReturnType<typeof claimAttempt>>;
  try {
    claim = await claimAttempt(deps, userId, payment.id, processor);
  } catch (error) {
    if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    // an index of 015 refused a second claim the lock did not serialise: the same processor's is this start's attempt
    const other = await db.selectFrom('card_attempts').selectAll().where('payment_id', '=', payment.id).where('processor', '=', processor).executeTakeFirst();
    if (other) return renderReply(viewOf(other, payment));
    throw inFlightError();
  }
  if ('existing' in claim) return renderReply(viewOf(claim.existing, claim.payment));
  const { claimed } = claim;

  let answer: ProcessorAnswer;
  if (processor === 'ZOOM' && req.token !== undefined && req.token !== zoomToken(payment)) answer = { kind: 'tokenError' };
  else {
    try {
      answer = await deps.gateway.start(processor, await chargeOf(db, payment, claimed));
    } catch {
      // the processor did not answer: the attempt stays pending; a listen asks again
      answer = { kind: 'pending' };
    }
  }
  const { attempt, payment: after } = await applyAnswer(deps, payment.id, claimed.uid, answer, ['pending']);
  return renderReply(viewOf(attempt, after));
}

/** POST /api/card/listen/{proc}: the attempt's state; a pending one is checked with the processor. */
export async function listenAttempt(deps: PaymentDeps, userId: number, processor: CardProcessor, paymentId: string): Promise<CardListenResponse> {
  // one round trip while nothing is pending (the listen page polls this)
  const { payment, attempt } = await ownPaymentWithAttempt(deps.db, userId, paymentId, processor);
  return listenLoaded(deps, processor, payment, attempt);
}

/** listenAttempt once the payment and its attempt are read (the route reads them with the session: paymentWithAttemptInSession). */
export async function listenLoaded(deps: PaymentDeps, processor: CardProcessor, payment: CardPaymentRow, attempt: CardAttemptRow | undefined): Promise<CardListenResponse> {
  const { db } = deps;
  if (!attempt) return { found: false };
  if (attempt.status === 'voided') return { found: true, reply: renderReply(viewOf(await settleVoid(deps, attempt.uid), payment)) };
  if (attempt.status !== 'pending') return { found: true, reply: renderReply(viewOf(attempt, payment)) };
  let answer: ProcessorAnswer;
  try {
    answer = await deps.gateway.check(processor, await chargeOf(db, payment, attempt), attempt.checks);
  } catch {
    answer = { kind: 'pending' };
  }
  const after = await applyAnswer(deps, payment.id, attempt.uid, answer, ['pending'], true);
  return { found: true, reply: renderReply(viewOf(after.attempt, after.payment)) };
}

/** The trader finished a processor's page or dialog (approve false: cancelled). A repeat changes nothing. */
export async function completeAttempt(deps: PaymentDeps, userId: number, uid: string, result: { approve: boolean; cvv?: string }): Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow }> {
  const { attempt, payment } = await ownAttempt(deps.db, userId, uid);
  if (attempt.status !== 'redirect' && attempt.status !== 'dialog') return { attempt, payment };
  const processor = isProcessor(attempt.processor) ? attempt.processor : 'VLOAD';
  let answer: ProcessorAnswer;
  try {
    answer = await deps.gateway.complete(processor, await chargeOf(deps.db, payment, attempt), result);
  } catch {
    answer = { kind: 'pending' };
  }
  return applyAnswer(deps, payment.id, uid, answer, ['redirect', 'dialog']);
}

/** Entropay: the trader rejected its dialog; the cascade moves on. */
export async function rejectEntropay(deps: PaymentDeps, userId: number, paymentId: string): Promise<void> {
  const { attempt, payment } = await attemptOf(deps.db, userId, paymentId, 'ENTROPAY');
  await applyAnswer(deps, payment.id, attempt.uid, { kind: 'declined', code: 'rejected', message: 'The card holder rejected Entropay' }, ['dialog']);
}
