// The bench's server process: the app exactly as server/main.ts builds it (same buildApp, same
// thread for PGlite, same log level), plus two anchor routes registered only here, so every
// figure of `npm run bench` has a bare route of the same server, measured in the same run, beside it.
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/sandbox/seed/seed';
import { ANCHOR_CONSTANT, ANCHOR_SELECT } from './load';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config, { thread: true });
  await migrate(db);
  if (config.sandbox) await seed(db);
  const app = await buildApp({ db, config, logger: { level: config.logLevel } });
  app.get(ANCHOR_CONSTANT, async () => ({ ok: true }));
  app.get(ANCHOR_SELECT, async () => {
    const row = await db.selectFrom('users').select(['id', 'email']).where('id', '=', 1).executeTakeFirst();
    return { ok: true, found: row !== undefined };
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
