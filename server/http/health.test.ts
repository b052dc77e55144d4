import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { memoryHub, type PushHub } from '../push/hub';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /healthz and GET /readyz', () => {
  it('/healthz answers at once; /readyz is 503 until the migrations are done, then 200', async () => {
    let migrated!: () => void;
    const ready = new Promise<void>((resolve) => (migrated = resolve));
    const app = await buildApp({ db: t.db, config: t.config, ready });
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      // no session cookie for a probe
      expect(health.headers['set-cookie']).toBeUndefined();

      const before = await app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'not_ready', checks: { migrations: 'pending', database: 'ok', push: 'ok' } });

      migrated();
      await ready;
      const after = await app.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ok', checks: { migrations: 'ok', database: 'ok', push: 'ok' } });
      expect(after.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('/readyz names a failed migration, a disconnected push hub and a database that does not answer', async () => {
    const ready = Promise.reject(new Error('migration 42 failed'));
    ready.catch(() => {});
    const hub = memoryHub();
    const push: PushHub = { ...hub, connected: () => false };
    const app = await buildApp({ db: t.db, config: t.config, ready, push });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', checks: { migrations: 'failed', database: 'ok', push: 'disconnected' } });
    } finally {
      await app.close();
    }
    const closed = await freshDb();
    const broken = await buildApp({ db: closed.db, config: t.config });
    await closed.close();
    try {
      const res = await broken.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect((res.json() as { checks: { database: string } }).checks.database).toBe('failed');
      expect((await broken.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('sheds load under pressure with 503 busy and Retry-After; /healthz still answers', async () => {
    // a heap limit of 1 MB: always under pressure
    const app = await buildApp({ db: t.db, config: { ...t.config, loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 1 } } });
    try {
      await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(503);
      const shed = await app.inject({ method: 'GET', url: '/api/settings' });
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toMatchObject({ error: 'busy' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('shutdown', () => {
  it('ends every open event stream with server.closing, so app.close() does not wait for them', async () => {
    const push = memoryHub();
    const app = await buildApp({ db: t.db, config: t.config, push });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const browser = new Browser(app);
    await browser.signIn('trader@example.com', 'Trader-2026');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${base}/api/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    await expect.poll(() => push.size()).toBe(1);

    const closed = app.close();
    // the whole stream, to its end: the server ended it
    const text = await res.text();
    await closed;
    expect(text).toContain('data: {"type":"server.closing"}');
    expect(text.trimEnd().endsWith('data: {"type":"server.closing"}')).toBe(true);
    expect(push.size()).toBe(0);
  });
});
