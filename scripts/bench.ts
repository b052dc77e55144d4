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
import { sseRows } from './bench/sse';
import { approvedCardPayment, signedInTrader } from './bench/session';
import { tradingAtRest } from './bench/idle';
import { lighthouseRows, REPORT_DIR, type LighthouseFigures } from './bench/lighthouse';
import { LIGHTHOUSE_METRICS, lighthouseBudgets, lighthouseTable, type LighthouseMetric } from './bench/lighthouse-report';
import { ANCHOR_CONSTANT, ANCHOR_PREPARED, ANCHOR_SELECT, CONNECTIONS, SECONDS, freshLocalPgDatabase, load, startBenchServer, type LoadFigures, type LoadOptions } from './bench/load';

/** progress on stderr, so a slow step is visible while it runs */
const step = (what: string) => process.stderr.write(`bench: ${what}…\n`);

/** `gate: false`: printed beside its budget but a report only (CI's Lighthouse timings: `--gate`) */
const rows: Array<{ name: string; value: string; budget: string; ok: boolean; gate: boolean }> = [];
const record = (name: string, value: number, limit: number, unit: string, higherIsBetter = false, options: { digits?: number; gate?: boolean } = {}) =>
  rows.push({ name, value: `${value.toFixed(options.digits ?? 1)} ${unit}`.trim(), budget: `${higherIsBetter ? '≥' : '≤'} ${limit} ${unit}`.trim(), ok: higherIsBetter ? value >= limit : value <= limit, gate: options.gate ?? true });

const loads: Array<{ name: string } & LoadFigures> = [];
/** ratios printed for comparison, not budgets */
const compared: string[] = [];

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

/** `npm run bench -- --sse`: only the SSE rows (scripts/bench/sse.ts: 10,000 event streams on one server) */
const sseOnly = process.argv.includes('--sse');

/** `npm run bench -- --lighthouse`: only the Lighthouse rows (scripts/bench/lighthouse.ts) */
const lighthouseOnly = process.argv.includes('--lighthouse');
const argAfter = (flag: string): string | undefined => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
/** `--runs N`: Lighthouse runs per page and preset (the median is kept); 3 by default */
const lighthouseRuns = Number(argAfter('--runs') ?? 3);
/** `--gate cls,accessibility`: only these Lighthouse budgets fail the bench, the rest is a report (CI) */
const gateArg = argAfter('--gate');
const lighthouseGate = new Set<LighthouseMetric>(gateArg ? (gateArg.split(',') as LighthouseMetric[]) : LIGHTHOUSE_METRICS);
/** `--gate-pages landing,login,register`: only these pages' Lighthouse budgets fail the bench (CI: the signed-in pages' known layout shift stays a report) */
const lighthouseGatePages = argAfter('--gate-pages')?.split(',');
/** `--pages landing,login`: only these Lighthouse pages */
const lighthousePages = argAfter('--pages')?.split(',');
const lighthouseFigures: LighthouseFigures[] = [];

async function main(): Promise<void> {
  if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) throw new Error('--runs takes a whole number ≥ 1');
  for (const metric of lighthouseGate) if (!LIGHTHOUSE_METRICS.includes(metric)) throw new Error(`--gate: no Lighthouse budget ${metric} (${LIGHTHOUSE_METRICS.join(', ')})`);
  if (lighthouseOnly) {
    buildIfStale();
    await withServer(lighthouse);
    return printReport();
  }
  if (!loadOnly && !sseOnly) await pagesAndStartUp();
  if (!sseOnly) await serverLoad();
  if (!loadOnly) await sseRows(record, step);
  printReport();
}

/** the production build's server (scripts/lib/server-process.ts: fresh database, sandbox mode) for `measure` */
async function withServer(measure: (url: string) => Promise<void>): Promise<void> {
  step('starting a server for the page measurements');
  const server = await startServer();
  try {
    await measure(server.url);
  } finally {
    await server.stop();
  }
}

