// PGlite on its own thread (see pglite-thread.ts): the server's event loop keeps serving pages
// and requests while the embedded database starts (initdb, recovery) and runs queries.
// Plain JavaScript, so it loads the same way from the sources, from tsx and from the bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'routine'];

const { dataDir } = workerData;
const db = new PGlite(dataDir);

/** server/db/prepared.ts PREPARED_MARK after `select `: these run as named prepared statements */
const MARKED = 'select /*prepared*/ ';
/** PostgreSQL's "cached plan must not change result type" (a table the statement reads changed) */
const PLAN_CHANGED = '0A000';
const { serialize } = protocol;
const quiet = { syncToFs: false };
/** the marked selects' text → their statement on this database (one connection: kept for its life) */
const statements = new Map();
let statementCount = 0;

/**
 * A marked select as PGlite's own query() runs it (parse, describe, bind, describe, execute, sync,
 * under its lock), except that the parse and the statement's description happen once: later runs
 * bind the named statement (server/db/prepared.ts says why). A select writes nothing to flush.
 */
async function preparedOnce(text, params) {
  await db.waitReady;
  return db.runExclusive(async () => {
    const messages = [];
    let statement = statements.get(text);
    try {
      if (!statement) {
        const name = `prepared_${++statementCount}`;
        await db.execProtocolStream(serialize.parse({ name, text }), quiet);
        const types = parse.parseDescribeStatementResults(await db.execProtocolStream(serialize.describe({ type: 'S', name }), quiet));
        statement = { name, types };
        statements.set(text, statement);
      }
      const values = params.map((value, k) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[statement.types[k]];
        return serializer ? serializer(value) : value.toString();
      });
      messages.push(...(await db.execProtocolStream(serialize.bind({ statement: statement.name, values }), quiet)));
      messages.push(...(await db.execProtocolStream(serialize.describe({ type: 'P' }), quiet)));
      messages.push(...(await db.execProtocolStream(serialize.execute({}), quiet)));
    } catch (error) {
      // a refused parse or a changed table: the statement is forgotten (and closed), prepared afresh next time
      if (statement && error?.code === PLAN_CHANGED) {
        statements.delete(text);
        await db.execProtocolStream(serialize.close({ type: 'S', name: statement.name }), quiet).catch(() => {});
      }
      throw error;
    } finally {
      await db.execProtocolStream(serialize.sync(), quiet);
    }
    return parse.parseResults(messages, db.parsers)[0];
  });
}

async function preparedQuery(text, params) {
  try {
    return await preparedOnce(text, params);
  } catch (error) {
    if (error?.code !== PLAN_CHANGED) throw error;
    return preparedOnce(text, params);
  }
}

parentPort.on('message', async (message) => {
  const { id, op } = message;
  try {
    if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id, ok: true });
      return;
    }
    if (op === 'ready') {
      await db.waitReady;
      parentPort.postMessage({ id, ok: true });
      return;
    }
    const result = message.sql.startsWith(MARKED) ? await preparedQuery(message.sql, message.params) : await db.query(message.sql, message.params);
    parentPort.postMessage({ id, ok: true, result: { rows: result.rows, affectedRows: result.affectedRows } });
  } catch (error) {
    const fields = {};
    for (const key of ERROR_FIELDS) if (error && error[key] !== undefined) fields[key] = error[key];
    parentPort.postMessage({ id, ok: false, error: { message: String(error?.message ?? error), fields } });
  }
});
