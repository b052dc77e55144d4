// the polling routes' round trips to the database, counted. A correctness budget (how many
// queries a request makes does not depend on the machine), so it is an assertion here; their speed
// lives in `npm run bench`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { isMarkedPrepared } from '../db/prepared';
import { memoryHub } from '../push/hub';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

/** Counts the statements a request sends (Kysely builders and raw sql alike), by kind: only those
 *  in the request's own async context, not the app's background work (mirror worker, timers). */
class QueryCounter implements KyselyPlugin {
  private readonly context = new AsyncLocalStorage<string[]>();
  private readonly nodes = new AsyncLocalStorage<RootOperationNode[]>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.context.getStore()?.push(args.node.kind);
    this.nodes.getStore()?.push(args.node);
    return args.node;
  }
  /** the SQL of the statements `work` sends, compiled as the database receives it */
  async sqlDuring(work: () => Promise<unknown>): Promise<string[]> {
    const nodes: RootOperationNode[] = [];
    await this.nodes.run(nodes, work);
    return nodes.map((node) => t.db.getExecutor().compileQuery(node, { queryId: 'hot-routes' }).sql);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
  /** the statements `work` sends */
  async during(work: () => Promise<unknown>): Promise<string[]> {
    const kinds: string[] = [];
    await this.context.run(kinds, work);
    return kinds;
  }
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const writes = (kinds: string[]) => kinds.filter((k) => WRITES.has(k));

let t: TestDb;
let app: Awaited<ReturnType<typeof buildApp>>;
const counter = new QueryCounter();

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db.withPlugin(counter), config: t.config, push: memoryHub() });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function trader(request: Parameters<typeof freshUser>[1] = {}): Promise<Browser> {
  const browser = new Browser(app);
  await freshUser(browser, request);
  return browser;
}

/** a request's statements, after a first one (the session's expiry slide, at most once a minute, is then done) */
async function steady(send: () => Promise<{ statusCode: number }>): Promise<string[]> {
  expect((await send()).statusCode).toBe(200);
  let status = 0;
  const kinds = await counter.during(async () => {
    status = (await send()).statusCode;
  });
  expect(status).toBe(200);
  return kinds;
}

