import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashierLocks } from '../../core/contract/cashier-locks';
import { openTrade } from '../sandbox/platform/trades';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * A country we no longer serve (core/contract/countries.ts `block`, issue 30 §5): an existing
 * trader from it signs in, sees the cashier's lock `country_blocked` on deposits and trading, and
 * every deposit method and the platform's trade refuse with it; withdrawals are not locked by it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

type B = ReturnType<TestApp['browser']>;
const locks = async (b: B) => CashierLocks.parse((await b.send('GET', '/api/cashier/locks')).json());
const random = () => `r-${randomUUID()}`;

describe('a trader from a blocked country (IR)', () => {
  it('deposits refused by every method with deposit.country_blocked, nothing created; trading refused by the platform; both shown as the lock', async () => {
    const b = t.browser();
    const user = await freshUser(b, { country: 'IR', verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
    expect(await locks(b)).toEqual({ deposit: [{ reason: 'country_blocked', params: {} }], withdrawal: [], trading: [{ reason: 'country_blocked', params: {} }] });
    const holds = async () => (await t.db.selectFrom('deposit_holds').select('id').where('user_id', '=', Number(user.userId)).execute()).length;
    const refusals = [
      await b.send('POST', '/api/report/bank', { json: { amount: '300', bonus: false, fixed: false, currency: 'USD', random: random() } }),
      await b.send('POST', '/api/report/fiat', { json: { amount: '300', bonus: false, fixed: false, currency: 'USD', random: random() } }),
      await b.send('POST', '/api/btc/pay', { json: { amount: '300', fixed: false, bonus: false, currency: 'USD' } }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'deposit.country_blocked', message: 'We no longer serve residents of your country: deposits are closed. You can still withdraw your money.' });
    }
    expect(await holds()).toBe(0);
    expect(await t.db.selectFrom('bank_deposits').select('id').where('user_id', '=', Number(user.userId)).execute()).toEqual([]);
    // the sign-in told the platform: a trade is refused with the reason
    const account = await t.db.selectFrom('platform_accounts').select(['id', 'trading_refused']).where('login', '=', user.email).executeTakeFirstOrThrow();
    expect(account.trading_refused).toBe('country_blocked');
    await expect(openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '5', expiry: 60, key: random() })).rejects.toMatchObject({ status: 403, key: 'trading.country_blocked' });
  });

  it('a trader from a served country: no such lock, the deposit goes through and a trade opens', async () => {
    const b = t.browser();
    const user = await freshUser(b, { country: 'DE', verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
    expect(await locks(b)).toEqual({ deposit: [], withdrawal: [], trading: [] });
    const res = await b.send('POST', '/api/report/bank', { json: { amount: '300', bonus: false, fixed: false, currency: 'USD', random: random() } });
    expect(res.statusCode, res.body).toBe(200);
    const account = await t.db.selectFrom('platform_accounts').select(['id', 'trading_refused']).where('login', '=', user.email).executeTakeFirstOrThrow();
    expect(account.trading_refused).toBeNull();
    await expect(openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '5', expiry: 60, key: random() })).resolves.toMatchObject({ amount: '5.00' });
  });
});
