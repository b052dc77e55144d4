import { Worker } from 'node:worker_threads';

/** What kysely-pglite-dialect uses of a PGlite instance. */
export interface PGliteLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  close(): Promise<void>;
}

interface Reply {
  id: number;
  ok: boolean;
  result?: { rows: unknown[]; affectedRows?: number };
  error?: { message: string; fields: Record<string, unknown> };
}

/**
 * PGlite in a worker thread, behind the two calls the Kysely dialect makes. PGlite runs
 * PostgreSQL compiled to WebAssembly synchronously: on the main thread its start (seconds for
 * a new cluster) would stall every request, the first page included. Errors keep PostgreSQL's
 * fields (code, constraint, …), so unique and check violations are recognised as before.
 */
export function threadedPGlite(dataDir: string): PGliteLike {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  worker.on('message', (reply: Reply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread stopped (exit code ${code})`)));

  const send = (message: Record<string, unknown>): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  const unwrap = (reply: Reply) => {
    if (reply.ok) return reply.result ?? { rows: [] };
    throw Object.assign(new Error(reply.error?.message ?? 'database error'), reply.error?.fields ?? {});
  };

  return {
    query: async (sql, params = []) => unwrap(await send({ op: 'query', sql, params })),
    close: async () => {
      if (!failure) unwrap(await send({ op: 'close' }));
      await worker.terminate();
    },
  };
}
