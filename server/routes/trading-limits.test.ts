import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LimitsResponse, SetTradingLimitResponse } from '../../core/contract/limits';
import { setTradingLimit, tradingLimitsView } from '../domain/protection/trading-limits';
import { Refusal } from '../domain/refusal';
import { sandboxGateway } from '../sandbox/platform/gateway';
import { instrumentOf, priceAt } from '../sandbox/platform/prices';
import { findAccount } from '../sandbox/platform/store';
import { moveBalance, openTrade, settleDue } from '../sandbox/platform/trades';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Stake and loss limits (issue 30 §1, core/trading-limits.ts): set on the broker over HTTP, handed
 * to the platform (PlatformGateway.setTradingLimits) and enforced by the platform's openTrade,
 * which is called here with `now` passed in; the broker's clock is set with fake timers (Date
 * only). No assertion of a time rule reads the real clock: between the broker's calls the clock
 * stands an hour before the trades, so the sandbox platform's background settler (which reads
 * Date.now) settles nothing the test did not.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
const H = 3_600_000;
beforeEach(() => clockAt(T0 - H));
afterEach(() => {
  vi.useRealTimers();
});

const EURUSD = instrumentOf('EURUSD')!;

function clockAt(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(ms));
}

interface Trader {
  b: Browser;
  userId: number;
  email: string;
  account: number;
}

async function trader(balance = 100_000n): Promise<Trader> {
  const b = t.browser();
  const user = await freshUser(b);
  const account = (await findAccount(t.db, user.email))!.id;
  await moveBalance(t.db, account, balance, 'deposit', 'test deposit');
  return { b, userId: Number(user.userId), email: user.email, account };
}

const setLimit = (b: Browser, kind: string, period: string, amount: string | null) => b.send('POST', '/api/limits/trading', { json: { kind, period, amount } });
async function setAt(b: Browser, at: number, kind: string, period: string, amount: string | null): Promise<SetTradingLimitResponse> {
  clockAt(at);
  const res = await setLimit(b, kind, period, amount);
  clockAt(T0 - H);
  expect(res.statusCode, res.body).toBe(200);
  return SetTradingLimitResponse.parse(res.json());
}
const limits = async (b: Browser) => LimitsResponse.parse((await b.send('GET', '/api/limits')).json());

let keys = 0;
const trade = (account: number, amount: string, at: number, expiry = 10) =>
  openTrade(t.db, account, { symbol: 'EURUSD', direction: 'up', amount, expiry, key: `limit-test-${++keys}-${Math.random().toString(36).slice(2)}` }, at);

async function refusal(p: Promise<unknown>): Promise<{ status: number; error: string; params: unknown }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Refusal) return { status: e.status, error: e.key, params: e.params };
    throw e;
  }
  throw new Error('not refused');
}

/** the first second from `from` at which an up trade of 10 s loses */
function losingSecond(from: number): number {
  for (let s = Math.floor(from / 1000) * 1000; s < from + H; s += 1000) if (priceAt(EURUSD, s + 10_000) < priceAt(EURUSD, s)) return s;
  throw new Error('no such second');
}

const tradeCount = async (account: number) =>
  Number((await t.db.selectFrom('platform_trades').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', account).executeTakeFirstOrThrow()).n);

describe('POST /api/limits/trading and GET /api/limits', () => {
  it('signed in only, CSRF, the kind and period checked, the amount as for deposit limits; none at first', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await setLimit(visitor, 'stake', 'trade', '10')).statusCode).toBe(401);
    const { b } = await trader();
    const forged = await b.send('POST', '/api/limits/trading', { json: { kind: 'stake', period: 'trade', amount: '10' }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    const bad = async (body: object) => {
      const res = await b.send('POST', '/api/limits/trading', { json: body });
      const json = res.json();
      return [res.statusCode, json.error, json.fields];
    };
    expect(await bad({ kind: 'deposit', period: 'day', amount: '10' })).toEqual([400, 'limits.kind', { kind: 'limits.kind' }]);
    expect(await bad({ kind: 'stake', period: 'week', amount: '10' })).toEqual([400, 'limits.period', { period: 'limits.period' }]);
    expect(await bad({ kind: 'loss', period: 'trade', amount: '10' })).toEqual([400, 'limits.period', { period: 'limits.period' }]);
    for (const amount of ['0', '-5', 'ten', '1.001', '1000000.01']) expect(await bad({ kind: 'loss', period: 'day', amount })).toEqual([400, 'limits.amount', { amount: 'limits.amount' }]);
    expect((await bad({ kind: 'loss', period: 'day' }))[0]).toBe(400);
    const view = await limits(b);
    expect(view.trading).toEqual([
      { kind: 'stake', period: 'trade', amount: null, pending: null, used: '0.00' },
      { kind: 'stake', period: 'day', amount: null, pending: null, used: '0.00' },
      { kind: 'loss', period: 'day', amount: null, pending: null, used: '0.00' },
      { kind: 'loss', period: 'week', amount: null, pending: null, used: '0.00' },
      { kind: 'loss', period: 'month', amount: null, pending: null, used: '0.00' },
    ]);
    expect(view.deposit).toHaveLength(3);
    // the deposit call answers the same view and is unchanged
    const dep = await b.send('POST', '/api/limits/deposit', { json: { period: 'day', amount: '100' } });
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json()).toMatchObject({ applied: 'now', limits: { deposit: [{ period: 'day', amount: '100.00' }, {}, {}], trading: view.trading } });
  });
});

