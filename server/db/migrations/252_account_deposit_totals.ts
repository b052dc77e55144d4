import { sql, type Kysely } from 'kysely';

/**
 * Each account's deposit total kept beside its balance (issue 33 §6): `deposits_minor` is the sum
 * of the account's positive entries in transactions of a deposit kind (DEPOSIT_KINDS in
 * server/domain/ledger.ts). GET /api/me is polled and used to sum them from the ledger on every
 * call, a cost that grew with the trader's history. Like `balance_minor` it is moved only by the
 * ledger's transfer, in the same transaction as the entries, and `verifyLedger` checks it against
 * the entries. Filled here from the entries already written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column deposits_minor bigint not null default 0 constraint accounts_deposits_nonnegative check (deposits_minor >= 0)`.execute(db);
  await sql`
    update accounts a set deposits_minor = d.total
    from (
      select e.account_id, sum(e.amount_minor) as total
      from ledger_entries e join ledger_transactions t on t.id = e.tx_id
      where e.amount_minor > 0 and t.kind = 'deposit'
      group by e.account_id
    ) d
    where d.account_id = a.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column deposits_minor`.execute(db);
}
