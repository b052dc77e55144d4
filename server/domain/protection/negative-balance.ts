import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import '../../db/schema-reversals';
import type { ProtectionCaseRow } from '../../db/schema-reversals';
import { toBigInt } from '../../db/values';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * Negative balance protection (issue 32 §3): a debit the trader did not ask for (a card refund, a
 * lost chargeback) never leaves the trader owing. What the trader has free is debited; the rest,
 * the shortfall, is booked from the house account to the currency's `house_shortfall` account
 * (so that account's balance is the sum of every shortfall protection covered) and recorded as a
 * protection case of the trader, which locks their withdrawals (core/cashier-locks.ts
 * `protection_review`) until an operator closes the review. The trader's balance never goes
 * below zero, and the ledger's CHECK stays as it is.
 *
 * "Free" is what the platform could give back now (free-funds.ts): the stakes of open trades are
 * in the ledger balance but not taken, as the platform could not book their loss; they count to
 * the shortfall, and the operator sees them in the case.
 */

/** The currency's shortfall account (no user, never mirrored), created when first needed. */
export async function shortfallAccount(db: DbOrTx, currency: string): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ user_id: null, currency, account_group: 'house', type: 'house_shortfall' })
    .onConflict((oc) => oc.column('currency').where(sql.ref('type'), '=', 'house_shortfall').doNothing())
    .execute();
  const row = await db.selectFrom('accounts').select('id').where('type', '=', 'house_shortfall').where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.id;
}

export interface ProtectedDebit {
  kind: 'payment_refund' | 'chargeback';
  /** the debit's idempotency key; the shortfall's is this with `:shortfall` */
  key: string;
  userId: number;
  accountId: number;
  amountMinor: bigint;
  currency: string;
  /** the reversal this debit books (a protection case names it) */
  reversalId: string;
  /** what the platform has free now (free-funds.ts freeOnPlatform, read before the transaction as a withdrawal reads it; null: not mirrored) */
  free: bigint | null;
  meta: Record<string, unknown>;
}

export interface ProtectedDebitResult {
  /** the trader's debit (null: nothing was free to take) */
  txId: string | null;
  debitedMinor: bigint;
  shortfallMinor: bigint;
  /** the protection case opened for the shortfall (null: none was needed) */
  caseId: string | null;
}

/**
 * Debits the trader inside the caller's transaction, never below zero: the account is locked,
 * the part it has (and the platform has free) is moved to the house account (mirrored: the
 * platform gets it through the outbox in this same transaction), and a shortfall is booked and
 * recorded as a case under review. The caller makes it once (its reversal row, locked, says
 * whether it was booked); the keys make a repeat move nothing.
 */