describe('enforced by the platform', () => {
  it('a stake over the per-trade limit is refused at the platform, nothing written; equal passes', async () => {
    const tr = await trader();
    const set = await setAt(tr.b, T0, 'stake', 'trade', '25');
    expect([set.applied, set.platform]).toEqual(['now', 'told']);
    expect(set.limits.trading[0]).toMatchObject({ kind: 'stake', period: 'trade', amount: '25.00', pending: null });
    const before = await tradeCount(tr.account);
    const balance = String((await t.db.selectFrom('platform_accounts').select('balance_minor').where('id', '=', tr.account).executeTakeFirstOrThrow()).balance_minor);
    expect(await refusal(trade(tr.account, '25.01', T0 + 1000))).toEqual({ status: 403, error: 'trading.limit_stake_trade', params: { limit: '25.00', used: '0.00', currency: 'USD' } });
    expect(await tradeCount(tr.account)).toBe(before);
    expect((await t.db.selectFrom('platform_accounts').select('balance_minor').where('id', '=', tr.account).executeTakeFirstOrThrow()).balance_minor.toString()).toBe(balance);
    await trade(tr.account, '25', T0 + 2000);
    expect(await tradeCount(tr.account)).toBe(before + 1);
  });

  it('the day’s total stakes: trades opened in the last 24 hours, open or settled', async () => {
    const tr = await trader();
    await setAt(tr.b, T0, 'stake', 'day', '100');
    await trade(tr.account, '40', T0 + 1000);
    await trade(tr.account, '50', T0 + 2000);
    await settleDue(t.db, { accountId: tr.account, now: T0 + 60_000 });
    expect(await refusal(trade(tr.account, '10.01', T0 + 3 * H))).toMatchObject({ error: 'trading.limit_stake_day', params: { limit: '100.00', used: '90.00', currency: 'USD' } });
    await trade(tr.account, '10', T0 + 3 * H);
    // 24 hours after the first (opened at T0 + 1 s), its 40 leaves the window
    expect(await refusal(trade(tr.account, '1', T0 + 24 * H))).toMatchObject({ error: 'trading.limit_stake_day', params: { used: '100.00' } });
    await trade(tr.account, '40', T0 + 24 * H + 1000);
  });

  it('the loss limit counts settled losses in the window and the stake of an open trade', async () => {
    const tr = await trader();
    await setAt(tr.b, T0, 'loss', 'day', '100');
    let at = losingSecond(T0 + 1000);
    await trade(tr.account, '30', at);
    await settleDue(t.db, { accountId: tr.account, now: at + 10_000 });
    at = losingSecond(at + 20_000);
    await trade(tr.account, '30', at);
    await settleDue(t.db, { accountId: tr.account, now: at + 10_000 });
    // 60 lost; an open trade of 25 can lose its stake too
    const openAt = at + 60_000;
    await trade(tr.account, '25', openAt, 300);
    expect(await refusal(trade(tr.account, '15.01', openAt + 1000))).toEqual({ status: 403, error: 'trading.limit_loss_day', params: { limit: '100.00', used: '85.00', currency: 'USD' } });
    await trade(tr.account, '15', openAt + 1000, 300);
    expect(await refusal(trade(tr.account, '1', openAt + 2000))).toMatchObject({ error: 'trading.limit_loss_day', params: { used: '100.00' } });
    // the broker's page shows the same figure, read from the platform
    clockAt(openAt + 3000);
    const view = await limits(tr.b);
    expect(view.trading.find((l) => l.kind === 'loss' && l.period === 'day')).toMatchObject({ amount: '100.00', used: '100.00' });
    expect(view.trading.find((l) => l.kind === 'loss' && l.period === 'week')).toMatchObject({ amount: null, used: '100.00' });
    expect(view.trading.find((l) => l.kind === 'stake' && l.period === 'day')).toMatchObject({ used: '100.00' });
    clockAt(T0 - H);
  });

  it('a raise waits 24 hours: refused before, accepted after; lowering applies at once', async () => {
    const tr = await trader();
    await setAt(tr.b, T0, 'stake', 'trade', '10');
    const raised = await setAt(tr.b, T0 + H, 'stake', 'trade', '50');
    expect(raised.applied).toBe('later');
    expect(raised.limits.trading[0]).toMatchObject({ amount: '10.00', pending: { amount: '50.00', from: new Date(T0 + 25 * H).toISOString() } });
    expect(await refusal(trade(tr.account, '20', T0 + 25 * H - 1000))).toMatchObject({ error: 'trading.limit_stake_trade', params: { limit: '10.00' } });
    // the platform applies the raise at its date by itself: the broker is not asked again
    await trade(tr.account, '20', T0 + 25 * H);
    // the page shows the raise waiting, with its date (read every few hours: a session lives 12 hours idle)
    clockAt(T0 + 10 * H);
    expect((await limits(tr.b)).trading[0]).toMatchObject({ amount: '10.00' });
    clockAt(T0 + 20 * H);
    expect((await limits(tr.b)).trading[0]).toMatchObject({ amount: '10.00', pending: { amount: '50.00', from: new Date(T0 + 25 * H).toISOString() } });
    clockAt(T0 - H);
    // removing waits as well
    const removed = await setAt(tr.b, T0 + 26 * H, 'stake', 'trade', null);
    expect(removed.limits.trading[0]).toMatchObject({ amount: '50.00', pending: { amount: null } });
    expect(await refusal(trade(tr.account, '60', T0 + 26 * H + 1000))).toMatchObject({ error: 'trading.limit_stake_trade', params: { limit: '50.00' } });
    // a lower one applies at once and drops the waiting removal
    const lowered = await setAt(tr.b, T0 + 27 * H, 'stake', 'trade', '5');
    expect([lowered.applied, lowered.limits.trading[0].pending]).toEqual(['now', null]);
    expect(await refusal(trade(tr.account, '5.01', T0 + 27 * H + 1000))).toMatchObject({ error: 'trading.limit_stake_trade', params: { limit: '5.00' } });
    expect(await refusal(trade(tr.account, '6', T0 + 60 * H))).toMatchObject({ error: 'trading.limit_stake_trade', params: { limit: '5.00' } });
    await trade(tr.account, '5', T0 + 60 * H);
  });

  it('another trader’s limits never apply', async () => {
    const a = await trader();
    const other = await trader();
    await setAt(a.b, T0, 'stake', 'trade', '5');
    await setAt(a.b, T0, 'loss', 'month', '5');
    await trade(other.account, '100', T0 + 1000);
    expect(await refusal(trade(a.account, '6', T0 + 1000))).toMatchObject({ error: 'trading.limit_stake_trade' });
  });

  it('20 concurrent trades cannot together pass the day’s stake limit (the account row lock)', async () => {
    const tr = await trader();
    await setAt(tr.b, T0, 'stake', 'day', '100');
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => trade(tr.account, '15', T0 + 1000 + i)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof Refusal && r.reason.key === 'trading.limit_stake_day').length;
    expect([ok, refused]).toEqual([6, 14]);
    const sum = await t.db.selectFrom('platform_trades').select((eb) => eb.fn.sum<string | bigint>('stake_minor').as('s')).where('account_id', '=', tr.account).executeTakeFirstOrThrow();
    expect(String(sum.s)).toBe('9000');
  });
});

