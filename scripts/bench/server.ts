// The bench's server process: the app exactly as server/main.ts builds it (same buildApp, same
// thread for PGlite, same log level), plus two anchor routes registered only here, so every
// figure of `npm run bench` has a bare route of the same server, measured in the same run, beside it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { prepared } from '../../server/db/prepared';
import type { PushHub } from '../../server/push/hub';
import { pushHubFor } from '../../server/push/pg-hub';
import { seed } from '../../server/sandbox/seed/seed';
import { ANCHOR_CONSTANT, ANCHOR_PREPARED, ANCHOR_SELECT } from './load';
import { SSE_MEMORY, SSE_PUBLISH } from './sse';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config, { thread: true });
  await migrate(db);
  if (config.sandbox) await seed(db);
  // the hub as server/main.ts chooses it (PostgreSQL: LISTEN/NOTIFY; PGlite: in memory); the SSE
  // rows (scripts/bench/sse.ts) also publish on it directly
  const hubs: PushHub[] = [];
  const app = await buildApp({ db, config, push: (log) => hubs[hubs.push(pushHubFor(db, log)) - 1], logger: { level: config.logLevel } });
  const [push] = hubs;
  app.get(ANCHOR_CONSTANT, async () => ({ ok: true }));
  app.get(ANCHOR_SELECT, async () => {
    const row = await db.selectFrom('users').select(['id', 'email']).where('id', '=', 1).executeTakeFirst();
    return { ok: true, found: row !== undefined };
  });
  app.get(ANCHOR_PREPARED, async () => {
    const row = await prepared(db.selectFrom('users').select(['id', 'email'])).where('id', '=', 1).executeTakeFirst();
    return { ok: true, found: row !== undefined };
  });
  // scripts/bench/sse.ts: one event to every stream of these users, straight on the hub
  app.post<{ Body: { users: number[] } }>(SSE_PUBLISH, async (request) => {
    const started = performance.now();
    for (const userId of request.body.users) push.publish(userId, { type: 'user.updated' });
    // how long the call took: on the memory hub the writes to every stream; on PostgreSQL sending the NOTIFYs
    return { ok: true, streams: push.size(), ms: performance.now() - started };
  });
  // scripts/bench/sse.ts: this process's memory after a full garbage collection
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  app.get(SSE_MEMORY, async () => {
    // twice, a moment apart: V8 gives freed pages back to the system after the collection
    gc();
    await new Promise((r) => setTimeout(r, 300));
    gc();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    return { rss, heapUsed, external, arrayBuffers, streams: push.size() };
  });
  const stop = async () => {
    setTimeout(() => process.exit(1), 5_000).unref();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  await app.listen({ port: config.port, host: config.host });
  console.log('bench server listening');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