async function lighthouse(url: string): Promise<void> {
  const figures = await lighthouseRows(url, { runs: lighthouseRuns, pages: lighthousePages, step });
  lighthouseFigures.push(...figures);
  for (const f of figures) {
    for (const r of lighthouseBudgets(f)) record(r.name, r.value, r.limit, r.unit, r.higherIsBetter, { digits: r.digits, gate: lighthouseGate.has(r.metric) && (!lighthouseGatePages || lighthouseGatePages.includes(f.page)) });
  }
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

  await withServer(async (url) => {
    step('login page in Chromium');
    const browser = await launchBrowser();
    const page = await (await browser.newContext()).newPage();
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.goto(`${url}/en/login`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      samples.push(await page.evaluate(() => performance.now()));
    }
    samples.sort((a, b) => a - b);
    record('login page ready in Chromium (median of 5)', samples[2], BUDGETS.loginPageLoadMs, 'ms');
    step('the trading page at rest');
    const rest = await tradingAtRest(browser, url);
    record('trading page at rest: frames rendered', rest.framesPerSecond, BUDGETS.tradingAtRestMaxFramesPerSec, 'frames/s');
    compared.push(`trading page at rest: main thread busy ${rest.busyMsPerSecond.toFixed(0)} ms a second`);
    await browser.close();
    await lighthouse(url);
  });
}

/** `--pg`: the load rows on PostgreSQL too (DATABASE_URL when set, else a fresh database on the local one) */
const withPostgres = process.argv.includes('--pg') || Boolean(process.env.DATABASE_URL);

async function serverLoad(): Promise<void> {
  await serverLoadOn('PGlite', '');
  if (withPostgres) await serverLoadOn('PostgreSQL', process.env.DATABASE_URL || (await freshLocalPgDatabase()));
}

/** the polling routes, each measured between two runs of the one-select anchor */
const HOT = ['POST /api/btc/check', 'POST /api/card/listen/orange', 'GET /api/me', 'GET /api/settings'] as const;

