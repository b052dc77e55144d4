import { formatMoney } from '../../../core/money';
import type { CardPaymentView, CardProcessor, SandboxScenario } from '../../../core/contract';
import type { CardAttemptRow, CardAttemptStatus, CardPaymentRow, CardRow } from '../../db/schema-card';
import { toBigInt } from '../../db/values';
import { sql } from 'kysely';
import type { SessionRow } from '../../db/schema';
import type { DbOrTx } from '../ledger';
import { compiledOnce } from '../../db/compiled-once';
import { liveSession, splitSession } from '../sessions';
import type { Charge } from '../ports';
import { fingerprintBlocked } from './cards';
import { isProcessor, scenarioOf, utcDay } from './deps';
import type { AttemptView } from './dialects';
import { Refusal } from '../refusal';

// A card payment's rows as its owner may see them (the payment, its card, its attempts), the
// charge a processor is asked for, and the attempt as the front end sees it.

export async function ownPayment(db: DbOrTx, userId: number, id: string): Promise<CardPaymentRow> {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await db.selectFrom('card_payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst() : undefined;
  if (!row) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
  return row;
}

const ATTEMPT_COLUMNS = [
  'a.id as a_id',
  'a.payment_id as a_payment_id',
  'a.user_id as a_user_id',
  'a.processor as a_processor',
  'a.seq as a_seq',
  'a.uid as a_uid',
  'a.status as a_status',
  'a.code as a_code',
  'a.message as a_message',
  'a.checks as a_checks',
  'a.created_at as a_created_at',
  'a.updated_at as a_updated_at',
] as const;

type Nullable<T> = { [K in keyof T]: T[K] | null };
type AttemptColumns = Nullable<{ [K in keyof CardAttemptRow as `a_${K & string}`]: CardAttemptRow[K] }>;

/** the attempt of a left-joined row (a_ columns), undefined when none joined */
function splitAttempt<R extends AttemptColumns>(row: R): { attempt: CardAttemptRow | undefined; rest: Omit<R, keyof AttemptColumns> } {
  const { a_id, a_payment_id, a_user_id, a_processor, a_seq, a_uid, a_status, a_code, a_message, a_checks, a_created_at, a_updated_at, ...rest } = row;
  const attempt =
    a_id === null || a_payment_id === null || a_user_id === null || a_processor === null || a_seq === null || a_uid === null || a_status === null || a_code === null || a_message === null || a_checks === null || a_created_at === null || a_updated_at === null
      ? undefined
      : { id: a_id, payment_id: a_payment_id, user_id: a_user_id, processor: a_processor, seq: a_seq, uid: a_uid, status: a_status, code: a_code, message: a_message, checks: a_checks, created_at: a_created_at, updated_at: a_updated_at };
  return { attempt, rest };
}

/**
 * The trader's payment and its attempt with `processor` (undefined when that processor was never
 * started) in one round trip: POST /api/card/listen is polled. 404 as ownPayment.
 */
export async function ownPaymentWithAttempt(db: DbOrTx, userId: number, id: string, processor: string): Promise<{ payment: CardPaymentRow; attempt: CardAttemptRow | undefined }> {
  const row = /^[0-9a-f-]{36}$/.test(id)
    ? await db
        .selectFrom('card_payments as p')
        .leftJoin('card_attempts as a', (join) => join.onRef('a.payment_id', '=', 'p.id').on('a.processor', '=', processor))
        .selectAll('p')
        .select(ATTEMPT_COLUMNS)
        .where('p.id', '=', id)
        .where('p.user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
  const { attempt, rest: payment } = splitAttempt(row);
  return { payment, attempt };
}

/**
 * What the polled listen answers from (viewOf): the payment's id, status and amount, the attempt's
 * processor, uid, status and message. A pending or voided attempt is then read whole
 * (listenAttempt); a settled one, what every poll after the end sees, never is: fewer columns per
 * poll is less for the database to send and the driver to parse.
 */
export type ListenPayment = Pick<CardPaymentRow, 'id' | 'status' | 'amount_minor' | 'currency'>;
export type ListenAttempt = Pick<CardAttemptRow, 'uid' | 'processor' | 'status' | 'code' | 'message'>;
const LISTEN_COLUMNS = ['p.id', 'p.status', 'p.amount_minor', 'p.currency', 'a.uid as a_uid', 'a.processor as a_processor', 'a.status as a_status', 'a.code as a_code', 'a.message as a_message'] as const;

/**
 * The live session of `sessionId` and, when it is signed in, what the listen answers from of its
 * user's payment `id` and the attempt at `processor`, in one select (the listen poll's only round
 * trip once the attempt is settled). undefined: no live session; payment undefined: not this
 * user's (or no such) payment.
 */
const paymentInSession = compiledOnce((db, sessionId: string, now: Date, id: string, processor: string) =>
  liveSession(db, sessionId, now)
    .leftJoin('card_payments as p', (join) => join.onRef('p.user_id', '=', 's.user_id').on('p.id', '=', id))
    .leftJoin('card_attempts as a', (join) => join.onRef('a.payment_id', '=', 'p.id').on('a.processor', '=', processor))
    .select(LISTEN_COLUMNS),
);

export async function paymentWithAttemptInSession(
  db: DbOrTx,
  sessionId: string,
  id: string,
  processor: string,
): Promise<{ session: SessionRow; payment: ListenPayment | undefined; attempt: ListenAttempt | undefined } | undefined> {
  // an id that cannot be one finds no payment (a join on false): the rare shape, not compiled once
  const row = /^[0-9a-f-]{36}$/.test(id)
    ? (await paymentInSession(db, sessionId, new Date(), id, processor))[0]
    : await liveSession(db, sessionId, new Date())
        .leftJoin('card_payments as p', (join) => join.on(sql<boolean>`false`))
        .leftJoin('card_attempts as a', (join) => join.onRef('a.payment_id', '=', 'p.id').on('a.processor', '=', processor))
        .select(LISTEN_COLUMNS)
        .executeTakeFirst();
  if (!row) return undefined;
  const { session, rest } = splitSession(row);
  const { id: paymentId, status, amount_minor, currency, a_uid, a_processor, a_status, a_code, a_message } = rest;
  return {
    session,
    payment: paymentId === null || status === null || amount_minor === null || currency === null ? undefined : { id: paymentId, status, amount_minor, currency },
    attempt: a_uid === null || a_processor === null || a_status === null || a_code === null || a_message === null ? undefined : { uid: a_uid, processor: a_processor, status: a_status, code: a_code, message: a_message },
  };
}

export async function cardOf(db: DbOrTx, token: string): Promise<CardRow> {
  return db.selectFrom('cards').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
}

/** A card is blocked for a trader by its token (before fingerprints) or by a block on its fingerprint. */
export async function cardBlocked(db: DbOrTx, userId: number, card: CardRow): Promise<boolean> {
  return card.blocked || (await fingerprintBlocked(db, userId, card.fingerprint));
}

/**
 * A voided attempt answers what happened to its payment: approved (through the attempt that was
 * credited), else a decline with code `voided` so the cascade moves on.
 */
export function replyStatus(attempt: Pick<CardAttemptRow, 'status'>, payment: Pick<CardPaymentRow, 'status'>): Exclude<CardAttemptStatus, 'voided'> {
  if (attempt.status !== 'voided') return attempt.status;
  return payment.status === 'approved' ? 'approved' : 'declined';
}

export function viewOf(attempt: ListenAttempt, payment: ListenPayment): AttemptView {
  return {
    processor: isProcessor(attempt.processor) ? attempt.processor : 'VLOAD',
    uid: attempt.uid,
    paymentId: payment.id,
    status: replyStatus(attempt, payment),
    code: attempt.code,
    message: attempt.message,
    amount: formatMoney(toBigInt(payment.amount_minor), payment.currency),
  };
}

export async function chargeOf(db: DbOrTx, payment: CardPaymentRow, attempt: Pick<CardAttemptRow, 'uid' | 'seq'>): Promise<Charge> {
  const card = await cardOf(db, payment.card_token);
  return {
    uid: attempt.uid,
    paymentId: payment.id,
    seq: attempt.seq,
    amountMinor: toBigInt(payment.amount_minor),
    currency: payment.currency,
    card: { token: card.token, first6: card.first6, last4: card.last4, brand: card.brand },
    scenario: scenarioOf(payment.scenario),
  };
}

/** An attempt by its transaction id, checked against its owner (the hosted pages name it). */
export async function ownAttempt(db: DbOrTx, userId: number, uid: string): Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow; card: CardRow }> {
  const attempt = /^tx_[0-9a-f]{24}$/.test(uid) ? await db.selectFrom('card_attempts').selectAll().where('uid', '=', uid).where('user_id', '=', userId).executeTakeFirst() : undefined;
  if (!attempt) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
  const payment = await ownPayment(db, userId, attempt.payment_id);
  return { attempt, payment, card: await cardOf(db, payment.card_token) };
}

/** The attempt of a payment with a processor, checked against its owner. */
export async function attemptOf(db: DbOrTx, userId: number, paymentId: string, processor: CardProcessor): Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow; card: CardRow }> {
  const payment = await ownPayment(db, userId, paymentId);
  const attempt = await db.selectFrom('card_attempts').selectAll().where('payment_id', '=', payment.id).where('processor', '=', processor).executeTakeFirst();
  if (!attempt) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
  return { attempt, payment, card: await cardOf(db, payment.card_token) };
}

