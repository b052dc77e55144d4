import { sql, type Kysely } from 'kysely';

/**
 * The platform mirror. Our ledger is the record; the trading platform's account
 * mirrors the trading balance.
 *
 * The broker:
 * - accounts.platform_login: the platform login this ledger account is mirrored to (one
 *   account per login; null: not on the platform, e.g. a second currency or the exchange account).
 * - platform_outbox: one row per ledger movement of a mirrored account, written in the same
 *   database transaction as the ledger entries (server/domain/ledger.ts) and delivered to the
 *   platform after commit, with retries (server/domain/platform-mirror/outbox.ts). The op_id is
 *   what the platform deduplicates on, so a redelivery after a crash changes nothing.
 * - platform_reconciliations: each run of the reconciliation job and the differences it found.
 *
 * The sandbox platform (a third party):
 * - platform_balance_ops: the manager API's balance operations it applied, by operation id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema.alterTable('accounts').addColumn('platform_login', 'text').execute();
  await db.schema.createIndex('accounts_platform_login').on('accounts').column('platform_login').unique().where(sql.ref('platform_login'), 'is not', null).execute();
  // existing traders: the first trading (or demo) account in the trader's own currency is the one
  // the platform account was opened for (registration, seed, sandbox users)
  await sql`update accounts a set platform_login = u.email
    from users u
    where a.user_id = u.id
      and a.id = (select min(b.id) from accounts b where b.user_id = u.id and b.type in ('trading', 'demo') and b.currency = u.currency)`.execute(db);

  await db.schema
    .createTable('platform_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('op_id', 'text', (c) => c.notNull().unique())
    .addColumn('tx_id', 'text', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('platform_outbox_due').on('platform_outbox').columns(['next_attempt_at', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();
  await db.schema.createIndex('platform_outbox_login').on('platform_outbox').columns(['login', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();

  await db.schema
    .createTable('platform_reconciliations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('accounts', 'integer', (c) => c.notNull().check(sql`accounts >= 0`))
    .addColumn('differences', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('platform_balance_ops')
    .addColumn('op_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('platform_accounts.id').onDelete('cascade'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .addColumn('balance_after_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_balance_ops').execute();
  await db.schema.dropTable('platform_reconciliations').execute();
  await db.schema.dropTable('platform_outbox').execute();
  await db.schema.dropIndex('accounts_platform_login').execute();
  await db.schema.alterTable('accounts').dropColumn('platform_login').execute();
}
