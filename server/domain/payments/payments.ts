import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DO_NOT_HONOR, hardDeclineKey } from '../../../core/cascade/classify';
import { PFS_EXCLUDED_COUNTRIES } from '../../../core/cascade/processors';
import {
  CardProcessor,
  SandboxScenario,
  type CardListenResponse,
  type CardPaymentView,
  type FraudCheckRequest,
  type FraudCheckResponse,
  type ProcessorReplyWire,
  type Settings,
} from '../../../core/contract';
import type { Db } from '../../db';
import { IN_FLIGHT_STATUSES } from '../../db/migrations/015_card_hardening';
import type { CardAttemptRow, CardAttemptStatus, CardPaymentRow, CardRow } from '../../db/schema-card';
import { PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import type { Charge, ProcessorAnswer, ProcessorGateway, VoidAnswer } from '../ports';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import { isDemoEmail } from '../users';
import { BLOCKED_MESSAGE, fingerprintBlocked } from './cards';
import { renderReply, type AttemptView } from './dialects';
import { PaymentError } from './errors';

/** Card transactions a trader may start per UTC day (spec 000 §9); the CHECK of card_day_counts holds the same number. */
export const DAILY_CARD_LIMIT = 3;
/** Declined processor attempts in 24 hours after which the fraud check answers fail_limit. */
export const FAIL_LIMIT = 10;
export const FAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The largest card deposit accepted. */
export const MAX_CARD_DEPOSIT = '100000';
/** Issuer codes that block the card: pick-up, lost, stolen, suspected fraud. */
const BLOCKING_CODES = ['04', '07', '41', '43', '59'];
/** Of those, the card itself is gone (pick-up, lost, stolen): blocked for every account, not only this trader's. */
const CARD_GONE_CODES = ['04', '07', '41', '43'];
const IN_FLIGHT: readonly CardAttemptStatus[] = IN_FLIGHT_STATUSES;
const VOID_PENDING = 'void_pending';
const VOIDED_MESSAGE = 'Voided: this payment was already approved through another attempt';
const REASON_MESSAGE = 'Sandbox: the risk rules refused this payment (scripted reason). Please choose another method.';

export interface PaymentEvents {
  paymentUpdated(userId: number, paymentId: string, status: string): void;
  userUpdated(userId: number): void;
}

export interface PaymentDeps {
  db: Db;
  gateway: ProcessorGateway;
  settings: Settings;
  siteHost: string;
  events: PaymentEvents;
  now?: () => Date;
}

const clock = (deps: PaymentDeps): Date => deps.now?.() ?? new Date();
const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
const isScenario = (s: string): s is SandboxScenario => (SandboxScenario.options as readonly string[]).includes(s);
const scenarioOf = (s: string): SandboxScenario => (isScenario(s) ? s : 'approved');
const isProcessor = (s: string): s is CardProcessor => (CardProcessor.options as readonly string[]).includes(s);

/** The minimum card deposit of a user (001 §9): the user's own md, US/CA's shown minimum, else the setting. */
export function minDepositOf(user: { md: string; country: string }, settings: Settings): string {
  if (/^\d{1,12}(\.\d{1,2})?$/.test(user.md)) return user.md;
  if (user.country === 'US' || user.country === 'CA') return settings.usCaMinShown;
  return settings.minDeposit;
}
export const isFixedCountry = (country: string): boolean => country === 'US' || country === 'CA';

async function ownPayment(db: DbOrTx, userId: number, id: string): Promise<CardPaymentRow> {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await db.selectFrom('card_payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst() : undefined;
  if (!row) throw new PaymentError(404, 'card.payment_not_found', 'There is no such payment.');
  return row;
}

async function cardOf(db: DbOrTx, token: string): Promise<CardRow> {
  return db.selectFrom('cards').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
}

async function declinedRecently(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('card_attempts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'declined')
    .where('created_at', '>', new Date(now.getTime() - FAIL_WINDOW_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A card is blocked for a trader by its token (before fingerprints) or by a block on its fingerprint. */
async function cardBlocked(db: DbOrTx, userId: number, card: CardRow): Promise<boolean> {
  return card.blocked || (await fingerprintBlocked(db, userId, card.fingerprint));
}

/** The fraud flags for a card and scenario (spec 000 §4: fail_limit, day_limit, bad_card, reason), or null when clean. */
async function fraudFlags(db: DbOrTx, userId: number, card: CardRow, scenario: SandboxScenario, now: Date): Promise<FraudCheckResponse | null> {
  if (scenario === 'fail_limit' || (await declinedRecently(db, userId, now)) >= FAIL_LIMIT) return { fail_limit: true };
  if (scenario === 'bad_card' || (await cardBlocked(db, userId, card))) return { bad_card: true };
  if (scenario === 'reason') return { reason: true, message: REASON_MESSAGE };
  return null;
}

class DayLimit extends Error {}

function sameAmount(amount: string, currency: string, minor: bigint): boolean {
  try {
    return parseMoney(amount, currency) === minor;
  } catch {
    return false;
  }
}

/**
 * POST /api/fraud/card: the first call of a deposit. Flags stop it; otherwise the payment is
 * created under the client's key (the same key again returns the same payment, counted once)
 * and counted toward the daily limit, which the database's CHECK enforces under concurrency.
 */
export async function fraudCheck(deps: PaymentDeps, userId: number, req: FraudCheckRequest): Promise<FraudCheckResponse> {
  const { db, settings } = deps;
  const now = clock(deps);
  const existing = await db
    .selectFrom('card_payments')
    .select(['id', 'card_token', 'amount_minor', 'currency'])
    .where('user_id', '=', userId)
    .where('idem_key', '=', req.key)
    .executeTakeFirst();
  if (existing) {
    // the same key is the same deposit: another card or amount under it is a client bug, not a retry
    const same = existing.card_token === req.card && sameAmount(req.amount, existing.currency, toBigInt(existing.amount_minor));
    if (!same) throw new PaymentError(409, 'card.key_reused', 'This deposit was already started with another card or amount. Please press Deposit again.');
    return { payment: existing.id };
  }

  const card = await db.selectFrom('cards').selectAll().where('token', '=', req.card).where('user_id', '=', userId).executeTakeFirst();
  if (!card) throw new PaymentError(404, 'card.not_found', 'This card is not saved. Please enter it again.', { card: 'card.not_found' });
  const user = await db.selectFrom('users').select(['email', 'md', 'country', 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (isDemoEmail(user.email, deps.siteHost)) throw new PaymentError(403, 'card.demo', 'This is a DEMO account: card deposits are not available on it.');
  if (user.current_account_id === null) throw new PaymentError(409, 'card.no_account', 'Choose an account to fund first.');
  const account = await db.selectFrom('accounts').select(['id', 'currency', 'type']).where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (req.currency !== undefined && req.currency !== account.currency) {
    throw new PaymentError(400, 'card.currency', `The account is in ${account.currency}; reload the page.`, { currency: 'card.currency' });
  }
  let amountMinor: bigint;
  try {
    amountMinor = parseMoney(req.amount, account.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new PaymentError(400, 'card.amount', 'Please enter a valid amount.', { amount: 'card.amount' });
    throw error;
  }
  if (isFixedCountry(user.country)) {
    if (amountMinor !== parseMoney(settings.usCaFixedAmount, account.currency)) {
      throw new PaymentError(400, 'card.fixed_amount', `The card deposit amount is ${settings.usCaFixedAmount}.`, { amount: 'card.fixed_amount' });
    }
  } else {
    const min = minDepositOf(user, settings);
    if (amountMinor < parseMoney(min, account.currency)) throw new PaymentError(400, 'card.min_deposit', `Wrong amount! Min deposit ${min}`, { amount: 'card.min_deposit' });
  }
  if (amountMinor > parseMoney(MAX_CARD_DEPOSIT, account.currency)) {
    throw new PaymentError(400, 'card.max_deposit', `The largest card deposit is ${MAX_CARD_DEPOSIT}.`, { amount: 'card.max_deposit' });
  }

  const next = await db.selectFrom('card_sandbox_next').select('scenario').where('user_id', '=', userId).executeTakeFirst();
  const scenario = scenarioOf(next?.scenario ?? card.scenario);
  const flags = await fraudFlags(db, userId, card, scenario, now);
  if (flags) {
    if (next) await db.deleteFrom('card_sandbox_next').where('user_id', '=', userId).execute();
    return flags;
  }

  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('card_payments')
        .values({
          id: randomUUID(),
          user_id: userId,
          idem_key: req.key,
          card_token: card.token,
          amount_minor: amountMinor,
          currency: account.currency,
          credit_account_id: account.id,
          fixed: req.fixed,
          bonus: req.bonus && !req.fixed,
          promo: req.promo ?? '',
          scenario,
          day: utcDay(now),
          credit_tx_id: null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const again = await trx.selectFrom('card_payments').select('id').where('user_id', '=', userId).where('idem_key', '=', req.key).executeTakeFirstOrThrow();
        return { payment: again.id };
      }
      try {
        await trx
          .insertInto('card_day_counts')
          .values({ user_id: userId, day: utcDay(now), count: 1 })
          .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ count: sql`card_day_counts.count + 1` }))
          .execute();
      } catch (error) {
        if (pgErrorCode(error) === PG_CHECK_VIOLATION) throw new DayLimit();
        throw error;
      }
      await trx.deleteFrom('card_sandbox_next').where('user_id', '=', userId).execute();
      return { payment: inserted.id };
    });
  } catch (error) {
    if (error instanceof DayLimit) return { day_limit: true };
    throw error;
  }
}

/**
 * A voided attempt answers what happened to its payment: approved (through the attempt that was
 * credited), else a decline with code `voided` so the cascade moves on.
 */
function replyStatus(attempt: CardAttemptRow, payment: CardPaymentRow): Exclude<CardAttemptStatus, 'voided'> {
  if (attempt.status !== 'voided') return attempt.status;
  return payment.status === 'approved' ? 'approved' : 'declined';
}

function viewOf(attempt: CardAttemptRow, payment: CardPaymentRow): AttemptView {
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

async function chargeOf(db: DbOrTx, payment: CardPaymentRow, attempt: Pick<CardAttemptRow, 'uid' | 'seq'>): Promise<Charge> {
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

/** The session token Zoom's start checks (POST /api/zoom opens it). */
export function zoomToken(payment: Pick<CardPaymentRow, 'id' | 'card_token'>): string {
  return createHash('sha256').update(`zoom:${payment.id}:${payment.card_token}`).digest('hex').slice(0, 32);
}

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
 * Asks the processor to void an attempt recorded as `voided` / `void_pending` and records its
 * answer: code `voided` once confirmed; otherwise the code stays and the next listen asks again
 * (the processor's void is idempotent per uid). Never touches the ledger.
 */
async function settleVoid(deps: PaymentDeps, uid: string): Promise<CardAttemptRow> {
  const { db } = deps;
  const attempt = await db.selectFrom('card_attempts').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  if (attempt.status !== 'voided' || attempt.code !== VOID_PENDING) return attempt;
  const payment = await db.selectFrom('card_payments').selectAll().where('id', '=', attempt.payment_id).executeTakeFirstOrThrow();
  let answer: VoidAnswer;
  try {
    answer = await deps.gateway.void(isProcessor(attempt.processor) ? attempt.processor : 'VLOAD', await chargeOf(db, payment, attempt));
  } catch {
    answer = { kind: 'failed', message: 'The processor did not answer the void' };
  }
  const set = answer.kind === 'voided' ? { code: 'voided', message: VOIDED_MESSAGE } : { message: `Void not confirmed yet: ${answer.message}`.slice(0, 200) };
  return db
    .updateTable('card_attempts')
    .set({ ...set, updated_at: clock(deps) })
    .where('uid', '=', uid)
    .where('code', '=', VOID_PENDING)
    .returningAll()
    .executeTakeFirst()
    .then((row) => row ?? attempt);
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
async function applyAnswer(
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
    if (!from.includes(attempt.status)) return { attempt, payment, changed: false, credited: false, voids: false };
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
      const house = await houseAccount(trx, payment.currency);
      const tx = await transfer(trx, {
        kind: 'deposit',
        idempotencyKey: `card-payment:${payment.id}`,
        debitAccountId: house,
        creditAccountId: payment.credit_account_id,
        amountMinor: toBigInt(payment.amount_minor),
        currency: payment.currency,
        meta: { method: 'card', payment: payment.id, processor: attempt.processor, uid: attempt.uid },
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
      }
    }
    const changed = updated.status !== attempt.status || updated.code !== attempt.code;
    return { attempt: updated, payment: paymentNow, changed, credited, voids };
  });
  if (result.changed) deps.events.paymentUpdated(result.payment.user_id, result.payment.id, replyStatus(result.attempt, result.payment));
  if (result.credited) deps.events.userUpdated(result.payment.user_id);
  if (result.voids) return { attempt: await settleVoid(deps, uid), payment: result.payment };
  return result;
}

/** The stack's rules, held by the server too (spec 000 §6): PFS never for the 12 countries, VLOAD never for no_vload partners. */
async function checkAllowed(deps: PaymentDeps, userId: number, processor: CardProcessor): Promise<void> {
  if (processor !== 'PFS' && processor !== 'VLOAD') return;
  const user = await deps.db.selectFrom('users').select(['country', 'affs_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const refused =
    (processor === 'PFS' && PFS_EXCLUDED_COUNTRIES.includes(user.country.toUpperCase())) ||
    (processor === 'VLOAD' && user.affs_id !== '' && deps.settings.no_vload.includes(user.affs_id));
  if (refused) throw new PaymentError(403, 'card.processor_not_allowed', 'This payment method is not available in your country. Please choose another one.');
}

const inFlightError = () => new PaymentError(409, 'card.attempt_in_flight', 'Another payment processor is still working on this payment. Please wait for its answer.');

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
    if (payment.status === 'approved') throw new PaymentError(409, 'card.already_paid', 'This payment is already approved and credited.');
    if (payment.status === 'stopped') throw new PaymentError(409, 'card.payment_stopped', 'This payment was declined by the bank. Please start a new deposit.');
    if (attempts.some((a) => IN_FLIGHT.includes(a.status))) throw inFlightError();
    if (await cardBlocked(trx, userId, await cardOf(trx, payment.card_token))) throw new PaymentError(409, 'card.blocked', BLOCKED_MESSAGE);
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
  const { db } = deps;
  const payment = await ownPayment(db, userId, paymentId);
  const attempt = await db.selectFrom('card_attempts').selectAll().where('payment_id', '=', payment.id).where('processor', '=', processor).executeTakeFirst();
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

/** An attempt by its transaction id, checked against its owner (the hosted pages name it). */
export async function ownAttempt(db: DbOrTx, userId: number, uid: string): Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow; card: CardRow }> {
  const attempt = /^tx_[0-9a-f]{24}$/.test(uid) ? await db.selectFrom('card_attempts').selectAll().where('uid', '=', uid).where('user_id', '=', userId).executeTakeFirst() : undefined;
  if (!attempt) throw new PaymentError(404, 'card.payment_not_found', 'There is no such payment.');
  const payment = await ownPayment(db, userId, attempt.payment_id);
  return { attempt, payment, card: await cardOf(db, payment.card_token) };
}

/** The attempt of a payment with a processor, checked against its owner. */
export async function attemptOf(db: DbOrTx, userId: number, paymentId: string, processor: CardProcessor): Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow; card: CardRow }> {
  const payment = await ownPayment(db, userId, paymentId);
  const attempt = await db.selectFrom('card_attempts').selectAll().where('payment_id', '=', payment.id).where('processor', '=', processor).executeTakeFirst();
  if (!attempt) throw new PaymentError(404, 'card.payment_not_found', 'There is no such payment.');
  return { attempt, payment, card: await cardOf(db, payment.card_token) };
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
