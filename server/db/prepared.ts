import { createHash } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for the polled selects. A marked select is parsed and
 * planned once per database connection and then only bound and executed: on PostgreSQL the
 * `pg` client sends Parse once per connection under the statement's name (a hash of its text);
 * on PGlite the worker thread (pglite-worker.mjs) keeps the statement the same way. Everything
 * else runs unnamed, as before, so a query with a varying shape (an IN list, DDL) never piles up
 * statements on a connection.
 *
 * The mark is a comment after `select`, so the SQL stays valid wherever it runs (the PGlite of
 * the tests, a log, EXPLAIN).
 */
export const PREPARED_MARK = '/*prepared*/';

/** Marks a select to be kept as a named statement on each connection that runs it. */
export function prepared<QB extends { modifyFront(modifier: Expression<unknown>): QB }>(query: QB): QB {
  return query.modifyFront(sql.raw(PREPARED_MARK));
}

export const isMarkedPrepared = (text: string): boolean => text.startsWith(`select ${PREPARED_MARK} `);

export const statementName = (text: string): string => `prepared_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** the names of the marked texts met so far (a handful: only fixed selects are marked), hashed once each */
const names = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = statementName(text);
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
};

/**
 * PostgreSQL answers 0A000 "cached plan must not change result type" when a table a prepared
 * `select *` reads gained or lost a column since (a migration by another instance during a
 * rolling deploy): the statement is dropped on that connection and the query runs again, prepared afresh.
 */
const PLAN_CHANGED = '0A000';

type Query = (text: unknown, values?: unknown, callback?: unknown) => Promise<pg.QueryResult>;

/** Makes a pool client send marked selects as named statements (pool.on('connect')). */
export function nameMarkedQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const named = async (text: string, values: unknown[], retried = false): Promise<pg.QueryResult> => {
    const name = nameOf(text);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (retried || (error as { code?: string }).code !== PLAN_CHANGED) throw error;
      await query(`deallocate ${name}`);
      delete (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[name];
      return named(text, values, true);
    }
  };
  (client as unknown as { query: Query }).query = (text, values, callback) =>
    typeof text === 'string' && isMarkedPrepared(text) && Array.isArray(values) && callback === undefined ? named(text, values) : query(text, values, callback);
}
