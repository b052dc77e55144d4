import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { buildApp } from '../app';
import { balanceOf, verifyLedger } from '../domain/ledger';
import { memoryHub } from '../push/hub';
import { TEST_CARDS } from '../test/sandbox';
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

const cardNumber = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.visa;
type Json = Record<string, unknown>;

/** A new sandbox trader (USD 1000.00, DE) signed in on a fresh browser. */
async function trader(): Promise<{ browser: Browser; userId: number; events: ServerEvent[]; accountId: number }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, {});
  const events: ServerEvent[] = [];
  push.subscribe(Number(user.userId), (e) => events.push(e));
  // Portugal: every processor is allowed (PFS is not for DE, the fresh users' country)
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', Number(user.userId)).execute();
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', Number(user.userId)).executeTakeFirstOrThrow();
  return { browser, userId: Number(user.userId), events, accountId: row.current_account_id! };
}

async function saveCard(browser: Browser, number: string, extra: Json = {}) {
  return browser.send('POST', '/api/card/save', { json: { cnu: number, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD', ...extra } });
}

/** Saves a test card and passes the fraud check: the payment id. */
async function newPayment(browser: Browser, scenario: string, amount = '300.00'): Promise<{ id: string; card: string; key: string }> {
  const saved = await saveCard(browser, cardNumber(scenario));
  expect(saved.statusCode).toBe(200);
  const card = (saved.json() as { card: string }).card;
  const key = randomUUID();
  const checked = await browser.send('POST', '/api/fraud/card', { json: { key, amount, fixed: false, bonus: false, card } });
  expect(checked.statusCode).toBe(200);
  const id = (checked.json() as { payment?: string }).payment;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return { id: id!, card, key };
}

const start = (browser: Browser, path: string, id: string, extra: Json = {}) => browser.send('POST', path, { json: { id, amount: '300.00', fixed: false, bonus: false, ...extra } });
const listen = (browser: Browser, slug: string, id: string) => browser.send('POST', `/api/card/listen/${slug}`, { json: { id, transaction_id: '' } });

describe('card save', () => {
  it('keeps a token, the first six and last four digits only', async () => {
    const { browser, userId } = await trader();
    const res = await saveCard(browser, '4000 0000 0000 0010', { cvv: '123' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Json;
    expect(body).toMatchObject({ first6: '400000', last4: '0010', brand: 'visa', sandbox: true });
    const row = await t.db.selectFrom('cards').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token: body.card, first6: '400000', last4: '0010', scenario: 'approved' });
  });

  it('refuses bad numbers with the form messages and writes nothing', async () => {
    const { browser, userId } = await trader();
    const cases: Array<[string, Json, string]> = [
      ['4000000000000011', {}, 'card.luhn'],
      ['378282246310005', {}, 'card.type'],
      ['400000000000002', {}, 'card.length'],
      ['4000000000000010', { card_type: 'jcb' }, 'card.type'],
      ['', {}, 'card.required'],
      ['4000x00000000010', {}, 'card.number'],
      ['4000000000000010', { eyy: '2001' }, 'card.expired'],
      ['4000000000000010', { cvv: '12a' }, 'card.cvv'],
      ['4000000000000010', { fn: ' ', ln: '' }, 'card.required'],
      ['4000000000000010', { emm: '13' }, 'card.expiry'],
    ];
    for (const [number, extra, key] of cases) {
      const res = await saveCard(browser, number, extra);
      expect(res.statusCode, `${number} ${JSON.stringify(extra)}`).toBe(400);
      const error = res.json() as { error: string; fields?: Record<string, string>; message: string };
      expect([error.error, ...Object.values(error.fields ?? {})]).toContain(key);
      expect(error.message.length).toBeGreaterThan(3);
    }
    const res = await saveCard(browser, '4000000000000003', {});
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/Valid card length|not valid/);
    expect(await t.db.selectFrom('cards').select('token').where('user_id', '=', userId).execute()).toHaveLength(0);
  });

  it('at most 20 cards a day per trader (card testing), counted in the database', async () => {
    const { browser, userId } = await trader();
    for (let i = 0; i < 20; i++) expect((await saveCard(browser, '4242424242424242')).statusCode).toBe(200);
    const res = await saveCard(browser, '4242424242424242');
    expect(res.statusCode).toBe(429);
    expect((res.json() as Json).error).toBe('card.too_many');
    expect(await t.db.selectFrom('cards').select('token').where('user_id', '=', userId).execute()).toHaveLength(20);
  });

  it('accepts a JCB card on the JCB form and a Mastercard on the main form', async () => {
    const { browser } = await trader();
    expect((await saveCard(browser, '3528000000000007', { card_type: 'jcb' })).statusCode).toBe(200);
    expect((await saveCard(browser, '5555550000000010')).statusCode).toBe(200);
  });
});

describe('fraud check and idempotency', () => {
  it('creates one payment per key, counted once toward the daily limit', async () => {
    const { browser, userId } = await trader();
    const { id, card, key } = await newPayment(browser, 'approved');
    const again = await browser.send('POST', '/api/fraud/card', { json: { key, amount: '300', fixed: false, bonus: false, card } });
    expect((again.json() as Json).payment).toBe(id);
    const other = await browser.send('POST', '/api/fraud/card', { json: { key, amount: '400.00', fixed: false, bonus: false, card } });
    expect(other.statusCode).toBe(409);
    expect((other.json() as Json).error).toBe('card.key_reused');
    const options = (await browser.send('GET', '/api/card/options')).json() as Json;
    expect(options).toMatchObject({ cardsToday: 1, dailyLimit: 3, currency: 'USD', minDeposit: '250', fixedAmount: null, geo: 'PT', sandbox: true });
    expect(await t.db.selectFrom('card_payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
  });

  it('20 parallel fraud checks and 20 parallel starts with one key: one payment, one charge', async () => {
    const { browser, userId, accountId } = await trader();
    const card = ((await saveCard(browser, cardNumber('approved'))).json() as { card: string }).card;
    const key = randomUUID();
    const checks = await Promise.all(
      Array.from({ length: 20 }, () => browser.send('POST', '/api/fraud/card', { json: { key, amount: '300.00', fixed: false, bonus: false, card } })),
    );
    const ids = new Set(checks.map((r) => (r.json() as Json).payment));
    expect(ids.size).toBe(1);
    const id = [...ids][0] as string;
    const before = await balanceOf(t.db, accountId);
    const starts = await Promise.all(Array.from({ length: 20 }, () => start(browser, '/api/card/fast/pfs', id)));
    for (const r of starts) expect(r.statusCode).toBe(200);
    expect(new Set(starts.map((r) => (r.json() as Json).uid)).size).toBe(1);
    const listens = await Promise.all(Array.from({ length: 10 }, () => listen(browser, 'pfs', id)));
    for (const r of listens) expect((r.json() as { reply: Json }).reply.code).toBe('0000');
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
    expect(await t.db.selectFrom('card_attempts').select('uid').where('user_id', '=', userId).execute()).toHaveLength(1);
    const credits = await t.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `card-payment:${id}`).execute();
    expect(credits).toHaveLength(1);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the daily limit of 3 holds under 10 parallel deposits', async () => {
    const { browser, userId } = await trader();
    const card = ((await saveCard(browser, cardNumber('approved'))).json() as { card: string }).card;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } })),
    );
    const bodies = answers.map((r) => r.json() as Json);
    expect(bodies.filter((b) => typeof b.payment === 'string')).toHaveLength(3);
    expect(bodies.filter((b) => b.day_limit === true)).toHaveLength(7);
    expect(await t.db.selectFrom('card_payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(3);
    const counter = await t.db.selectFrom('card_day_counts').select('count').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(counter.count).toBe(3);
  });

  it('answers fail_limit, bad_card and reason from the test cards and creates nothing', async () => {
    const { browser, userId } = await trader();
    for (const [scenario, flag] of [
      ['fail_limit', 'fail_limit'],
      ['bad_card', 'bad_card'],
      ['reason', 'reason'],
    ] as const) {
      const card = ((await saveCard(browser, cardNumber(scenario))).json() as { card: string }).card;
      const res = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } });
      const body = res.json() as Json;
      expect(body[flag]).toBe(true);
      expect(body.payment).toBeUndefined();
      if (flag === 'reason') expect(body.message).toMatch(/Sandbox/);
    }
    expect(await t.db.selectFrom('card_payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
  });

  it('the sandbox control scripts the next payment once', async () => {
    const { browser } = await trader();
    expect((await browser.send('POST', '/api/sandbox/card/next', { json: { scenario: 'bad_card' } })).statusCode).toBe(200);
    const card = ((await saveCard(browser, cardNumber('approved'))).json() as { card: string }).card;
    const first = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } });
    expect((first.json() as Json).bad_card).toBe(true);
    const second = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } });
    expect(typeof (second.json() as Json).payment).toBe('string');
    expect((await browser.send('POST', '/api/sandbox/card/next', { json: { scenario: 'nope' } })).statusCode).toBe(400);
  });

  it('US and CA: the fixed amount of 250 (500 shown as the minimum)', async () => {
    const { browser, userId } = await trader();
    await t.db.updateTable('users').set({ country: 'US' }).where('id', '=', userId).execute();
    expect((await browser.send('GET', '/api/card/options')).json()).toMatchObject({ fixedAmount: '250', minDeposit: '500', geo: 'US' });
    const card = ((await saveCard(browser, cardNumber('approved'))).json() as { card: string }).card;
    const send = (amount: string) => browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), fixed: false, bonus: false, card, amount } });
    expect(((await send('300.00')).json() as Json).error).toBe('card.fixed_amount');
    expect(typeof ((await send('250')).json() as Json).payment).toBe('string');
  });

  it('refuses amounts below the minimum, malformed amounts and a foreign card token', async () => {
    const { browser } = await trader();
    const card = ((await saveCard(browser, cardNumber('approved'))).json() as { card: string }).card;
    const send = (body: Json) => browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), fixed: false, bonus: false, card, amount: '300.00', ...body } });
    expect(((await send({ amount: '100.00' })).json() as Json).error).toBe('card.min_deposit');
    expect((await send({ amount: '1e3' })).statusCode).toBe(400);
    expect((await send({ amount: 300 })).statusCode).toBe(400);
    expect((await send({ amount: '300.001' })).statusCode).toBe(400);
    expect(((await send({ amount: '100001' })).json() as Json).error).toBe('card.max_deposit');
    expect(((await send({ currency: 'EUR' })).json() as Json).error).toBe('card.currency');
    expect((await send({ key: 'short' })).statusCode).toBe(400);
    const other = await trader();
    expect((await other.browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), fixed: false, bonus: false, card, amount: '300.00' } })).statusCode).toBe(404);
  });
});

