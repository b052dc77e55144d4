import { type Kysely } from 'kysely';

/**
 * Eligibility by country (issue 30 §5, docs/eligibility.md).
 *
 * `operator_settings`: settings the operator changes while the product runs (the static ones are
 * server/domain/settings.ts, fixed at start-up), one row per key with its JSON value. The first key
 * is `incentives.off_countries`: the regulated countries (core/contract/countries.ts isRegulated)
 * whose retail traders are offered no bonus, offer, promotion or contest. No row: none (the
 * default: incentives on everywhere).
 *
 * `platform_accounts.trading_refused` is the sandbox platform's own flag, as `trading_blocked_until`
 * (234): the broker sets it through PlatformGateway.refuseTrading for a trader it no longer serves
 * (a blocked country), and the platform refuses every trade with that reason; null: none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('platform_accounts').addColumn('trading_refused', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_accounts').dropColumn('trading_refused').execute();
  await db.schema.dropTable('operator_settings').execute();
}
