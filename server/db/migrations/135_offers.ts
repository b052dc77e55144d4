import { sql, type Kysely } from 'kysely';

/**
 * Timed offers: one row per offer made to a trader. The deadline (expires_at) is set
 * once, when the offer is first shown, so a reload or a second tab counts to the same moment;
 * the outcome (accepted, ignored, expired) is recorded once. At most one open offer per trader
 * (the partial unique index: two tabs asking at once make one offer).
 *
 * - limited: accepting issues a personal one-use promo code (promo_code) that the deposit bonus
 *   redeems like any other code (server/domain/deposits/bonus.ts);
 * - giveaway: accepting credits a stated amount into the trader's bonus balance (credit_tx_id,
 *   a ledger transaction with an idempotency key).
 *
 * trader_hosts: where a trader last came from (POST /api/triggers/last_host), nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offers')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('limited', 'giveaway')`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('auto').check(sql`source in ('auto', 'sandbox')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('shown_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome is null or outcome in ('accepted', 'ignored', 'expired')`))
    .addColumn('outcome_at', 'timestamptz')
    .addColumn('promo_code', 'text')
    .addColumn('credit_tx_id', 'text', (c) => c.references('ledger_transactions.id'))
    .addCheckConstraint('offers_shown_deadline', sql`(shown_at is null) = (expires_at is null) and (expires_at is null or expires_at > shown_at)`)
    .addCheckConstraint('offers_outcome_at', sql`(outcome is null) = (outcome_at is null)`)
    .execute();
  await db.schema.createIndex('offers_one_open_per_user').on('offers').column('user_id').unique().where(sql.ref('outcome'), 'is', null).execute();
  await db.schema.createIndex('offers_user_kind').on('offers').columns(['user_id', 'kind', 'created_at']).execute();

  await db.schema
    .createTable('trader_hosts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull().check(sql`length(host) between 1 and 253`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trader_hosts').execute();
  await db.schema.dropTable('offers').execute();
}
