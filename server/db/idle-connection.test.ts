import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, poolOf, type Db } from '.';
import { pgAdmin } from './pg-admin';

/**
 * PostgreSQL ends an idle pooled connection (a restart, a failover, an administrator): the
 * server goes on, and the next query runs on a new connection. Before the pool had an 'error'
 * listener, the event ended the whole process (test:pg saw it as an uncaught exception when a
 * test database was dropped WITH (FORCE) under a connection still closing).
 * PostgreSQL only: PGlite has no connections to lose.
 */
const url = process.env.DATABASE_URL;
describe.skipIf(!url)('an idle connection ended by PostgreSQL (PostgreSQL)', () => {
  let db: Db;
  const lost: Error[] = [];
  beforeAll(() => {
    db = createDb({ databaseUrl: url!, dataDir: '' }, { poolSize: 1, onIdleError: (error) => lost.push(error) });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('is reported, not thrown; the next query opens a new connection', async () => {
    const first = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
    expect(poolOf(db)?.idleCount).toBe(1);
    await pgAdmin(url!, `select pg_terminate_backend(${Number(first)})`);
    await expect.poll(() => lost.length).toBe(1);
    expect((lost[0] as { code?: string }).code).toBe('57P01');
    const second = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
    expect(second).not.toBe(first);
  });
});
