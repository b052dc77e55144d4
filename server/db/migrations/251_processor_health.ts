import { sql, type Kysely } from 'kysely';

/**
 * Processor health (issue 32 §4, server/domain/payments/health.ts, docs/funding.md "Processor
 * health"): shared by every instance through the database.
 *
 * - `processor_health`: one row per processor that ever failed: its consecutive transport
 *   failures (timeouts, 5xx), whether it is `unhealthy` (skipped by the cascade) since
 *   `opened_at`, and the half-open probe's claim (`probe_at`: one start after the cool-down is
 *   let through; its answer closes or re-opens the circuit).
 * - `processor_outcomes`: the recent outcomes of starts (answered, declined with its code,
 *   timeout, server error, skipped), for the console; rows older than a day are deleted as new
 *   ones come. No card data: processor, kind, code, time.
 * - `sandbox_processor_switches` (sandbox mode only writes it): a processor switched by the
 *   tester to time out or answer 5xx (server/sandbox/processors/switch.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('processor_health')
    .addColumn('processor', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('healthy').check(sql`state in ('healthy', 'unhealthy')`))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'timestamptz')
    .addColumn('probe_at', 'timestamptz')
    .addColumn('last_failure', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('processor_outcomes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('answered', 'declined', 'timeout', 'server_error', 'skipped')`))
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index processor_outcomes_recent on processor_outcomes (processor, at)`.execute(db);
  await db.schema
    .createTable('sandbox_processor_switches')
    .addColumn('processor', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('timeout', 'server_error')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_processor_switches').execute();
  await db.schema.dropTable('processor_outcomes').execute();
  await db.schema.dropTable('processor_health').execute();
}
