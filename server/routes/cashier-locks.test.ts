import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashierLocks } from '../../core/contract/cashier-locks';
import { openTrade } from '../sandbox/platform/trades';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * GET /api/cashier/locks (issue 30 §4): each lock reason of core/cashier-locks.ts read where it is
 * enforced, listed under what it blocks, in the table's order, with its message's facts; and each
 * one the page shows is one the server refuses with.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

type B = ReturnType<TestApp['browser']>;
const locks = async (b: B) => CashierLocks.parse((await b.send('GET', '/api/cashier/locks')).json());
const userOf = async (email: string) => t.db.selectFrom('users').select(['id', 'current_account_id']).where('email', '=', email).executeTakeFirstOrThrow();

describe('GET /api/cashier/locks', () => {
  it('signed in only', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/cashier/locks')).statusCode).toBe(401);
  });

  it('nothing for a verified trader with room under their limits', async () => {
    const b = t.browser();
    await freshUser(b, { verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
    expect(await locks(b)).toEqual({ deposit: [], withdrawal: [], trading: [] });
  });

  it('not verified: withdrawals locked, and the withdrawal itself is refused with that reason', async () => {
    const b = t.browser();
    await freshUser(b, { verification: 'None', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
    expect(await locks(b)).toEqual({ deposit: [], withdrawal: [{ reason: 'not_verified', params: {} }], trading: [] });
    const asked = await b.send('POST', '/api/withdrawal/final', { json: { amount: '10.00', method: 'Bitcoin', wallet: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `locks-${randomUUID()}` } });
    expect([asked.statusCode, asked.json().error]).toEqual([403, 'withdrawal.verify']);
  });

  it('a demo account in use: withdrawals locked first by that', async () => {
    const b = t.browser();
    const user = await freshUser(b, { verification: 'None', balances: [] });
    const { id } = await userOf(user.email);
    const demo = await t.db.insertInto('accounts').values({ user_id: id, currency: 'USD', type: 'demo', account_group: 'demo' }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ current_account_id: demo.id }).where('id', '=', id).execute();
    expect((await locks(b)).withdrawal).toEqual([{ reason: 'demo_account', params: {} }, { reason: 'not_verified', params: {} }]);
  });

  it('a deposit limit used up: deposits locked with the limit, what is used and when a deposit fits again', async () => {
    const b = t.browser();
    await freshUser(b, { verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '1' }] });
    expect((await b.send('POST', '/api/limits/deposit', { json: { period: 'day', amount: '1000' } })).statusCode).toBe(200);
    const before = Date.now();
    const report = await b.send('POST', '/api/report/bank', { json: { amount: '600', bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}` } });
    expect(report.statusCode, report.body).toBe(200);
    // 400 still fits: nothing locks
    expect((await locks(b)).deposit).toEqual([]);
    expect((await b.send('POST', '/api/report/bank', { json: { amount: '400', bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}` } })).statusCode).toBe(200);
    const [lock] = (await locks(b)).deposit;
    expect(lock).toMatchObject({ reason: 'deposit_limit', params: { period: 'day', limit: '1000.00', used: '1000.00', currency: 'USD' } });
    // the first report leaves the window 24 hours after it was made: then a deposit fits again
    const resets = Date.parse(lock.params.resets);
    expect(resets).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(resets).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    // and the deposit itself is refused with that reason
    const refused = await b.send('POST', '/api/report/bank', { json: { amount: '250', bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}` } });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'limits.deposit_day']);
  });

  it('a stake or loss limit used up: trading locked with the limit, and the platform refuses a trade with that reason', async () => {
    const b = t.browser();
    const user = await freshUser(b, { verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '500' }] });
    expect((await b.send('POST', '/api/limits/trading', { json: { kind: 'stake', period: 'day', amount: '20' } })).statusCode).toBe(200);
    const account = (await t.db.selectFrom('platform_accounts').select('id').where('login', '=', user.email).executeTakeFirstOrThrow()).id;
    const trade = (amount: string) => openTrade(t.db, account, { symbol: 'EURUSD', direction: 'up', amount, expiry: 60, key: `locks-${randomUUID()}` });
    await trade('12');
    expect((await locks(b)).trading).toEqual([]);
    await trade('8');
    expect((await locks(b)).trading).toEqual([{ reason: 'trading_limit', params: { limit_id: 'stake_day', limit: '20.00', used: '20.00', currency: 'USD' } }]);
    await expect(trade('1')).rejects.toMatchObject({ status: 403, key: 'trading.limit_stake_day' });
  });

  it('a break in force: deposits and trading locked until its end', async () => {
    const b = t.browser();
    const user = await freshUser(b, { verification: 'Full', balances: [] });
    const { id } = await userOf(user.email);
    // recorded directly, so this session outlives it (the product ends every session with it)
    const until = new Date(Date.now() + 7 * 24 * 3_600_000);
    await t.db.insertInto('self_exclusions').values({ user_id: id, kind: 'timeout', choice: '7d', since: new Date(), until }).execute();
    const lock = { reason: 'excluded', params: { until: until.toISOString(), kind: 'timeout' } };
    expect(await locks(b)).toEqual({ deposit: [lock], withdrawal: [], trading: [lock] });
  });
});