/** GET /api/card/payments/{id}. */
export async function paymentView(db: DbOrTx, userId: number, id: string): Promise<CardPaymentView> {
  const payment = await ownPayment(db, userId, id);
  const card = await cardOf(db, payment.card_token);
  const attempts = await db.selectFrom('card_attempts').selectAll().where('payment_id', '=', payment.id).orderBy('seq').execute();
  return {
    id: payment.id,
    status: payment.status,
    amount: formatMoney(toBigInt(payment.amount_minor), payment.currency),
    currency: payment.currency,
    credited: payment.status === 'approved' ? formatMoney(toBigInt(payment.amount_minor), payment.currency) : formatMoney(0n, payment.currency),
    card: { first6: card.first6, last4: card.last4, brand: card.brand },
    attempts: attempts.map((a) => ({ processor: a.processor, status: a.status === 'dialog' ? 'pending' : a.status, code: a.code })),
    createdAt: payment.created_at.toISOString(),
  };
}

/** Card payments a trader started on a UTC day. */
export async function cardsToday(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const row = await db.selectFrom('card_day_counts').select('count').where('user_id', '=', userId).where('day', '=', utcDay(now)).executeTakeFirst();
  return row?.count ?? 0;
}

/** The sandbox control: this user's next payment follows `scenario`. */
export async function scriptNext(db: DbOrTx, userId: number, scenario: SandboxScenario): Promise<void> {
  await db
    .insertInto('card_sandbox_next')
    .values({ user_id: userId, scenario })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ scenario }))
    .execute();
}
