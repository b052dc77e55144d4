import type { EventFrom, SnapshotFrom } from 'xstate';
import type { accountsMachine } from '../../../machines/accounts/accounts.machine';
import { isExchangeCurrent } from '../../../core/accounts';
import { OFFERED_ACCOUNT_CURRENCIES, type Balance, type BonusBalance, type CurrentUser } from '../../../core/contract';
import type { Msg } from '../../../core/message';
import { regionProps, titleProps } from '../shared/props';

const TITLE_ID = 'accounts-title';

type AccountsSnapshot = SnapshotFrom<typeof accountsMachine>;
type Send = (event: EventFrom<typeof accountsMachine>) => void;

export const selectAdding = (s: AccountsSnapshot): boolean => s.matches('adding');
export const selectCreating = (s: AccountsSnapshot): boolean => s.matches({ adding: 'creating' });
export const selectAddError = (s: AccountsSnapshot) => s.context.error;
export const selectSwitching = (s: AccountsSnapshot): boolean => s.matches('switching') || s.matches('switchingToExchange');

/**
 * Exchange balances by currency (spec 001 §3, 002 §3): the currencies an exchange account can
 * really hold here (core/money.ts, a crypto invoice credits them). The spec's XRP, XMR, ETC and
 * NEO are left out: no deposit can reach them, so a 0 row for them would promise a balance that
 * cannot exist (docs/funding.md).
 */
export const EXCHANGE_CURRENCIES = ['BTC', 'ETH', 'LTC', 'DASH', 'BCH', 'ZEC', 'USD', 'EUR'] as const;

/** Offered currencies for a new account (spec 000 §5): the list minus those held, except demo accounts. */
export function offeredCurrencies(user: CurrentUser | null): string[] {
  if (!user) return [];
  if (user.isDemo) return [...OFFERED_ACCOUNT_CURRENCIES];
  const held = new Set(user.balances.filter((b) => b.type === 'trading').map((b) => b.currency));
  return OFFERED_ACCOUNT_CURRENCIES.filter((c) => !held.has(c));
}

export interface AccountRow {
  balance: Balance;
  current: boolean;
}

export interface AccountsApi {
  /** the user is known (a page without one shows nothing) */
  known: boolean;
  /** the trader's own accounts (not the exchange account), the current one marked */
  accounts: AccountRow[];
  /** the exchange account's balance per currency it can hold ('0' when none) */
  exchange: { currency: string; amount: string; held: boolean }[];
  exchangeCurrent: boolean;
  /** credited deposit bonuses by currency: not withdrawable until their turnover is done */
  bonuses: BonusBalance[];
  /** a switch is on its way: the other buttons rest */
  switching: boolean;
  exchangeLabel: 'accounts.switching' | 'accounts.exchange.use';
  /** the add-account dialog */
  adding: boolean;
  creating: boolean;
  addError: Msg | null;
  createLabel: 'accounts.add.creating' | 'accounts.add.submit';
  offered: string[];
  select: (accountId: string) => void;
  useExchange: () => void;
  openAdd: () => void;
  closeAdd: () => void;
  create: (currency: string) => void;
  /** the page's section: named by its heading, busy while a switch is on its way */
  getRegionProps: () => { 'aria-labelledby': string; 'aria-busy': boolean };
  getTitleProps: () => { id: string };
  /** the add dialog's refusal, announced */
  getAddErrorProps: () => { role: 'alert' };
}

/** The accounts flow for its views, with the user it lists. */
export function connectAccounts(s: AccountsSnapshot, send: Send, user: CurrentUser | null): AccountsApi {
  const switching = selectSwitching(s);
  const creating = selectCreating(s);
  const balances = user?.balances ?? [];
  const exchange = balances.filter((b) => b.type === 'exchange');
  return {
    known: user !== null,
    accounts: balances.filter((b) => b.type !== 'exchange').map((balance) => ({ balance, current: balance.accountId === user?.current_accountId })),
    exchange: EXCHANGE_CURRENCIES.map((currency) => {
      const held = exchange.filter((b) => b.currency === currency);
      return { currency, amount: held[0]?.amount ?? '0', held: held.length > 0 };
    }),
    exchangeCurrent: isExchangeCurrent(user),
    bonuses: user?.bonuses ?? [],
    switching,
    exchangeLabel: switching ? 'accounts.switching' : 'accounts.exchange.use',
    adding: selectAdding(s),
    creating,
    addError: selectAddError(s),
    createLabel: creating ? 'accounts.add.creating' : 'accounts.add.submit',
    offered: offeredCurrencies(user),
    select: (accountId) => send({ type: 'account.select', accountId }),
    useExchange: () => send({ type: 'account.exchange' }),
    openAdd: () => send({ type: 'add.open' }),
    closeAdd: () => send({ type: 'add.close' }),
    create: (currency) => send({ type: 'add.submit', currency }),
    getRegionProps: () => ({ ...regionProps(TITLE_ID), 'aria-busy': switching }),
    getTitleProps: () => titleProps(TITLE_ID),
    getAddErrorProps: () => ({ role: 'alert' }),
  };
}
