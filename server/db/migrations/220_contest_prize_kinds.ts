import { sql, type Kysely } from 'kysely';

/**
 * Contest prizes by kind (core/contest-prizes.ts): a winner's row says what the
 * prize of the rank was — `cash` (paid to the trading account), `bonus` (paid to the bonus
 * balance) or `item` (a non-cash prize such as the iPad, recorded here and never credited as
 * money) — and, for an item, which one. contests.prizes_minor may now hold, besides the minor
 * amounts of cash prizes (strings), objects {kind, minor} and {kind: 'item', item}.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contest_winners')
    .addColumn('prize_kind', 'text', (c) => c.notNull().defaultTo('cash').check(sql`prize_kind in ('cash', 'bonus', 'item')`))
    .execute();
  await db.schema.alterTable('contest_winners').addColumn('prize_item', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contest_winners').dropColumn('prize_item').execute();
  await db.schema.alterTable('contest_winners').dropColumn('prize_kind').execute();
}