export async function debitProtected(trx: Transaction<Database>, input: ProtectedDebit): Promise<ProtectedDebitResult> {
  const house = await houseAccount(trx, input.currency);
  // both rows locked in id order, as transfer locks them (no deadlock with a deposit or a trade booking)
  const locked = await trx.selectFrom('accounts').select(['id', 'balance_minor']).where('id', 'in', [input.accountId, house]).orderBy('id').forUpdate().execute();
  const account = locked.find((a) => a.id === input.accountId);
  if (!account) throw new Refusal(404, 'account.not_found', 'There is no such account.');
  const balance = toBigInt(account.balance_minor);
  const limit = input.free === null ? balance : input.free < balance ? input.free : balance;
  const take = limit <= 0n ? 0n : limit < input.amountMinor ? limit : input.amountMinor;
  const shortfall = input.amountMinor - take;
  let txId: string | null = null;
  if (take > 0n) {
    const tx = await transfer(trx, {
      kind: input.kind,
      idempotencyKey: input.key,
      debitAccountId: input.accountId,
      creditAccountId: house,
      amountMinor: take,
      currency: input.currency,
      meta: { ...input.meta, reversal: input.reversalId, ...(shortfall > 0n && { shortfall: shortfall.toString() }) },
    });
    txId = tx.txId;
  }
  let caseId: string | null = null;
  if (shortfall > 0n) {
    const tx = await transfer(trx, {
      kind: 'protection_shortfall',
      idempotencyKey: `${input.key}:shortfall`,
      debitAccountId: house,
      creditAccountId: await shortfallAccount(trx, input.currency),
      amountMinor: shortfall,
      currency: input.currency,
      meta: { reversal: input.reversalId, userId: input.userId, accountId: input.accountId },
    });
    const made = await trx
      .insertInto('protection_cases')
      .values({
        user_id: input.userId,
        account_id: input.accountId,
        reversal_id: input.reversalId,
        currency: input.currency,
        asked_minor: input.amountMinor,
        debited_minor: take,
        shortfall_minor: shortfall,
        shortfall_tx_id: tx.txId,
      })
      .onConflict((oc) => oc.column('reversal_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    caseId = made ? String(made.id) : null;
  }
  return { txId, debitedMinor: take, shortfallMinor: shortfall, caseId };
}

/** The trader has a protection case under review: their withdrawals are locked. */
export async function underProtectionReview(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db.selectFrom('protection_cases').select('id').where('user_id', '=', userId).where('status', '=', 'review').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Refuses a withdrawal while a protection case of the trader is under review (403 withdrawal.protection_review). */
export async function requireNoProtectionReview(db: DbOrTx, userId: number): Promise<void> {
  if (await underProtectionReview(db, userId)) {
    throw new Refusal(403, 'withdrawal.protection_review', 'A refund or chargeback was larger than your balance; we covered the difference and are reviewing it. Withdrawals are paused until the review ends.');
  }
}

export interface ProtectionCaseView {
  id: string;
  userId: number;
  email: string;
  reversalId: string;
  reversalKind: string;
  currency: string;
  askedMinor: bigint;
  debitedMinor: bigint;
  shortfallMinor: bigint;
  status: 'review' | 'closed';
  note: string;
  createdAt: Date;
  closedAt: Date | null;
}

/** Every protection case, those under review first, newest first (the operator's console). */
export async function protectionCases(db: DbOrTx, limit = 200): Promise<ProtectionCaseView[]> {
  const rows = await db
    .selectFrom('protection_cases as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('payment_reversals as r', 'r.id', 'c.reversal_id')
    .select(['c.id', 'c.user_id', 'u.email', 'c.reversal_id', 'r.kind as reversal_kind', 'c.currency', 'c.asked_minor', 'c.debited_minor', 'c.shortfall_minor', 'c.status', 'c.note', 'c.created_at', 'c.closed_at'])
    .orderBy(sql`case when c.status = 'review' then 0 else 1 end`)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    userId: r.user_id,
    email: r.email,
    reversalId: r.reversal_id,
    reversalKind: r.reversal_kind,
    currency: r.currency,
    askedMinor: toBigInt(r.asked_minor),
    debitedMinor: toBigInt(r.debited_minor),
    shortfallMinor: toBigInt(r.shortfall_minor),
    status: r.status,
    note: r.note,
    createdAt: r.created_at,
    closedAt: r.closed_at,
  }));
}

/**
 * The operator closes a case's review (the withdrawal lock lifts when no other case of the trader
 * is under review). Closing a closed case changes nothing (closed false); an unknown one is 404.
 */
export async function closeProtectionCase(db: DbOrTx, id: string, note: string, now: Date): Promise<{ row: ProtectionCaseRow; closed: boolean }> {
  if (!/^\d{1,18}$/.test(id)) throw new Refusal(404, 'protection.not_found', 'There is no such protection case.');
  const closed = await db
    .updateTable('protection_cases')
    .set({ status: 'closed', closed_at: now, note: note.trim().slice(0, 500) })
    .where('id', '=', id)
    .where('status', '=', 'review')
    .returningAll()
    .executeTakeFirst();
  if (closed) return { row: closed, closed: true };
  const row = await db.selectFrom('protection_cases').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new Refusal(404, 'protection.not_found', 'There is no such protection case.');
  return { row, closed: false };
}

/** The house's shortfall in a currency: the shortfall account's balance (0 when none was booked). */
export async function houseShortfall(db: DbOrTx, currency: string): Promise<bigint> {
  const row = await db.selectFrom('accounts').select('balance_minor').where('type', '=', 'house_shortfall').where('currency', '=', currency).executeTakeFirst();
  return row ? toBigInt(row.balance_minor) : 0n;
}
