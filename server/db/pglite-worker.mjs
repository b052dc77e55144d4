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

/** the messages of one pass through the database, sent as one buffer (the protocol allows any number before a Sync) */
const pass = (...parts) => {
  const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    buffer.set(part, at);
    at += part.length;
  }
  return buffer;
};

/**
 * A marked select, parsed and described once: the statement's parameter types and the description
 * of its rows are kept with it. Each run is then one pass (bind, execute, sync), and its rows are
 * read with the kept description: PGlite's own query() asks for the description again on every run,
 * whose cost grows with the columns (the polled selects have 30 to 40). A select writes nothing to
 * flush. When the database answers an error, the Sync of the same pass has already ended the
 * statement's run, so the connection is idle again.
 */
async function preparedOnce(text, params) {
  await db.waitReady;
  return db.runExclusive(async () => {
    let statement = statements.get(text);
    try {
      if (!statement) {
        const name = `prepared_${++statementCount}`;
        const described = await db.execProtocolStream(pass(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()), quiet);
        const rows = described.find((message) => message.name === 'rowDescription');
        statement = { name, types: parse.parseDescribeStatementResults(described), rows };
        statements.set(text, statement);
      }
      const values = params.map((value, k) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[statement.types[k]];
        return serializer ? serializer(value) : value.toString();
      });
      const messages = await db.execProtocolStream(pass(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()), quiet);
      return parse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, db.parsers)[0];
    } catch (error) {
      // a changed table: the statement is forgotten (and closed), prepared afresh next time
      if (statement && error?.code === PLAN_CHANGED) {
        statements.delete(text);
        await db.execProtocolStream(pass(serialize.close({ type: 'S', name: statement.name }), serialize.sync()), quiet).catch(() => {});
      }
      throw error;
    }
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

/**
 * The main thread posts statements without waiting for the previous answer (./pglite-pipelined.ts):
 * they run here one after another, in the order posted, never side by side.
 */
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() => answer(message));
});

async function answer(message) {
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
}
