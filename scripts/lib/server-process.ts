import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, pgAdmin } from '../../server/db/pg-admin';

export interface RunningServer {
  url: string;
  /** the sandbox operator token (header x-sandbox-operator) this server accepts */
  operatorToken: string;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the browser suite's server, the bench's). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/settings`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

/**
 * The real server (server/main.ts) on a free port with a fresh embedded database, in sandbox
 * mode, without the global per-IP rate limit and with the per-IP registration limits raised (the
 * browser suite and the bench all come from 127.0.0.1, and a suite opens more than the 10 accounts
 * a day one address may: the limits themselves are server tests; extraEnv may set them back) and
 * without shedding load on event-loop
 * delay (a test run on 2 cores stalls the loop for seconds: a 503 there is noise, not a finding).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const database = await freshDatabase(process.env.BROWSER_DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerage-e2e-'));
  const operatorToken = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', SANDBOX: '1', SANDBOX_OPERATOR_TOKEN: operatorToken, RATE_LIMIT_PER_MINUTE: '0', REGISTER_SUBMITS_PER_IP: '100000', REGISTER_ACCOUNTS_PER_IP: '100000', REGISTER_CHECKS_PER_IP: '100000', LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await database?.drop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    url,
    operatorToken: extraEnv.SANDBOX_OPERATOR_TOKEN ?? operatorToken,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * With BROWSER_DATABASE_URL (a PostgreSQL server URL; CI sets it), the server gets a database of
 * its own on that PostgreSQL, created empty here and dropped when it stops: the browser suites then
 * run on native PostgreSQL instead of the embedded PGlite (single-threaded WebAssembly), and what
 * they do is also tried against PostgreSQL's semantics. Without it: PGlite in a temporary folder.
 */
async function freshDatabase(serverUrl: string | undefined): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!serverUrl) return undefined;
  const name = `browser_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = (sql: string) => pgAdmin(serverUrl, sql);
  await admin(`CREATE DATABASE ${name}`);
  return { url: databaseUrl(serverUrl, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
