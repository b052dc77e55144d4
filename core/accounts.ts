import type { Balance, CurrentUser } from './contract/user';

/**
 * The current-account rule, in one place: the balance the trader trades and withdraws from is
 * the one whose id the user names as current; its currency is the trader's working currency
 * (the user's registration currency when no account is current yet).
 */
export function currentAccountOf(user: Pick<CurrentUser, 'balances' | 'current_accountId'> | null | undefined): Balance | undefined {
  if (!user) return undefined;
  return user.balances.find((b) => b.accountId === user.current_accountId);
}

/** The currency of the current account, else the user's own currency, else ''. */
export function currentCurrencyOf(user: Pick<CurrentUser, 'balances' | 'current_accountId' | 'currency'> | null | undefined): string {
  return currentAccountOf(user)?.currency ?? user?.currency ?? '';
}

/** The exchange-account balances (001 §3): one per coin or currency held there. */
export function exchangeBalancesOf(user: Pick<CurrentUser, 'balances'> | null | undefined): Balance[] {
  return user?.balances.filter((b) => b.type === 'exchange') ?? [];
}

/** True when the current account is the exchange account. */
export function isExchangeCurrent(user: Pick<CurrentUser, 'balances' | 'current_accountId'> | null | undefined): boolean {
  return currentAccountOf(user)?.type === 'exchange';
}
