import { describe, expect, it } from 'vitest';
import { currentAccountOf, currentCurrencyOf, exchangeBalancesOf, isExchangeCurrent } from './accounts';

const balance = (accountId: string, currency: string, type: string) => ({ accountId, currency, type, accountGroup: 'standard', amount: '1.00', depositsTotal: '0' });
const user = {
  currency: 'USD',
  current_accountId: 'b',
  balances: [balance('a', 'USD', 'trading'), balance('b', 'EUR', 'trading'), balance('c', 'BTC', 'exchange')],
};

describe('the current-account rule', () => {
  it('finds the current account by id, its currency, the exchange balances', () => {
    expect(currentAccountOf(user as never)?.accountId).toBe('b');
    expect(currentCurrencyOf(user as never)).toBe('EUR');
    expect(exchangeBalancesOf(user as never).map((b) => b.accountId)).toEqual(['c']);
    expect(isExchangeCurrent(user as never)).toBe(false);
    expect(isExchangeCurrent({ ...user, current_accountId: 'c' } as never)).toBe(true);
  });

  it('falls back to the user currency, and to nothing without a user', () => {
    expect(currentCurrencyOf({ ...user, current_accountId: 'gone' } as never)).toBe('USD');
    expect(currentAccountOf(null)).toBeUndefined();
    expect(currentCurrencyOf(undefined)).toBe('');
  });
});
