import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { createDb, describeDb } from './db';
import { demoUsers } from './sandbox/seed/demo-users';
import { migrate } from './db/migrate';
import { seed } from './sandbox/seed/seed';
import { purgeOldAttempts } from './domain/attempts';
import { purgeOldSignIns } from './domain/security/sign-in-history';
import { purgeExpiredAutologin } from './domain/autologin';
import { purgeExpiredPasskeyChallenges } from './domain/security/passkeys';
import { purgeExpiredSessions } from './domain/sessions';
import { purgeOldResets } from './domain/forgot/reset';
import { shutdownHandler } from './http/shutdown';
import { runExclusive } from './db/leader';
import { intervalWhenReady } from './db/when-ready';
import { purgeOldRegistrationAttempts } from './domain/register/limits';
import { purgeExpiredIdpObjects } from './sandbox/idp/store';
import { ensureRiskFigure } from './domain/protection/risk-figure';
import { expireExports } from './domain/data-export/jobs';
import { pushHubFor } from './push/pg-hub';

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/** `npm run serve`: migrate, seed (sandbox only), serve the API, the sandbox platform and dist/. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // a setting that is refused (sandbox mode in production, a short secret): say why, start nothing
    console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // PGlite on its own thread: pages are served while the database starts and works
  const db = createDb(config, { thread: true });
  // listen first: pages are served while the database starts; API calls wait for `ready`
  const ready = (async () => {
    await migrate(db);
    if (config.sandbox) await seed(db);
    // the risk warning's figure of the day, when missing, before the first page asks for it (the
    // housekeeping keeps it daily); a failure is logged and the pages say only the general warning
    await ensureRiskFigure(db, new Date()).catch((error: unknown) => console.error('The risk figure could not be computed:', error));
  })();
  ready.catch((error: unknown) => {
    console.error('The database could not be prepared:', error);
    process.exit(1);
  });

  const app = await buildApp({
    db,
    config,
    ready,
    distDir: fileURLToPath(new URL('../dist', import.meta.url)),
    logger: { level: config.logLevel },
    // PostgreSQL: push across instances through LISTEN/NOTIFY; PGlite: in memory (one process)
    push: (log) => pushHubFor(db, log),
    // ledger and platform compared every 5 minutes; a difference is logged at error level
    mirror: { reconcileEveryMs: 5 * 60_000 },
  });
  // deletes by age and expires unread data exports (idempotent): one instance of the deployment runs them each hour (docs/architecture.md, "Timers")
  // (started once the database is migrated, like every timer: server/db/when-ready.ts)
  const stopHousekeeping = intervalWhenReady(ready, HOUSEKEEPING_EVERY_MS, () => {
    // and the risk warning's figure of the day, computed from the ledger when today's is missing
    const purge = () => Promise.all([purgeExpiredSessions(db), purgeExpiredAutologin(db), purgeExpiredPasskeyChallenges(db), purgeOldAttempts(db), purgeOldSignIns(db), purgeOldResets(db), purgeOldRegistrationAttempts(db), purgeExpiredIdpObjects(db), ensureRiskFigure(db, new Date()), expireExports(db, new Date())]);
    runExclusive(db, 'housekeeping', purge, { everyMs: HOUSEKEEPING_EVERY_MS }).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
  });

  // SIGTERM: stop accepting, let requests in flight finish (SHUTDOWN_GRACE_MS), end SSE streams, close the database
  const stop = shutdownHandler({
    app,
    graceMs: config.shutdownGraceMs,
    stopTimers: stopHousekeeping,
    closeDb: () => db.destroy(),
    exit: (code) => process.exit(code),
  });
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const started = Date.now();
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // the address answers at once (a page opened now waits for the database), but it is announced,
  // with the demo logins, only once the database is ready: a first start migrates a new database
  console.log(`\n  Preparing the database (${describeDb(config)}: migrations${config.sandbox ? ', sandbox data' : ''})…\n`);
  await ready;
  const lines = [
    '',
    `  Brokerage is ready (database prepared in ${Math.round((Date.now() - started) / 1000)} s): http://${shownHost}:${config.port}/en/login`,
    `  Database: ${describeDb(config)}${config.sandbox ? ' · sandbox third parties' : ''}`,
  ];
  if (config.sandbox) {
    lines.push('  Demo logins:');
    for (const user of demoUsers) lines.push(`    ${user.email.padEnd(22)} ${user.password.padEnd(13)} ${user.purpose}`);
    lines.push(`  Sandbox operator token (header x-sandbox-operator, acts on any user's sandbox objects): ${config.sandboxOperatorToken}`);
    lines.push(`  Sandbox reviewer console (verification documents; enter the operator token): http://${shownHost}:${config.port}/sandbox/review`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
