import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDb, type TestDb } from '../test/db';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('start-up readiness', () => {
  it('serves pages at once and holds API calls until the database is ready', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    let open!: () => void;
    const ready = new Promise<void>((resolve) => (open = resolve));
    const app = await buildApp({ db: t.db, config: t.config, distDir: dist, ready });
    const page = await app.inject({ method: 'GET', url: '/en/login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');

    let answered = false;
    const api = app.inject({ method: 'GET', url: '/api/settings' }).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    open();
    expect((await api).statusCode).toBe(200);
    await app.close();
  });
});
