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
beforeAll(async () => {
  t = await freshDb();
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-explorer-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>App</title>');
  writeFileSync(path.join(dist, 'explorer.html'), '<!doctype html><title>Machine explorer</title>');
  app = await buildApp({ db: t.db, config: t.config, distDir: dist });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html' };

describe('the machine explorer page', () => {
  it('/explorer/ (with or without the slash, with a query) serves explorer.html', async () => {
    for (const url of ['/explorer/', '/explorer', '/explorer/?lang=ru']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Machine explorer');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('other pages keep the app; addresses that only start with "explorer" are not the explorer (the 404 page)', async () => {
    expect((await app.inject({ method: 'GET', url: '/en/login', headers: html })).body).toContain('<title>App</title>');
    for (const url of ['/explorers', '/en/explorer/']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Page not found · Brokerage</title>');
    }
  });

  it('serves the coverage reports from the coverage folder as they are now, only those three names', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coverage-'));
    writeFileSync(path.join(dir, 'machines.json'), '{"generatedAt":"","machines":{"a":1}}');
    writeFileSync(path.join(dir, 'secret.json'), '{}');
    const own = await buildApp({ db: t.db, config: t.config, distDir: dist, coverageDir: dir });
    try {
      const res = await own.inject({ method: 'GET', url: '/explorer/coverage/machines.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ generatedAt: '', machines: { a: 1 } });
      writeFileSync(path.join(dir, 'machines.json'), '{"generatedAt":"","machines":{"a":2}}');
      expect((await own.inject({ method: 'GET', url: '/explorer/coverage/machines.json' })).json()).toMatchObject({ machines: { a: 2 } });
      for (const url of ['/explorer/coverage/ui.json', '/explorer/coverage/secret.json', '/explorer/coverage/..%2Fpackage.json']) {
        expect((await own.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
