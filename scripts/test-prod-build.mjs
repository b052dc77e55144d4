// `npm run test:prod`: the production build does what the README and the Dockerfile say.
// It runs `npm run build` (into a folder of its own), copies the output to a temporary folder
// outside the checkout, installs production dependencies only there (`npm ci --omit=dev`),
// then starts `node server.mjs` in that folder, with NODE_ENV=production (sandbox mode allowed
// by ALLOW_SANDBOX_IN_PRODUCTION=1 so a demo login exists), against PGlite (a temporary data
// folder) and, when DATABASE_URL is set, against PostgreSQL (a database created for the run and
// dropped after). Each run: /readyz turns 200, a demo trader signs in, hashed assets come as
// brotli or gzip files with immutable caching, no source map and no explorer page is served,
// and SIGTERM stops the server with exit code 0. Prints how long each step took.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildProduction } from './build-prod.mjs';

const root = process.cwd();
const times = [];
const timed = async (label, work) => {
  const started = performance.now();
  const result = await work();
  times.push([label, performance.now() - started]);
  return result;
};
let checks = 0;
function check(condition, message) {
  if (!condition) throw new Error(`FAILED: ${message}`);
  checks++;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node server.mjs` in `dir`; resolves once /readyz answers 200. */
async function start(dir, env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SANDBOX: '1',
      ALLOW_SANDBOX_IN_PRODUCTION: '1',
      CARD_FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node server.mjs exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`node server.mjs was not ready within 120 s:\n${log}`);
    }
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    log: () => log,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A browser's sign-in with a demo login: the sandbox platform's login, then POST /api/login. */
async function signIn(base, email, password) {
  const jar = new Map();
  const request = async (path, init = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(new URL(path, base), { ...init, headers: { ...init.headers, cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return res;
  };
  const me = async () => (await request('/api/me')).json();
  const { csrf } = await me();
  const settings = await (await request('/api/settings')).json();
  const platform = await (
    await request(`${settings.platform}/login`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' }, body: new URLSearchParams({ login: email, password }) })
  ).json();
  const login = await request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
    body: JSON.stringify({ email, password, token: platform.data?.token ?? '', captcha: 'prod-build-test', url: `${base}/en/login` }),
  });
  const body = await login.text();
  check(login.status === 200, `POST /api/login answers 200 (got ${login.status} ${body})`);
  return { user: (await me()).user, request };
}

/** A GET as sent (fetch would decompress the body): status, headers and the raw bytes. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** What one running server must do. */
async function exercise(dir, server) {
  const page = await fetch(`${server.base}/en/login`, { headers: { accept: 'text/html' } });
  check(page.status === 200 && (await page.text()).includes('<div id="root">'), 'the login page is the built index.html');
  // each page's HTML names its chunks from the build's manifest (server/http/page-preload.ts), which is not served
  const trading = await (await fetch(`${server.base}/en/trading`, { headers: { accept: 'text/html' } })).text();
  const tradingChunk = /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/(TradingPage-[\w-]+\.js)">/.exec(trading)?.[1];
  check(tradingChunk && existsSync(join(dir, 'dist', 'assets', tradingChunk)), `the trading page's HTML names its built chunk (${tradingChunk})`);
  const manifest = await fetch(`${server.base}/.vite/manifest.json`);
  check(manifest.status === 404, `the build's manifest is not served (${manifest.status})`);

  const { user, request } = await signIn(server.base, 'trader@example.com', 'Trader-2026');
  check(user?.email === 'trader@example.com', `the demo trader is signed in (GET /api/me: ${JSON.stringify(user?.email)})`);
  // the PDF statement: pdfkit and its font package are installed by npm ci --omit=dev
  const to = Date.now();
  const statement = await request(`/api/statement?from=${to - 30 * 86_400_000}&to=${to}&format=pdf&lang=ru`);
  const pdf = Buffer.from(await statement.arrayBuffer());
  check(statement.status === 200 && pdf.subarray(0, 5).toString('latin1') === '%PDF-', `GET /api/statement (PDF, Russian) answers a PDF (got ${statement.status} ${pdf.subarray(0, 200).toString('utf8')})`);

  const assets = join(dir, 'dist', 'assets');
  const js = readdirSync(assets).find((f) => f.endsWith('.js') && existsSync(join(assets, `${f}.br`)) && existsSync(join(assets, `${f}.gz`)));
  check(js, 'the build wrote .br and .gz files beside the scripts');
  for (const [accept, encoding, file] of [
    ['gzip, deflate, br', 'br', `${js}.br`],
    ['gzip', 'gzip', `${js}.gz`],
    ['identity', undefined, js],
  ]) {
    const res = await rawGet(`${server.base}/assets/${js}`, { 'accept-encoding': accept });
    check(res.status === 200, `/assets/${js} answers 200 (accept-encoding: ${accept}; got ${res.status})`);
    check(res.headers['content-encoding'] === encoding, `/assets/${js} with accept-encoding "${accept}" comes as ${encoding ?? 'identity'} (got ${res.headers['content-encoding']})`);
    check(res.bytes.equals(readFileSync(join(assets, file))), `/assets/${js} sends ${file} as built (${res.bytes.length} bytes)`);
    check(/immutable/.test(res.headers['cache-control'] ?? ''), `/assets/${js} is cached as immutable`);
    check(/accept-encoding/i.test(res.headers.vary ?? ''), `/assets/${js} varies on accept-encoding`);
  }

  const map = await fetch(`${server.base}/assets/${js}.map`);
  check(map.status === 404, `no source map is served (/assets/${js}.map: ${map.status})`);
  const explorerFile = await fetch(`${server.base}/explorer.html`);
  check(explorerFile.status === 404, `explorer.html is not served in production (${explorerFile.status})`);
  const explorerPage = await fetch(`${server.base}/explorer/`, { headers: { accept: 'text/html' } });
  check(!(await explorerPage.text()).includes('Machine explorer'), 'the explorer page is not served in production');
}

