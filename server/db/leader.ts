import { sql } from 'kysely';
import { poolOf, type Db } from './index';
import './schema-timers';

/** Why a run did not happen: another instance holds the job now, or ran it less than a period ago. */
export type Skipped = 'busy' | 'recent';

export type ExclusiveResult<T> = { ran: true; value: T } | { ran: false; skipped: Skipped };

export interface ExclusiveOptions {
  /**
   * The job's period: a run is skipped when any instance finished one less than 90% of it ago
   * (the record is `timer_runs`), so N instances ticking at different moments run it once per
   * period between them, not N times. Without it, runs are only kept from overlapping.
   */
  everyMs?: number;
}

/** The advisory lock's first key: this application's jobs (the second is the job's name, hashed). */
const LOCK_CLASS = 0x6272;
const RECENT_SHARE = 0.9;

/**
 * Runs `fn` on one instance of the deployment at a time (docs/architecture.md, "Timers: what
 * runs where"). On PostgreSQL, a transaction takes `pg_try_advisory_xact_lock` on the job's name
 * (within the current schema: tests share one database); an instance that does not get it skips
 * at once, never waits. The lock ends with the transaction: when `fn` settles, or when the
 * instance dies (its connection closes), so the next tick of any instance takes over: no
 * election to keep, nothing to hand over. `fn` works through `db` (its own connections and
 * transactions); the lock's transaction holds one pooled connection while it runs. A failure in
 * `fn` is thrown here and records nothing (the next tick tries again).
 *
 * On PGlite there is one process and one connection (a second server cannot open the same data
 * directory), so `fn` just runs: holding a transaction open there would block `fn`'s own queries.
 */
export async function runExclusive<T>(db: Db, name: string, fn: () => Promise<T>, options: ExclusiveOptions = {}): Promise<ExclusiveResult<T>> {
  if (!poolOf(db)) return { ran: true, value: await fn() };
  return db.transaction().execute(async (trx): Promise<ExclusiveResult<T>> => {
    const lock = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema() || ':' || ${name})) as got`.execute(trx);
    if (!lock.rows[0]?.got) return { ran: false, skipped: 'busy' };
    if (options.everyMs !== undefined && options.everyMs > 0) {
      const seconds = (options.everyMs * RECENT_SHARE) / 1000;
      const recent = await trx
        .selectFrom('timer_runs')
        .select('name')
        .where('name', '=', name)
        .where('last_run_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .executeTakeFirst();
      if (recent) return { ran: false, skipped: 'recent' };
    }
    const value = await fn();
    await trx
      .insertInto('timer_runs')
      .values({ name, last_run_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: sql<Date>`now()` }))
      .execute();
    return { ran: true, value };
  });
}
