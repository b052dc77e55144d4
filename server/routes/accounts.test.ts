import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateAccountResponse, SetAccountResponse } from '../../core/contract';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

type Me = { current_accountId: string; available: string; balances: { accountId: string; currency: string; type: string; amount: string }[] };

describe('accounts', () => {
  it('switches between the trader\'s own balances and the exchange account; never to another trader\'s', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '100.00' }, { currency: 'EUR', type: 'trading', amount: '50.00' }] });
    const me = (await b.me()).user as Me;
    const eur = me.balances.find((x) => x.currency === 'EUR')!;
    const res = SetAccountResponse.parse((await b.send('POST', '/api/us/set_account', { json: { account: eur.accountId } })).json());
    expect(res.current_accountId).toBe(eur.accountId);
    expect(((await b.me()).user as Me).available).toBe('50.00');

    const stranger = t.browser();
    await freshUser(stranger);
    const foreign = await stranger.send('POST', '/api/us/set_account', { json: { account: eur.accountId } });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'account.not_set', message: 'Some errors, please try again. Cant set account id.' }]);
    expect((await stranger.send('POST', '/api/us/set_account', { json: { account: 'x1' } })).statusCode).toBe(400);

    const exchange = SetAccountResponse.parse((await b.send('POST', '/api/us/set_account_exchange')).json());
    const after = (await b.me()).user as Me;
    expect(after.current_accountId).toBe(exchange.current_accountId);
    expect(after.balances.find((x) => x.accountId === exchange.current_accountId)).toMatchObject({ type: 'exchange', currency: 'USD', amount: '0.00' });
    // a second switch reuses the same exchange account
    expect(SetAccountResponse.parse((await b.send('POST', '/api/us/set_account_exchange', { json: {} })).json()).current_accountId).toBe(exchange.current_accountId);
  });

  it('opens an account in an offered currency the trader does not have; refuses the rest with clear texts', async () => {
    const b = t.browser();
    await freshUser(b);
    const empty = await b.send('POST', '/api/us/create_account', { json: { currency: '' } });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Please chose currency!']);
    const had = await b.send('POST', '/api/us/create_account', { json: { currency: 'USD' } });
    expect([had.statusCode, had.json().error]).toEqual([409, 'account.not_offered']);
    const other = await b.send('POST', '/api/us/create_account', { json: { currency: 'XAU' } });
    expect(other.statusCode).toBe(409);
    const [first, second] = await Promise.all([
      b.send('POST', '/api/us/create_account', { json: { currency: 'BTC' } }),
      b.send('POST', '/api/us/create_account', { json: { currency: 'BTC' } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ok = CreateAccountResponse.parse((first.statusCode === 200 ? first : second).json());
    expect(ok.message).toBe('Account successfully added');
    const me = (await b.me()).user as Me;
    expect(me.balances.filter((x) => x.currency === 'BTC')).toEqual([expect.objectContaining({ accountId: ok.accountId, amount: '0.00000000', type: 'trading' })]);
  });

  it('a demo account may open the same currency again (virtual money)', async () => {
    const b = t.browser();
    await b.signIn('demo@brokerage.test', 'Demo-2026');
    const res = await b.send('POST', '/api/us/create_account', { json: { currency: 'USD' } });
    expect(res.statusCode).toBe(200);
    const me = (await b.me()).user as Me;
    expect(me.balances.filter((x) => x.currency === 'USD' && x.type === 'demo')).toHaveLength(2);
  });
});
