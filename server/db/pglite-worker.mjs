// PGlite on its own thread (see pglite-thread.ts): the server's event loop keeps serving pages
// and requests while the embedded database starts (initdb, recovery) and runs queries.
// Plain JavaScript, so it loads the same way from the sources, from tsx and from the bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'routine'];

const { dataDir } = workerData;
const db = new PGlite(dataDir);

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
    const result = await db.query(message.sql, message.params);
    parentPort.postMessage({ id, ok: true, result: { rows: result.rows, affectedRows: result.affectedRows } });
  } catch (error) {
    const fields = {};
    for (const key of ERROR_FIELDS) if (error && error[key] !== undefined) fields[key] = error[key];
    parentPort.postMessage({ id, ok: false, error: { message: String(error?.message ?? error), fields } });
  }
});
