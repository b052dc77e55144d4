import { sql, type Kysely } from 'kysely';

/**
 * The daily card limit is enforced where the counter moves (server/domain/payments/fraud-check.ts:
 * the upsert of card_day_counts increments only while the count is under the limit, which comes
 * from DAILY_CARD_LIMIT or the payment dependencies), so the number lives in one place. This drops
 * the CHECK of migration 010 that held a copy of it (PostgreSQL named it `<table>_<column>_check`)
 * and keeps only that a count is never negative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card_day_counts drop constraint if exists card_day_counts_count_check`.execute(db);
  await sql`alter table card_day_counts add constraint card_day_counts_count_nonnegative check (count >= 0)`.execute(db);
}

/** Back to migration 010's schema, its CHECK as it was written there. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card_day_counts drop constraint if exists card_day_counts_count_nonnegative`.execute(db);
  await sql`alter table card_day_counts add constraint card_day_counts_count_check check (count between 0 and 3)`.execute(db);
}