describe('when the platform does not answer', () => {
  it('the page’s used is null; a change is saved and says the platform was not told', async () => {
    const tr = await trader();
    const down = {
      ...sandboxGateway(t.db),
      settledTrades: async () => {
        throw new Error('platform down');
      },
      setTradingLimits: async () => {
        throw new Error('platform down');
      },
    };
    const now = new Date(T0);
    clockAt(T0);
    const set = await setTradingLimit({ db: t.db, platform: down }, tr.userId, { kind: 'loss', period: 'week', amount: '70' }, now);
    expect([set.applied, set.platform]).toEqual(['now', 'unreachable']);
    const view = await tradingLimitsView({ db: t.db, platform: down }, tr.userId, now);
    expect(view.map((l) => l.used)).toEqual([null, null, null, null, null]);
    expect(view[3]).toMatchObject({ kind: 'loss', period: 'week', amount: '70.00' });
    clockAt(T0 - H);
    // not told: the platform has nothing yet; the next change hands it the whole schedule
    await trade(tr.account, '80', T0 + 1000);
    await setAt(tr.b, T0 + 2000, 'stake', 'trade', '1000');
    expect(await refusal(trade(tr.account, '1', T0 + 3000))).toMatchObject({ error: 'trading.limit_loss_week', params: { limit: '70.00', used: '80.00' } });
  });
});
