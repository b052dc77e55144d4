// Server load for `npm run bench`: autocannon against a server in another process, and that
// server's own bare routes as anchors measured in the same run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../lib/server-process';

/** the anchors scripts/bench/server.ts registers on the app: a constant JSON answer (every hook of
 *  the app, no work) and one select by primary key on the database connection the routes use */
export const ANCHOR_CONSTANT = '/bench/anchor/constant';
export const ANCHOR_SELECT = '/bench/anchor/select';
/** the same select kept as a named prepared statement, as the hot routes' session selects are
 *  (server/db/prepared.ts): printed beside them for comparison, not a budget */
export const ANCHOR_PREPARED = '/bench/anchor/select-prepared';

export interface LoadFigures {
  /** requests per second, the mean over the run */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

export interface LoadOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  cookie?: string;
  csrf?: string;
  /** concurrent connections (default CONNECTIONS) */
  connections?: number;
}

/** every load run: 100 connections (the issue-19 shape: many traders polling at once) for 5 s after
 *  a 1 s warm-up; any failed or non-2xx answer fails the bench */
export const CONNECTIONS = 100;
export const SECONDS = 5;

export async function load(url: string, options: LoadOptions = {}): Promise<LoadFigures> {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load tests target loopback only');
  const headers: Record<string, string> = {
    ...(options.cookie && { cookie: options.cookie }),
    ...(options.body !== undefined && { 'content-type': 'application/json', 'x-csrf-token': options.csrf ?? '' }),
  };
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections ?? CONNECTIONS, duration, method: options.method ?? 'GET', headers, ...(options.body !== undefined && { body: JSON.stringify(options.body) }) });
  await run(1);
  const result = await run(SECONDS);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${options.method ?? 'GET'} ${target.pathname}: ${failed} of ${result.requests.total} requests failed (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

export interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}

/** `--pg` without DATABASE_URL: the local PostgreSQL, in a database the bench creates afresh */
export const LOCAL_PG_ADMIN = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
export const LOCAL_PG_BENCH_DB = 'brokerage_bench';

/** A fresh (dropped and created) database on the local PostgreSQL; returns its URL. */
export async function freshLocalPgDatabase(): Promise<string> {
  const client = new pg.Client({ connectionString: LOCAL_PG_ADMIN });
  await client.connect();
  try {
    await client.query(`drop database if exists ${LOCAL_PG_BENCH_DB} with (force)`);
    await client.query(`create database ${LOCAL_PG_BENCH_DB}`);
  } finally {
    await client.end();
  }
  const url = new URL(LOCAL_PG_ADMIN);
  url.pathname = `/${LOCAL_PG_BENCH_DB}`;
  return url.toString();
}

/**
 * scripts/bench/server.ts in its own process: sandbox mode, the global per-IP rate limit off (one
 * client sends thousands of requests a second here), and either a fresh embedded database (PGlite
 * on its own thread, as `npm start`) or the PostgreSQL of `databaseUrl` (migrated and seeded).
 */
export async function startBenchServer(databaseUrl = ''): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerage-bench-load-'));
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (where a route's time goes)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/bench/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SANDBOX: '1', SANDBOX_OPERATOR_TOKEN: randomBytes(24).toString('base64url'), RATE_LIMIT_PER_MINUTE: '0', METRICS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench server did not answer within 60 s\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/settings`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
