import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { SKRILL_HIDDEN } from '../../core/methods';
import { buildApp } from '../app';
import { verifyLedger } from '../domain/ledger';
import { sandboxSecretOf, SIGNATURE_HEADER, signWebhook } from '../domain/methods';
import { memoryHub } from '../push/hub';
import { NETELLER_TEST } from '../test/sandbox';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

let t: TestDb;
const push = memoryHub();
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db, config: t.config, push });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** A new sandbox trader (USD 1000.00, in the Netherlands: Skrill is offered) signed in on a fresh browser, with the events pushed to it. */
async function trader(country = 'NL'): Promise<{ browser: Browser; userId: number; events: ServerEvent[] }> {
  const browser = new Browser(app);
  const user = await freshUser(browser);
  const userId = Number(user.userId);
  await t.db.updateTable('users').set({ country }).where('id', '=', userId).execute();
  const events: ServerEvent[] = [];
  push.subscribe(userId, (e) => events.push(e));
  return { browser, userId, events };
}

const available = async (browser: Browser): Promise<string> => String((await browser.me()).user?.available);
const ledgerCount = async () => Number((await t.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const depositRow = (id: string) => t.db.selectFrom('method_deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function skrill(browser: Browser, amount = '300') {
  const res = await browser.send('POST', '/api/card/fast/skrill', { json: { amount, fixed: false, bonus: false, currency: 'USD' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; status: string; redirect_url: string };
}

interface Hook {
  event_id: string;
  type: 'payment.completed' | 'payment.failed';
  deposit_id: string;
  transaction_id: string;
  amount: string;
  currency: string;
  created: number;
}
let seq = 0;
const hookFor = (depositId: string, over: Partial<Hook> = {}): Hook => ({
  event_id: `evt_test_${(seq += 1)}_${Date.now()}`,
  type: 'payment.completed',
  deposit_id: depositId,
  transaction_id: `TX-${seq}-${Date.now()}`,
  amount: '300.00',
  currency: 'USD',
  created: Math.floor(Date.now() / 1000),
  ...over,
});

/** Sends a webhook as the provider would: no session, no CSRF header, signed over the raw body. */
async function webhook(provider: string, body: unknown, options: { secret?: string; signature?: string; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = options.signature ?? signWebhook(options.secret ?? sandboxSecretOf(provider), raw);
  return app.inject({ method: 'POST', url: `/api/methods/${provider}/webhook`, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, payload: raw });
}

describe('Neteller (direct: account + secure id)', () => {
  it('debits the sandbox test wallet at once and credits the account once, pushing method.updated and user.updated', async () => {
    const { browser, events } = await trader();
    expect(await available(browser)).toBe('1000.00');
    const res = await browser.send('POST', '/api/neteller', { json: { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '300', is_fixed: false, currency: 'USD' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; status: string; method: string };
    expect(body).toMatchObject({ return: true, method: 'neteller', status: 'paid' });
    expect(await available(browser)).toBe('1300.00');
    expect(events).toContainEqual({ type: 'method.updated', id: body.id, status: 'paid' });
    expect(events).toContainEqual({ type: 'user.updated' });
    const row = await depositRow(body.id);
    expect(row.status).toBe('paid');
    // the secure id is nowhere in the row
    expect(JSON.stringify(row)).not.toContain(NETELLER_TEST.approve.secureId);
    const view = await browser.send('GET', `/api/methods/deposits/${body.id}`);
    expect(view.json()).toMatchObject({ id: body.id, method: 'neteller', amount: '300.00', currency: 'USD', status: 'paid' });
    // the provider's own webhook for the same transaction later: nothing more
    const again = await webhook('neteller', hookFor(body.id, { transaction_id: row.provider_tx_id ?? '' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'paid', credited: false });
    expect(await available(browser)).toBe('1300.00');
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('answers a declined wallet or a wrong secure id as 402 with the provider text; nothing credited', async () => {
    const { browser } = await trader();
    const before = await ledgerCount();
    for (const [account, secure] of [[NETELLER_TEST.decline.account, '411392'], [NETELLER_TEST.approve.account, '000000'], ['someone@example.com', '411392']] as const) {
      const res = await browser.send('POST', '/api/neteller', { json: { net_account: account, secure_id: secure, amount: '300', currency: 'USD' } });
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toMatchObject({ error: 'method.declined' });
      expect(typeof (res.json() as { message: string }).message).toBe('string');
    }
    expect(await ledgerCount()).toBe(before);
    expect(await available(browser)).toBe('1000.00');
  });

  it('refuses bad input with 4xx and writes nothing: minimum, secure id format, currency, missing fields', async () => {
    const { browser } = await trader();
    const count = async () => Number((await t.db.selectFrom('method_deposits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ net_account: NETELLER_TEST.approve.account, secure_id: '411392', amount: '100' }, 400, 'method.min_deposit'],
      [{ net_account: NETELLER_TEST.approve.account, secure_id: '41', amount: '300' }, 400, 'neteller.secure_id'],
      [{ net_account: NETELLER_TEST.approve.account, secure_id: '411392', amount: '300', currency: 'EUR' }, 400, 'method.currency'],
      [{ net_account: '', secure_id: '411392', amount: '300' }, 400, 'method.required'],
      [{ net_account: NETELLER_TEST.approve.account, secure_id: '411392', amount: '1.234' }, 400, 'method.amount'],
    ];
    for (const [json, status, key] of cases) {
      const res = await browser.send('POST', '/api/neteller', { json });
      expect(res.statusCode, JSON.stringify(json)).toBe(status);
      expect(JSON.stringify(res.json()), JSON.stringify(json)).toContain(key);
    }
    const min = (await browser.send('POST', '/api/neteller', { json: cases[0]?.[0] })).json() as { message: string };
    expect(min.message).toBe('Min deposit 250');
    expect(await count()).toBe(before);
  });
});

describe('Skrill (redirect and the signed webhook)', () => {
  it('answers the sandbox page; Pay sends the signed webhook through our route and credits once', async () => {
    const { browser, events } = await trader();
    const started = await skrill(browser);
    expect(started.status).toBe('pending');
    expect(started.redirect_url).toBe(`/sandbox/wallets/skrill/${started.id}?lang=en`);
    const page = await browser.send('GET', started.redirect_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('$300.00');
    expect(page.body).not.toContain('<script');
    const ru = await browser.send('GET', `/sandbox/wallets/skrill/${started.id}?lang=ru`);
    expect(ru.body).toContain('Песочница');
    // another trader sees no page
    const other = await trader();
    expect((await other.browser.send('GET', started.redirect_url)).statusCode).toBe(404);

    const csrf = (await browser.me()).csrf;
    const paid = await browser.send('POST', `/sandbox/wallets/skrill/${started.id}/pay`, { form: { lang: 'en', csrf } });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`^/en/trading#/listen/funding/skrill/${started.id}/SBX-SKRILL-[0-9a-f]{16}$`));
    expect(await available(browser)).toBe('1300.00');
    expect(events).toContainEqual({ type: 'method.updated', id: started.id, status: 'paid' });
    // a second Pay (back button) credits nothing more
    await browser.send('POST', `/sandbox/wallets/skrill/${started.id}/pay`, { form: { lang: 'en', csrf } });
    expect(await available(browser)).toBe('1300.00');
    expect((await browser.send('GET', `/api/methods/deposits/${started.id}`)).json()).toMatchObject({ status: 'paid' });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('Cancel fails the deposit; nothing credited', async () => {
    const { browser } = await trader();
    const started = await skrill(browser);
    const csrf = (await browser.me()).csrf;
    const res = await browser.send('POST', `/sandbox/wallets/skrill/${started.id}/cancel`, { form: { lang: 'ru', csrf } });
    expect(res.headers.location).toContain(`/ru/trading#/listen/funding/skrill/${started.id}/`);
    expect((await browser.send('GET', `/api/methods/deposits/${started.id}`)).json()).toMatchObject({ status: 'failed' });
    expect(await available(browser)).toBe('1000.00');
  });

  it('is refused on the server for each of its 15 hidden countries', async () => {
    expect(SKRILL_HIDDEN).toHaveLength(15);
    const { browser, userId } = await trader('DE');
    for (const country of SKRILL_HIDDEN) {
      await t.db.updateTable('users').set({ country }).where('id', '=', userId).execute();
      const res = await browser.send('POST', '/api/card/fast/skrill', { json: { amount: '300', currency: 'USD' } });
      expect(res.statusCode, country).toBe(403);
      expect(res.json()).toMatchObject({ error: 'method.country', message: expect.stringContaining('Skrill') });
    }
    await t.db.updateTable('users').set({ country: 'NL' }).where('id', '=', userId).execute();
    expect((await browser.send('POST', '/api/card/fast/skrill', { json: { amount: '300', currency: 'USD' } })).statusCode).toBe(200);
  });
});

describe('the webhook: signed, fresh, once, the right amount', () => {
  it('refuses a forged signature, a wrong secret and a missing one: 401, nothing credited', async () => {
    const { browser } = await trader();
    const { id } = await skrill(browser);
    const before = await ledgerCount();
    const body = hookFor(id);
    const raw = JSON.stringify(body);
    const tampered = raw.replace('"300.00"', '"3000.00"');
    for (const res of [
      await webhook('skrill', body, { secret: 'not-the-secret' }),
      await webhook('skrill', body, { raw: tampered, signature: signWebhook(sandboxSecretOf('skrill'), raw) }),
      await webhook('skrill', body, { signature: '' }),
      await webhook('skrill', body, { secret: sandboxSecretOf('neteller') }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ error: 'webhook.signature' });
    }
    expect(await ledgerCount()).toBe(before);
    expect((await depositRow(id)).status).toBe('pending');
  });

  it('refuses a stale timestamp (and one from the future): 400, nothing credited', async () => {
    const { browser } = await trader();
    const { id } = await skrill(browser);
    const now = Math.floor(Date.now() / 1000);
    for (const created of [now - 6 * 60, now + 6 * 60]) {
      const res = await webhook('skrill', hookFor(id, { created }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'webhook.stale' });
    }
    expect((await depositRow(id)).status).toBe('pending');
    expect(await available(browser)).toBe('1000.00');
  });

  it('refuses a replayed event: 409; the same payment under a new event id credits once', async () => {
    const { browser } = await trader();
    const { id } = await skrill(browser);
    const body = hookFor(id);
    const first = await webhook('skrill', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'paid', credited: true });
    const replay = await webhook('skrill', body);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ error: 'webhook.replayed' });
    const resent = await webhook('skrill', { ...body, event_id: `${body.event_id}-retry` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'paid', credited: false });
    expect(await available(browser)).toBe('1300.00');
    const credits = await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `method:skrill:${body.transaction_id}`).execute();
    expect(credits).toHaveLength(1);
  });

  it('refuses and flags an amount or a currency mismatch; nothing credited, a later right one neither', async () => {
    for (const over of [{ amount: '299.99' }, { currency: 'EUR' }, { amount: '3000.00' }]) {
      const { browser, events } = await trader();
      const { id } = await skrill(browser);
      const before = await ledgerCount();
      const res = await webhook('skrill', hookFor(id, over));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: 'webhook.mismatch' });
      expect((await depositRow(id)).status).toBe('flagged');
      expect(events).toContainEqual({ type: 'method.updated', id, status: 'flagged' });
      const right = await webhook('skrill', hookFor(id));
      expect(right.statusCode).toBe(409);
      expect(await ledgerCount()).toBe(before);
      expect(await available(browser)).toBe('1000.00');
    }
  });

  it('refuses a deposit of another provider, an unknown provider and a malformed body', async () => {
    const { browser } = await trader();
    const { id } = await skrill(browser);
    expect((await webhook('perfect', hookFor(id))).json()).toMatchObject({ error: 'webhook.deposit' });
    expect((await webhook('nosuch', hookFor(id))).statusCode).toBe(404);
    expect((await webhook('skrill', null, { raw: '{"event_id":' })).json()).toMatchObject({ error: 'webhook.malformed' });
    expect((await depositRow(id)).status).toBe('pending');
  });

  it('credits the bonus choice and promo through creditDeposit (carried on the ledger transaction)', async () => {
    const { browser } = await trader();
    const res = await browser.send('POST', '/api/card/fast/skrill', { json: { amount: '300', bonus: true, promo: 'SANDBOX1', currency: 'USD' } });
    const { id } = res.json() as { id: string };
    expect(await depositRow(id)).toMatchObject({ bonus: true, promo: 'SANDBOX1' });
    const hook = hookFor(id);
    expect((await webhook('skrill', hook)).statusCode).toBe(200);
    expect(await available(browser)).toBe('1300.00');
    // the bonus is booked by creditDeposit in the same transaction, under the deposit's key
    const keys = await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `method:skrill:${hook.transaction_id}%`).execute();
    expect(keys.map((k) => k.idempotency_key).sort()).toEqual([`method:skrill:${hook.transaction_id}`, `method:skrill:${hook.transaction_id}:bonus`]);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});

describe('the other wallets, owners and demo', () => {
  it('starts Perfect Money, WebMoney, Yandex, QIWI, OkPay and Orange PayPal on their sandbox pages, each paid once', async () => {
    const { browser } = await trader();
    let expected = 1000;
    const urls = ['/api/report/perfect', '/api/report/webmoney', '/api/report/yandex', '/api/report/qiwi', '/api/report/okpay', '/api/card/fast/orangeppl'];
    for (const url of urls) {
      const res = await browser.send('POST', url, { json: { email: 'x@example.com', amount: '250', currency: 'USD', random: '0.5', bonus: false, fixed: false, bitcoin: false } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      const body = res.json() as { id: string; method: string; redirect_url: string; status: string };
      expect(body.status).toBe('pending');
      expect(body.redirect_url).toBe(`/sandbox/wallets/${body.method}/${body.id}?lang=en`);
      const csrf = (await browser.me()).csrf;
      await browser.send('POST', `/sandbox/wallets/${body.method}/${body.id}/pay`, { form: { csrf } });
      expected += 250;
      expect(await available(browser), url).toBe(`${expected}.00`);
    }
  });

  it('shows a deposit to its owner only, and refuses visitors and calls without the CSRF header', async () => {
    const { browser } = await trader();
    const { id } = await skrill(browser);
    const other = await trader();
    expect((await other.browser.send('GET', `/api/methods/deposits/${id}`)).statusCode).toBe(404);
    expect((await other.browser.send('GET', '/api/methods/deposits/not-an-id')).statusCode).toBe(400);
    const csrf = (await other.browser.me()).csrf;
    expect((await other.browser.send('POST', `/sandbox/wallets/skrill/${id}/pay`, { form: { csrf } })).statusCode).toBe(404);
    expect((await depositRow(id)).status).toBe('pending');
    const visitor = new Browser(app);
    await visitor.me();
    expect((await visitor.send('POST', '/api/card/fast/skrill', { json: { amount: '300' } })).statusCode).toBe(401);
    expect((await browser.send('POST', '/api/card/fast/skrill', { json: { amount: '300' }, csrf: false })).statusCode).toBe(403);
    // the sandbox page's form needs the session's token
    expect((await browser.send('POST', `/sandbox/wallets/skrill/${id}/pay`, { form: { csrf: 'wrong' } })).statusCode).toBe(404);
    expect((await depositRow(id)).status).toBe('pending');
  });

  it('refuses the demo account for every method', async () => {
    const demo = new Browser(app);
    await demo.signIn('demo@brokerage.test', 'Demo-2026');
    await demo.me();
    const before = await ledgerCount();
    for (const [url, json] of [
      ['/api/neteller', { net_account: NETELLER_TEST.approve.account, secure_id: '411392', amount: '300' }],
      ['/api/card/fast/skrill', { amount: '300' }],
      ['/api/card/fast/orangeppl', { amount: '300' }],
      ['/api/report/perfect', { amount: '300' }],
    ] as const) {
      const res = await demo.send('POST', url, { json });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'method.demo' });
    }
    expect(await ledgerCount()).toBe(before);
  });
});
