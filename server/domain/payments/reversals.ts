import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { formatMoney, InvalidAmount, isCurrency, parseMoney } from '../../../core/money';
import { isProcessor } from '../../../core/cascade/processors';
import type { ServerEvent } from '../../../core/contract';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import '../../db/schema-reversals';
import type { PaymentReversalRow, ReversalKind, ReversalSource, ReversalStatus } from '../../db/schema-reversals';
import { PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import { userLang } from '../mail';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import type { Messenger, PaymentMethodGateway, PlatformGateway, ProcessorGateway, RefundAnswer } from '../ports';
import { houseAccount, transfer } from '../ledger';
import { debitProtected } from '../protection/negative-balance';
import { freeOnPlatform } from '../platform-mirror/free-funds';
import { Refusal } from '../refusal';
import { chargeOf } from './records';
import { reversalMail } from './reversal-mail';
import type { ReversalBody, ReversalEventType } from './reversal-webhook';

/**
 * Card refunds and chargebacks, and the same events of the wallet providers (issue 32 §2).
 *
 * - A **refund** is asked of the processor by an operator (`requestRefund`: full or partial, at
 *   most what is left of the payment; the request's key makes a repeat ask nothing twice) and
 *   confirmed by the processor's signed webhook `refund.succeeded` (or `refund.failed`).
 * - A **dispute** (chargeback) comes from the processor: `dispute.opened`, then `dispute.won` or
 *   `dispute.lost`. Opening one moves nothing: the processor holds the disputed amount from the
 *   broker, not from the trader, so a won dispute returns nothing because nothing was held; a lost
 *   one debits the trader.
 * - A succeeded refund or a lost dispute debits the trader's account once (the reversal row,
 *   locked, moves from requested/open to succeeded/lost once; the ledger key is `refund:{id}` or
 *   `chargeback:{id}`), through server/domain/protection/negative-balance.ts (never below zero;
 *   the shortfall to the house, a case under review), and reaches the platform through the outbox
 *   in the same transaction. The trader is told (bell and email) and sees the debit in history.
 */

export interface ReversalDeps {
  db: Db;
  platform: PlatformGateway;
  processors: ProcessorGateway;
  /** the wallet providers (their refunds); none: a wallet deposit is refunded from the provider's side only */
  wallets?: PaymentMethodGateway;
  messenger?: Messenger;
  siteUrl: string;
  publish(userId: number, event: ServerEvent): void;
  /** after a debit committed: delivers the outbox now (the worker would within a moment) */
  flush?(): Promise<void>;
  now?: () => Date;
}

const clock = (deps: ReversalDeps): Date => deps.now?.() ?? new Date();

/** The paid deposit a reversal is of: a card payment (its approved attempt's processor) or a wallet deposit. */
interface Paid {
  source: ReversalSource;
  id: string;
  userId: number;
  accountId: number;
  provider: string;
  amountMinor: bigint;
  currency: string;
  /** the deposit's credit (a bonus credited with it names it in its meta) */
  creditTxId: string;
}

async function paidDeposit(db: Db | Transaction<Database>, source: ReversalSource, id: string, lock = false): Promise<Paid | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  if (source === 'card') {
    let q = db.selectFrom('card_payments').selectAll().where('id', '=', id);
    if (lock) q = q.forUpdate();
    const payment = await q.executeTakeFirst();
    if (!payment || payment.status !== 'approved' || payment.credit_tx_id === null) return null;
    const attempt = await db.selectFrom('card_attempts').select('processor').where('payment_id', '=', id).where('status', '=', 'approved').orderBy('seq').executeTakeFirst();
    if (!attempt) return null;
    return { source, id, userId: payment.user_id, accountId: payment.credit_account_id, provider: attempt.processor, amountMinor: toBigInt(payment.amount_minor), currency: payment.currency, creditTxId: payment.credit_tx_id };
  }
  let q = db.selectFrom('method_deposits').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const deposit = await q.executeTakeFirst();
  if (!deposit || deposit.status !== 'paid' || deposit.credit_tx_id === null) return null;
  return { source, id, userId: deposit.user_id, accountId: deposit.account_id, provider: deposit.provider, amountMinor: toBigInt(deposit.amount_minor), currency: deposit.currency, creditTxId: deposit.credit_tx_id };
}

