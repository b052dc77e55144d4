import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { buildApp } from '../app';
import { verifyLedger } from '../domain/ledger';
import { memoryHub } from '../push/hub';
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

/** A new sandbox trader (USD 1000.00) signed in on a fresh browser. */
async function trader(request: Parameters<typeof freshUser>[1] = {}): Promise<{ browser: Browser; userId: number; events: ServerEvent[] }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, request);
  const events: ServerEvent[] = [];
  push.subscribe(Number(user.userId), (e) => events.push(e));
  return { browser, userId: Number(user.userId), events };
}

async function pay(browser: Browser, coin: string, body: Record<string, unknown>) {
  return browser.send('POST', `/api/${coin}/pay`, { json: body });
}

async function invoiceOf(browser: Browser, guid: string) {
  const res = await browser.send('GET', `/api/crypto/invoices/${guid}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, string> & { status: string };
}

const available = async (browser: Browser): Promise<string> => String((await browser.me()).user?.available);
const counts = async () => {
  const n = async (table: 'crypto_invoices' | 'crypto_address_counters' | 'ledger_transactions') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { invoices: await n('crypto_invoices'), counters: await n('crypto_address_counters'), ledger: await n('ledger_transactions') };
};

describe('POST /api/{coin}/pay', () => {
  it('creates a BTC invoice for a fiat amount at the sandbox rate, with a fresh BIP84 address', async () => {
    const { browser } = await trader();
    const res = await pay(browser, 'btc', { amount: '250', fixed: false, bonus: true, currency: 'USD' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { return: boolean; guid: string; url: string };
    expect(body.return).toBe(true);
    expect(body.url).toBe(`/api/btc/invoice/${body.guid}`);
    const invoice = await invoiceOf(browser, body.guid);
    // 250 / 64250 = 0.003891050…, rounded up to the satoshi
    expect(invoice).toMatchObject({ coin: 'btc', asset: 'BTC', amount: '0.00389106', due: '0.00389106', paid: '0.00000000', status: 'wt', rate: '64250.00000000', rateCurrency: 'USD', rateSource: 'sandbox', fiatAmount: '250.00', creditAmount: '250.00', creditCurrency: 'USD', sandbox: true });
    expect(invoice.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(invoice.paymentUri).toBe(`bitcoin:${invoice.address}?amount=0.00389106`);
    expect(invoice.explorerUrl).toBe(`https://mempool.space/address/${invoice.address}`);
    expect(Date.parse(invoice.expiresAt) - Date.parse(invoice.createdAt)).toBe(3600_000);
  });

  it('never hands out an address twice: the counter per chain only grows', async () => {
    const { browser } = await trader();
    const addresses = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const { guid } = (await pay(browser, 'btc', { amount: '250' })).json() as { guid: string };
      addresses.add((await invoiceOf(browser, guid)).address);
    }
    expect(addresses.size).toBe(5);
    const rows = await t.db.selectFrom('crypto_invoices').select(['address', 'address_index']).where('chain', '=', 'btc').execute();
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.address_index)).size).toBe(rows.length);
  });

  it('makes every coin in its own address format and payment URI', async () => {
    const { browser } = await trader();
    const cases: Array<[string, Record<string, unknown>, RegExp, RegExp]> = [
      ['ltc', {}, /^ltc1q[02-9ac-hj-np-z]{38}$/, /^litecoin:ltc1q\w+\?amount=\d+\.\d+$/],
      ['bch', {}, /^bitcoincash:q[02-9ac-hj-np-z]{41}$/, /^bitcoincash:q\w+\?amount=\d+\.\d+$/],
      ['dash', {}, /^X[1-9A-HJ-NP-Za-km-z]{33}$/, /^dash:X\w+\?amount=\d+\.\d+$/],
      ['zcash', {}, /^t1[1-9A-HJ-NP-Za-km-z]{33}$/, /^zcash:t1\w+\?amount=\d+\.\d+$/],
      ['eth', {}, /^0x[0-9a-fA-F]{40}$/, /^ethereum:0x[0-9a-fA-F]{40}@1\?value=\d+$/],
      ['usdt', {}, /^0x[0-9a-fA-F]{40}$/, /^ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=250000000$/],
      ['token', { is_erc20: true, token: 'LINK', fixed: true, amount: '1.5' }, /^0x[0-9a-fA-F]{40}$/, /^ethereum:0x514910771AF9Ca656af840dff83E8264EcF986CA@1\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=1500000000000000000$/],
    ];
    const ethAddresses = new Set<string>();
    for (const [coin, extra, address, uri] of cases) {
      const res = await pay(browser, coin, { amount: '250', ...extra });
      expect(res.statusCode, `${coin}: ${res.body}`).toBe(200);
      const invoice = await invoiceOf(browser, (res.json() as { guid: string }).guid);
      expect(invoice.address, coin).toMatch(address);
      expect(invoice.paymentUri, coin).toMatch(uri);
      if (invoice.chain === 'eth') ethAddresses.add(invoice.address);
    }
    // ETH, USDT and tokens share one key and one counter: never the same address
    expect(ethAddresses.size).toBe(3);
  });

  it('fixed mode takes the coin amount; a token invoice of 1.5 LINK is credited at the rate', async () => {
    const { browser } = await trader();
    const res = await pay(browser, 'token', { amount: '1.5', fixed: true, is_erc20: true, token: 'LINK', bonus: true });
    const invoice = await invoiceOf(browser, (res.json() as { guid: string }).guid);
    expect(invoice).toMatchObject({ asset: 'LINK', amount: '1.50000000', creditAmount: '21.30', creditCurrency: 'USD', fixed: true });
  });

  it('fixed mode in a coin the trader holds credits that coin account', async () => {
    const { browser } = await trader({ balances: [{ currency: 'USD', type: 'trading', amount: '100.00' }, { currency: 'BTC', type: 'exchange', amount: '0' }] });
    const res = await pay(browser, 'btc', { amount: '0.01', fixed: true });
    const invoice = await invoiceOf(browser, (res.json() as { guid: string }).guid);
    expect(invoice).toMatchObject({ amount: '0.01000000', creditAmount: '0.01000000', creditCurrency: 'BTC', fiatAmount: '642.50' });
  });

  it('refuses bad amounts with a clear key and writes nothing', async () => {
    const { browser } = await trader();
    const before = await counts();
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['btc', { amount: '100' }, 400, 'crypto.min_deposit'],
      ['btc', { amount: '0', fixed: true }, 400, 'crypto.wrong_amount'],
      ['btc', { amount: '0.000000001', fixed: true }, 400, 'crypto.too_precise'],
      ['btc', { amount: '-5' }, 400, 'validation'],
      ['btc', { amount: 'lots' }, 400, 'validation'],
      ['btc', { amount: 250 }, 400, 'validation'],
      ['btc', { amount: '250.001' }, 400, 'crypto.too_precise'],
      ['btc', { amount: '250', currency: 'EUR' }, 400, 'crypto.currency'],
      ['btc', { amount: '999999999999' }, 400, 'crypto.amount_too_large'],
      ['token', { amount: '1.5', fixed: true }, 400, 'crypto.token'],
      ['token', { amount: '1.5', fixed: true, token: 'NOPE' }, 400, 'crypto.token'],
    ];
    for (const [coin, body, status, key] of cases) {
      const res = await pay(browser, coin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: key });
      expect(typeof (res.json() as { message: string }).message).toBe('string');
    }
    const min = (await pay(browser, 'btc', { amount: '100' })).json() as { message: string };
    expect(min.message).toBe('Wrong amount! Min deposit 250');
    expect(await counts()).toEqual(before);
  });

  it('refuses the demo account, visitors and calls without the CSRF header', async () => {
    const demo = new Browser(app);
    await demo.signIn('demo@brokerage.test', 'Demo-2026');
    expect((await pay(demo, 'btc', { amount: '250' })).json()).toMatchObject({ error: 'crypto.demo' });
    expect((await pay(demo, 'btc', { amount: '250' })).statusCode).toBe(403);

    const visitor = new Browser(app);
    await visitor.me();
    expect((await pay(visitor, 'btc', { amount: '250' })).statusCode).toBe(401);

    const { browser } = await trader();
    const res = await browser.send('POST', '/api/btc/pay', { json: { amount: '250' }, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'csrf' });
  });

  it('US traders see and get the 500 minimum', async () => {
    const risky = new Browser(app);
    await risky.signIn('risky@example.com', 'Risky-2026');
    expect((await pay(risky, 'eth', { amount: '499' })).json()).toMatchObject({ error: 'crypto.min_deposit', message: 'Wrong amount! Min deposit 500' });
    expect((await risky.send('GET', '/api/crypto/options')).json()).toMatchObject({ minDeposit: '500', currency: 'USD' });
  });
});

