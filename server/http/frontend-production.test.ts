import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDb, type TestDb } from '../test/db';

// the front end as the production build leaves it (npm run build): a .br and a .gz beside each
// file; the explorer switched off (EXPLORER, off in production by default)
const script = 'console.log("a hashed asset");'.repeat(20);
const page = '<!doctype html><title>App</title><div id="root"></div>';

let t: TestDb;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  t = await freshDb();
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-prod-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of [['index.html', page], ['assets/index-abc123.js', script], ['explorer.html', '<!doctype html><title>Machine explorer</title>'.repeat(10)]]) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  app = await buildApp({ db: t.db, config: { ...t.config, explorer: false }, distDir: dist });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the production front end', () => {
  it('sends the pre-compressed file the browser accepts, cached as immutable', async () => {
    for (const [accept, encoding, bytes] of [
      ['gzip, deflate, br', 'br', brotliCompressSync(script)],
      ['gzip', 'gzip', gzipSync(script)],
      ['identity', undefined, Buffer.from(script)],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.rawPayload.equals(bytes), accept).toBe(true);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
    }
  });

  it('pages are the app, revalidated', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('with the explorer off, neither /explorer/ nor explorer.html serves it', async () => {
    const file = await app.inject({ method: 'GET', url: '/explorer.html', headers: { accept: 'text/html' } });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('Machine explorer');
    const res = await app.inject({ method: 'GET', url: '/explorer/', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('Machine explorer');
  });
});
