import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db';
import { TEST_CARDS } from '../sandbox/processors/test-cards';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { registeredRoutes } from './not-found';

/**
 * No GET changes state. Every GET route the app registers is called with a
 * signed-in session (its cookies, the platform's too) on the seeded demo data, path parameters
 * filled with the trader's own payment, attempt and invoice; the row count of every table is the
 * same before and after each call.
 */

let t: TestDb;
let app: FastifyInstance;
let base = '';
const dist = fileURLToPath(new URL('../../dist', import.meta.url));

beforeAll(async () => {
  t = await freshDb({ seed: true });
  // the outbox is delivered only when a route flushes it: no background worker writes during the walk
  app = await buildApp({ db: t.db, config: t.config, distDir: existsSync(dist) ? dist : undefined, mirror: { deliverEveryMs: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** The tables of the current schema, read once (a GET creates none). */
let tableNames: string[] = [];

/**
 * The row count of every table of the current schema (information_schema: n_live_tup is not kept
 * on PGlite), in one statement: a round trip per table per route made the walk take minutes.
 */
async function allRowCounts(db: Db): Promise<Record<string, number>> {
  if (tableNames.length === 0) {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
    tableNames = tables.rows.map((r) => r.table_name);
  }
  const counts = await sql<{ t: string; n: string }>`${sql.join(
    tableNames.map((name) => sql`select ${name} as t, count(*)::text as n from ${sql.table(name)}`),
    sql` union all `,
  )}`.execute(db);
  return Object.fromEntries(counts.rows.map((r) => [r.t, Number(r.n)]));
}

/** GET over real HTTP (the server-sent events stream never ends): status, the first bytes, then the connection is dropped. */
async function get(url: string, headers: Record<string, string>): Promise<number> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 5_000);
  try {
    const res = await fetch(base + url, { headers, redirect: 'manual', signal: abort.signal });
    const reader = res.body?.getReader();
    if (reader) {
      // read to the end, but give up on a stream after its first chunk
      const stream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
      for (;;) {
        const { done } = await reader.read();
        if (done || stream) break;
      }
      await reader.cancel().catch(() => {});
    }
    return res.status;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

describe('GET routes', () => {
  it('none writes: every registered GET, signed in, leaves every table as it was', async () => {
    const browser = new Browser(app);
    const signed = await browser.signIn('trader@example.com', 'Trader-2026');
    expect(signed.statusCode).toBe(200);
    // Portugal: every processor is allowed, so the Concept 3-D Secure page exists
    await t.db.updateTable('users').set({ country: 'PT' }).where('email', '=', 'trader@example.com').execute();

    // the trader's own objects, to fill path parameters with: one card payment per processor page
    const saved = await browser.send('POST', '/api/card/save', {
      json: { cnu: TEST_CARDS.find((c) => c.scenario === 'secure3d')!.visa, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'PT', cur: 'USD' },
    });
    expect(saved.statusCode).toBe(200);
    const card = (saved.json() as { card: string }).card;
    const traderId = (await t.db.selectFrom('users').select('id').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow()).id;
    const started = async (path: string): Promise<{ payment: string; reply: Record<string, unknown> }> => {
      // four payments today: the sandbox's 3-a-day card limit is lifted for this setup
      await t.db.deleteFrom('card_day_counts').where('user_id', '=', traderId).execute();
      const checked = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } });
      const payment = (checked.json() as { payment: string }).payment;
      expect(payment, path).toMatch(/^[0-9a-f-]{36}$/);
      const res = await browser.send('POST', path, { json: { id: payment, amount: '300.00', fixed: false, bonus: false } });
      expect(res.statusCode, path).toBe(200);
      return { payment, reply: res.json() as Record<string, unknown> };
    };
    const concept = await started('/api/payconcept/pay');
    const uid = String(concept.reply.txid);
    expect(uid).toBeTruthy();
    const ezpay = await started('/api/card/fast/ezpay');
    const vload = await started('/api/vload/pay');
    const entro = await started('/api/entro/pay');
    const payment = concept.payment;
    const invoice = await browser.send('POST', '/api/btc/pay', { json: { amount: '250' } });
    expect(invoice.statusCode).toBe(200);
    const guid = (invoice.json() as { guid: string }).guid;
    const chatToken = (await browser.send('POST', '/api/chat/token', { json: {} })).json() as { token: string };
    expect(chatToken.token).toBeTruthy();

    const params: Record<string, string> = { uid, guid, id: payment, '*': 'en/trading' };
    // EZPAY's page is that of its own attempt
    const ezpayUid = /\/page\/([^/?]+)/.exec(String(ezpay.reply.redirect))?.[1];
    expect(ezpayUid).toBeTruthy();
    const routeParams: Record<string, Record<string, string>> = { '/api/card/fast/ezpay/page/:uid': { uid: ezpayUid! } };
    const queries: Record<string, string> = {
      // EZPAY's GET only leads to the attempt its POST started (the card part: it wrote before)
      '/api/card/fast/ezpay': `id=${ezpay.payment}&lang=en`,
      '/api/entro/redirect': `payment=${entro.payment}`,
      '/api/vload/start': `payment=${vload.payment}&amount=300.00`,
      '/api/vload/prepare': `payment=${vload.payment}&amount=300.00`,
      '/api/vload/finish': `payment=${vload.payment}&amount=300.00`,
      '/api/sandbox/outbox': 'email=trader%40example.com',
      '/platform/chart': 'symbol=EURUSD',
      '/platform/orders': 'limit=10',
      '/platform/transactions': 'limit=10',
    };
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { cookie, accept: 'text/html,application/json;q=0.9,*/*;q=0.8', 'x-chat-token': chatToken.token };

    const gets = [...new Set(registeredRoutes(app).filter((r) => r.method === 'GET').map((r) => r.url))];
    // the walk is the app's own list, not a hand-made one
    expect(gets.length).toBeGreaterThan(40);
    expect(gets).toEqual(expect.arrayContaining(['/api/me', '/api/events', '/api/btc/invoice/:guid', '/platform/state', '/chat/messages']));

    // the counts cover every table (a walk that counted nothing would pass whatever the GETs wrote)
    const first = await allRowCounts(t.db);
    expect(Object.keys(first).length).toBeGreaterThan(80);
    expect(first.users).toBeGreaterThan(0);

    const writers: string[] = [];
    const statuses: Record<string, number> = {};
    for (const route of gets) {
      const path = route.replace(/:(\w+)|\*/g, (all, name: string | undefined) => encodeURIComponent(routeParams[route]?.[name ?? all] ?? params[name ?? all] ?? 'x').replace(/%2F/g, '/'));
      const url = queries[route] ? `${path}?${queries[route]}` : path;
      const before = await allRowCounts(t.db);
      statuses[url] = await get(url, headers);
      const after = await allRowCounts(t.db);
      // timer_runs is the background jobs' own record of when each last ran (server/db/leader.ts): a
      // job that comes due during a GET adds its row whatever the GET does; the tables a job
      // writes are still compared
      const changed = Object.keys({ ...before, ...after }).filter((table) => table !== 'timer_runs' && before[table] !== after[table]);
      if (changed.length > 0) writers.push(`GET ${url}: ${changed.map((c) => `${c} ${before[c]} → ${after[c]}`).join(', ')}`);
    }
    expect(writers).toEqual([]);
    // a server fault is not "writes nothing": every GET answered
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    // the session lived through the walk: the calls ran signed in
    expect((await browser.me()).user).toMatchObject({ email: 'trader@example.com' });
  }, 120_000);
});