describe('paying an invoice on the sandbox chain', () => {
  it('a full payment moves it to su, credits the balance once and pushes both events', async () => {
    const { browser, userId, events } = await trader();
    const { guid } = (await pay(browser, 'btc', { amount: '250' })).json() as { guid: string };
    expect((await browser.send('POST', '/api/btc/check', { json: { guid } })).json()).toMatchObject({ status: 'wt', paid: '0.00000000', due: '0.00389106' });

    const paid = await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid, kind: 'full' } });
    expect(paid.json()).toMatchObject({ ok: true, status: 'su' });
    const check = (await browser.send('POST', '/api/btc/check', { json: { guid } })).json() as Record<string, string>;
    expect(check).toMatchObject({ status: 'su', paid: '0.00389106', due: '0.00000000', late: '0.00000000' });
    expect(check.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await available(browser)).toBe('1250.00');
    expect(events).toContainEqual({ type: 'invoice.updated', id: guid, status: 'su' });
    expect(events).toContainEqual({ type: 'user.updated' });

    // repeated and concurrent checks change nothing
    await Promise.all(Array.from({ length: 8 }, () => browser.send('POST', '/api/btc/check', { json: { guid } })));
    expect(await available(browser)).toBe('1250.00');
    const credits = await t.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `crypto-invoice:${guid}`).execute();
    expect(credits).toHaveLength(1);
    const me = (await browser.me()).user as { depositsTotal: string; userId: string };
    expect(me.depositsTotal).toBe('1250.00');
    expect(Number(me.userId)).toBe(userId);
  });

  it('a restarted server (a second app on the same database) does not credit again', async () => {
    const { browser } = await trader();
    const { guid } = (await pay(browser, 'ltc', { amount: '300' })).json() as { guid: string };
    await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid } });
    expect(await available(browser)).toBe('1300.00');

    // the invoice row is forced back to waiting, as if the server had died before saving it:
    // the ledger's idempotency key still refuses a second credit
    await t.db.updateTable('crypto_invoices').set({ status: 'wt', credit_tx_id: null, received_minor: 0n, paid_at: null, closed_at: null }).where('guid', '=', guid).execute();
    const second = await buildApp({ db: t.db, config: t.config, push: memoryHub() });
    try {
      const again = new Browser(second);
      again.cookies.set('sid', browser.cookies.get('sid')!);
      again.csrf = browser.csrf;
      const res = await again.send('POST', '/api/ltc/check', { json: { guid } });
      expect(res.json()).toMatchObject({ status: 'su' });
      expect(await available(again)).toBe('1300.00');
    } finally {
      await second.close();
    }
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a partial payment shows what is still due; the rest completes it', async () => {
    const { browser } = await trader();
    const { guid } = (await pay(browser, 'eth', { amount: '315' })).json() as { guid: string };
    expect((await invoiceOf(browser, guid)).amount).toBe('0.10000000');
    await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid, kind: 'partial' } });
    const partial = await invoiceOf(browser, guid);
    expect(partial).toMatchObject({ status: 'wt', paid: '0.05000000', due: '0.05000000' });
    // the QR asks for what is still due
    expect(partial.paymentUri).toBe(`ethereum:${partial.address}@1?value=50000000000000000`);
    expect(await available(browser)).toBe('1000.00');
    await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid, kind: 'full' } });
    expect(await invoiceOf(browser, guid)).toMatchObject({ status: 'su', paid: '0.10000000', due: '0.00000000' });
    expect(await available(browser)).toBe('1315.00');
  });

  it('an expired invoice is ex; a payment after expiry is recorded as late and credited by the rules at the rate of its arrival (issue 32 §1)', async () => {
    const { browser, events } = await trader();
    const { guid } = (await pay(browser, 'dash', { amount: '278' })).json() as { guid: string };
    const expired = await browser.send('POST', '/api/sandbox/chain/expire', { json: { guid } });
    expect(expired.json()).toMatchObject({ status: 'ex' });
    expect(events).toContainEqual({ type: 'invoice.updated', id: guid, status: 'ex' });
    expect((await browser.send('POST', '/api/dash/check', { json: { guid } })).json()).toMatchObject({ status: 'ex', due: '0.00000000' });

    const { guid: lateGuid } = (await pay(browser, 'zcash', { amount: '315' })).json() as { guid: string };
    await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid: lateGuid, kind: 'late' } });
    const late = (await browser.send('POST', '/api/zcash/check', { json: { guid: lateGuid } })).json();
    expect(late).toMatchObject({ status: 'ex', paid: '0.00000000', late: '10.00000000' });
    const recorded = await t.db.selectFrom('crypto_payments').selectAll().where('invoice_guid', '=', lateGuid).execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0].late).toBe(true);
    // the late payment is a crypto exception, credited at the (unchanged) sandbox rate: 10 ZEC × 31.50
    // (the watcher's own sync of the address may be the one that records and credits it, just after this answer)
    await expect.poll(() => available(browser)).toBe('1315.00');
    expect((await invoiceOf(browser, lateGuid)).exceptions).toEqual([expect.objectContaining({ kind: 'late', status: 'credited', credit: '315.00' })]);
  });

  it('paying on top of a paid invoice before expiry is an over-payment: recorded, held for the trader to choose, credits nothing more yet', async () => {
    const { browser } = await trader();
    const { guid } = (await pay(browser, 'bch', { amount: '385.20' })).json() as { guid: string };
    await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid } });
    await browser.send('POST', '/api/sandbox/chain/pay', { json: { guid } });
    expect(await invoiceOf(browser, guid)).toMatchObject({ status: 'su', paid: '1.00000000', late: '1.00000000' });
    expect((await invoiceOf(browser, guid)).exceptions).toEqual([expect.objectContaining({ kind: 'over', status: 'held', amount: '1.00000000', mayCredit: true })]);
    expect(await available(browser)).toBe('1385.20');
  });
});

