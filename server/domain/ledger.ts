import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { PG_CHECK_VIOLATION, pgErrorCode, toBigInt } from '../db/values';

/**
 * The double-entry ledger: the only module that moves balances.
 *
 * A transfer takes money from the debited account and gives it to the credited one, in one
 * database transaction: one ledger_transactions row (unique idempotency key), two
 * ledger_entries rows (-amount on the debited account, +amount on the credited one, summing
 * to zero) and the two accounts' balance_minor updated. House accounts (one per currency, no
 * user) may go negative; every other balance has a CHECK >= 0, so an overdraw cannot commit
 * even if the check below were wrong.
 *
 * An account mirrored to the trading platform (accounts.platform_login) also gets a
 * platform_outbox row per movement, in the same transaction: the platform hears of every
 * committed movement exactly once (server/domain/platform-mirror/outbox.ts delivers it).
 */

export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface TransferInput {
  /** what this movement is: 'deposit', 'withdrawal', 'demo_credit', ... */
  kind: string;
  /** the same key twice is the same transfer: the repeat changes nothing */
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  /** > 0, integer minor units */
  amountMinor: bigint;
  currency: string;
  meta?: Record<string, unknown>;
  /**
   * false for a movement that the trading platform made itself (a trade result booked from
   * the platform): it is not sent back. Every other movement of an account mirrored to the
   * platform (accounts.platform_login) gets a platform_outbox row in this same transaction.
   */
  mirror?: boolean;
}

export interface TransferResult {
  txId: string;
  /** true when the key had been used: the earlier transfer is returned, nothing moved */
  replayed: boolean;
  createdAt: Date;
}

export class LedgerError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/** The debited account's balance is below the amount. */
export class InsufficientFunds extends LedgerError {
  constructor(readonly accountId: number) {
    super('funds.insufficient', `Account ${accountId} has insufficient funds`);
  }
}
export class AccountNotFound extends LedgerError {
  constructor(readonly accountId: number) {
    super('account.not_found', `Account ${accountId} does not exist`);
  }
}
export class CurrencyMismatch extends LedgerError {
  constructor(accountId: number, expected: string, actual: string) {
    super('account.currency', `Account ${accountId} holds ${actual}, the transfer is in ${expected}`);
  }
}
/** The idempotency key was used before for a different transfer. */
export class IdempotencyConflict extends LedgerError {
  constructor(key: string) {
    super('ledger.idempotency_conflict', `Idempotency key "${key}" was already used for a different transfer`);
  }
}
export class InvalidTransfer extends LedgerError {
  constructor(message: string) {
    super('ledger.invalid', message);
  }
}

function validate(input: TransferInput): void {
  if (typeof input.amountMinor !== 'bigint' || input.amountMinor <= 0n) throw new InvalidTransfer('The amount must be a positive bigint');
  if (input.debitAccountId === input.creditAccountId) throw new InvalidTransfer('Debit and credit accounts must differ');
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new InvalidTransfer('An idempotency key of 1 to 200 characters is required');
  if (!input.kind || input.kind.length > 64) throw new InvalidTransfer('A kind of 1 to 64 characters is required');
}

/** ledger kinds that count as the client's own deposits (depositsTotal, accounts.deposits_minor) */
export const DEPOSIT_KINDS = ['deposit'] as const;
const isDepositKind = (kind: string): boolean => (DEPOSIT_KINDS as readonly string[]).includes(kind);

/** Runs `work` in a transaction, or inside the caller's transaction when given one. */
function inTransaction<T>(db: DbOrTx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}

/**
 * Moves `amountMinor` from the debited account to the credited one.
 * Throws InsufficientFunds, AccountNotFound, CurrencyMismatch, IdempotencyConflict or
 * InvalidTransfer; nothing is written when it throws. Inside a caller's transaction an
 * error leaves that transaction to be rolled back by the caller.
 */
export async function transfer(db: DbOrTx, input: TransferInput): Promise<TransferResult> {
  validate(input);
  return inTransaction(db, async (trx) => {
    const txId = randomUUID();
    const inserted = await trx
      .insertInto('ledger_transactions')
      .values({ id: txId, kind: input.kind, idempotency_key: input.idempotencyKey, meta: JSON.stringify(input.meta ?? {}) })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (!inserted) return replay(trx, input);

    // lock both rows in id order (two opposite transfers cannot deadlock)
    const accounts = await trx
      .selectFrom('accounts')
      .select(['id', 'currency', 'type', 'balance_minor', 'platform_login'])
      .where('id', 'in', [input.debitAccountId, input.creditAccountId])
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const id of [input.debitAccountId, input.creditAccountId]) {
      const account = accounts.find((a) => a.id === id);
      if (!account) throw new AccountNotFound(id);
      if (account.currency !== input.currency) throw new CurrencyMismatch(id, input.currency, account.currency);
    }
    const debit = accounts.find((a) => a.id === input.debitAccountId)!;
    if (debit.type !== 'house' && toBigInt(debit.balance_minor) < input.amountMinor) throw new InsufficientFunds(debit.id);

    const moves = [
      { accountId: input.debitAccountId, delta: -input.amountMinor },
      { accountId: input.creditAccountId, delta: input.amountMinor },
    ].sort((a, b) => a.accountId - b.accountId);
    for (const move of moves) {
      try {
        // the credited side of a deposit also moves the account's deposit total (verifyLedger checks both)
        const deposited = move.delta > 0n && isDepositKind(input.kind) ? move.delta : 0n;
        await sql`update accounts set balance_minor = balance_minor + ${move.delta}, deposits_minor = deposits_minor + ${deposited} where id = ${move.accountId}`.execute(trx);
      } catch (error) {
        if (pgErrorCode(error) === PG_CHECK_VIOLATION) throw new InsufficientFunds(move.accountId);
        throw error;
      }
    }
    await trx
      .insertInto('ledger_entries')
      .values(moves.map((m) => ({ tx_id: txId, account_id: m.accountId, amount_minor: m.delta, currency: input.currency })))
      .execute();
    if (input.mirror !== false) {
      const mirrored = moves.flatMap((m) => {
        const login = accounts.find((a) => a.id === m.accountId)?.platform_login;
        return login ? [{ op_id: `ledger:${txId}:${m.accountId}`, tx_id: txId, account_id: m.accountId, login, kind: input.kind, amount_minor: m.delta, currency: input.currency }] : [];
      });
      if (mirrored.length > 0) await trx.insertInto('platform_outbox').values(mirrored).execute();
    }
    return { txId, replayed: false, createdAt: inserted.created_at };
  });
}

