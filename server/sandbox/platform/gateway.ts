import type { PlatformUserInfo } from '../../../src/api/contract';
import type { DbOrTx } from '../../domain/ledger';
import { accountOfToken, createAccount, findAccount } from './store';
import { setAccountPassword } from './password';
import { listOrders, listTransactions, settleDue, settledTrades, userInfoOfAccount, type ListQuery, type SettledTrade, type TradeView, type TransactionView } from './trades';

export type { ListQuery, SettledTrade, TradeView, TransactionView };

/**
 * What the broker needs from the trading platform. The sandbox implements it over its own
 * tables; a real integration implements the same interface over the platform's API.
 * The trading calls are optional so that a partial gateway (tests, an outage stub) still
 * serves sign-in; the broker answers 503 platform.unavailable when one is missing.
 */
export interface PlatformGateway {
  /** the login whose live platform session issued `token`, or null */
  verifyToken(token: string): Promise<{ login: string } | null>;
  /** opens a platform account; false when the login exists already */
  createAccount(input: { login: string; password: string; currency: string }): Promise<boolean>;
  /** the account's balance as the platform reports it, or null when there is no such login */
  userInfo(login: string): Promise<PlatformUserInfo | null>;
  /** sets the login's platform password (the broker checked the old one); false when there is no such login */
  setPassword?(login: string, password: string): Promise<boolean>;
  /** platform GET orders for a login (null: no such login) */
  orders?(login: string, query: ListQuery): Promise<{ list: TradeView[]; total: number } | null>;
  /** platform GET transactions for a login (null: no such login) */
  transactions?(login: string, query: ListQuery): Promise<{ list: TransactionView[]; total: number } | null>;
  /** settled trades, oldest first: of one login since a time (booking), or of everyone (the ticker) */
  settledTrades?(options: { login?: string; since?: Date; limit: number; newestFirst?: boolean }): Promise<SettledTrade[]>;
}

export function sandboxGateway(db: DbOrTx): PlatformGateway {
  return {
    async verifyToken(token) {
      const account = await accountOfToken(db, token);
      return account ? { login: account.login } : null;
    },
    createAccount: (input) => createAccount(db, input),
    async userInfo(login) {
      const account = await findAccount(db, login);
      return account ? userInfoOfAccount(db, account.id, account.login) : null;
    },
    setPassword: (login, password) => setAccountPassword(db, login, password),
    async orders(login, query) {
      const account = await findAccount(db, login);
      return account ? listOrders(db, account.id, query) : null;
    },
    async transactions(login, query) {
      const account = await findAccount(db, login);
      return account ? listTransactions(db, account.id, query) : null;
    },
    async settledTrades(options) {
      await settleDue(db);
      return settledTrades(db, options);
    },
  };
}
