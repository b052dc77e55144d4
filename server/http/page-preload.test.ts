import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDb, type TestDb } from '../test/db';
import { PAGE_MODULES, pagePreloads } from './page-preload';

/** a manifest shaped as Vite writes it: the entry, its shared chunks, pages, the first contracts, the Russian texts */
const MANIFEST = {
  'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_react-1.js'], dynamicImports: ['src/features/login/LoginPage.tsx', 'src/features/trading/TradingPage.tsx', 'src/api/first-contracts.ts', 'src/i18n/ru.ts'], css: ['assets/main-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/features/login/LoginPage.tsx': { file: 'assets/LoginPage-1.js', isDynamicEntry: true, imports: ['_react-1.js', '_form-1.js'], css: ['assets/main-1.css'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_react-1.js'], css: ['assets/form-1.css'] },
  'src/features/trading/TradingPage.tsx': { file: 'assets/TradingPage-1.js', isDynamicEntry: true, imports: ['_react-1.js', '_form-1.js', 'index.html'], dynamicImports: ['src/features/trading/messages.ru.ts', 'src/features/funding/FundingPage.tsx'], css: ['assets/TradingPage-1.css'] },
  'src/features/trading/messages.ru.ts': { file: 'assets/messages.ru-1.js', isDynamicEntry: true },
  'src/features/funding/FundingPage.tsx': { file: 'assets/FundingPage-1.js', isDynamicEntry: true },
  'src/api/first-contracts.ts': { file: 'assets/first-contracts-1.js', isDynamicEntry: true, imports: ['_zod-1.js'] },
  '_zod-1.js': { file: 'assets/zod-1.js' },
  'src/i18n/ru.ts': { file: 'assets/ru-1.js', isDynamicEntry: true },
};

describe("pagePreloads: what a page's first render waits for, that index.html does not load", () => {
  it("the page's chunk with its imports and styles and the first calls' schemas, without the entry's own", () => {
    expect(pagePreloads(MANIFEST, 'trading', 'en')).toEqual({
      js: ['/assets/TradingPage-1.js', '/assets/form-1.js', '/assets/first-contracts-1.js', '/assets/zod-1.js'],
      css: ['/assets/TradingPage-1.css', '/assets/form-1.css'],
    });
  });

  it("in Russian also the dictionary and the page's own Russian texts, not its later pages'", () => {
    const { js } = pagePreloads(MANIFEST, 'trading', 'ru');
    expect(js).toContain('/assets/ru-1.js');
    expect(js).toContain('/assets/messages.ru-1.js');
    expect(js).not.toContain('/assets/FundingPage-1.js');
    expect(pagePreloads(MANIFEST, 'login', 'ru').js).toEqual(['/assets/LoginPage-1.js', '/assets/form-1.js', '/assets/first-contracts-1.js', '/assets/zod-1.js', '/assets/ru-1.js']);
  });

  it("a page the table does not know, or a name from Object's prototype, gets only the first calls' schemas", () => {
    expect(pagePreloads(MANIFEST, 'nope', 'en').js).toEqual(['/assets/first-contracts-1.js', '/assets/zod-1.js']);
    expect(pagePreloads(MANIFEST, 'constructor', 'en').js).toEqual(['/assets/first-contracts-1.js', '/assets/zod-1.js']);
  });
});

describe("PAGE_MODULES is src/App.tsx's page table", () => {
  it('names the chunk App.tsx imports for each of its pages', () => {
    const app = readFileSync(path.join(import.meta.dirname, '..', '..', 'src', 'App.tsx'), 'utf8');
    const imports = new Map([...app.matchAll(/const (\w+) = preloadable\(\(\) => import\('\.\/([^']+)'\)\)/g)].map((m) => [m[1], `src/${m[2]}.tsx`]));
    const table = /const pages = \{([^}]+)\}/.exec(app)?.[1] ?? '';
    const pages = Object.fromEntries(
      [...table.matchAll(/(?:'([^']*)'|(\w+)): (\w+)/g)].map((m) => [m[1] ?? m[2], imports.get(m[3])]),
    );
    expect(Object.keys(pages).length).toBeGreaterThan(10);
    expect(pages).toEqual(PAGE_MODULES);
  });
});

describe('every page names its chunks in its HTML', () => {
  let t: TestDb;
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await freshDb();
    dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>App</title>\n  </head><body><div id="root"></div></body></html>');
    app = await buildApp({ db: t.db, config: t.config, distDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the trading page: its chunks as low-priority module preloads, its styles preloaded, in the head', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/trading' });
    expect(res.statusCode).toBe(200);
    const head = res.body.split('</head>')[0];
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/TradingPage-1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/TradingPage-1.css">');
    expect(head).not.toContain('/assets/react-1.js');
    expect(head).not.toContain('/assets/ru-1.js');
  });

  it('a Russian page with the dictionary; a public tab with the public chunk; a 404 with none', async () => {
    expect((await app.inject({ method: 'GET', url: '/ru/login?next=x' })).body).toContain('href="/assets/ru-1.js"');
    expect((await app.inject({ method: 'GET', url: '/en/login' })).body).toContain('href="/assets/LoginPage-1.js"');
    const missing = await app.inject({ method: 'GET', url: '/en/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('modulepreload');
  });

  it("the build's manifest is not served", async () => {
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