describe('owners, coins and the invoice page address', () => {
  it("another trader's invoice, a wrong coin and a made-up guid are all not found", async () => {
    const a = await trader();
    const b = await trader();
    const { guid } = (await pay(a.browser, 'btc', { amount: '250' })).json() as { guid: string };
    for (const [browser, url, body] of [
      [b.browser, '/api/btc/check', { guid }],
      [a.browser, '/api/eth/check', { guid }],
      [a.browser, '/api/btc/check', { guid: '00000000-0000-0000-0000-000000000000' }],
      [a.browser, '/api/btc/check', { guid: "' or 1=1 --" }],
      [b.browser, '/api/sandbox/chain/pay', { guid }],
      [b.browser, '/api/sandbox/chain/expire', { guid }],
    ] as const) {
      const res = await browser.send('POST', url, { json: body });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await b.browser.send('GET', `/api/crypto/invoices/${guid}`)).statusCode).toBe(404);
    expect((await invoiceOf(a.browser, guid)).status).toBe('wt');
  });

  it('answers every spec check path', async () => {
    const { browser } = await trader();
    for (const coin of ['btc', 'bch', 'ltc', 'eth', 'dash', 'token', 'usdt', 'zcash']) {
      const res = await browser.send('POST', `/api/${coin}/check`, { json: { guid: '00000000-0000-0000-0000-000000000000' } });
      expect(res.statusCode, coin).toBe(404);
    }
    expect((await browser.send('POST', '/api/btc/check', { json: {} })).statusCode).toBe(400);
  });

  it('/api/{coin}/invoice/{guid} redirects to the invoice page in the trading shell', async () => {
    const guid = '3f2b8c1e-0000-4000-8000-000000000001';
    const res = await app.inject({ method: 'GET', url: `/api/btc/invoice/${guid}?lang=ru` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/ru/trading#/show/invoice/btc/${guid}`);
    const en = await app.inject({ method: 'GET', url: `/api/eth/invoice/${guid}?lang=xx` });
    expect(en.headers.location).toBe(`/en/trading#/show/invoice/eth/${guid}`);
    expect((await app.inject({ method: 'GET', url: '/api/btc/invoice/%3Cscript%3E' })).statusCode).toBe(404);
  });
});

describe('rates', () => {
  it('/api/bitcoin/currency and /api/triggers/exchange serve approximate sandbox rates keyed by coin', async () => {
    for (const url of ['/api/bitcoin/currency', '/api/triggers/exchange']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { rates: Record<string, string>; source: string; approximate: boolean; base: string };
      expect(body).toMatchObject({ base: 'USD', source: 'sandbox', approximate: true });
      expect(body.rates).toMatchObject({ BTC: '64250.00000000', ETH: '3150.00000000', USDT: '1.00000000' });
    }
  });

  it('/api/crypto/options gives the tabs the account currency, the minimum and prices in it', async () => {
    const { browser } = await trader({ currency: 'EUR', balances: [{ currency: 'EUR', type: 'trading', amount: '10.00' }] });
    const options = (await browser.send('GET', '/api/crypto/options')).json() as { currency: string; minDeposit: string; assets: Array<{ symbol: string; price: string; coin: string; available: boolean }>; altcoinDefault: string };
    expect(options).toMatchObject({ currency: 'EUR', minDeposit: '250', altcoinDefault: '1.5' });
    // 64250 / 1.08
    expect(options.assets.find((a) => a.symbol === 'BTC')).toMatchObject({ coin: 'btc', price: '59490.74074074', available: true });
    expect(options.assets.filter((a) => a.coin === 'token').map((a) => a.symbol)).toEqual(['USDC', 'DAI', 'LINK']);
  });
});
