import type { PlatformUserInfo } from '../../../core/contract';
import type { DbOrTx } from '../../domain/ledger';
import { applyBalanceOp } from './balance-ops';
import { accountOfToken, createAccount, findAccount } from './store';
import { setAccountPassword } from './password';
import { listOrders, listTransactions, onTradesSettled, settleDue, settledTrades, userInfoOfAccount, type ListQuery, type SettledTrade, type TradeView, type TransactionView } from './trades';

export type { ListQuery, SettledTrade, TradeView, TransactionView };

/**
 * A balance operation of the platform's manager API: `amountMinor` (> 0) onto (credit) or off
 * (debit) the login's balance. The platform applies an `opId` once; the same id again answers
 * the first result (`duplicate`) and moves nothing.
 */
export interface BalanceOperation {
  opId: string;
  login: string;
  amountMinor: bigint;
  currency: string;
  /** shown in the platform's own transaction list */
  comment: string;
}

export interface BalanceOperationResult {
  duplicate: boolean;
  /** the login's balance after the operation, minor units */
  balanceMinor: bigint;
}

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
  /**
   * the account's balance as the platform reports it (`available`; `all` adds the stakes of
   * open trades), or null when there is no such login
   */
  userInfo(login: string): Promise<(PlatformUserInfo & { all?: string }) | null>;
  /** sets the login's platform password (the broker checked the old one); false when there is no such login */
  setPassword?(login: string, password: string): Promise<boolean>;
  /** platform GET orders for a login (null: no such login) */
  orders?(login: string, query: ListQuery): Promise<{ list: TradeView[]; total: number } | null>;
  /** platform GET transactions for a login (null: no such login) */
  transactions?(login: string, query: ListQuery): Promise<{ list: TransactionView[]; total: number } | null>;
  /** settled trades, oldest first: of one login since a time (booking), or of everyone (the ticker) */
  settledTrades?(options: { login?: string; since?: Date; limit: number; newestFirst?: boolean }): Promise<SettledTrade[]>;
  /** balance operations; throw (e.g. no such login, too little balance) when not applied */
  credit?(op: BalanceOperation): Promise<BalanceOperationResult>;
  debit?(op: BalanceOperation): Promise<BalanceOperationResult>;
  /** the platform's deal events: `listener` hears the logins whose trades just settled */
  onTradesSettled?(listener: (logins: string[]) => void): () => void;
}

function positive(amountMinor: bigint): bigint {
  if (typeof amountMinor !== 'bigint' || amountMinor <= 0n) throw new RangeError('A balance operation moves a positive amount.');
  return amountMinor;
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
    credit: (op) => applyBalanceOp(db, { opId: op.opId, login: op.login, deltaMinor: positive(op.amountMinor), currency: op.currency, comment: op.comment }),
    debit: (op) => applyBalanceOp(db, { opId: op.opId, login: op.login, deltaMinor: -positive(op.amountMinor), currency: op.currency, comment: op.comment }),
    onTradesSettled(listener) {
      return onTradesSettled(db, (accountIds) => {
        db.selectFrom('platform_accounts')
          .select('login')
          .where('id', 'in', accountIds)
          .execute()
          .then((rows) => listener(rows.map((r) => r.login)))
          .catch(() => {
            // the event is a speed-up: the page's balance sync books the trades as well
          });
      });
    },
  };
}