describe('processor outcomes', () => {
  it('approved at once: credited once, pushed, repeated starts and listens change nothing, a restarted server neither', async () => {
    const { browser, accountId, events } = await trader();
    const { id } = await newPayment(browser, 'approved');
    const before = await balanceOf(t.db, accountId);
    const res = await start(browser, '/api/card/fast/orange', id);
    expect(res.json()).toMatchObject({ proc: 'ORANGE', status: 'successful' });
    expect(events).toContainEqual({ type: 'payment.updated', id, status: 'approved' });
    expect(events).toContainEqual({ type: 'user.updated' });
    await start(browser, '/api/card/fast/orange', id);
    await listen(browser, 'orange', id);
    const restarted = await buildApp({ db: t.db, config: t.config, push: memoryHub() });
    try {
      const b2 = new Browser(restarted);
      for (const [k, v] of browser.cookies) b2.cookies.set(k, v);
      b2.csrf = browser.csrf;
      expect((await b2.send('POST', '/api/card/listen/orange', { json: { id } })).json()).toMatchObject({ found: true, reply: { status: 'successful' } });
    } finally {
      await restarted.close();
    }
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
    expect((await browser.send('GET', `/api/card/payments/${id}`)).json()).toMatchObject({ status: 'approved', credited: '300.00', card: { last4: '0010' } });
    // another processor for a paid payment is refused, never charged
    expect(((await start(browser, '/api/card/fast/meiko', id)).json() as Json).error).toBe('card.already_paid');
  });

  it('pending: approved on the second listen, credited once', async () => {
    const { browser, accountId } = await trader();
    const { id } = await newPayment(browser, 'pending');
    const before = await balanceOf(t.db, accountId);
    const first = (await start(browser, '/api/card/fast/pfs', id)).json() as Json;
    expect(first).toMatchObject({ proc: 'PFS', code: '0008' });
    expect((await listen(browser, 'pfs', id)).json()).toMatchObject({ found: true, reply: { code: '0008' } });
    expect((await listen(browser, 'pfs', id)).json()).toMatchObject({ found: true, reply: { code: '0000', uid: first.uid } });
    await listen(browser, 'pfs', id);
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
  });

  it('soft decline once, then the next processor approves; soft twice, the third', async () => {
    const { browser, accountId } = await trader();
    const before = await balanceOf(t.db, accountId);
    const once = await newPayment(browser, 'soft_once');
    expect((await start(browser, '/api/card/fast/orange', once.id)).json()).toMatchObject({ proc: 'ORANGE', status: 'failed' });
    expect((await start(browser, '/api/card/fast/meiko', once.id)).json()).toMatchObject({ proc: 'MEIKO', return: true, status: 1 });
    const twice = await newPayment(browser, 'soft_twice');
    expect((await start(browser, '/api/card/fast/zoom', twice.id)).json()).toMatchObject({ proc: 'ZOOM', result: 2, hostCode: '91' });
    expect((await start(browser, '/api/payconcept/pay', twice.id)).json()).toMatchObject({ proc: 'CONCEPT', status: 'DECLINED' });
    expect((await start(browser, '/api/card/fast/ezpay', twice.id)).json()).toMatchObject({ proc: 'EZPAY', status: 'APPROVED' });
    expect((await balanceOf(t.db, accountId)) - before).toBe(60000n);
  });

  it('soft decline everywhere: every processor declines, nothing credited', async () => {
    const { browser, accountId } = await trader();
    const { id } = await newPayment(browser, 'soft_all');
    const before = await balanceOf(t.db, accountId);
    expect((await start(browser, '/api/card/fast/pfs', id)).json()).toMatchObject({ code: '0091' });
    expect((await start(browser, '/api/entro/pay', id)).json()).toMatchObject({ proc: 'ENTROPAY', return: false, status: 'declined' });
    expect((await start(browser, '/api/shape/pay', id)).json()).toMatchObject({ proc: 'SHAPE', return: false, status: 'declined' });
    expect((await start(browser, '/api/vload/pay', id)).json()).toMatchObject({ proc: 'VLOAD', return: false, status: 'declined' });
    expect((await start(browser, '/api/card/fast/orange_not3d', id)).json()).toMatchObject({ proc: 'ORANGE', status: 'failed' });
    expect((await start(browser, '/api/card/fast/fraud', id)).json()).toEqual({ proc: 'FRAUD' });
    expect(await balanceOf(t.db, accountId)).toBe(before);
    expect(((await browser.send('GET', `/api/card/payments/${id}`)).json() as Json).status).toBe('processing');
  });

  it('hard decline stops the payment and blocks the card (bad_card next time)', async () => {
    const { browser } = await trader();
    const { id, card } = await newPayment(browser, 'hard');
    expect((await start(browser, '/api/card/fast/pfs', id)).json()).toMatchObject({ proc: 'PFS', code: '0041' });
    expect(((await start(browser, '/api/card/fast/orange', id)).json() as Json).error).toBe('card.payment_stopped');
    const again = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } });
    expect((again.json() as Json).bad_card).toBe(true);
  });

  it('PFS is refused for its 12 excluded countries, VLOAD for no_vload partners, whatever the client sends', async () => {
    const { browser, userId } = await trader();
    const { id } = await newPayment(browser, 'approved');
    await t.db.updateTable('users').set({ country: 'FR' }).where('id', '=', userId).execute();
    const res = await start(browser, '/api/card/fast/pfs', id);
    expect(res.statusCode).toBe(403);
    expect((res.json() as Json).error).toBe('card.processor_not_allowed');
    expect((await listen(browser, 'pfs', id)).json()).toEqual({ found: false });
  });

  it('do not honor, insufficient funds, token error in each dialect', async () => {
    const { browser } = await trader();
    const dnh = await newPayment(browser, 'do_not_honor');
    expect((await start(browser, '/api/card/fast/zoom', dnh.id)).json()).toMatchObject({ proc: 'ZOOM', result: 2, hostCode: '05' });
    const nsf = await newPayment(browser, 'insufficient');
    expect((await start(browser, '/api/card/fast/orange', nsf.id)).json()).toMatchObject({ proc: 'ORANGE', status: 'failed', message: 'Not sufficient funds' });
    const token = await newPayment(browser, 'token_error');
    expect((await start(browser, '/api/card/fast/zoom', token.id)).json()).toMatchObject({ proc: 'ZOOM', error: 'token' });
  });

  it('Zoom: the session token from /api/zoom is accepted, a wrong one is a token error', async () => {
    const { browser } = await trader();
    const a = await newPayment(browser, 'approved');
    const session = (await browser.send('POST', '/api/zoom', { json: { action: 'session', amount: '300.00', id: a.id } })).json() as Json;
    expect(session).toMatchObject({ amount: '300.00', cnu: '400000******0010' });
    expect((await start(browser, '/api/card/fast/zoom', a.id, { token: session.token })).json()).toMatchObject({ proc: 'ZOOM', result: 0 });
    const b = await newPayment(browser, 'approved');
    expect((await start(browser, '/api/card/fast/zoom', b.id, { token: 'forged' })).json()).toMatchObject({ proc: 'ZOOM', error: 'token' });
  });

  it('processor timeout: pending however often it is checked', async () => {
    const { browser } = await trader();
    const { id } = await newPayment(browser, 'timeout');
    expect((await start(browser, '/api/card/fast/meiko', id)).json()).toMatchObject({ proc: 'MEIKO', return: true, status: 0 });
    for (let i = 0; i < 4; i++) expect((await listen(browser, 'meiko', id)).json()).toMatchObject({ reply: { status: 0 } });
  });

  it('3-D Secure: PFS redirects to the sandbox page, which returns to the listen hash; approved once', async () => {
    const { browser, accountId } = await trader();
    const { id } = await newPayment(browser, 'secure3d');
    const before = await balanceOf(t.db, accountId);
    const reply = (await start(browser, '/api/card/fast/pfs', id)).json() as { redirect: string; uid: string };
    expect(reply.redirect).toBe(reply.uid);
    const page = await browser.send('GET', `/api/card/secure/pfs/${reply.uid}?lang=ru`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Песочница — реального платежа нет');
    expect(page.body).toContain('Visa 400000******0077');
    expect(page.body).not.toContain('<script');
    // listen meanwhile: the redirect again (a reload resumes it)
    expect((await listen(browser, 'pfs', id)).json()).toMatchObject({ reply: { redirect: reply.uid } });
    // the form without the session's CSRF token does nothing
    const forged = await browser.send('POST', '/sandbox/card/complete', { form: { uid: reply.uid, approve: '1', lang: 'ru', csrf: 'x' } });
    expect(forged.statusCode).toBe(404);
    const done = await browser.send('POST', '/sandbox/card/complete', { form: { uid: reply.uid, approve: '1', lang: 'ru', csrf: browser.csrf } });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/ru/trading#/listen/funding/pfs/${id}/${reply.uid}`);
    expect((await listen(browser, 'pfs', id)).json()).toMatchObject({ reply: { code: '0000' } });
    // the page again, or the form again: back to the cascade, nothing more
    expect((await browser.send('GET', `/api/card/secure/pfs/${reply.uid}`)).statusCode).toBe(303);
    await browser.send('POST', '/sandbox/card/complete', { form: { uid: reply.uid, approve: '1', csrf: browser.csrf } });
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
  });

  it('a pending card through a processor page: after the page, listens are pending then approved, never the page again', async () => {
    const { browser, accountId } = await trader();
    const { id } = await newPayment(browser, 'pending');
    const before = await balanceOf(t.db, accountId);
    const reply = (await start(browser, '/api/vload/pay', id)).json() as { redirect: string };
    const uid = (await t.db.selectFrom('card_attempts').select('uid').where('payment_id', '=', id).executeTakeFirstOrThrow()).uid;
    expect(reply.redirect).toContain(`payment=${id}`);
    const done = await browser.send('POST', '/sandbox/card/complete', { form: { uid, approve: '1', lang: 'en', csrf: browser.csrf } });
    expect(done.statusCode).toBe(303);
    // the page is done: the listen says pending (a redirect would send the browser back to the page, for ever)
    const first = (await listen(browser, 'vload', id)).json() as { reply: Record<string, unknown> };
    expect(first.reply.redirect).toBeUndefined();
    expect((await t.db.selectFrom('card_attempts').select('status').where('uid', '=', uid).executeTakeFirstOrThrow()).status).toBe('pending');
    let last = first;
    for (let i = 0; i < 3 && (await t.db.selectFrom('card_attempts').select('status').where('uid', '=', uid).executeTakeFirstOrThrow()).status === 'pending'; i++) last = (await listen(browser, 'vload', id)).json() as typeof first;
    expect(last.reply.redirect).toBeUndefined();
    expect((await t.db.selectFrom('card_attempts').select('status').where('uid', '=', uid).executeTakeFirstOrThrow()).status).toBe('approved');
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
  });

  it('3-D Secure cancelled on Concept and EZPAY pages: a soft decline; EZPAY is started by POST, its GET only leads to the page', async () => {
    const { browser } = await trader();
    const { id } = await newPayment(browser, 'secure3d');
    const concept = (await start(browser, '/api/payconcept/pay', id)).json() as { status: string; txid: string; redirect: { url: string } };
    expect(concept.status).toBe('REDIRECT');
    expect((await browser.send('GET', concept.redirect.url)).body).toContain('Sandbox');
    await browser.send('POST', '/sandbox/card/complete', { form: { uid: concept.txid, approve: '0', csrf: browser.csrf } });
    expect((await browser.send('POST', '/api/payconcept/listen', { json: { id, transaction_id: concept.txid } })).json()).toMatchObject({ reply: { status: 'DECLINED' } });
    // a GET never starts a payment (a cross-site link would): 405, nothing written
    const early = await browser.send('GET', `/api/card/fast/ezpay?id=${id}&lang=en`);
    expect(early.statusCode).toBe(405);
    expect((early.json() as Json).error).toBe('card.start_by_post');
    const ezpay = (await start(browser, '/api/card/fast/ezpay', id)).json() as { status: string; redirect: string };
    expect(ezpay.status).toBe('REDIRECT');
    const get = await browser.send('GET', `/api/card/fast/ezpay?id=${id}&lang=en`);
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe(`${ezpay.redirect}?lang=en`);
    expect(get.headers.location).toMatch(/^\/api\/card\/fast\/ezpay\/page\/tx_/);
  });

  it('Shape, Vload and Entropay go through their sandbox pages; the control finishes them too', async () => {
    const { browser, accountId } = await trader();
    const before = await balanceOf(t.db, accountId);
    const shape = await newPayment(browser, 'approved');
    const s = (await start(browser, '/api/shape/pay', shape.id)).json() as { return: boolean; guid: string };
    expect(s.return).toBe(true);
    expect((await browser.send('GET', `/api/shape/invoice/${s.guid}`)).body).toContain('invoice');
    const done = await browser.send('POST', '/api/sandbox/card/complete', { json: { id: shape.id, processor: 'SHAPE', approve: true } });
    expect(done.json()).toMatchObject({ status: 'approved', returnUrl: `/en/trading#/listen/funding/shape/${shape.id}/${s.guid}` });
    expect((await listen(browser, 'shape', shape.id)).json()).toMatchObject({ reply: { status: 'approved' } });

    const vload = await newPayment(browser, 'approved');
    const v = (await start(browser, '/api/vload/pay', vload.id)).json() as { redirect: string };
    expect(v.redirect).toBe(`/api/vload/start?amount=300.00&payment=${vload.id}`);
    expect((await browser.send('GET', v.redirect)).statusCode).toBe(200);

    const entro = await newPayment(browser, 'approved');
    expect((await start(browser, '/api/entro/pay', entro.id)).json()).toEqual({ proc: 'ENTROPAY', return: true });
    expect((await listen(browser, 'entropay', entro.id)).json()).toMatchObject({ reply: { return: true } });
    expect((await browser.send('POST', '/api/entro/reject', { json: { id: entro.id } })).statusCode).toBe(200);
    expect((await listen(browser, 'entropay', entro.id)).json()).toMatchObject({ reply: { status: 'declined', code: 'rejected' } });
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
  });

  it('Entropay CVV dialog: under 3 digits refused, 000 declines, another CVV approves; never stored', async () => {
    const { browser } = await trader();
    const a = await newPayment(browser, 'entropay_cvv');
    expect((await start(browser, '/api/entro/pay', a.id)).json()).toEqual({ proc: 'ENTROPAY', return: 'pin' });
    expect((await browser.send('POST', '/api/entro/cvv', { json: { id: a.id, cvv: '12' } })).json()).toMatchObject({ error: 'validation', fields: { cvv: 'entropay.fill_cvv' } });
    expect((await browser.send('POST', '/api/entro/cvv', { json: { id: a.id, cvv: '000' } })).json()).toMatchObject({ proc: 'ENTROPAY', status: 'declined' });
    const b = await newPayment(browser, 'entropay_cvv');
    await start(browser, '/api/entro/pay', b.id);
    expect((await browser.send('POST', '/api/entro/cvv', { json: { id: b.id, cvv: '737' } })).json()).toMatchObject({ proc: 'ENTROPAY', status: 'approved' });
  });
});

