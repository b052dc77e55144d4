import { createQueryId, type CompiledQuery, type Kysely, type RootOperationNode } from 'kysely';
import type { Database } from './schema';

/**
 * A polled select compiled once. Kysely builds a query's tree and compiles it to SQL on
 * every call: for the card listen poll's join that was about 50 µs of the request's 400 µs of
 * server time, for a text that never changes. Here the select is built and compiled on its first
 * call with a placeholder for each parameter; later calls put their values in the placeholders'
 * places and execute the same SQL. Plugins still see every query: the cached tree goes through the
 * executor's plugins each time, and a plugin that changes it gets its tree compiled afresh.
 *
 * `build` must pass its parameters straight into the query (a value it inspects, to choose a join
 * for example, would be a placeholder here): a choice of shape belongs to the caller, which runs
 * the rarer shape uncompiled (`build(db, …).execute()`).
 */
type Db = Kysely<Database>;

export function compiledOnce<P extends unknown[], O>(build: (db: Db, ...params: P) => Compilable<O>): (db: Db, ...params: P) => Promise<O[]> {
  let cached: { node: RootOperationNode; sql: string; parameters: readonly unknown[] } | undefined;
  return async (db, ...params) => {
    if (!cached) {
      const slots = params.map((_, index) => new Slot(index)) as P;
      const query = build(db.withoutPlugins(), ...slots);
      const { sql, parameters } = query.compile();
      cached = { node: query.toOperationNode(), sql, parameters };
    }
    const executor = db.getExecutor();
    const queryId = createQueryId();
    const node = executor.transformQuery(cached.node, queryId);
    const compiled = node === cached.node ? { sql: cached.sql, parameters: cached.parameters } : executor.compileQuery(node, queryId);
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? params[value.index] : value));
    const result = await executor.executeQuery<O>({ query: node, queryId, sql: compiled.sql, parameters } as CompiledQuery<O>);
    return result.rows;
  };
}

interface Compilable<O> {
  compile(): CompiledQuery<O>;
  toOperationNode(): RootOperationNode;
}

/** where a call's parameter goes in the compiled select */
class Slot {
  constructor(readonly index: number) {}
}
