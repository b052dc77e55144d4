import { sql, type Kysely } from 'kysely';

/**
 * Card refunds and chargebacks, negative balance protection (issue 32 §2, §3):
 * - `payment_reversals`: a refund or a dispute of one paid deposit (a card payment or a wallet
 *   deposit), as the processor or provider knows it (`provider`, `provider_ref`: its refund or
 *   dispute id, unique per provider and kind); a refund an operator asked for carries the request's
 *   idempotency key (`request_key`). The debit's ledger transaction and the part negative balance
 *   protection covered are kept with it.
 * - `reversal_webhook_events`: the processors' webhook events taken (a replayed event id is refused);
 *   the wallets' events share their existing `method_webhook_events`.
 * - `protection_cases`: a debit that would have taken a trader below zero, one per reversal: what
 *   was asked, what the trader had (debited) and the shortfall the house took; `review` locks the
 *   trader's withdrawals until an operator closes it.
 * - accounts of type `house_shortfall`: one per currency, no user, not mirrored; its balance is the
 *   sum of the shortfalls protection booked (moved there from the house account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_reversals')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('refund', 'dispute')`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('card', 'method')`))
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('request_key', 'text', (c) => c.unique())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'succeeded', 'failed', 'open', 'won', 'lost')`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('debit_tx_id', 'text')
    .addColumn('debited_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`debited_minor >= 0`))
    .addColumn('shortfall_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`shortfall_minor >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payment_reversals_kind_status', sql`(kind = 'refund' and status in ('requested', 'succeeded', 'failed')) or (kind = 'dispute' and status in ('open', 'won', 'lost'))`)
    .execute();
  await sql`create unique index payment_reversals_provider_ref on payment_reversals (provider, kind, provider_ref) where provider_ref is not null`.execute(db);
  await db.schema.createIndex('payment_reversals_source').on('payment_reversals').columns(['source', 'source_id']).execute();
  await db.schema.createIndex('payment_reversals_user').on('payment_reversals').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('reversal_webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('received'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reversal_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('protection_cases')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('reversal_id', 'uuid', (c) => c.notNull().unique().references('payment_reversals.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('asked_minor', 'bigint', (c) => c.notNull().check(sql`asked_minor > 0`))
    .addColumn('debited_minor', 'bigint', (c) => c.notNull().check(sql`debited_minor >= 0`))
    .addColumn('shortfall_minor', 'bigint', (c) => c.notNull().check(sql`shortfall_minor > 0`))
    .addColumn('shortfall_tx_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('review').check(sql`status in ('review', 'closed')`))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('protection_cases_sum', sql`asked_minor = debited_minor + shortfall_minor`)
    .execute();
  await db.schema.createIndex('protection_cases_user').on('protection_cases').columns(['user_id', 'status']).execute();

  // the shortfall account per currency: no user, never mirrored, balance >= 0 (the CHECK applies to it)
  const types = await constraintTypes(db, 'accounts_type_check');
  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in (${sql.join([...new Set([...types, 'house_shortfall'])].map((t) => sql.lit(t)))}))`.execute(db);
  const userless = await constraintTypes(db, 'accounts_house_has_no_user');
  await sql`alter table accounts drop constraint accounts_house_has_no_user`.execute(db);
  await sql`alter table accounts add constraint accounts_house_has_no_user check ((type in (${sql.join([...new Set([...userless, 'house_shortfall'])].map((t) => sql.lit(t)))})) = (user_id is null))`.execute(db);
  await sql`alter table accounts add constraint accounts_shortfall_not_mirrored check (type <> 'house_shortfall' or platform_login is null)`.execute(db);
  await db.schema.createIndex('accounts_one_shortfall_per_currency').on('accounts').column('currency').unique().where(sql.ref('type'), '=', 'house_shortfall').execute();
}

/** the account types a check of `accounts` names now (another area's migration may have widened it too) */
async function constraintTypes(db: Kysely<unknown>, name: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and conrelid = 'accounts'::regclass`.execute(db);
  return [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_one_shortfall_per_currency').execute();
  await sql`alter table accounts drop constraint accounts_shortfall_not_mirrored`.execute(db);
  await sql`delete from ledger_entries where account_id in (select id from accounts where type = 'house_shortfall')`.execute(db);
  await sql`delete from accounts where type = 'house_shortfall'`.execute(db);
  const userless = (await constraintTypes(db, 'accounts_house_has_no_user')).filter((t) => t !== 'house_shortfall');
  await sql`alter table accounts drop constraint accounts_house_has_no_user`.execute(db);
  await sql`alter table accounts add constraint accounts_house_has_no_user check ((type in (${sql.join(userless.map((t) => sql.lit(t)))})) = (user_id is null))`.execute(db);
  await db.schema.dropTable('protection_cases').execute();
  await db.schema.dropTable('reversal_webhook_events').execute();
  await db.schema.dropTable('payment_reversals').execute();
}
