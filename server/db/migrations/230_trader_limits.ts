import { sql, type Kysely } from 'kysely';

/**
 * Trader protection (issue 30, docs/limits.md): the limits a trader sets on themselves.
 * - `trader_limits`: one row per user, kind and period (`deposit` × `day`/`week`/`month`): the
 *   limit in force (null: none) and a raise or removal waiting for its date (`pending_set`, the
 *   value it will take, possibly null, and `pending_from`). Amounts are minor units of the
 *   user's own currency (`currency`).
 * - `deposit_holds`: every deposit as it starts, by any method, before any processor is tried:
 *   where it started (`source`) and its record there (`ref`, unique per source), its amount in
 *   its own currency and counted in the limit's currency (at the rate of that moment, rounded
 *   up). `held` counts until `expires_at`; `credited` counts for good (the amount credited);
 *   `released` (failed, declined, expired invoice) no longer counts. Written under a lock on the
 *   user's row, so concurrent deposits cannot together pass a limit.
 * The periods, the cooling-off and the hold times are core/trader-limits.ts (no CHECK copies them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trader_limits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`length(kind) > 0`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`length(period) > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) => c.check(sql`value_minor is null or value_minor > 0`))
    .addColumn('pending_set', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_minor', 'bigint', (c) => c.check(sql`pending_minor is null or pending_minor > 0`))
    .addColumn('pending_from', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_limits_pk', ['user_id', 'kind', 'period'])
    .addCheckConstraint('trader_limits_pending_whole', sql`pending_set = (pending_from is not null) and (pending_set or pending_minor is null)`)
    .execute();

  await db.schema
    .createTable('deposit_holds')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`length(source) > 0`))
    .addColumn('ref', 'text', (c) => c.notNull().check(sql`length(ref) > 0`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('counted_minor', 'bigint', (c) => c.notNull().check(sql`counted_minor >= 0`))
    .addColumn('counted_currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('held').check(sql`status in ('held', 'credited', 'released')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('deposit_holds_ref_once', ['source', 'ref'])
    .execute();
  await db.schema.createIndex('deposit_holds_user_created').on('deposit_holds').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_holds').execute();
  await db.schema.dropTable('trader_limits').execute();
}
