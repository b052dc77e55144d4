// `npm run bench`: every budget in scripts/bench/budgets.ts, measured on this machine.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from './lib/browser';
import { startServer } from './lib/server-process';
import { buildIfStale } from './build-if-stale.mjs';
import { buildServerIfStale } from './build-server.mjs';
import { BUDGETS } from './bench/budgets';
import { pageJsGzip } from './bench/bundle';
import { cascadeEventsPerSecond } from './bench/cascade';
import { signedInTrader } from './bench/session';

/** progress on stderr, so a slow step is visible while it runs */
const step = (what: string) => process.stderr.write(`bench: ${what}…\n`);

const rows: Array<{ name: string; value: string; budget: string; ok: boolean }> = [];
const record = (name: string, value: number, limit: number, unit: string, higherIsBetter = false) =>
  rows.push({ name, value: `${value.toFixed(1)} ${unit}`, budget: `${higherIsBetter ? '≥' : '≤'} ${limit} ${unit}`, ok: higherIsBetter ? value >= limit : value <= limit });

async function timeToFirstPage(dataDir: string): Promise<number> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' });
  try {
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error('server did not start within 30 s');
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before serving a page`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/en/login`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(2000) });
        if (res.ok && (await res.text()).includes('<div id="root">')) return performance.now() - started;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(killer);
    }
  }
}

interface LoadFigures {
  rps: number;
  p99: number;
  errors: number;
  requests: number;
}

/** scripts/bench/load.mjs against one URL (5 s, 16 connections); any failed request fails the bench. */
function loadFrom(url: string, env: Record<string, string> = {}): LoadFigures {
  const load = spawnSync(process.execPath, ['scripts/bench/load.mjs', url, '5', '16'], { encoding: 'utf8', env: { ...process.env, ...env } });
  const figures = JSON.parse(load.stdout) as LoadFigures;
  if (figures.errors > 0) throw new Error(`${url}: ${figures.errors} of ${figures.requests} requests failed`);
  return figures;
}

async function main(): Promise<void> {
  buildIfStale();
  await buildServerIfStale();
  for (const [page, limit] of Object.entries(BUDGETS.pageJsGzip)) {
    record(`${page} page JavaScript (gzip)`, pageJsGzip(page as 'login').bytes / 1000, limit / 1000, 'kB');
  }
  record('cascade machine events processed', cascadeEventsPerSecond(), BUDGETS.cascadeMinEventsPerSec, 'events/s', true);

  step('npm start, twice');
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerage-bench-'));
  record('npm start → first page (fresh database)', await timeToFirstPage(dataDir), BUDGETS.startToFirstPageMs, 'ms');
  record('npm start → first page (existing database)', await timeToFirstPage(dataDir), BUDGETS.startToFirstPageMs, 'ms');
  rmSync(dataDir, { recursive: true, force: true });

  step('starting a server for the page and load measurements');
  const server = await startServer();
  try {
    step('login page in Chromium');
    const browser = await launchBrowser();
    const page = await (await browser.newContext()).newPage();
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.goto(`${server.url}/en/login`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      samples.push(await page.evaluate(() => performance.now()));
    }
    await browser.close();
    samples.sort((a, b) => a - b);
    record('login page ready in Chromium (median of 5)', samples[2], BUDGETS.loginPageLoadMs, 'ms');

    // the cheapest route and the invoice check, from a second process, in the same run
    step('load on GET /api/settings');
    const figures = loadFrom(`${server.url}/api/settings`);
    record('GET /api/settings p99 (16 connections, 5 s)', figures.p99, BUDGETS.settingsP99Ms, 'ms');
    record('GET /api/settings throughput', figures.rps, BUDGETS.settingsMinRps, 'req/s', true);
    step('load on POST /api/btc/check');
    const trader = await signedInTrader(server.url);
    const { guid } = (await trader.post('/api/btc/pay', { amount: '250' })) as { guid: string };
    const check = loadFrom(`${server.url}/api/btc/check`, { LOAD_METHOD: 'POST', LOAD_BODY: JSON.stringify({ guid }), LOAD_COOKIE: trader.cookie, LOAD_CSRF: trader.csrf });
    record('POST /api/btc/check p99 (16 connections, 5 s)', check.p99, BUDGETS.invoiceCheckP99Ms, 'ms');
    record('POST /api/btc/check throughput', check.rps, BUDGETS.invoiceCheckMinRps, 'req/s', true);
  } finally {
    await server.stop();
  }

  console.log('\nbudget                                               measured        budget');
  for (const r of rows) console.log(`${r.ok ? 'ok  ' : 'OVER'} ${r.name.padEnd(48)} ${r.value.padStart(12)}   ${r.budget}`);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}

void main();
