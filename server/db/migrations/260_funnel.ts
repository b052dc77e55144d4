import { sql, type Kysely } from 'kysely';

/**
 * The funnel from real traffic (issue 34 §4, server/domain/funnel/, docs/explorer.md "The
 * funnel"): the transitions the app's machines took, added up per UTC hour and segment. No user,
 * no session, no context: a machine, a transition, its source and target state, the segment
 * (country, language, device class, cohort) and how many; the time the source state was held as
 * a count per doubling bucket (`dwell_bucket` 0: under 1 s, 1: 1–2 s, 2: 2–4 s … 21: 2^20 s and
 * more; -1: not known), so a median is read off the buckets. Rows older than the retention
 * (FUNNEL_RETENTION_DAYS) are deleted as new ones come. With PostgreSQL every instance adds to the
 * same rows (one upsert per row); PGlite serves one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funnel_hourly')
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('machine', 'text', (c) => c.notNull())
    .addColumn('transition', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('cohort', 'text', (c) => c.notNull())
    .addColumn('dwell_bucket', 'smallint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_hourly_pk', ['machine', 'hour', 'transition', 'from_state', 'to_state', 'country', 'lang', 'device', 'cohort', 'dwell_bucket'])
    .execute();
  await sql`create index funnel_hourly_hour on funnel_hourly (hour)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funnel_hourly').execute();
}
