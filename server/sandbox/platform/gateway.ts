import type { PlatformUserInfo } from '../../../src/api/contract';
import type { DbOrTx } from '../../domain/ledger';
import { accountOfToken, createAccount, findAccount, userInfoOf } from './store';
import { setAccountPassword } from './password';

/**
 * What the broker needs from the trading platform. The sandbox implements it over its own
 * tables; a real integration implements the same interface over the platform's API.
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
      return account ? userInfoOf(account) : null;
    },
    setPassword: (login, password) => setAccountPassword(db, login, password),
  };
}
