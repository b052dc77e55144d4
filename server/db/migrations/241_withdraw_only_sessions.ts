import type { Kysely } from 'kysely';

/**
 * Withdrawing during a break or self-exclusion (issue 30 §3, docs/limits.md#withdrawing-during-a-break):
 * sign-in stays refused, but the trader may ask for a session that can only withdraw.
 * - `sessions.withdraw_only`: such a session; the server answers it only the routes of
 *   server/http/withdraw-only.ts (403 session.withdraw_only for every other).
 * - `two_factor_challenges.withdraw_only`: the same asked before a second factor, so the session
 *   made after the code is that kind too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('withdraw_only', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('two_factor_challenges').addColumn('withdraw_only', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('two_factor_challenges').dropColumn('withdraw_only').execute();
  await db.schema.alterTable('sessions').dropColumn('withdraw_only').execute();
}
