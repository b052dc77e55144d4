import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '.';
import { PREPARED_MARK, isMarkedPrepared, prepared, statementName } from './prepared';
import { SCHEMA_LOCK } from '../test/db';

describe('the prepared-statement mark', () => {
  it('is a comment after `select` in the compiled SQL, and only a marked select carries it', () => {
    const db = createDb({ dataDir: 'memory://', databaseUrl: '' });
    const marked = prepared(db.selectFrom('users').select('id')).where('id', '=', 1).compile();
    const plain = db.selectFrom('users').select('id').where('id', '=', 1).compile();
    expect(marked.sql).toBe(`select ${PREPARED_MARK} "id" from "users" where "id" = $1`);
    expect(isMarkedPrepared(marked.sql)).toBe(true);
    expect(isMarkedPrepared(plain.sql)).toBe(false);
    // a name PostgreSQL keeps whole (at most 63 bytes), the same for the same text only
    expect(statementName(marked.sql)).toMatch(/^prepared_[0-9a-f]{24}$/);
    expect(statementName(marked.sql)).toBe(statementName(`${marked.sql}`));
    expect(statementName(marked.sql)).not.toBe(statementName(plain.sql));
    void db.destroy();
  });
});

/**
 * On PostgreSQL the pool's clients send marked selects as named statements (server/db/index.ts).
 * PostgreSQL only: the PGlite side is the worker thread's, tested in pglite-thread.test.ts.
 */
const url = process.env.DATABASE_URL;
describe.skipIf(!url)('named prepared statements on PostgreSQL', () => {
  const schema = `prep_${randomBytes(5).toString('hex')}`;
  let db: Db;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // one connection: the statements it keeps are the ones pg_prepared_statements shows
    db = createDb({ databaseUrl: url!, dataDir: '' }, { searchPath: schema, poolSize: 1 });
    await sql`create table p (id bigint primary key, amount numeric(20,2) not null)`.execute(db);
    await sql`insert into p values (1, 10.50), (2, 0.01)`.execute(db);
  });
  afterAll(async () => {
    // under the test schemas' lock, committed before it is let go: a migration listing every
    // schema meanwhile would fail on it (server/test/db.ts)
    await sql.raw(`select pg_advisory_lock(${SCHEMA_LOCK})`).execute(db);
    await sql.raw(`drop schema ${schema} cascade`).execute(db);
    await sql.raw(`select pg_advisory_unlock(${SCHEMA_LOCK})`).execute(db);
    await db.destroy();
  });
  const byId = (id: number) => prepared((db as unknown as Db).selectFrom('p' as never).selectAll()).where('id' as never, '=', id as never).execute();
  const kept = async () => (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows.map((r) => r.name);

  it('parses a marked select once per connection and answers as before', async () => {
    expect(await byId(1)).toEqual([{ id: '1', amount: '10.50' }]);
    expect(await byId(2)).toEqual([{ id: '2', amount: '0.01' }]);
    expect(await byId(3)).toEqual([]);
    await sql`select id from p where id = ${1}`.execute(db);
    expect(await kept()).toEqual([statementName(byIdSql())]);
  });

  it('prepares afresh when a table it reads changed its columns since (a rolling deploy migrated it)', async () => {
    await sql`alter table p add column note text`.execute(db);
    expect(await byId(1)).toEqual([{ id: '1', amount: '10.50', note: null }]);
    expect(await kept()).toEqual([statementName(byIdSql())]);
  });

  it('keeps a refused select’s error and the connection usable', async () => {
    await expect(prepared(db.selectFrom('p' as never).select(sql`1 / ${0}::int`.as('x'))).execute()).rejects.toMatchObject({ code: '22012' });
    expect(await byId(2)).toHaveLength(1);
  });

  const byIdSql = () => prepared(db.selectFrom('p' as never).selectAll()).where('id' as never, '=', 1 as never).compile().sql;
});
