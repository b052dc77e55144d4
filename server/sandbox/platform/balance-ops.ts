import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import type { DbOrTx } from '../../domain/ledger';
import { Refusal } from '../../domain/refusal';
import { findAccount } from './store';
import { moveBalance } from './trades';

/**
 * The sandbox platform's manager API for balance operations, as a broker drives MT5 or cTrader:
 * a credit or debit of a login's balance under an operation id. The platform applies an
 * operation id once: the same id again answers the first result and moves nothing.
 */
export interface BalanceOpInput {
  opId: string;
  login: string;
  /** signed minor units: > 0 credit, < 0 debit */
  deltaMinor: bigint;
  currency: string;
  comment: string;
}

export interface BalanceOpResult {
  /** true when this id had been applied before: nothing moved now */
  duplicate: boolean;
  balanceMinor: bigint;
}

function inTransaction<T>(db: DbOrTx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}

async function earlier(db: DbOrTx, input: BalanceOpInput): Promise<BalanceOpResult | undefined> {
  const row = await db.selectFrom('platform_balance_ops').selectAll().where('op_id', '=', input.opId).executeTakeFirst();
  if (!row) return undefined;
  if (toBigInt(row.amount_minor) !== input.deltaMinor) {
    throw new Refusal(409, 'platform.op_conflict', `Operation ${input.opId} was applied with another amount.`);
  }
  return { duplicate: true, balanceMinor: toBigInt(row.balance_after_minor) };
}

/** Applies the operation once; a Refusal for no such login, another currency or too little balance (nothing moved). */
export async function applyBalanceOp(db: DbOrTx, input: BalanceOpInput): Promise<BalanceOpResult> {
  if (input.deltaMinor === 0n || !input.opId || input.opId.length > 200) throw new Refusal(400, 'platform.op_invalid', 'An operation needs an id and a non-zero amount.');
  try {
    return await inTransaction(db, async (trx) => {
      const account = await findAccount(trx, input.login);
      if (!account) throw new Refusal(404, 'platform.no_login', `No platform account ${input.login}.`);
      if (account.currency !== input.currency) throw new Refusal(409, 'platform.currency', `The account holds ${account.currency}, the operation is in ${input.currency}.`);
      const seen = await earlier(trx, input);
      if (seen) return seen;
      const credit = input.deltaMinor > 0n;
      // locks the account row: operations of one login are applied one at a time
      const after = await moveBalance(trx, account.id, credit ? input.deltaMinor : -input.deltaMinor, credit ? 'deposit' : 'withdrawal', input.comment.slice(0, 200));
      await trx.insertInto('platform_balance_ops').values({ op_id: input.opId, account_id: account.id, amount_minor: input.deltaMinor, balance_after_minor: after }).execute();
      return { duplicate: false, balanceMinor: after };
    });
  } catch (error) {
    // the same id applied concurrently: the other one committed first
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      const seen = await earlier(db, input);
      if (seen) return seen;
    }
    throw error;
  }
}