describe('the polling routes: round trips per request', () => {
  it('GET /api/settings: none (served from memory, no session read), signed in or not', async () => {
    const browser = await trader();
    expect(await steady(() => browser.send('GET', '/api/settings'))).toEqual([]);
    expect(await steady(() => app.inject({ method: 'GET', url: '/api/settings' }))).toEqual([]);
    const body = (await browser.send('GET', '/api/settings')).json() as { languages: string[]; sandbox: boolean };
    expect(body).toMatchObject({ languages: ['en', 'ru'], sandbox: true });
  });

  it('GET /api/me signed in: the session and the user (with accounts, bonuses and unread tickets) in one select, no write', async () => {
    const browser = await trader();
    const kinds = await steady(() => browser.send('GET', '/api/me'));
    expect(kinds).toEqual(['SelectQueryNode']);
    // parsed and planned once per connection (server/db/prepared.ts), and never the password's hash
    const [select] = await counter.sqlDuring(() => browser.send('GET', '/api/me'));
    expect(isMarkedPrepared(select)).toBe(true);
    expect(select).not.toContain('password_hash');
  });

  it('GET /api/me without a live session: a new anonymous session (its cookie and CSRF token), user null', async () => {
    const fresh = new Browser(app);
    const first = await fresh.me();
    expect(first.user).toBeNull();
    expect(first.csrf).toMatch(/.{20,}/);
    expect(fresh.cookies.get('sid')).toBeTruthy();
    // the same session on the next poll: same token, one select
    expect((await fresh.me()).csrf).toBe(first.csrf);
    expect(await steady(() => fresh.send('GET', '/api/me'))).toEqual(['SelectQueryNode']);
    // an unknown cookie: a new session replaces it
    fresh.cookies.set('sid', 'not-a-session');
    const again = await fresh.me();
    expect(again.user).toBeNull();
    expect(again.csrf).not.toBe(first.csrf);
  });

  it('GET /api/me keeps its answer: balances, bonuses and turnover as before', async () => {
    const browser = await trader();
    const { user } = await browser.me();
    expect(user).toMatchObject({ currency: 'USD', available: '1000.00', depositsTotal: '1000.00', support_unread: 0 });
    const balances = user?.balances as Array<{ accountId: string; amount: string; type: string }>;
    expect(balances.length).toBeGreaterThan(0);
    expect(balances.find((b) => b.accountId === user?.current_accountId)?.amount).toBe('1000.00');
  });

  it('POST /api/btc/check of a waiting invoice with nothing on the chain: session and invoice in one select, no chain read, no write', async () => {
    const browser = await trader();
    const { guid } = (await browser.send('POST', '/api/btc/pay', { json: { amount: '250' } })).json() as { guid: string };
    const kinds = await steady(() => browser.send('POST', '/api/btc/check', { json: { guid } }));
    expect(kinds).toEqual(['SelectQueryNode']);
    expect(writes(kinds)).toEqual([]);
    const polled = await counter.sqlDuring(() => browser.send('POST', '/api/btc/check', { json: { guid } }));
    expect(polled.map(isMarkedPrepared)).toEqual([true]);
    // what the answer shows of the invoice, not its whole row (read only when the chain is asked)
    expect(polled[0]).toMatch(/"i"\."pending_minor"/);
    expect(polled[0]).not.toMatch(/"i"\.\*|xpub_hash|credit_account_id/);
  });

  it('POST /api/btc/check still sees a payment the chain reported (activity on the address), then goes quiet again', async () => {
    const browser = await trader();
    const { guid } = (await browser.send('POST', '/api/btc/pay', { json: { amount: '250' } })).json() as { guid: string };
    expect((await browser.send('POST', '/api/btc/check', { json: { guid } })).json()).toMatchObject({ status: 'wt' });
    expect((await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid, kind: 'full' } })).json()).toMatchObject({ status: 'su' });
    expect((await browser.send('POST', '/api/btc/check', { json: { guid } })).json()).toMatchObject({ status: 'su', due: '0.00000000' });
    // the activity reaches the watchers through the push hub, after the payment's own sync; the
    // check that follows it asks the chain once more, and from then on the checks are quiet: the
    // session with the invoice, and (a closed invoice, checked on a push only, not polled) its
    // exceptions (issue 32 §1); no chain read, no write
    let kinds: string[] = [];
    for (let i = 0; i < 5 && kinds.length !== 2; i += 1) kinds = await steady(() => browser.send('POST', '/api/btc/check', { json: { guid } }));
    expect(kinds).toEqual(['SelectQueryNode', 'SelectQueryNode']);
    const [, second] = await counter.sqlDuring(() => browser.send('POST', '/api/btc/check', { json: { guid } }));
    expect(second).toMatch(/from "crypto_exceptions"/);
  });

  it('POST /api/btc/check at the deadline asks the chain even without activity here (a payment another instance saw)', async () => {
    const browser = await trader();
    const { guid } = (await browser.send('POST', '/api/btc/pay', { json: { amount: '250' } })).json() as { guid: string };
    expect((await browser.send('POST', '/api/btc/check', { json: { guid } })).json()).toMatchObject({ status: 'wt' });
    const invoice = await t.db.selectFrom('crypto_invoices').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
    // straight into the sandbox chain's table: no activity reaches this instance's watcher
    await t.db
      .insertInto('sandbox_chain_txs')
      .values({ txid: randomUUID().replaceAll('-', '').padEnd(64, '0'), chain: invoice.chain, address: invoice.address, asset: invoice.asset, amount_minor: invoice.amount_minor, decimals: invoice.decimals, confirmations: 6, created_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await browser.send('POST', '/api/btc/check', { json: { guid } })).json()).toMatchObject({ status: 'wt' });
    // the hour is over: the check must know whether it was paid in time, so it asks the chain
    await t.db.updateTable('crypto_invoices').set({ expires_at: new Date() }).where('guid', '=', guid).execute();
    expect((await browser.send('POST', '/api/btc/check', { json: { guid } })).json()).toMatchObject({ status: 'su', due: '0.00000000' });
  });

  it('POST /api/card/listen/orange of a settled payment: session, payment and attempt in one select, no write', async () => {
    const browser = await trader({ cascade: 'ORANGE' });
    const saved = await browser.send('POST', '/api/card/save', { json: { cnu: '4000000000000010', cvv: '123', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
    const checked = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: (saved.json() as { card: string }).card } });
    const id = (checked.json() as { payment: string }).payment;
    expect((await browser.send('POST', '/api/card/fast/orange', { json: { id, amount: '300.00', fixed: false, bonus: false } })).statusCode).toBe(200);
    const listen = () => browser.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' } });
    expect((await listen()).json()).toMatchObject({ found: true, reply: { proc: 'ORANGE', status: 'successful' } });
    expect(await steady(listen)).toEqual(['SelectQueryNode']);
    const polled = await counter.sqlDuring(listen);
    expect(polled.map(isMarkedPrepared)).toEqual([true]);
    // what a settled attempt is answered from, not the whole payment and attempt (read only while one is pending)
    expect(polled[0]).toMatch(/"a"\."message"/);
    expect(polled[0]).not.toMatch(/"p"\.\*|"a"\."checks"|card_token/);
    // a processor this payment never reached: not found, the same one select
    const other = () => browser.send('POST', '/api/card/listen/meiko', { json: { id, transaction_id: '' } });
    expect((await other()).json()).toEqual({ found: false });
    expect(await steady(other)).toEqual(['SelectQueryNode']);
    // someone else's payment id: 404, as before; signed out: 401; no or a wrong CSRF token: 403
    const stranger = await trader();
    expect((await stranger.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' } })).statusCode).toBe(404);
    expect((await browser.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' }, csrf: false })).json()).toMatchObject({ error: 'csrf' });
    expect((await browser.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' }, headers: { 'x-csrf-token': 'not-the-token' }, csrf: false })).json()).toMatchObject({ error: 'csrf' });
    const anonymous = new Browser(app);
    await anonymous.me();
    expect((await anonymous.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' } })).statusCode).toBe(401);
  });

  it('POST /api/btc/check keeps the session rules: no or a wrong CSRF token 403, signed out 401, another coin or trader 404', async () => {
    const browser = await trader();
    const { guid } = (await browser.send('POST', '/api/btc/pay', { json: { amount: '250' } })).json() as { guid: string };
    expect((await browser.send('POST', '/api/btc/check', { json: { guid }, csrf: false })).json()).toMatchObject({ error: 'csrf' });
    expect((await browser.send('POST', '/api/btc/check', { json: { guid }, headers: { 'x-csrf-token': 'not-the-token' }, csrf: false })).json()).toMatchObject({ error: 'csrf' });
    expect((await app.inject({ method: 'POST', url: '/api/btc/check', payload: { guid } })).json()).toMatchObject({ error: 'csrf' });
    const anonymous = new Browser(app);
    await anonymous.me();
    expect((await anonymous.send('POST', '/api/btc/check', { json: { guid } })).statusCode).toBe(401);
    expect((await browser.send('POST', '/api/ltc/check', { json: { guid } })).statusCode).toBe(404);
    expect((await (await trader()).send('POST', '/api/btc/check', { json: { guid } })).statusCode).toBe(404);
    expect((await browser.send('POST', '/api/btc/check', { json: { guid: 'not-a-guid' } })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('the session: its expiry slides at most once a minute, so a poll writes nothing', async () => {
    const browser = await trader();
    await browser.send('GET', '/api/me');
    const kinds = await counter.during(() => Promise.all(Array.from({ length: 5 }, () => browser.send('GET', '/api/me'))));
    expect(writes(kinds)).toEqual([]);
  });
});