/** The key exists: return that transfer if it is the same one, else refuse. */
async function replay(trx: Transaction<Database>, input: TransferInput): Promise<TransferResult> {
  const tx = await trx
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'created_at'])
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  const entries = await trx.selectFrom('ledger_entries').select(['account_id', 'amount_minor', 'currency']).where('tx_id', '=', tx.id).execute();
  const amountOf = (accountId: number) => {
    const entry = entries.find((e) => e.account_id === accountId);
    return entry ? toBigInt(entry.amount_minor) : undefined;
  };
  const same =
    tx.kind === input.kind &&
    entries.length === 2 &&
    entries.every((e) => e.currency === input.currency) &&
    amountOf(input.debitAccountId) === -input.amountMinor &&
    amountOf(input.creditAccountId) === input.amountMinor;
  if (!same) throw new IdempotencyConflict(input.idempotencyKey);
  return { txId: tx.id, replayed: true, createdAt: tx.created_at };
}

/** The account's balance in minor units (throws AccountNotFound). */
export async function balanceOf(db: DbOrTx, accountId: number): Promise<bigint> {
  const row = await db.selectFrom('accounts').select('balance_minor').where('id', '=', accountId).executeTakeFirst();
  if (!row) throw new AccountNotFound(accountId);
  return toBigInt(row.balance_minor);
}

export interface LedgerMismatch {
  accountId: number;
  balanceMinor: bigint;
  entriesMinor: bigint;
}

export interface DepositTotalMismatch {
  accountId: number;
  /** accounts.deposits_minor */
  keptMinor: bigint;
  /** the sum of the account's positive entries in deposit transactions */
  entriesMinor: bigint;
}

export interface LedgerCheck {
  ok: boolean;
  /** accounts whose balance_minor differs from the sum of their entries */
  accounts: LedgerMismatch[];
  /** transactions whose entries do not sum to zero */
  transactions: string[];
  /** accounts whose kept deposit total (deposits_minor) differs from their deposit entries */
  deposits: DepositTotalMismatch[];
}

/**
 * Verifies that every balance equals the sum of its entries, every kept deposit total the sum of
 * its deposit entries, and every transaction sums to zero.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerCheck> {
  const rows = await db
    .selectFrom('accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .leftJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .select([
      'a.id',
      'a.balance_minor',
      'a.deposits_minor',
      sql<string | bigint>`coalesce(sum(e.amount_minor), 0)::bigint`.as('entries'),
      sql<string | bigint>`coalesce(sum(e.amount_minor) filter (where e.amount_minor > 0 and t.kind in (${sql.join(DEPOSIT_KINDS)})), 0)::bigint`.as('deposit_entries'),
    ])
    .groupBy(['a.id', 'a.balance_minor', 'a.deposits_minor'])
    .execute();
  const accounts = rows
    .map((r) => ({ accountId: r.id, balanceMinor: toBigInt(r.balance_minor), entriesMinor: toBigInt(r.entries) }))
    .filter((r) => r.balanceMinor !== r.entriesMinor);
  const deposits = rows
    .map((r) => ({ accountId: r.id, keptMinor: toBigInt(r.deposits_minor), entriesMinor: toBigInt(r.deposit_entries) }))
    .filter((r) => r.keptMinor !== r.entriesMinor);
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select('tx_id')
    .groupBy('tx_id')
    .having(sql`sum(amount_minor)`, '<>', 0)
    .execute();
  const transactions = unbalanced.map((r) => r.tx_id);
  return { ok: accounts.length === 0 && transactions.length === 0 && deposits.length === 0, accounts, transactions, deposits };
}

/** The house account of a currency (the other side of deposits and withdrawals), created when first needed. */
export async function houseAccount(db: DbOrTx, currency: string): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ user_id: null, currency, account_group: 'house', type: 'house' })
    .onConflict((oc) => oc.column('currency').where(sql.ref('type'), '=', 'house').doNothing())
    .execute();
  const row = await db.selectFrom('accounts').select('id').where('type', '=', 'house').where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.id;
}
