import { afterAll, describe, expect, it } from 'vitest';
import { threadedPGlite } from './pglite-thread';

describe('PGlite on its own thread', () => {
  const db = threadedPGlite('memory://');
  afterAll(() => db.close());

  it('answers queries with parameters, typed values and affected rows', async () => {
    await db.query('create table t (id bigint primary key, amount numeric(20,2) not null check (amount >= 0), at timestamptz not null)');
    const at = new Date('2026-01-02T03:04:05.000Z');
    const insert = await db.query('insert into t values ($1, $2, $3), ($4, $5, $6)', [1n, '10.50', at, 2n, '0.01', at]);
    expect(insert.affectedRows).toBe(2);
    const { rows } = await db.query('select id, amount, at from t order by id');
    // as PGlite answers in process: BIGINT as a number while it is safe, as a bigint beyond
    expect(rows).toEqual([
      { id: 1, amount: '10.50', at },
      { id: 2, amount: '0.01', at },
    ]);
  });

  it('returns a BIGINT beyond the safe integers as a bigint, losing nothing', async () => {
    expect((await db.query('select $1::bigint as big', [9007199254740993n])).rows).toEqual([{ big: 9007199254740993n }]);
  });

  it("keeps PostgreSQL's error fields, so unique and check violations are recognised", async () => {
    await expect(db.query('insert into t values ($1, $2, now())', [1n, '1'])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(db.query('insert into t values ($1, $2, now())', [3n, '-1'])).rejects.toMatchObject({ code: '23514' });
    // the thread is still usable after a refusal
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('runs a transaction as the dialect does: begin, statements, rollback', async () => {
    await db.query('begin');
    await db.query('delete from t');
    await db.query('rollback');
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });
});
