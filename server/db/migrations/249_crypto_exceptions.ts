import { sql, type Kysely } from 'kysely';

/**
 * Crypto invoice exceptions (issue 32 §1; core/crypto-exceptions.ts, docs/funding.md):
 * - crypto_exceptions: one row per short, late or over payment of an invoice (unique `key`:
 *   `{guid}:short` or `{guid}:{txid}`), its coins, the rules' plan, and its outcome (credited with
 *   the ledger transaction, or refunded to the trader's address with the chain's transaction id).
 * - accounts type 'suspense': one per coin, no user, never below zero: coins received but not
 *   credited are held there until they are credited or refunded (both are ledger movements).
 * - crypto_invoices.confirming / pending_minor: a payment seen but not yet confirmed (N of M).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crypto_exceptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('invoice_guid', 'text', (c) => c.notNull().references('crypto_invoices.guid'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('short', 'late', 'over')`))
    .addColumn('txid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('coin_minor', 'bigint', (c) => c.notNull().check(sql`coin_minor > 0`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    // the rate of the coins' arrival in the invoice's rate currency ('' when no quote was available)
    .addColumn('arrival_rate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('held').check(sql`status in ('held', 'claimed', 'credited', 'refunded')`))
    .addColumn('auto_credit_at', 'timestamptz')
    .addColumn('choose_until', 'timestamptz')
    .addColumn('held_tx_id', 'text')
    .addColumn('credit_minor', 'bigint')
    .addColumn('credit_currency', 'text')
    .addColumn('credit_rate', 'text')
    .addColumn('credit_tx_id', 'text')
    .addColumn('refund_address', 'text')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('reject_reason', 'text')
    .addColumn('refund_txid', 'text')
    .addColumn('refund_tx_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('crypto_exceptions_invoice').on('crypto_exceptions').column('invoice_guid').execute();
  await db.schema.createIndex('crypto_exceptions_user').on('crypto_exceptions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('crypto_exceptions_due').on('crypto_exceptions').column('auto_credit_at').where(sql.ref('status'), '=', 'held').execute();

  await db.schema.alterTable('crypto_invoices').addColumn('confirming', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('crypto_invoices').addColumn('pending_minor', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  // widen the account type and no-user checks with 'suspense', keeping what other migrations added
  const types = await listed(db, 'accounts_type_check', ['trading', 'exchange', 'demo', 'house', 'pending', 'bonus', 'referral']);
  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in (${sql.join([...new Set([...types, 'suspense'])].map((t) => sql.lit(t)))}))`.execute(db);
  const userless = await listed(db, 'accounts_house_has_no_user', ['house', 'pending']);
  await sql`alter table accounts drop constraint accounts_house_has_no_user`.execute(db);
  await sql`alter table accounts add constraint accounts_house_has_no_user check ((type in (${sql.join([...new Set([...userless, 'suspense'])].map((t) => sql.lit(t)))})) = (user_id is null))`.execute(db);
  await db.schema.createIndex('accounts_one_suspense_per_currency').on('accounts').column('currency').unique().where(sql.ref('type'), '=', 'suspense').execute();
}

/** the types a check constraint lists now (another area's migration may have widened it too) */
async function listed(db: Kysely<unknown>, name: string, base: string[]): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and conrelid = 'accounts'::regclass`.execute(db);
  return [...new Set([...base, ...[...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1])])];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_one_suspense_per_currency').execute();
  await sql`delete from ledger_entries where account_id in (select id from accounts where type = 'suspense')`.execute(db);
  await sql`delete from accounts where type = 'suspense'`.execute(db);
  const userless = (await listed(db, 'accounts_house_has_no_user', ['house', 'pending'])).filter((t) => t !== 'suspense');
  await sql`alter table accounts drop constraint accounts_house_has_no_user`.execute(db);
  await sql`alter table accounts add constraint accounts_house_has_no_user check ((type in (${sql.join(userless.map((t) => sql.lit(t)))})) = (user_id is null))`.execute(db);
  await db.schema.alterTable('crypto_invoices').dropColumn('pending_minor').execute();
  await db.schema.alterTable('crypto_invoices').dropColumn('confirming').execute();
  await db.schema.dropTable('crypto_exceptions').execute();
}
