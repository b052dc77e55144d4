import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { memoryHub } from '../push/hub';
import { TEST_CARDS, SANDBOX_VOUCHERS } from '../test/sandbox';
import { Browser } from '../test/client';
import { freshDb, rowCounts, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

/**
 * Rules that hold on the server whatever the page does: a demo account is refused
 * card, altcoin, BTC, ETH and Vload deposits (spec 001 §6); the exchange account's 250 USD/EUR
 * minimum (001 §9); /api/unionpay/listen, which never finds a payment (no UnionPay processor).
 */
let t: TestDb;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db, config: t.config, push: memoryHub() });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

type Json = Record<string, unknown>;
const visa = TEST_CARDS.find((c) => c.scenario === 'approved')!.visa;
const saveCard = (b: Browser) =>
  b.send('POST', '/api/card/save', { json: { cnu: visa, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
const fraudCheck = (b: Browser, card: string, amount: string, extra: Json = {}) =>
  b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount, fixed: false, bonus: false, card, ...extra } });
const pay = (b: Browser, coin: string, body: Json) => b.send('POST', `/api/${coin}/pay`, { json: body });

async function demo(): Promise<Browser> {
  const b = new Browser(app);
  await b.me();
  expect((await b.signIn('demo@brokerage.test', 'Demo-2026')).statusCode).toBe(200);
  return b;
}

async function trader(): Promise<{ b: Browser; id: number }> {
  const b = new Browser(app);
  const user = await freshUser(b, {});
  return { b, id: Number(user.userId) };
}

/** The rows a deposit writes: a refusal writes none. */
async function moneyRows(): Promise<Json> {
  const counts: Json = { ...(await rowCounts(t.db)) };
  for (const table of ['cards', 'card_payments', 'card_attempts', 'crypto_invoices', 'vload_vouchers'] as const) {
    counts[table] = Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  }
  delete counts.sessions;
  return counts;
}

describe('a demo account is refused card, altcoin, BTC, ETH and Vload deposits on the server (spec 001 §6)', () => {
  it('card: the save is refused (403 card.demo) and no card is stored', async () => {
    const b = await demo();
    const before = await moneyRows();
    const res = await saveCard(b);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'card.demo' });
    expect(await moneyRows()).toEqual(before);
  });

  it('card: a trader whose current account is a demo account is refused at the save and at the fraud check', async () => {
    const { b, id } = await trader();
    const saved = await saveCard(b);
    expect(saved.statusCode).toBe(200);
    const card = (saved.json() as { card: string }).card;
    const account = await t.db.insertInto('accounts').values({ user_id: id, currency: 'USD', type: 'demo', account_group: 'demo' }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ current_account_id: account.id }).where('id', '=', id).execute();
    const before = await moneyRows();
    const again = await saveCard(b);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: 'card.demo' });
    const checked = await fraudCheck(b, card, '300');
    expect(checked.statusCode).toBe(403);
    expect(checked.json()).toMatchObject({ error: 'card.demo' });
    expect(await moneyRows()).toEqual(before);
  });

  it('crypto: every coin and token (BTC, ETH, the altcoins, USDT, ERC-20 tokens) in both modes: 403 crypto.demo, no invoice', async () => {
    const b = await demo();
    const before = await moneyRows();
    const calls: Array<[string, Json]> = [
      ['btc', { amount: '250', currency: 'USD' }],
      ['btc', { amount: '0.01', fixed: true }],
      ['eth', { amount: '250', currency: 'USD' }],
      ['ltc', { amount: '250', currency: 'USD' }],
      ['bch', { amount: '250', currency: 'USD' }],
      ['dash', { amount: '250', currency: 'USD' }],
      ['zcash', { amount: '1.5', fixed: true }],
      ['usdt', { amount: '250', currency: 'USD' }],
      ['token', { amount: '250', currency: 'USD', token: 'USDC', is_erc20: true }],
    ];
    for (const [coin, body] of calls) {
      const res = await pay(b, coin, { fixed: false, bonus: false, ...body });
      expect(res.statusCode, coin).toBe(403);
      expect(res.json(), coin).toMatchObject({ error: 'crypto.demo' });
    }
    expect(await moneyRows()).toEqual(before);
  });

  it('Vload: 403 vload.demo, the voucher stays unused', async () => {
    const b = await demo();
    const before = await moneyRows();
    const res = await b.send('POST', '/api/card/fast/vload', { json: { amount: SANDBOX_VOUCHERS.valid500, fixed: false, bonus: false, test: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'vload.demo' });
    expect(await moneyRows()).toEqual(before);
  });
});

describe('the exchange account minimum: 250 USD/EUR (spec 001 §9), the same function on the page options and the server checks', () => {
  it('a trader with a 10 minimum: 10 on the trading account, 250 on the USD exchange account (card options, fraud check, crypto options, invoice)', async () => {
    const { b, id } = await trader();
    await t.db.updateTable('users').set({ md: '10', country: 'PT' }).where('id', '=', id).execute();
    const saved = await saveCard(b);
    const card = (saved.json() as { card: string }).card;

    expect((await b.send('GET', '/api/card/options')).json()).toMatchObject({ minDeposit: '10' });
    expect((await b.send('GET', '/api/crypto/options')).json()).toMatchObject({ minDeposit: '10' });
    expect((await fraudCheck(b, card, '100')).statusCode).toBe(200);

    const exchange = await b.send('POST', '/api/us/set_account_exchange');
    expect(exchange.statusCode).toBe(200);
    expect((await b.send('GET', '/api/card/options')).json()).toMatchObject({ currency: 'USD', minDeposit: '250' });
    expect((await b.send('GET', '/api/crypto/options')).json()).toMatchObject({ currency: 'USD', minDeposit: '250' });

    const low = await fraudCheck(b, card, '249.99', { fixed: true });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ error: 'card.min_deposit', message: 'Wrong amount! Min deposit 250' });
    expect((await fraudCheck(b, card, '250', { fixed: true })).statusCode).toBe(200);

    const invoice = await pay(b, 'btc', { amount: '100', fixed: false, bonus: false, currency: 'USD' });
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json()).toMatchObject({ error: 'crypto.min_deposit' });
    expect((await pay(b, 'btc', { amount: '250', fixed: false, bonus: false, currency: 'USD' })).statusCode).toBe(200);
  });
});

describe('POST /api/unionpay/listen (spec 001 §7): no UnionPay processor here, so never a payment found, never a success', () => {
  it('answers found: false for any transaction id, and refuses visitors, a missing CSRF header and a malformed body', async () => {
    const { b } = await trader();
    const before = await moneyRows();
    const res = await b.send('POST', '/api/unionpay/listen', { json: { transaction_id: 'UP-123456' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ found: false });
    expect((await b.send('POST', '/api/unionpay/listen', { json: { transaction_id: 'UP-1', id: randomUUID() } })).json()).toEqual({ found: false });
    expect((await b.send('POST', '/api/unionpay/listen', { json: {} })).statusCode).toBe(400);
    expect((await b.send('POST', '/api/unionpay/listen', { json: { transaction_id: 'UP-1' }, csrf: false })).statusCode).toBe(403);
    const visitor = new Browser(app);
    await visitor.me();
    expect((await visitor.send('POST', '/api/unionpay/listen', { json: { transaction_id: 'UP-1' } })).statusCode).toBe(401);
    expect(await moneyRows()).toEqual(before);
  });
});
