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
import { attemptOf, cardBlocked, cardOf, chargeOf, ownAttempt, ownPayment, ownPaymentWithAttempt, paymentView, viewOf, type ListenAttempt, type ListenPayment } from './records';
import { settleVoid, UNREACHABLE_PREFIX, VOID_PENDING } from './voids';
import { Refusal } from '../refusal';
import { PROCESSOR_HEALTH } from '../settings';
import { admit, ProcessorTimeout, recordOutcome, recordSkip, withinTimeout } from './health';

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

/** 503: the processor is unhealthy (issue 32 §4): the card was not sent; the cascade tries the next one. */
export const unavailableError = (processor: CardProcessor) =>
  new Refusal(503, 'card.processor_unavailable', `${processor} is temporarily unavailable: the card was not sent to it. The next processor is tried.`, { params: { processor } });
/** 502: the processor did not answer the start (a timeout or a 5xx): the attempt was reversed; the cascade tries the next one. */
export const unreachableError = (processor: CardProcessor) =>
  new Refusal(502, 'card.processor_unreachable', `${processor} did not answer: this attempt was cancelled and will not be charged. The next processor is tried.`, { params: { processor } });
/** an attempt given up because its start failed in transport (unreachableError), whose repeat answers the same */
const isUnreachable = (attempt: CardAttemptRow): boolean => attempt.status === 'voided' && attempt.message.startsWith(UNREACHABLE_PREFIX);

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
  if (existing && isUnreachable(existing)) throw unreachableError(processor);
  if (existing) return renderReply(viewOf(existing, payment));
  await checkAllowed(deps, userId, processor);
  const rules = deps.health ?? PROCESSOR_HEALTH;
  if ((await admit(db, processor, clock(deps), rules)) === 'skip') {
    await recordSkip(db, processor, clock(deps), rules);
    throw unavailableError(processor);
  }

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
  if ('existing' in claim) {
    if (isUnreachable(claim.existing)) throw unreachableError(processor);
    return renderReply(viewOf(claim.existing, claim.payment));
  }
  const { claimed } = claim;

  let answer: ProcessorAnswer;
  if (processor === 'ZOOM' && req.token !== undefined && req.token !== zoomToken(payment)) answer = { kind: 'tokenError' };
  else {
    const charge = await chargeOf(db, payment, claimed);
    try {
      answer = await withinTimeout(processor, deps.gateway.start(processor, charge), rules.startTimeoutMs);
    } catch (error) {
      // no answer in time, or a 5xx: counted toward the processor's health; the attempt is given
      // up and reversed (its uid is the processor's idempotency key: a charge it made anyway is voided)
      const kind = error instanceof ProcessorTimeout ? 'timeout' : 'server_error';
      await recordOutcome(db, processor, { kind }, clock(deps), rules);
      await giveUp(deps, claimed.uid, kind);
      throw unreachableError(processor);
    }
    await recordOutcome(db, processor, answer.kind === 'declined' ? { kind: 'declined', code: answer.code } : { kind: 'answered' }, clock(deps), rules);
  }
  const { attempt, payment: after } = await applyAnswer(deps, payment.id, claimed.uid, answer, ['pending']);
  return renderReply(viewOf(attempt, after));
}

/**
 * A start that failed in transport: the attempt leaves the in-flight states as `voided` (so the
 * next processor may start, and it is no decline toward the trader's fail limit) and the
 * processor is asked to reverse it (settleVoid: confirmed or retried on a listen). Never credited:
 * only an `approved` attempt credits, and a late approval of this uid is not recorded (the
 * attempt is no longer pending); the payment's one-approval index holds for the rest.
 */
async function giveUp(deps: PaymentDeps, uid: string, kind: 'timeout' | 'server_error'): Promise<void> {
  const marked = await deps.db
    .updateTable('card_attempts')
    .set({ status: 'voided', code: VOID_PENDING, message: `${UNREACHABLE_PREFIX} (${kind === 'timeout' ? 'timeout' : '5xx'})`, updated_at: clock(deps) })
    .where('uid', '=', uid)
    .where('status', '=', 'pending')
    .returning('uid')
    .executeTakeFirst();
  if (marked) await settleVoid(deps, uid);
}

/** POST /api/card/listen/{proc}: the attempt's state; a pending one is checked with the processor. */
export async function listenAttempt(deps: PaymentDeps, userId: number, processor: CardProcessor, paymentId: string): Promise<CardListenResponse> {
  // one round trip while nothing is pending (the listen page polls this)
  const { payment, attempt } = await ownPaymentWithAttempt(deps.db, userId, paymentId, processor);
  return listenLoaded(deps, processor, payment, attempt);
}

async function listenLoaded(deps: PaymentDeps, processor: CardProcessor, payment: CardPaymentRow, attempt: CardAttemptRow | undefined): Promise<CardListenResponse> {
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

/**
 * The polled listen once its select read what a settled attempt is answered from
 * (paymentWithAttemptInSession): a pending or voided attempt goes on as listenAttempt, from the whole rows.
 */
export async function listenPolled(deps: PaymentDeps, userId: number, processor: CardProcessor, payment: ListenPayment, attempt: ListenAttempt | undefined): Promise<CardListenResponse> {
  if (!attempt) return { found: false };
  if (attempt.status === 'pending' || attempt.status === 'voided') return listenAttempt(deps, userId, processor, payment.id);
  return { found: true, reply: renderReply(viewOf(attempt, payment)) };
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