describe('owners, garbage and card data', () => {
  it("another user's payment is 404 everywhere", async () => {
    const owner = await trader();
    const { id } = await newPayment(owner.browser, 'secure3d');
    const reply = (await start(owner.browser, '/api/card/fast/pfs', id)).json() as { uid: string };
    const { browser } = await trader();
    expect((await start(browser, '/api/card/fast/pfs', id)).statusCode).toBe(404);
    expect((await listen(browser, 'pfs', id)).statusCode).toBe(404);
    expect((await browser.send('GET', `/api/card/payments/${id}`)).statusCode).toBe(404);
    expect((await browser.send('POST', '/api/zoom', { json: { action: 'session', amount: '300.00', id } })).statusCode).toBe(404);
    expect((await browser.send('POST', '/api/entro/reject', { json: { id } })).statusCode).toBe(404);
    expect((await browser.send('GET', `/api/card/secure/pfs/${reply.uid}`)).statusCode).toBe(404);
    expect((await browser.send('POST', '/sandbox/card/complete', { form: { uid: reply.uid, approve: '1', csrf: browser.csrf } })).statusCode).toBe(404);
    expect((await browser.send('POST', '/api/sandbox/card/complete', { json: { id, processor: 'PFS', approve: true } })).statusCode).toBe(404);
    const status = await t.db.selectFrom('card_attempts').select('status').where('uid', '=', reply.uid).executeTakeFirstOrThrow();
    expect(status.status).toBe('redirect');
  });

  it('garbage is a 4xx with a key, never a 5xx; no CSRF header: 403; signed out: 401', async () => {
    const { browser } = await trader();
    const bodies: Array<[string, unknown]> = [
      ['/api/card/save', 'not json'],
      ['/api/card/save', { cnu: 42 }],
      ['/api/fraud/card', { key: 'x'.repeat(100) }],
      ['/api/card/fast/pfs', { id: '../../etc', amount: '1', fixed: false, bonus: false }],
      ['/api/card/fast/pfs', { id: randomUUID(), amount: '300.00', fixed: false, bonus: false }],
      ['/api/card/listen/pfs', { id: null }],
      ['/api/entro/cvv', { id: randomUUID(), cvv: '<script>' }],
      ['/api/zoom', { action: 'drop', amount: '1', id: randomUUID() }],
      ['/api/promo', { code: 'NOPE' }],
      ['/api/sandbox/card/complete', { id: randomUUID(), processor: 'PAYPAL', approve: true }],
    ];
    for (const [url, body] of bodies) {
      const res = typeof body === 'string' ? await browser.send('POST', url, { body, headers: { 'content-type': 'application/json' } }) : await browser.send('POST', url, { json: body });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof (res.json() as Json).error).toBe('string');
    }
    expect((await browser.send('POST', '/api/card/save', { json: {}, csrf: false })).statusCode).toBe(403);
    const anonymous = new Browser(app);
    await anonymous.me();
    expect((await anonymous.send('GET', '/api/card/options')).statusCode).toBe(401);
    expect((await browser.send('POST', '/api/promo', { json: { code: 'sandbox1' } })).json()).toMatchObject({ percent: '1' });
  });

  it('a demo account cannot pay by card', async () => {
    const browser = new Browser(app);
    await browser.signIn('demo@brokerage.test', 'Demo-2026');
    // refused at the save already (nothing stored); the fraud check's own refusal: deposit-rules.test.ts
    const res = await saveCard(browser, cardNumber('approved'));
    expect(res.statusCode).toBe(403);
    expect((res.json() as Json).error).toBe('card.demo');
  });

  it('no card number and no CVV anywhere in the database', async () => {
    const { rows: tables } = await (await import('kysely')).sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(t.db);
    const numbers = TEST_CARDS.flatMap((c) => [c.visa, c.mastercard]);
    let scanned = 0;
    for (const { table_name } of tables) {
      const { rows } = await (await import('kysely')).sql<Record<string, unknown>>`select * from ${(await import('kysely')).sql.table(table_name)}`.execute(t.db);
      const text = JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
      for (const n of numbers) expect(text, table_name).not.toContain(n);
      expect(text, table_name).not.toContain('"737"');
      scanned += rows.length;
    }
    expect(scanned).toBeGreaterThan(50);
    expect(tables.map((r) => r.table_name)).toContain('cards');
  });
});
