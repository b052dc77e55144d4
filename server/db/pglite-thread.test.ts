import { afterAll, describe, expect, it } from 'vitest';
import { threadedPGlite } from './pglite-thread';
import { PREPARED_MARK, isMarkedPrepared } from './prepared';

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

describe('PGlite on its own thread: marked selects as named prepared statements', () => {
  const db = threadedPGlite('memory://');
  afterAll(() => db.close());
  const marked = `select ${PREPARED_MARK} id, amount, at from p where id = $1`;

  it('parses a marked select once and answers it like any query, typed values included', async () => {
    await db.query('create table p (id bigint primary key, amount numeric(20,2) not null, at timestamptz not null)');
    const at = new Date('2026-01-02T03:04:05.000Z');
    await db.query('insert into p values ($1, $2, $3), ($4, $5, $6)', [1n, '10.50', at, 2n, '0.01', at]);
    expect(isMarkedPrepared(marked)).toBe(true);
    expect((await db.query(marked, [1n])).rows).toEqual([{ id: 1, amount: '10.50', at }]);
    expect((await db.query(marked, [2n])).rows).toEqual([{ id: 2, amount: '0.01', at }]);
    expect((await db.query(marked, [3n])).rows).toEqual([]);
    // one statement for the text, however often it ran; an unmarked select prepares nothing
    await db.query('select id from p where id = $1', [1n]);
    const { rows } = await db.query('select statement from pg_prepared_statements');
    expect(rows).toHaveLength(1);
    expect((rows[0] as { statement: string }).statement).toBe(marked);
  });

  it('keeps the error fields of a refused marked select, and the thread stays usable', async () => {
    await expect(db.query(`select ${PREPARED_MARK} 1 / $1::int as x`, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(db.query(`select ${PREPARED_MARK} nope from p where id = $1`, [1])).rejects.toMatchObject({ code: '42703' });
    expect((await db.query(marked, [1n])).rows).toHaveLength(1);
  });

  it('prepares afresh when a table it reads gained a column since (a migration)', async () => {
    const star = `select ${PREPARED_MARK} * from p where id = $1`;
    expect(Object.keys((await db.query(star, [1n])).rows[0] as object)).toEqual(['id', 'amount', 'at']);
    await db.query('alter table p add column note text');
    expect(Object.keys((await db.query(star, [1n])).rows[0] as object)).toEqual(['id', 'amount', 'at', 'note']);
  });

  it('runs inside a transaction as the dialect sends it', async () => {
    await db.query('begin');
    await db.query('delete from p where id = $1', [1n]);
    expect((await db.query(marked, [1n])).rows).toEqual([]);
    await db.query('rollback');
    expect((await db.query(marked, [1n])).rows).toHaveLength(1);
  });

  it('a marked select refused inside a transaction fails that transaction only: rollback, and the next runs answer', async () => {
    const divide = `select ${PREPARED_MARK} id, 1 / $2::int as x from p where id = $1`;
    expect((await db.query(divide, [1n, 1])).rows).toEqual([{ id: 1, x: 1 }]);
    await db.query('begin');
    await expect(db.query(divide, [1n, 0])).rejects.toMatchObject({ code: '22012' });
    await expect(db.query(marked, [1n])).rejects.toMatchObject({ code: '25P02' });
    await db.query('rollback');
    expect((await db.query(divide, [2n, 2])).rows).toEqual([{ id: 2, x: 0 }]);
    expect((await db.query(marked, [1n])).rows).toHaveLength(1);
  });
});
