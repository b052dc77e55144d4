import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, type TestDb } from '../test/db';
import { createDb, type Db } from './index';
import { runExclusive } from './leader';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t?.close());

/** a promise the test settles by hand */
function gate<T = void>() {
  let open!: (value: T) => void;
  const wait = new Promise<T>((resolve) => (open = resolve));
  return { wait, open };
}

describe('runExclusive (both databases)', () => {
  it('runs the job and returns its value', async () => {
    expect(await runExclusive(t.db, 'leader-test.value', async () => 42)).toEqual({ ran: true, value: 42 });
  });

  it('a failing job throws, and the next tick runs it again', async () => {
    await expect(runExclusive(t.db, 'leader-test.fail', () => Promise.reject(new Error('boom')), { everyMs: 60_000 })).rejects.toThrow('boom');
    expect(await runExclusive(t.db, 'leader-test.fail', async () => 'again', { everyMs: 60_000 })).toEqual({ ran: true, value: 'again' });
  });
});

// Two instances of the deployment are two pools on one PostgreSQL database (and schema). PGlite
// has one process per data directory (a second server cannot open it), so there is nothing to
// elect there: runExclusive just runs the job; these cases need PostgreSQL (the PG suite, CI).
describe.skipIf(!process.env.DATABASE_URL)('runExclusive across two instances (PostgreSQL)', () => {
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const schema = rows[0]!.schema;
    a = createDb(t.config, { searchPath: schema, poolSize: 4 });
    b = createDb(t.config, { searchPath: schema, poolSize: 4 });
  });
  afterAll(async () => {
    await a?.destroy();
    await b?.destroy();
  });

  it('of two instances ticking at once, one runs the job and the other skips at once', async () => {
    const started = gate();
    const release = gate();
    let runs = 0;
    const job = async () => {
      runs += 1;
      started.open();
      await release.wait;
      return 'done';
    };
    const first = runExclusive(a, 'leader-test.once', job);
    await started.wait;
    // the first holds the lock: the second does not wait for it
    expect(await runExclusive(b, 'leader-test.once', job)).toEqual({ ran: false, skipped: 'busy' });
    release.open();
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(runs).toBe(1);
    // the lock ended with the run: without a period, the next tick of either instance runs it
    expect(await runExclusive(b, 'leader-test.once', job)).toEqual({ ran: true, value: 'done' });
    expect(runs).toBe(2);
  });

  it('two instances started together: exactly one of them runs', async () => {
    const release = gate();
    let runs = 0;
    const job = async () => {
      runs += 1;
      await release.wait;
    };
    const results = [runExclusive(a, 'leader-test.race', job), runExclusive(b, 'leader-test.race', job)];
    // whichever lost answers at once; then the winner is let go
    const loser = await Promise.race(results);
    expect(loser).toEqual({ ran: false, skipped: 'busy' });
    release.open();
    const all = await Promise.all(results);
    expect(all.filter((r) => r.ran)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('with a period, a run by one instance makes the other skip until the period has passed', async () => {
    let runs = 0;
    const job = async () => void (runs += 1);
    expect((await runExclusive(a, 'leader-test.period', job, { everyMs: 60_000 })).ran).toBe(true);
    expect(await runExclusive(b, 'leader-test.period', job, { everyMs: 60_000 })).toEqual({ ran: false, skipped: 'recent' });
    expect(await runExclusive(a, 'leader-test.period', job, { everyMs: 60_000 })).toEqual({ ran: false, skipped: 'recent' });
    expect(runs).toBe(1);
    // the period passed (the last run moved back an hour): the next tick of any instance runs it
    await t.db.updateTable('timer_runs').set({ last_run_at: sql<Date>`now() - interval '1 hour'` }).where('name', '=', 'leader-test.period').execute();
    expect((await runExclusive(b, 'leader-test.period', job, { everyMs: 60_000 })).ran).toBe(true);
    expect(runs).toBe(2);
  });
});
