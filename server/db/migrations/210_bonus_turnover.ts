import { sql, type Kysely } from 'kysely';

/**
 * The bonus turnover counted (docs/engagement.md "The bonus balance"): one row per platform
 * trade whose stake was added to `account_turnover.current_minor`, written in the booking's
 * transaction. The primary key is the once: a trade booked twice, or by two bookings at once,
 * adds its stake once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('turnover_trades')
    .addColumn('platform_trade_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('stake_minor', 'bigint', (c) => c.notNull().check(sql`stake_minor > 0`))
    .addColumn('counted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('turnover_trades').execute();
}
