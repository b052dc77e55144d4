import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/client';
import { Refusal } from '../../domain/refusal';
import { sandboxGateway } from './gateway';
import { chartOf, formatPrice, instrumentOf, priceAt, pricesAt } from './prices';
import { findAccount } from './store';
import { listOrders, listTransactions, moveBalance, openTrade, outcomeOf, settleDue, settledTrades } from './trades';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const xhr = { 'x-requested-with': 'XMLHttpRequest' };
const EURUSD = instrumentOf('EURUSD')!;
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);

/** the first second from `from` at which an up trade of `seconds` would end as `want` */
function secondWhere(want: 'won' | 'lost', seconds = 10, from = T0): number {
  for (let s = from; s < from + 3_600_000; s += 1000) {
    const open = priceAt(EURUSD, s);
    const close = priceAt(EURUSD, s + seconds * 1000);
    if (want === 'won' ? close > open : close < open) return s;
  }
  throw new Error('no such second');
}

async function accountId(login: string): Promise<number> {
  return (await findAccount(t.db, login))!.id;
}

async function newAccount(balance: string): Promise<{ login: string; id: number }> {
  const login = `pf-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await sandboxGateway(t.db).createAccount({ login, password: 'Platform-2026', currency: 'USD' });
  const id = await accountId(login);
  if (balance !== '0.00') await moveBalance(t.db, id, BigInt(balance.replace('.', '')), 'deposit', 'test deposit');
  return { login, id };
}

const balanceOf = async (id: number) => (await t.db.selectFrom('platform_accounts').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow()).balance_minor;

describe('simulated prices', () => {
  it('are a pure function of the instrument and the second, in integer units', () => {
    const a = priceAt(EURUSD, T0 + 123);
    expect(priceAt(EURUSD, T0 + 999)).toBe(a);
    expect(typeof a).toBe('bigint');
    expect(formatPrice(108421n, 5)).toBe('1.08421');
    expect(formatPrice(5n, 2)).toBe('0.05');
    // near the base level, and they move
    const seen = new Set(Array.from({ length: 60 }, (_, i) => priceAt(EURUSD, T0 + i * 1000)));
    expect(seen.size).toBeGreaterThan(5);
    for (const p of seen) expect(Number(p) / 1e5).toBeGreaterThan(1.0842 * 0.98);
    expect(Object.keys(pricesAt(T0))).toEqual(['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD']);
    const chart = chartOf(EURUSD, T0, 300);
    expect(chart).toHaveLength(300);
    expect(chart[299]).toEqual([T0, formatPrice(priceAt(EURUSD, T0), 5)]);
  });

  it('settle: up wins above, down wins below, equal is a tie with the stake back', () => {
    expect(outcomeOf('up', 100n, 101n, 1000n, 82)).toEqual({ status: 'won', payout: 1820n });
    expect(outcomeOf('down', 100n, 101n, 1000n, 82)).toEqual({ status: 'lost', payout: 0n });
    expect(outcomeOf('down', 101n, 100n, 999n, 82)).toEqual({ status: 'won', payout: 999n + 819n });
    expect(outcomeOf('up', 100n, 100n, 1000n, 82)).toEqual({ status: 'tie', payout: 1000n });
  });
});

describe('fixed-time trades', () => {
  it('a winning trade: the stake leaves at open, stake plus payout returns at expiry; both are transactions', async () => {
    const { id } = await newAccount('100.00');
    const at = secondWhere('won');
    const trade = await openTrade(t.db, id, { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: 'key-won-0001' }, at + 400);
    expect(trade).toMatchObject({ status: 'open', amount: '10.00', openedAt: at, expiresAt: at + 10_000, payoutPercent: 82, openPrice: formatPrice(priceAt(EURUSD, at), 5) });
    expect(String(await balanceOf(id))).toBe('9000');
    // not due yet
    expect(await settleDue(t.db, { accountId: id, now: at + 9_999 })).toBe(0);
    expect(await settleDue(t.db, { accountId: id, now: at + 10_000 })).toBe(1);
    // settling twice changes nothing
    expect(await settleDue(t.db, { accountId: id, now: at + 20_000 })).toBe(0);
    expect(String(await balanceOf(id))).toBe(String(9000 + 1000 + 820));
    const orders = await listOrders(t.db, id, { dateFrom: at - 1000, dateTo: at + 1000, limit: 10, offset: 0 });
    expect(orders.total).toBe(1);
    expect(orders.list[0]).toMatchObject({ status: 'won', payout: '18.20', profit: '8.20', closePrice: formatPrice(priceAt(EURUSD, at + 10_000), 5) });
    const txs = await listTransactions(t.db, id, { dateFrom: 0, dateTo: Date.now() + 60_000, limit: 10, offset: 0 });
    expect(txs.list.map((x) => [x.type, x.amount, x.balanceAfter])).toEqual([
      ['payout', '18.20', '108.20'],
      ['trade', '-10.00', '90.00'],
      ['deposit', '100.00', '100.00'],
    ]);
  });

  it('a losing trade keeps nothing back; the same request key is the same trade', async () => {
    const { id, login } = await newAccount('50.00');
    const at = secondWhere('lost');
    const input = { symbol: 'EURUSD', direction: 'up' as const, amount: '20.00', expiry: 10, key: 'key-lost-0001' };
    const first = await openTrade(t.db, id, input, at);
    const again = await openTrade(t.db, id, input, at + 2000);
    expect(again.id).toBe(first.id);
    expect(String(await balanceOf(id))).toBe('3000');
    await expect(openTrade(t.db, id, { ...input, amount: '21.00' }, at)).rejects.toMatchObject({ key: 'platform.duplicate', status: 409 });
    await settleDue(t.db, { now: at + 10_000 });
    expect(String(await balanceOf(id))).toBe('3000');
    const settled = await settledTrades(t.db, { login, limit: 10 });
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ status: 'lost', profitMinor: -2000n, login });
  });

  it('refuses what it cannot do, and writes nothing', async () => {
    const { id } = await newAccount('5.00');
    const ok = { symbol: 'EURUSD', direction: 'down' as const, amount: '1.00', expiry: 30, key: 'key-refused-01' };
    const cases: [Partial<typeof ok>, string][] = [
      [{ symbol: 'DOGE' }, 'platform.symbol'],
      [{ expiry: 7 }, 'platform.expiry'],
      [{ amount: '1e3' }, 'platform.amount'],
      [{ amount: '1.001' }, 'platform.amount'],
      [{ amount: '-5' }, 'platform.amount'],
      [{ amount: '0.50' }, 'platform.amount_range'],
      [{ amount: '5000.01' }, 'platform.amount_range'],
      [{ amount: '5.01' }, 'platform.funds'],
    ];
    for (const [change, key] of cases) {
      const error = await openTrade(t.db, id, { ...ok, ...change }).catch((e: unknown) => e);
      expect(error, key).toBeInstanceOf(Refusal);
      expect((error as Refusal).key).toBe(key);
    }
    expect(String(await balanceOf(id))).toBe('500');
    expect(await t.db.selectFrom('platform_trades').select('id').where('account_id', '=', id).execute()).toEqual([]);
  });

  it('many trades at once cannot overdraw the platform balance', async () => {
    const { id } = await newAccount('30.00');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => openTrade(t.db, id, { symbol: 'GBPUSD', direction: 'up', amount: '10', expiry: 60, key: `parallel-${i}-xxxx` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(String(await balanceOf(id))).toBe('0');
  });
});

describe('platform HTTP calls', () => {
  it('state, trades, orders and transactions need the platform session; trades need X-Requested-With', async () => {
    const anonymous = t.browser();
    for (const url of ['/platform/state', '/platform/orders', '/platform/transactions']) {
      const res = await anonymous.send('GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'platform.not_auth' });
    }
    const b = t.browser();
    await b.platformLogin('trader@example.com', 'Trader-2026');
    const noHeader = await b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: 'http-trade-1' } });
    expect(noHeader.statusCode).toBe(403);

    const opened = await b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: 'http-trade-1' }, headers: xhr });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ success: true, trade: { symbol: 'EURUSD', direction: 'up', amount: '10.00', status: 'open' } });

    const state = (await b.send('GET', '/platform/state')).json();
    expect(state).toMatchObject({ login: 'trader@example.com', currency: 'USD', available: '9990.00', inTrades: '10.00', all: '10000.00', minStake: '1.00', maxStake: '5000.00' });
    expect(state.open).toHaveLength(1);
    expect(state.prices.EURUSD).toMatch(/^\d\.\d{5}$/);

    const orders = (await b.send('GET', '/platform/orders?limit=5&offset=0&symbol=EURUSD&status=open')).json();
    expect(orders.total).toBe(1);
    expect(orders.list[0].id).toBe(opened.json().trade.id);
    const txs = (await b.send('GET', '/platform/transactions?trType=trade')).json();
    expect(txs.list[0]).toMatchObject({ type: 'trade', amount: '-10.00', balanceAfter: '9990.00' });
    const bad = await b.send('GET', '/platform/orders?status=everything');
    expect(bad.statusCode).toBe(400);
    expect((await b.send('GET', '/platform/orders?limit=abc')).statusCode).toBe(400);

    const refused = await b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'sideways', amount: '10', expiry: 10, key: 'http-trade-2' }, headers: xhr });
    expect(refused.statusCode).toBe(400);
    const tooMuch = await b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'up', amount: '5000.00', expiry: 10, key: 'http-trade-3' }, headers: xhr });
    expect(tooMuch.statusCode).toBe(200);
    const broke = await b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'up', amount: '5000.00', expiry: 10, key: 'http-trade-4' }, headers: xhr });
    expect(broke.statusCode).toBe(409);
    expect(broke.json()).toMatchObject({ success: false, error: 'platform.funds' });
  });

  it('instruments and the chart are public and say they are simulated', async () => {
    const b = t.browser();
    const info = (await b.send('GET', '/platform/instruments')).json();
    expect(info.simulated).toBe(true);
    expect(info.expiries).toEqual([10, 30, 60, 300]);
    expect(info.instruments[0]).toEqual({ symbol: 'EURUSD', name: 'Euro / US dollar', decimals: 5, payoutPercent: 82 });
    const chart = (await b.send('GET', '/platform/chart?symbol=XAUUSD&seconds=60')).json();
    expect(chart.points).toHaveLength(60);
    expect((await b.send('GET', '/platform/chart?symbol=NOPE')).statusCode).toBe(400);
  });

  it('platform password: needs the current password and a matching confirmation', async () => {
    const { login } = await newAccount('0.00');
    const b = t.browser();
    expect((await b.platformLogin(login, 'Platform-2026')).json().success).toBe(true);
    const mismatch = await b.send('POST', '/platform/password', { json: { oldPassword: 'Platform-2026', newPassword: 'Another-2026', newPasswordConfirm: 'Another-2027' }, headers: xhr });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ newPasswordConfirm: 'platform.password_mismatch' });
    const wrong = await b.send('POST', '/platform/password', { json: { oldPassword: 'nope', newPassword: 'Another-2026', newPasswordConfirm: 'Another-2026' }, headers: xhr });
    expect(wrong.json().error).toBe('platform.old_password');
    const short = await b.send('POST', '/platform/password', { json: { oldPassword: 'Platform-2026', newPassword: 'short', newPasswordConfirm: 'short' }, headers: xhr });
    expect(short.json().fields).toEqual({ newPassword: 'platform.password_short' });
    const ok = await b.send('POST', '/platform/password', { json: { oldPassword: 'Platform-2026', newPassword: 'Another-2026', newPasswordConfirm: 'Another-2026' }, headers: xhr });
    expect(ok.json()).toEqual({ success: true });
    expect((await t.browser().platformLogin(login, 'Platform-2026')).json().success).toBe(false);
    expect((await t.browser().platformLogin(login, 'Another-2026')).json().success).toBe(true);
  });

  it('the gateway reads orders and transactions of a login, and settled trades for booking', async () => {
    const gateway = sandboxGateway(t.db);
    const q = { dateFrom: 0, dateTo: Date.now() + 60_000, limit: 10, offset: 0 };
    expect(await gateway.orders!('nobody@example.com', q)).toBeNull();
    const orders = await gateway.orders!('trader@example.com', q);
    expect(orders!.total).toBeGreaterThan(0);
    const txs = await gateway.transactions!('trader@example.com', { ...q, trType: 'trade' });
    expect(txs!.list.every((x) => x.type === 'trade')).toBe(true);
  });
});
