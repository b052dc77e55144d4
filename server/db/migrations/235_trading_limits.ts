import type { Kysely } from 'kysely';

/**
 * Stake and loss limits (issue 30 §1, core/trading-limits.ts). The broker keeps the trader's
 * choices in `trader_limits` (migration 230) with kinds `stake` (periods `trade`, `day`) and `loss`
 * (`day`, `week`, `month`); nothing changes there. `platform_accounts.trading_limits` is the
 * sandbox platform's own copy of the schedule the broker pushes (PlatformGateway.setTradingLimits:
 * each limit in force and a waiting change with its date, amounts as decimal-digit strings of
 * minor units); the platform refuses a trade over one before it writes anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_accounts').addColumn('trading_limits', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_accounts').dropColumn('trading_limits').execute();
}
