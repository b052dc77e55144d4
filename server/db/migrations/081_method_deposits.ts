import { sql, type Kysely } from 'kysely';

/**
 * Wallet deposits: one row per deposit started with a payment method (Neteller,
 * Skrill, Perfect Money, …) and the provider webhooks already processed. A provider's
 * transaction id credits once (unique per provider), and an event id is taken once (replay).
 * No wallet secret (Neteller's secure id) has a column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('method_deposits')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method ~ '^[a-z]{2,20}$'`))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider ~ '^[a-z]{2,20}$'`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'paid', 'failed', 'flagged')`))
    .addColumn('provider_tx_id', 'text', (c) => c.check(sql`provider_tx_id is null or length(provider_tx_id) between 1 and 100`))
    .addColumn('fixed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bonus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('promo', 'text', (c) => c.notNull().defaultTo('').check(sql`length(promo) <= 40`))
    .addColumn('reason', 'text', (c) => c.check(sql`reason is null or length(reason) <= 300`))
    .addColumn('credit_tx_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('method_deposits_provider_tx', ['provider', 'provider_tx_id'])
    .addCheckConstraint('method_deposits_paid_tx', sql`status <> 'paid' or (provider_tx_id is not null and credit_tx_id is not null)`)
    .execute();
  await db.schema.createIndex('method_deposits_user_created').on('method_deposits').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('method_webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().check(sql`length(event_id) between 1 and 100`))
    .addColumn('deposit_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`length(outcome) <= 40`))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('method_webhook_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('method_webhook_events').execute();
  await db.schema.dropTable('method_deposits').execute();
}
