import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { testApp, type TestApp } from '../test/client';
import { registeredRoutes } from './not-found';

/**
 * a production configuration (NODE_ENV=production, no SANDBOX, no EXPLORER) registers
 * no sandbox route at all (not merely refusing them): no /sandbox/* (consoles, the sandbox
 * identity provider, the processors' sandbox page form), no /api/sandbox/* (operator calls,
 * sandbox controls), no explorer page, no /metrics.
 */
const SANDBOX_PATH = /^\/(api\/)?sandbox(\/|$)/;

let dist: string;
let production: TestApp;
let sandbox: TestApp;

beforeAll(async () => {
  // a built front end with the explorer's page in it: only the configuration may hide it
  dist = mkdtempSync(path.join(tmpdir(), 'edge-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'explorer.html'), '<!doctype html><title>machine explorer</title>');
  writeFileSync(path.join(dist, 'assets', 'explorer-abc123.js'), 'export {}');
  const env = loadConfig({ NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 'p'.repeat(40) });
  // the production configuration, without shedding load: a loaded test machine stalls the event
  // loop past its 1 s and would answer 503 busy before the routes under test are reached
  expect(env).toMatchObject({ sandbox: false, explorer: false, metrics: false, apiDocs: false, sandboxOperatorToken: '' });
  production = await testApp({ seed: false, distDir: dist, config: { ...env, databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', rateLimitPerMinute: 0, loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 0 } } });
  sandbox = await testApp({ seed: false, distDir: dist, config: { explorer: true } });
  await production.app.ready();
  await sandbox.app.ready();
});
afterAll(async () => {
  await production?.close();
  await sandbox?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');

describe('production routes', () => {
  it('registers no route under /sandbox or /api/sandbox (the sandbox configuration does: the check can fail)', () => {
    const inSandbox = registeredRoutes(sandbox.app).filter((r) => SANDBOX_PATH.test(r.url));
    // the consoles, the operator calls and the sandbox identity provider exist in sandbox mode
    expect(inSandbox.length).toBeGreaterThan(20);
    for (const url of ['/sandbox/review', '/sandbox/bank', '/sandbox/desk', '/sandbox/promo', '/sandbox/card/complete', '/api/sandbox/autologin', '/api/sandbox/fresh-user']) {
      expect(inSandbox.some((r) => r.url === url || r.url.startsWith(`${url}/`)), url).toBe(true);
    }
    expect(inSandbox.some((r) => r.url.startsWith('/sandbox/idp'))).toBe(true);

    const inProduction = registeredRoutes(production.app).filter((r) => SANDBOX_PATH.test(r.url));
    expect(inProduction).toEqual([]);
    // and the router agrees with the onRoute record
    expect(production.app.printRoutes({ commonPrefix: false })).not.toMatch(/(^|\W)sandbox(\/|\W)/m);
  });

  it('answers 404 for every sandbox route of the sandbox configuration', async () => {
    const inSandbox = registeredRoutes(sandbox.app).filter((r) => SANDBOX_PATH.test(r.url) && r.method !== 'HEAD');
    for (const route of inSandbox) {
      const res = await production.app.inject({ method: route.method as InjectOptions['method'], url: concrete(route.url), headers: { accept: 'text/html' }, ...(route.method !== 'GET' && { payload: {} }) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('does not answer /metrics', async () => {
    expect((await production.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers 404 for the explorer page unless EXPLORER is on', async () => {
    for (const url of ['/explorer/', '/explorer', '/explorer.html']) {
      const res = await production.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.body, url).not.toContain('machine explorer');
      expect(res.statusCode, url).toBe(404);
    }
    // switched on, the same build serves it
    const on = await sandbox.app.inject({ method: 'GET', url: '/explorer/', headers: { accept: 'text/html' } });
    expect(on.statusCode).toBe(200);
    expect(on.body).toContain('machine explorer');
  });
});