async function withPostgres(url, work) {
  const { default: pg } = await import('pg');
  const name = `brokerage_prod_build_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    return await work(target.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

const started = performance.now();
const temp = mkdtempSync(join(tmpdir(), 'brokerage-prod-'));
const outDir = join(root, '.build', 'prod-test');
try {
  const built = await timed('npm run build', () => buildProduction(root, outDir));
  check(readdirSync(join(built.out, 'dist', 'assets')).every((f) => !f.endsWith('.map')), 'the production front end has no source maps');
  const bundle = readFileSync(join(built.out, 'server.mjs'), 'utf8');
  check(!bundle.includes(root), `server.mjs stores no path of the checkout (${root})`);

  const dir = join(temp, 'app');
  await timed('copy to a temporary folder', () => cpSync(built.out, dir, { recursive: true }));
  await timed('npm ci --omit=dev', () => {
    const result = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`npm ci --omit=dev failed in ${dir} (exit ${result.status})`);
  });
  for (const tool of ['vite', 'esbuild', 'tsx', 'typescript', 'vitest']) check(!existsSync(join(dir, 'node_modules', tool)), `${tool} is not installed by npm ci --omit=dev`);

  const run = async (label, env) => {
    const server = await timed(`${label}: node server.mjs → /readyz 200`, () => start(dir, env));
    await timed(`${label}: sign-in, assets, no maps, no explorer`, () => exercise(dir, server));
    const { code } = await timed(`${label}: SIGTERM → exit`, () => server.stop());
    check(code === 0, `${label}: the server exits with 0 on SIGTERM (got ${code}):\n${server.log()}`);
  };
  await run('PGlite', { DATA_DIR: join(temp, 'data') });
  if (process.env.DATABASE_URL) {
    await withPostgres(process.env.DATABASE_URL, (url) => run('PostgreSQL', { DATABASE_URL: url }));
  } else {
    console.log('PostgreSQL run skipped: DATABASE_URL is not set (CI sets it)');
  }
  for (const [label, ms] of times) console.log(`  ${label.padEnd(52)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
  console.log(`The production build passed ${checks} checks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  for (const [label, ms] of times) console.log(`  ${label.padEnd(52)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