async function serverLoadOn(dbName: 'PGlite' | 'PostgreSQL', databaseUrl: string): Promise<void> {
  // server load: autocannon in this process, the server in its own, each figure beside a bare
  // route of the same server measured in the same run (scripts/bench/server.ts)
  step(`starting the bench server on ${dbName} (the app plus its anchor routes)`);
  const bench = await startBenchServer(databaseUrl);
  try {
    const measure = async (name: string, path: string, options?: LoadOptions) => {
      step(`autocannon on ${name} (${dbName})`);
      const figures = await load(`${bench.url}${path}`, options);
      loads.push({ name: `${dbName}: ${name}`, ...figures });
      return figures;
    };
    // each route between two runs of its anchor: the ratio uses their mean, so a machine that gets
    // busier or quieter during the pair moves the anchor with the route
    const mean = (a: LoadFigures, b: LoadFigures): number => (a.rps + b.rps) / 2;
    const constantBefore = await measure(`GET ${ANCHOR_CONSTANT} (anchor)`, ANCHOR_CONSTANT);
    const settingsPlain = await measure('GET /api/settings without a cookie', '/api/settings');
    const constantAfter = await measure(`GET ${ANCHOR_CONSTANT} (anchor, again)`, ANCHOR_CONSTANT);

    const trader = await signedInTrader(bench.url, { cascade: 'ORANGE' });
    const { guid } = (await trader.post('/api/btc/pay', { amount: '250' })) as { guid: string };
    const listenBody = await approvedCardPayment(trader);
    const signedIn = { cookie: trader.cookie, csrf: trader.csrf };
    const routes: Record<(typeof HOT)[number], [string, LoadOptions]> = {
      'POST /api/btc/check': ['/api/btc/check', { method: 'POST', body: { guid }, ...signedIn }],
      'POST /api/card/listen/orange': ['/api/card/listen/orange', { method: 'POST', body: listenBody, ...signedIn }],
      'GET /api/me': ['/api/me', { cookie: trader.cookie }],
      'GET /api/settings': ['/api/settings', { cookie: trader.cookie }],
    };
    let anchor = await measure(`GET ${ANCHOR_SELECT} (anchor)`, ANCHOR_SELECT);
    const hot: Array<{ name: string; route: LoadFigures; anchorRps: number }> = [];
    // for comparison only: the anchor's select prepared as the hot routes' session selects are, also
    // measured before and after each route (one run at the end moved with the machine's other work)
    const preparedRun = () => measure(`GET ${ANCHOR_PREPARED} (prepared anchor, not a budget)`, ANCHOR_PREPARED);
    let preparedAnchor = await preparedRun();
    for (const name of HOT) {
      const [path, options] = routes[name];
      const route = await measure(name, path, options);
      const after = await measure(`GET ${ANCHOR_SELECT} (anchor)`, ANCHOR_SELECT);
      const preparedAfter = await preparedRun();
      hot.push({ name, route, anchorRps: mean(anchor, after) });
      compared.push(`${dbName}: ${name} ÷ prepared one-select anchor (mean of the runs before and after): ${((100 * route.rps) / mean(preparedAnchor, preparedAfter)).toFixed(1)} %`);
      anchor = after;
      preparedAnchor = preparedAfter;
    }

    const shape = `${CONNECTIONS} connections, ${SECONDS} s`;
    const db = `${dbName}: `;
    record(`${db}GET /api/settings without a cookie p99 (${shape})`, settingsPlain.p99, BUDGETS.settingsP99Ms, 'ms');
    record(`${db}GET /api/settings without a cookie throughput`, settingsPlain.rps, BUDGETS.settingsMinRps, 'req/s', true);
    record(`${db}GET /api/settings without a cookie ÷ constant anchor`, (100 * settingsPlain.rps) / mean(constantBefore, constantAfter), BUDGETS.settingsMinPercentOfConstantAnchor, '%', true);
    if (dbName === 'PGlite') record(`${db}POST /api/btc/check throughput`, hot[0].route.rps, BUDGETS.invoiceCheckMinRps, 'req/s', true);
    for (const { name, route, anchorRps } of hot) {
      record(`${db}${name} ÷ one-select anchor`, (100 * route.rps) / anchorRps, BUDGETS.hotMinPercentOfSelectAnchor, '%', true);
      if (dbName === 'PostgreSQL') record(`${db}${name} p99 (${shape})`, route.p99, BUDGETS.hotP99MsPostgres, 'ms');
    }
  } finally {
    await bench.stop();
  }
}

function printReport(): void {
  if (lighthouseFigures.length > 0) console.log(`\nLighthouse (median of ${lighthouseRuns} per page and preset; reports in ${REPORT_DIR})\n${lighthouseTable(lighthouseFigures)}`);
  if (loads.length > 0) {
    console.log(`\nload (autocannon, ${CONNECTIONS} connections, ${SECONDS} s; anchors: bare routes of the same server, same run)`);
    console.log(`${'route'.padEnd(64)}    req/s    p50 ms   p99 ms   requests`);
  }
  for (const l of loads) console.log(`${l.name.padEnd(64)} ${l.rps.toFixed(0).padStart(8)} ${l.p50.toFixed(1).padStart(9)} ${l.p99.toFixed(1).padStart(8)} ${String(l.requests).padStart(10)}`);
  if (compared.length > 0) console.log(`\ncompared, not budgets\n${compared.map((line) => `     ${line}`).join('\n')}`);
  console.log('\nbudget                                                       measured        budget');
  for (const r of rows) console.log(`${r.ok ? 'ok  ' : r.gate ? 'OVER' : 'over'} ${r.name.padEnd(64)} ${r.value.padStart(12)}   ${r.budget}${r.gate ? '' : ' (report)'}`);
  process.exit(rows.every((r) => r.ok || !r.gate) ? 0 : 1);
}

void main();
