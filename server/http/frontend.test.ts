import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDb, type TestDb } from '../test/db';

let t: TestDb;
let dist: string;
let app: FastifyInstance;
let bare: FastifyInstance;
beforeAll(async () => {
  t = await freshDb();
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'explorer.html'), '<!doctype html><title>Explorer</title>');
  app = await buildApp({ db: t.db, config: t.config, distDir: dist });
  bare = await buildApp({ db: t.db, config: t.config, distDir: path.join(dist, 'missing') });
});
afterAll(async () => {
  await app?.close();
  await bare?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('front end', () => {
  it('/ redirects to the English landing page', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/');
  });

  it('serves content-hashed assets as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers app pages with index.html, revalidated', async () => {
    for (const url of ['/en/login', '/ru/trading', '/en/autologin?key=abc']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeDefined();
    }
    const other = await app.inject({ method: 'GET', url: '/explorer.html', headers: html });
    expect(other.body).toContain('Explorer');
  });

  it('keeps API, platform and upload misses as JSON 404s, and a missing asset as 404', async () => {
    for (const url of ['/api/nothing', '/platform/nothing', '/upload/nothing', '/assets/missing.js']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: 'not_found' });
    }
    const missing = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const wrong = await app.inject({ method: 'GET', url: '/api/login' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.json().error).toBe('method_not_allowed');
    // a page's address answers its page whatever the Accept header
    const nonHtml = await app.inject({ method: 'GET', url: '/en/login', headers: { accept: 'application/json' } });
    expect(nonHtml.statusCode).toBe(200);
    expect(nonHtml.body).toContain('<div id="root">');
  });

  it('without dist/ a page says to run npm run build', async () => {
    const res = await bare.inject({ method: 'GET', url: '/en/login', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    expect((await bare.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
  });
});
