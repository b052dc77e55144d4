import { Kysely, sql, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelinedPGliteDialect } from './pglite-pipelined';
import { threadedPGlite, type PGliteLike } from './pglite-thread';

interface Tables {
  t: { id: number; n: Generated<number> };
}

/** the threaded PGlite, counting how many statements were posted and not yet answered at once */
function counted(client: PGliteLike) {
  const seen = { now: 0, most: 0, sql: [] as string[] };
  const wrapped: PGliteLike = {
    query: (text, params) => {
      seen.now += 1;
      seen.most = Math.max(seen.most, seen.now);
      seen.sql.push(text);
      return client.query(text, params).finally(() => (seen.now -= 1));
    },
    close: () => client.close(),
  };
  return { wrapped, seen };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Kysely on the threaded PGlite: statements pipelined, transactions exclusive', () => {
  const { wrapped, seen } = counted(threadedPGlite('memory://'));
  const db = new Kysely<Tables>({ dialect: new PipelinedPGliteDialect(wrapped) });
  beforeAll(async () => {
    await sql`create table t (id int primary key, n int not null default 0)`.execute(db);
  });
  afterAll(() => db.destroy());

  const ids = async () => (await db.selectFrom('t').select('id').orderBy('id').execute()).map((r) => r.id);

  it('posts statements outside a transaction without waiting for the one before, each answered with its own rows', async () => {
    seen.most = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sql<{ k: number }>`select ${i}::int as k`.execute(db)));
    expect(answers.map((a) => a.rows[0].k)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(seen.most).toBeGreaterThan(1);
  });

  it("runs no other caller's statement inside a transaction: one sent while it is open waits, and outlives its rollback", async () => {
    await db.deleteFrom('t').execute();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted = false;
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ id: 1 }).execute();
        inserted = true;
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    while (!inserted) await tick();
    let outsideDone = false;
    const outside = db.insertInto('t').values({ id: 2 }).execute().then(() => (outsideDone = true));
    for (let i = 0; i < 5; i += 1) await tick();
    expect(outsideDone).toBe(false);
    release();
    expect(await rolledBack).toBe('roll back');
    await outside;
    // had it run inside the transaction, the rollback would have taken it too
    expect(await ids()).toEqual([2]);
  });

  it('lets a statement posted before a BEGIN run and commit on its own, before the transaction', async () => {
    await db.deleteFrom('t').execute();
    const before = db.insertInto('t').values({ id: 3 }).execute();
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        // the statement posted first is already in: the transaction sees it
        expect((await trx.selectFrom('t').select('id').execute()).map((r) => r.id)).toEqual([3]);
        await trx.insertInto('t').values({ id: 4 }).execute();
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await before;
    expect(await rolledBack).toBe('rolled back');
    expect(await ids()).toEqual([3]);
  });

  it('runs concurrent transactions one after another: no read-modify-write is lost', async () => {
    await db.deleteFrom('t').execute();
    await db.insertInto('t').values({ id: 5, n: 0 }).execute();
    const bump = () =>
      db.transaction().execute(async (trx) => {
        const { n } = await trx.selectFrom('t').select('n').where('id', '=', 5).executeTakeFirstOrThrow();
        await tick();
        await trx.updateTable('t').set({ n: n + 1 }).where('id', '=', 5).execute();
      });
    // single statements in between, posted while the transactions queue
    await Promise.all([...Array.from({ length: 10 }, bump), ...Array.from({ length: 10 }, () => db.selectFrom('t').select('n').execute())]);
    expect((await db.selectFrom('t').select('n').where('id', '=', 5).executeTakeFirstOrThrow()).n).toBe(10);
    // every BEGIN was followed by its own statements up to its COMMIT, with nothing else between
    const tail = seen.sql.slice(seen.sql.lastIndexOf('delete from "t"'));
    let open = false;
    let inside = 0;
    for (const text of tail) {
      if (text === 'begin') {
        expect(open).toBe(false);
        open = true;
        inside = 0;
      } else if (text === 'commit') {
        expect(inside).toBe(2);
        open = false;
      } else if (open) inside += 1;
    }
    expect(open).toBe(false);
  });

  it('keeps going after a refused statement, in a transaction or outside one', async () => {
    await db.deleteFrom('t').execute();
    await db.insertInto('t').values({ id: 6 }).execute();
    const [duplicate, fine] = await Promise.allSettled([db.insertInto('t').values({ id: 6 }).execute(), db.insertInto('t').values({ id: 7 }).execute()]);
    expect(duplicate).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(fine.status).toBe('fulfilled');
    await expect(db.transaction().execute(async (trx) => trx.insertInto('t').values({ id: 7 }).execute())).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([6, 7]);
  });
});
