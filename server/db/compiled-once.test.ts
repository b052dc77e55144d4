import { LimitNode, SelectQueryNode, ValueNode, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '.';
import { compiledOnce } from './compiled-once';

describe('compiledOnce: a select built and compiled on its first call only', () => {
  let db: Db;
  beforeAll(async () => {
    db = createDb({ dataDir: 'memory://', databaseUrl: '' });
    await sql`create table users (id serial primary key, email text not null, first_name text not null default '')`.execute(db);
    await sql`insert into users (email, first_name) values ('a@example.com', 'Ann'), ('b@example.com', 'Bob'), ('c@example.com', 'Cy')`.execute(db);
  });
  afterAll(() => db.destroy());

  let builds = 0;
  const byEmailOrId = compiledOnce((d, email: string, id: number) => {
    builds += 1;
    return d.selectFrom('users').select(['id', 'first_name']).where((eb) => eb.or([eb('email', '=', email), eb('id', '=', id)])).orderBy('id');
  });

  it('answers each call with its own parameters, as the built query would, building once', async () => {
    expect(await byEmailOrId(db, 'a@example.com', 3)).toEqual([
      { id: 1, first_name: 'Ann' },
      { id: 3, first_name: 'Cy' },
    ]);
    expect(await byEmailOrId(db, 'b@example.com', 0)).toEqual([{ id: 2, first_name: 'Bob' }]);
    expect(await byEmailOrId(db, 'nobody@example.com', 0)).toEqual([]);
    expect(builds).toBe(1);
    // inside a transaction, on its connection
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ first_name: 'Bobby' }).where('id', '=', 2).execute();
      expect(await byEmailOrId(trx, 'b@example.com', 0)).toEqual([{ id: 2, first_name: 'Bobby' }]);
    });
    expect(builds).toBe(1);
  });

  it('still passes every call through the plugins, and compiles a tree a plugin changed', async () => {
    const seen: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => (seen.push(node.kind), node),
      transformResult: async ({ result }) => result,
    };
    expect(await byEmailOrId(db.withPlugin(counting), 'a@example.com', 0)).toHaveLength(1);
    expect(await byEmailOrId(db.withPlugin(counting), 'c@example.com', 0)).toHaveLength(1);
    expect(seen).toEqual(['SelectQueryNode', 'SelectQueryNode']);
    // a plugin that limits every select to no rows: its tree is the one executed
    const none: KyselyPlugin = {
      transformQuery: ({ node }): RootOperationNode => (SelectQueryNode.is(node) ? SelectQueryNode.cloneWithLimit(node, LimitNode.create(ValueNode.createImmediate(0))) : node),
      transformResult: async ({ result }) => result,
    };
    expect(await byEmailOrId(db.withPlugin(none), 'a@example.com', 0)).toEqual([]);
    expect(builds).toBe(1);
  });
});
