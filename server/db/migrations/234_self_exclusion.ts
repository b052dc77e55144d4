import { sql, type Kysely } from 'kysely';

/**
 * Taking a break and self-exclusion (issue 30 §3, core/self-exclusion.ts): `self_exclusions`, one
 * row per choice the trader made (a later one can only make the period longer; the one in force is
 * the row with the latest `until`). Rows are never deleted or shortened: the record stays.
 *
 * `platform_accounts.trading_blocked_until` is the sandbox platform's own flag (a real platform's
 * manager API has the same "trading disabled" right): the broker sets it through
 * PlatformGateway.blockTrading and the platform refuses a trade before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('self_exclusions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('timeout', 'exclusion')`))
    .addColumn('choice', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('self_exclusions_order', sql`until > since`)
    .execute();
  await db.schema.createIndex('self_exclusions_user_until').on('self_exclusions').columns(['user_id', 'until']).execute();
  await db.schema.alterTable('platform_accounts').addColumn('trading_blocked_until', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_accounts').dropColumn('trading_blocked_until').execute();
  await db.schema.dropTable('self_exclusions').execute();
}
