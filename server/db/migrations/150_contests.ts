import { sql, type Kysely } from 'kysely';

/**
 * Contests (docs/engagement.md "Contests"): weekly and weekend trading contests with
 * a window held by the server, prizes by rank (minor units of the contest's currency) and a
 * status. Closing writes the winners (contest_winners) and pays each prize once through the
 * ledger (idempotency key `contest:{id}:rank:{n}`, the transaction id kept here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contests')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`length(id) between 1 and 64`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('weekly', 'weekend')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('date_start', 'timestamptz', (c) => c.notNull())
    .addColumn('date_end', 'timestamptz', (c) => c.notNull())
    .addColumn('prizes_minor', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(prizes_minor) = 'array'`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contests_window', sql`date_end > date_start`)
    .execute();
  await db.schema.createIndex('contests_status_end').on('contests').columns(['status', 'date_end']).execute();
  await db.schema
    .createTable('contest_winners')
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (c) => c.notNull().check(sql`rank >= 1`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('profit_minor', 'bigint', (c) => c.notNull())
    .addColumn('trades', 'integer', (c) => c.notNull())
    .addColumn('prize_minor', 'bigint', (c) => c.notNull().check(sql`prize_minor >= 0`))
    .addColumn('tx_id', 'text')
    .addPrimaryKeyConstraint('contest_winners_pk', ['contest_id', 'rank'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_winners').execute();
  await db.schema.dropTable('contests').execute();
}
