import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { memoryHub } from '../push/hub';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';

let t: TestDb;
const push = memoryHub();
let app: Awaited<ReturnType<typeof buildApp>>;
let base = '';

beforeAll(async () => {
  t = await freshDb({ seed: true });
  // no background outbox delivery: the mirror pushes user.updated to the seeded trader when it
  // delivers their seeded balances, which would race the events this file publishes itself
  app = await buildApp({ db: t.db, config: t.config, push, mirror: { deliverEveryMs: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** Reads server-sent events from a real HTTP stream until `count` data lines arrived. */
async function readEvents(res: Response, count: number): Promise<unknown[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
    }
  }
  await reader.cancel();
  return events;
}

describe('GET /api/events', () => {
  it('refuses a visitor who is not signed in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'auth.required' });
  });

  it("streams the signed-in user's events and only theirs", async () => {
    const browser = new Browser(app);
    await browser.signIn('trader@example.com', 'Trader-2026');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${base}/api/events`, { headers: { cookie } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const userId = Number((await browser.me()).user?.userId);
    await expect.poll(() => push.size()).toBe(1);
    push.publish(userId + 1000, { type: 'user.updated' });
    push.publish(userId, { type: 'payment.updated', id: 'p1', status: 'approved' });
    expect(await readEvents(res, 1)).toEqual([{ type: 'payment.updated', id: 'p1', status: 'approved' }]);
    await expect.poll(() => push.size()).toBe(0);
  });
});
