import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LimitsResponse, SetDepositLimitResponse } from '../../core/contract/limits';
import { convertUp } from '../domain/protection/deposit-limits';
import { NETELLER_TEST, TEST_CARDS } from '../test/sandbox';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Deposit limits over HTTP (issue 30 §1): the page's two calls, the cooling-off, and the
 * enforcement by every deposit method before any processor is tried (card, quick top-up through
 * the card's fraud check, crypto invoice, wallet, bank transfer, voucher), under concurrency. The
 * clock is set with fake timers (Date only) to fixed moments after the traders signed in; no
 * assertion reads the real clock.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

function clockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

type Json = Record<string, unknown>;

async function trader(): Promise<{ b: Browser; id: number }> {
  const b = t.browser();
  const user = await freshUser(b);
  return { b, id: Number(user.userId) };
}

const setLimit = (b: Browser, period: string, amount: string | null) => b.send('POST', '/api/limits/deposit', { json: { period, amount } });
const limits = async (b: Browser) => LimitsResponse.parse((await b.send('GET', '/api/limits')).json());
const visa = TEST_CARDS.find((c) => c.scenario === 'approved')!.visa;
async function savedCard(b: Browser): Promise<string> {
  const res = await b.send('POST', '/api/card/save', { json: { cnu: visa, emm: '12', eyy: '2031', fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { card: string }).card;
}
const fraudCheck = (b: Browser, card: string, amount: string) => b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount, fixed: false, bonus: false, card } });
const bankReport = (b: Browser, amount: string) => b.send('POST', '/api/report/bank', { json: { amount, bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}` } });
const neteller = (b: Browser, amount: string, account: string = NETELLER_TEST.approve.account) =>
  b.send('POST', '/api/neteller', { json: { net_account: account, secure_id: NETELLER_TEST.approve.secureId, amount, currency: 'USD' } });
/** a fresh sandbox voucher of 500 (its first four digits name its value) */
const voucher500 = () => `1500${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;

async function counts(userId: number): Promise<Json> {
  const n = async (table: 'card_payments' | 'crypto_invoices' | 'method_deposits' | 'bank_deposits' | 'vload_vouchers' | 'deposit_holds') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  return {
    card: await n('card_payments'),
    crypto: await n('crypto_invoices'),
    method: await n('method_deposits'),
    bank: await n('bank_deposits'),
    vload: await n('vload_vouchers'),
    holds: await n('deposit_holds'),
  };
}

describe('GET /api/limits and POST /api/limits/deposit', () => {
  it('signed in only; the POST needs the CSRF header; none set at first', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/limits')).statusCode).toBe(401);
    expect((await setLimit(visitor, 'day', '100')).statusCode).toBe(401);
    const { b } = await trader();
    const forged = await b.send('POST', '/api/limits/deposit', { json: { period: 'day', amount: '100' }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    expect(await limits(b)).toEqual({
      currency: 'USD',
      deposit: [
        { period: 'day', amount: null, pending: null, used: '0.00' },
        { period: 'week', amount: null, pending: null, used: '0.00' },
        { period: 'month', amount: null, pending: null, used: '0.00' },
      ],
      // the stake and loss limits: server/routes/trading-limits.test.ts
      trading: expect.any(Array),
      cooling_off_hours: 24,
    });
  });

  it('refuses a bad period or amount with its key, and writes nothing', async () => {
    const { b, id } = await trader();
    expect((await setLimit(b, 'year', '100')).json()).toMatchObject({ error: 'limits.period' });
    for (const amount of ['abc', '0', '-5', '10.001', '1000000.01', '']) {
      const res = await setLimit(b, 'day', amount);
      expect([res.statusCode, res.json().error, res.json().fields], amount).toEqual([400, 'limits.amount', { amount: 'limits.amount' }]);
    }
    expect(await t.db.selectFrom('trader_limits').select('period').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('lowers at once; raises and removes only after 24 hours, the old limit in force until then', async () => {
    const { b } = await trader();
    clockAt('2025-05-01T10:00:00Z');
    const first = SetDepositLimitResponse.parse((await setLimit(b, 'week', '1000')).json());
    expect(first.applied).toBe('now');
    expect(first.limits.deposit[1]).toEqual({ period: 'week', amount: '1000.00', pending: null, used: '0.00' });
    const raised = SetDepositLimitResponse.parse((await setLimit(b, 'week', '2000.50')).json());
    expect(raised.applied).toBe('later');
    expect(raised.limits.deposit[1]).toMatchObject({ amount: '1000.00', pending: { amount: '2000.50', from: '2025-05-02T10:00:00.000Z' } });
    clockAt('2025-05-02T09:59:59Z');
    expect((await limits(b)).deposit[1]).toMatchObject({ amount: '1000.00' });
    clockAt('2025-05-02T10:00:00Z');
    expect((await limits(b)).deposit[1]).toMatchObject({ amount: '2000.50', pending: null });
    const removed = SetDepositLimitResponse.parse((await setLimit(b, 'week', null)).json());
    expect([removed.applied, removed.limits.deposit[1]?.pending]).toEqual(['later', { amount: null, from: '2025-05-03T10:00:00.000Z' }]);
    const lowered = SetDepositLimitResponse.parse((await setLimit(b, 'week', '300')).json());
    expect([lowered.applied, lowered.limits.deposit[1]]).toEqual(['now', { period: 'week', amount: '300.00', pending: null, used: '0.00' }]);
  });
});

describe('every deposit method is refused over the limit before any processor is tried', () => {
  it('card, crypto invoice, wallet, bank transfer and voucher: 409 limits.deposit_day with the limit, what is used and when it fits again; nothing created', async () => {
    const { b, id } = await trader();
    const card = await savedCard(b);
    clockAt('2025-06-10T08:00:00Z');
    expect((await setLimit(b, 'day', '600')).statusCode).toBe(200);
    const first = await fraudCheck(b, card, '350');
    expect(first.statusCode, first.body).toBe(200);
    clockAt('2025-06-10T08:30:00Z');
    expect((await limits(b)).deposit[0]).toMatchObject({ amount: '600.00', used: '350.00' });
    const before = await counts(id);
    const refusals = [
      await fraudCheck(b, card, '300'),
      await b.send('POST', '/api/btc/pay', { json: { amount: '300', fixed: false, bonus: false, currency: 'USD' } }),
      await neteller(b, '300'),
      await bankReport(b, '300'),
      await b.send('POST', '/api/report/fiat', { json: { amount: '300', bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}` } }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        error: 'limits.deposit_day',
        message: 'This deposit would pass your 24-hour deposit limit of 600.00 USD (350.00 USD used). This amount fits again from 2025-06-11 08:00 UTC.',
        params: { limit: '600.00', used: '350.00', currency: 'USD', resets: '2025-06-11 08:00 UTC' },
      });
    }
    const vload = await b.send('POST', '/api/card/fast/vload', { json: { amount: voucher500(), fixed: false, bonus: false, test: true } });
    expect([vload.statusCode, vload.json().error]).toEqual([409, 'limits.deposit_day']);
    expect(await counts(id)).toEqual(before);
    // what is left still goes through
    expect((await bankReport(b, '250')).statusCode).toBe(200);
    expect((await limits(b)).deposit[0]).toMatchObject({ used: '600.00' });
  });

  it('an amount over the limit by itself says so (limits.deposit_week_whole, no date)', async () => {
    const { b } = await trader();
    clockAt('2025-06-12T08:00:00Z');
    await setLimit(b, 'week', '400');
    const res = await bankReport(b, '450');
    expect(res.json()).toMatchObject({ error: 'limits.deposit_week_whole', params: { limit: '400.00', used: '0.00', currency: 'USD', resets: '' } });
  });

  it('a credited deposit counts for good; a declined one and an abandoned card payment stop counting', async () => {
    const { b } = await trader();
    const card = await savedCard(b);
    clockAt('2025-07-01T08:00:00Z');
    await setLimit(b, 'month', '900');
    // Neteller's test wallet pays at once: credited, counted at its amount
    expect((await neteller(b, '300')).statusCode).toBe(200);
    // a declined wallet payment is released at once
    expect((await neteller(b, '300', NETELLER_TEST.decline.account)).statusCode).toBe(402);
    expect((await limits(b)).deposit[2]).toMatchObject({ used: '300.00' });
    // a card payment started and never paid counts for an hour
    expect((await fraudCheck(b, card, '500')).statusCode).toBe(200);
    expect((await limits(b)).deposit[2]).toMatchObject({ used: '800.00' });
    expect((await fraudCheck(b, card, '250')).json()).toMatchObject({ error: 'limits.deposit_month' });
    clockAt('2025-07-01T09:00:01Z');
    expect((await limits(b)).deposit[2]).toMatchObject({ used: '300.00' });
    expect((await fraudCheck(b, card, '250')).statusCode).toBe(200);
    // the credited one is still there a week later, inside the 30 days
    clockAt('2025-07-08T08:00:00Z');
    expect((await limits(b)).deposit).toMatchObject([{ used: '0.00' }, { used: '0.00' }, { used: '300.00' }]);
  });

  it('50 concurrent deposits against a limit: the sum stays within it', async () => {
    const { b, id } = await trader();
    const card = await savedCard(b);
    clockAt('2025-08-01T08:00:00Z');
    await setLimit(b, 'day', '3000');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? fraudCheck(b, card, '300') : bankReport(b, '300'))));
    const ok = answers.filter((r) => r.statusCode === 200).length;
    const refused = answers.filter((r) => r.statusCode === 409 && r.json().error === 'limits.deposit_day').length;
    expect([ok, refused]).toEqual([10, 40]);
    const held = await t.db.selectFrom('deposit_holds').select((eb) => eb.fn.sum<string>('counted_minor').as('sum')).where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(BigInt(held.sum)).toBe(300000n);
    expect((await limits(b)).deposit[0]).toMatchObject({ used: '3000.00' });
  });
});

describe('another currency counts at the rate of the moment, rounded up', () => {
  const rates = { quote: async () => ({ source: 'sandbox' as const, at: new Date(0), usd: { USD: '1', EUR: '1.08', BTC: '64250.00' } }) };
  it('converts through the US dollar and never rounds down', async () => {
    expect(await convertUp(rates, 10000n, 'EUR', 'USD')).toBe(10800n);
    expect(await convertUp(rates, 10000n, 'USD', 'EUR')).toBe(9260n); // 92.5925… EUR → 92.60
    expect(await convertUp(rates, 1_000_000n, 'BTC', 'USD')).toBe(64250n); // 0.01 BTC → 642.50 USD
    expect(await convertUp(rates, 7n, 'USD', 'USD')).toBe(7n);
    await expect(convertUp(rates, 1n, 'XYZ', 'USD')).rejects.toThrow('no rate');
  });
});
