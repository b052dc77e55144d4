// `npm run bench`: every budget in scripts/bench/budgets.ts, measured on this machine.
import { spawn } from 'node:child_process';
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
import { ANCHOR_CONSTANT, ANCHOR_SELECT, CONNECTIONS, SECONDS, load, startBenchServer, type LoadFigures, type LoadOptions } from './bench/load';

/** progress on stderr, so a slow step is visible while it runs */
const step = (what: string) => process.stderr.write(`bench: ${what}…\n`);

const rows: Array<{ name: string; value: string; budget: string; ok: boolean }> = [];
const record = (name: string, value: number, limit: number, unit: string, higherIsBetter = false) =>
  rows.push({ name, value: `${value.toFixed(1)} ${unit}`, budget: `${higherIsBetter ? '≥' : '≤'} ${limit} ${unit}`, ok: higherIsBetter ? value >= limit : value <= limit });

const loads: Array<{ name: string } & LoadFigures> = [];

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

/** `npm run bench -- --load`: only the server load rows (no build, no browser, no start-up timing) */
const loadOnly = process.argv.includes('--load');

async function main(): Promise<void> {
  if (!loadOnly) await pagesAndStartUp();
  await serverLoad();
  printReport();
}

async function pagesAndStartUp(): Promise<void> {
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
  } finally {
    await server.stop();
  }
}

async function serverLoad(): Promise<void> {
  // server load: autocannon in this process, the server in its own, each figure beside a bare
  // route of the same server measured in the same run (scripts/bench/server.ts)
  step('starting the bench server (the app plus its anchor routes)');
  const bench = await startBenchServer();
  try {
    const shape = `${CONNECTIONS} connections, ${SECONDS} s`;
    const measure = async (name: string, path: string, options?: LoadOptions) => {
      step(`autocannon on ${name}`);
      const figures = await load(`${bench.url}${path}`, options);
      loads.push({ name, ...figures });
      return figures;
    };
    // each route between two runs of its anchor: the ratio uses their mean, so a machine that gets
    // busier or quieter during the pair moves the anchor with the route
    const bracket = (a: LoadFigures, b: LoadFigures): LoadFigures => ({ rps: (a.rps + b.rps) / 2, p50: (a.p50 + b.p50) / 2, p99: (a.p99 + b.p99) / 2, requests: a.requests + b.requests });
    const constantBefore = await measure(`GET ${ANCHOR_CONSTANT} (anchor)`, ANCHOR_CONSTANT);
    const settings = await measure('GET /api/settings', '/api/settings');
    const constant = bracket(constantBefore, await measure(`GET ${ANCHOR_CONSTANT} (anchor, again)`, ANCHOR_CONSTANT));
    const trader = await signedInTrader(bench.url);
    const { guid } = (await trader.post('/api/btc/pay', { amount: '250' })) as { guid: string };
    const selectBefore = await measure(`GET ${ANCHOR_SELECT} (anchor)`, ANCHOR_SELECT);
    const check = await measure('POST /api/btc/check', '/api/btc/check', { method: 'POST', body: { guid }, cookie: trader.cookie, csrf: trader.csrf });
    const select = bracket(selectBefore, await measure(`GET ${ANCHOR_SELECT} (anchor, again)`, ANCHOR_SELECT));

    record(`GET /api/settings p99 (${shape})`, settings.p99, BUDGETS.settingsP99Ms, 'ms');
    record('GET /api/settings throughput', settings.rps, BUDGETS.settingsMinRps, 'req/s', true);
    record('GET /api/settings ÷ constant anchor (mean of both)', (100 * settings.rps) / constant.rps, BUDGETS.settingsMinPercentOfConstantAnchor, '%', true);
    record(`POST /api/btc/check p99 (${shape})`, check.p99, BUDGETS.invoiceCheckP99Ms, 'ms');
    record('POST /api/btc/check throughput', check.rps, BUDGETS.invoiceCheckMinRps, 'req/s', true);
    record('POST /api/btc/check ÷ one-select anchor (mean of both)', (100 * check.rps) / select.rps, BUDGETS.invoiceCheckMinPercentOfSelectAnchor, '%', true);
  } finally {
    await bench.stop();
  }
}

function printReport(): void {
  console.log(`\nload (autocannon, ${CONNECTIONS} connections, ${SECONDS} s; anchors: bare routes of the same server, same run)`);
  console.log('route                                                   req/s    p50 ms   p99 ms   requests');
  for (const l of loads) console.log(`${l.name.padEnd(52)} ${l.rps.toFixed(0).padStart(8)} ${l.p50.toFixed(1).padStart(9)} ${l.p99.toFixed(1).padStart(8)} ${String(l.requests).padStart(10)}`);
  console.log('\nbudget                                                       measured        budget');
  for (const r of rows) console.log(`${r.ok ? 'ok  ' : 'OVER'} ${r.name.padEnd(56)} ${r.value.padStart(12)}   ${r.budget}`);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}

void main();