/** What is left of a paid deposit to refund or charge back: its amount less the refunds asked or made and the disputes open or lost. */
async function leftOf(trx: Transaction<Database>, paid: Paid, except?: string): Promise<bigint> {
  let q = trx
    .selectFrom('payment_reversals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | bigint>('amount_minor'), eb.lit(0)).as('sum'))
    .where('source', '=', paid.source)
    .where('source_id', '=', paid.id)
    .where('status', 'in', ['requested', 'succeeded', 'open', 'lost']);
  if (except) q = q.where('id', '<>', except);
  const { sum } = await q.executeTakeFirstOrThrow();
  return paid.amountMinor - toBigInt(sum as string | bigint);
}

// ─── the operator's refund ─────────────────────────────────────────────────────────────────────

export interface RefundAsk {
  source: ReversalSource;
  id: string;
  /** a decimal amount in the payment's currency; empty or absent: all that is left */
  amount?: string;
  /** the request's idempotency key (the console's form carries one per page) */
  key: string;
}

/**
 * An operator refunds all or part of a paid card payment or wallet deposit: the refund is recorded
 * (requested, its key unique: the same key again answers the same refund) and asked of the
 * processor that approved it (or the wallet provider), idempotent by the refund's id. A processor that refuses at once fails it. The
 * money moves when the processor's `refund.succeeded` webhook arrives.
 */
export async function requestRefund(deps: ReversalDeps, ask: RefundAsk): Promise<PaymentReversalRow> {
  if (!/^[A-Za-z0-9_:.-]{8,100}$/.test(ask.key)) throw new Refusal(400, 'refund.key', 'A refund needs an idempotency key of 8 to 100 letters, digits or -_:.');
  const now = clock(deps);
  const byKey = () => deps.db.selectFrom('payment_reversals').selectAll().where('request_key', '=', ask.key).executeTakeFirst();
  const made = await deps.db.transaction().execute(async (trx) => {
    // the payment's row locked first: two asks of one payment (the same key twice at once) take turns
    const paid = await paidDeposit(trx, ask.source, ask.id, true);
    const existing = await trx.selectFrom('payment_reversals').selectAll().where('request_key', '=', ask.key).executeTakeFirst();
    if (existing) return existing;
    if (!paid) throw new Refusal(404, 'refund.payment', 'There is no paid payment with that id.');
    const left = await leftOf(trx, paid);
    let amountMinor = left;
    if (ask.amount !== undefined && ask.amount.trim() !== '') {
      try {
        amountMinor = parseMoney(ask.amount.trim(), paid.currency);
      } catch (error) {
        if (!(error instanceof InvalidAmount)) throw error;
        throw new Refusal(400, 'refund.amount', `The amount is not a ${paid.currency} amount.`);
      }
    }
    if (amountMinor <= 0n || amountMinor > left) {
      throw new Refusal(409, 'refund.too_much', `At most ${formatMoney(left < 0n ? 0n : left, paid.currency)} ${paid.currency} is left to refund of this payment.`);
    }
    return trx
      .insertInto('payment_reversals')
      .values({
        id: randomUUID(),
        kind: 'refund',
        source: paid.source,
        source_id: paid.id,
        user_id: paid.userId,
        account_id: paid.accountId,
        provider: paid.provider,
        request_key: ask.key,
        amount_minor: amountMinor,
        currency: paid.currency,
        status: 'requested',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }).catch(async (error: unknown) => {
    // the same key on another payment at the same moment: the first one stands
    const first = pgErrorCode(error) === PG_UNIQUE_VIOLATION ? await byKey() : undefined;
    if (first) return first;
    throw error;
  });
  const row = made;
  if (row.status !== 'requested' || row.provider_ref !== null) return row;
  // asked of the processor or provider after the commit (a network call holds no lock); again on a repeat of the key until it answered
  const answer = await askRefund(deps, row);
  if (answer.kind === 'refused') return failRequest(deps, row, answer.message);
  const named = await deps.db
    .updateTable('payment_reversals')
    .set({ provider_ref: answer.refundId, updated_at: clock(deps) })
    .where('id', '=', row.id)
    .where('provider_ref', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return named ?? (await deps.db.selectFrom('payment_reversals').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/** the refund asked of the card processor that approved the payment, or of the wallet provider; idempotent by the refund's id */
async function askRefund(deps: ReversalDeps, row: PaymentReversalRow): Promise<RefundAnswer> {
  const request = { key: row.id, amountMinor: toBigInt(row.amount_minor), currency: row.currency };
  if (row.source === 'method') {
    if (!deps.wallets?.refund) return { kind: 'refused', message: 'The provider takes no refunds from us.' };
    const deposit = await deps.db.selectFrom('method_deposits').select(['id', 'provider_tx_id']).where('id', '=', row.source_id).executeTakeFirstOrThrow();
    return deps.wallets.refund(row.provider, { depositId: deposit.id, providerTxId: deposit.provider_tx_id }, request);
  }
  if (!deps.processors.refund || !isProcessor(row.provider)) return { kind: 'refused', message: 'The processor takes no refunds from us.' };
  const payment = await deps.db.selectFrom('card_payments').selectAll().where('id', '=', row.source_id).executeTakeFirstOrThrow();
  const attempt = await deps.db.selectFrom('card_attempts').select(['uid', 'seq']).where('payment_id', '=', row.source_id).where('status', '=', 'approved').orderBy('seq').executeTakeFirstOrThrow();
  return deps.processors.refund(row.provider, await chargeOf(deps.db, payment, attempt), request);
}

async function failRequest(deps: ReversalDeps, row: PaymentReversalRow, reason: string): Promise<PaymentReversalRow> {
  const failed = await deps.db
    .updateTable('payment_reversals')
    .set({ status: 'failed', reason: reason.slice(0, 200), updated_at: clock(deps) })
    .where('id', '=', row.id)
    .where('status', '=', 'requested')
    .returningAll()
    .executeTakeFirst();
  return failed ?? row;
}

// ─── the processor's (or provider's) events ────────────────────────────────────────────────────

export interface EventOutcome {
  reversal: PaymentReversalRow;
  /** this event changed the reversal's status */
  changed: boolean;
  /** minor units debited from the trader by this event */
  debitedMinor: bigint;
  /** minor units negative balance protection covered */
  shortfallMinor: bigint;
}

const KIND_OF: Record<ReversalEventType, ReversalKind> = {
  'refund.succeeded': 'refund',
  'refund.failed': 'refund',
  'dispute.opened': 'dispute',
  'dispute.won': 'dispute',
  'dispute.lost': 'dispute',
};
/** the status an event moves a reversal to, and from which statuses it may */
const MOVES: Record<ReversalEventType, { to: ReversalStatus; from: readonly ReversalStatus[] }> = {
  'refund.succeeded': { to: 'succeeded', from: ['requested', 'failed'] },
  'refund.failed': { to: 'failed', from: ['requested'] },
  'dispute.opened': { to: 'open', from: [] },
  'dispute.won': { to: 'won', from: ['open'] },
  'dispute.lost': { to: 'lost', from: ['open'] },
};
const DEBITS: readonly ReversalEventType[] = ['refund.succeeded', 'dispute.lost'];

/**
 * One verified event of `provider` about a paid deposit of `source`: the event id is taken once
 * (a replay: 409 `webhook.replayed`), the reversal is found by the processor's reference (or, for
 * a refund we asked for whose answer was lost, by its amount; or made: a refund or dispute the
 * processor started), moved once, and a refund that succeeded or a dispute that was lost debits
 * the trader (negative balance protection, the outbox) in the same transaction.
 */
export async function takeReversalEvent(deps: ReversalDeps, source: ReversalSource, provider: string, body: ReversalBody): Promise<EventOutcome> {
  const paymentId = source === 'card' ? body.payment_id : body.deposit_id;
  if (!paymentId) throw new Refusal(400, 'webhook.malformed', source === 'card' ? 'The event names no payment_id.' : 'The event names no deposit_id.');
  const known = await paidDeposit(deps.db, source, paymentId);
  if (!known || known.provider !== provider) throw new Refusal(404, 'webhook.payment', 'There is no such paid payment of this sender.');
  let amountMinor: bigint;
  try {
    if (!isCurrency(body.currency) || body.currency !== known.currency) throw new InvalidAmount('amount.currency', body.currency);
    amountMinor = parseMoney(body.amount, body.currency);
  } catch (error) {
    if (!(error instanceof InvalidAmount)) throw error;
    throw new Refusal(409, 'webhook.mismatch', 'The amount or currency is not the payment’s.');
  }
  if (amountMinor <= 0n) throw new Refusal(409, 'webhook.mismatch', 'The amount or currency is not the payment’s.');
  // what the platform has free, read before the transaction as a withdrawal reads it (503 when it does not answer: the sender retries)
  const free = DEBITS.includes(body.type) ? await freeOnPlatform(deps.db, deps.platform, known.accountId) : null;
  const now = clock(deps);
  const kind = KIND_OF[body.type];
  let outcome: EventOutcome;
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      if (source === 'card') {
        await trx.insertInto('reversal_webhook_events').values({ provider, event_id: body.event_id, type: body.type }).execute();
      } else {
        await trx.insertInto('method_webhook_events').values({ provider, event_id: body.event_id, deposit_id: paymentId, outcome: 'received' }).execute();
      }
      const paid = (await paidDeposit(trx, source, paymentId, true))!;
      let reversal = await trx
        .selectFrom('payment_reversals')
        .selectAll()
        .where('provider', '=', provider)
        .where('kind', '=', kind)
        .where('provider_ref', '=', body.reference)
        .forUpdate()
        .executeTakeFirst();
      if (!reversal && kind === 'refund') {
        // a refund we asked for whose answer (the processor's refund id) was lost on the way
        const asked = await trx
          .selectFrom('payment_reversals')
          .selectAll()
          .where('source', '=', source)
          .where('source_id', '=', paymentId)
          .where('kind', '=', 'refund')
          .where('status', '=', 'requested')
          .where('provider_ref', 'is', null)
          .where('amount_minor', '=', amountMinor.toString())
          .orderBy('created_at')
          .forUpdate()
          .executeTakeFirst();
        if (asked) reversal = await trx.updateTable('payment_reversals').set({ provider_ref: body.reference }).where('id', '=', asked.id).returningAll().executeTakeFirstOrThrow();
      }
      if (!reversal) {
        // started at the processor (a refund from its dashboard, a cardholder's dispute): at most what is left
        if (body.type === 'refund.failed') throw new Refusal(404, 'webhook.reversal', 'There is no such refund.');
        if (amountMinor > (await leftOf(trx, paid))) throw new Refusal(409, 'webhook.too_much', 'The payment has less than that left to refund or charge back.');
        const start: ReversalStatus = kind === 'refund' ? 'requested' : 'open';
        reversal = await trx
          .insertInto('payment_reversals')
          .values({
            id: randomUUID(),
            kind,
            source,
            source_id: paymentId,
            user_id: paid.userId,
            account_id: paid.accountId,
            provider,
            provider_ref: body.reference,
            amount_minor: amountMinor,
            currency: paid.currency,
            status: start,
            reason: (body.reason ?? '').slice(0, 200),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (body.type === 'dispute.opened') {
          await tell(trx, reversal, 'payment.dispute_opened');
          await recordOutcome(trx, source, provider, body.event_id, 'open');
          return { reversal, changed: true, debitedMinor: 0n, shortfallMinor: 0n };
        }
        // a dispute the processor decided at once is taken as opened first
      }
      if (toBigInt(reversal.amount_minor) !== amountMinor) throw new Refusal(409, 'webhook.mismatch', 'The amount is not the refund’s or dispute’s.');
      const move = MOVES[body.type];
      const from: readonly ReversalStatus[] = reversal.status === 'open' && body.type === 'dispute.opened' ? [] : move.from;
      if (!from.includes(reversal.status)) {
        await recordOutcome(trx, source, provider, body.event_id, `unchanged:${reversal.status}`);
        return { reversal, changed: false, debitedMinor: 0n, shortfallMinor: 0n };
      }
      // a refund that failed and then succeeded after all counts again: only if the payment still has that much left
      if (reversal.status === 'failed' && amountMinor > (await leftOf(trx, paid))) throw new Refusal(409, 'webhook.too_much', 'The payment has less than that left to refund or charge back.');
      let debited = 0n;
      let shortfall = 0n;
      let txId: string | null = null;
      if (DEBITS.includes(body.type)) {
        const result = await debitProtected(trx, {
          kind: kind === 'refund' ? 'payment_refund' : 'chargeback',
          key: `${kind === 'refund' ? 'refund' : 'chargeback'}:${reversal.id}`,
          userId: reversal.user_id,
          accountId: reversal.account_id,
          amountMinor,
          currency: reversal.currency,
          reversalId: reversal.id,
          free,
          meta: { method: source === 'card' ? 'card' : paid.provider, [source === 'card' ? 'payment' : 'deposit']: paymentId, processor: provider, reference: body.reference },
        });
        debited = result.debitedMinor;
        shortfall = result.shortfallMinor;
        txId = result.txId;
        // the bonus this deposit earned goes with it, for the share taken back, as far as it is still in the bonus balance
        await takeBackBonus(trx, paid, amountMinor, reversal.id, `${kind === 'refund' ? 'refund' : 'chargeback'}:${reversal.id}:bonus`);
      }
      const moved = await trx
        .updateTable('payment_reversals')
        .set({ status: move.to, updated_at: now, debit_tx_id: txId, debited_minor: debited, shortfall_minor: shortfall, ...(body.reason && { reason: body.reason.slice(0, 200) }) })
        .where('id', '=', reversal.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const kindOfNotice = NOTICE[body.type];
      if (kindOfNotice) await tell(trx, moved, kindOfNotice);
      await recordOutcome(trx, source, provider, body.event_id, move.to);
      return { reversal: moved, changed: true, debitedMinor: debited, shortfallMinor: shortfall };
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new Refusal(409, 'webhook.replayed', 'This event was processed already.');
    throw error;
  }
  // after the commit: a failed email or push must not turn the processor's delivered event into a 500 (a retry would be a replay)
  if (outcome.changed) await announce(deps, outcome).catch(() => undefined);
  return outcome;
}

/**
 * A deposit refunded or charged back takes back the deposit bonus credited with it (its ledger
 * meta names the deposit's credit): the refunded share of that bonus, at most what the bonus balance
 * holds (a bonus already released to the trading account was part of what the debit took). Moved
 * to the house once (its key), as a withdrawal's forfeit is ('bonus_forfeit'); the bonus account
 * is not on the platform.
 */
async function takeBackBonus(trx: Transaction<Database>, paid: Paid, amountMinor: bigint, reversalId: string, key: string): Promise<bigint> {
  const credited = await trx
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.tx_id', 't.id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .select(['a.id as account_id', 'e.amount_minor'])
    .where('t.kind', '=', 'bonus')
    .where(sql<string>`t.meta->>'deposit'`, '=', paid.creditTxId)
    .where('a.type', '=', 'bonus')
    .executeTakeFirst();
  if (!credited) return 0n;
  const share = (toBigInt(credited.amount_minor) * amountMinor) / paid.amountMinor;
  const account = await trx.selectFrom('accounts').select('balance_minor').where('id', '=', credited.account_id).forUpdate().executeTakeFirstOrThrow();
  const balance = toBigInt(account.balance_minor);
  const take = share < balance ? share : balance;
  if (take <= 0n) return 0n;
  await transfer(trx, {
    kind: 'bonus_forfeit',
    idempotencyKey: key,
    debitAccountId: credited.account_id,
    creditAccountId: await houseAccount(trx, paid.currency),
    amountMinor: take,
    currency: paid.currency,
    meta: { reason: 'deposit refunded or charged back', reversal: reversalId },
  });
  return take;
}

const NOTICE: Partial<Record<ReversalEventType, 'payment.refunded' | 'payment.dispute_won' | 'payment.dispute_lost'>> = {
  'refund.succeeded': 'payment.refunded',
  'dispute.won': 'payment.dispute_won',
  'dispute.lost': 'payment.dispute_lost',
};

async function recordOutcome(trx: Transaction<Database>, source: ReversalSource, provider: string, eventId: string, outcome: string): Promise<void> {
  if (source === 'card') await trx.updateTable('reversal_webhook_events').set({ outcome }).where('provider', '=', provider).where('event_id', '=', eventId).execute();
  else await trx.updateTable('method_webhook_events').set({ outcome }).where('provider', '=', provider).where('event_id', '=', eventId).execute();
}

/** the trader's bell, stored with the change (the same reversal and status once) */
async function tell(trx: Transaction<Database>, r: PaymentReversalRow, kind: 'payment.refunded' | 'payment.dispute_opened' | 'payment.dispute_won' | 'payment.dispute_lost'): Promise<void> {
  const shortfall = toBigInt(r.shortfall_minor);
  await notify(trx, {
    userId: r.user_id,
    kind,
    params: {
      amount: formatMoney(toBigInt(r.amount_minor), r.currency),
      currency: r.currency,
      debited: formatMoney(toBigInt(r.debited_minor), r.currency),
      ...(shortfall > 0n && { covered: formatMoney(shortfall, r.currency) }),
    },
    key: notificationKey('reversal', `${r.id}:${r.status}`),
  });
}

/** after the commit: the trader's tabs (balance, bell), the platform now, and the email */
async function announce(deps: ReversalDeps, outcome: EventOutcome): Promise<void> {
  const r = outcome.reversal;
  if (outcome.debitedMinor > 0n) await deps.flush?.().catch(() => undefined);
  deps.publish(r.user_id, { type: 'user.updated' });
  if (r.status === 'failed' || r.status === 'requested') return;
  deps.publish(r.user_id, { type: 'notification.new' });
  if (!deps.messenger) return;
  const user = await deps.db.selectFrom('users').select(['email']).where('id', '=', r.user_id).executeTakeFirst();
  if (!user) return;
  const lang = await userLang(deps.db, r.user_id);
  await deps.messenger.send({ userId: r.user_id, channel: 'email', address: user.email, ...reversalMail(lang, r, deps.siteUrl) });
}

// ─── the console's lists ───────────────────────────────────────────────────────────────────────

export interface PaidView {
  source: ReversalSource;
  id: string;
  email: string;
  provider: string;
  amountMinor: bigint;
  leftMinor: bigint;
  currency: string;
  createdAt: Date;
}

/** The newest paid card payments and wallet deposits (of one trader's email when given), with what is left of each to refund. */
export async function paidDeposits(db: Db, options: { email?: string; limit?: number } = {}): Promise<PaidView[]> {
  const limit = options.limit ?? 30;
  const email = options.email?.trim().toLowerCase();
  let cards = db
    .selectFrom('card_payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('card_attempts as a', (j) => j.onRef('a.payment_id', '=', 'p.id').on('a.status', '=', 'approved'))
    .select(['p.id', 'u.email', 'a.processor as provider', 'p.amount_minor', 'p.currency', 'p.created_at'])
    .where('p.status', '=', 'approved');
  if (email) cards = cards.where('u.email', '=', email);
  let wallets = db
    .selectFrom('method_deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'u.email', 'd.provider', 'd.amount_minor', 'd.currency', 'd.created_at'])
    .where('d.status', '=', 'paid');
  if (email) wallets = wallets.where('u.email', '=', email);
  const [c, w] = await Promise.all([cards.orderBy('p.created_at', 'desc').limit(limit).execute(), wallets.orderBy('d.created_at', 'desc').limit(limit).execute()]);
  const all = [...c.map((r) => ({ ...r, source: 'card' as const })), ...w.map((r) => ({ ...r, source: 'method' as const }))]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
    .slice(0, limit);
  if (all.length === 0) return [];
  const used = await db
    .selectFrom('payment_reversals')
    .select(['source_id', sql<string | bigint>`sum(amount_minor)`.as('sum')])
    .where('source_id', 'in', all.map((r) => r.id))
    .where('status', 'in', ['requested', 'succeeded', 'open', 'lost'])
    .groupBy('source_id')
    .execute();
  return all.map((r) => {
    const amountMinor = toBigInt(r.amount_minor);
    const taken = used.find((u) => u.source_id === r.id);
    return { source: r.source, id: r.id, email: r.email, provider: r.provider, amountMinor, leftMinor: amountMinor - (taken ? toBigInt(taken.sum) : 0n), currency: r.currency, createdAt: r.created_at };
  });
}

export interface ReversalView extends PaymentReversalRow {
  email: string;
}

/** The newest refunds and disputes (open disputes first), for the console. */
export async function reversals(db: Db, options: { email?: string; limit?: number } = {}): Promise<ReversalView[]> {
  let q = db.selectFrom('payment_reversals as r').innerJoin('users as u', 'u.id', 'r.user_id').selectAll('r').select('u.email');
  const email = options.email?.trim().toLowerCase();
  if (email) q = q.where('u.email', '=', email);
  return q
    .orderBy(sql`case when r.status in ('open', 'requested') then 0 else 1 end`)
    .orderBy('r.created_at', 'desc')
    .limit(options.limit ?? 50)
    .execute();
}

/** One reversal by id (the console's dispute decisions and refund outcomes name it). */
export async function reversalById(db: Db, id: string): Promise<PaymentReversalRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  return (await db.selectFrom('payment_reversals').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}
