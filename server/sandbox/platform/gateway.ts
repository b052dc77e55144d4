import { sql } from 'kysely';
import { scheduleToJson } from '../../../core/trading-limits';
import type { PlatformGateway } from '../../domain/ports';
import type { DbOrTx } from '../../domain/ledger';
import { applyBalanceOp } from './balance-ops';
import { accountOfToken, createAccount, expirePlatformSessions, findAccount } from './store';
import { setAccountPassword } from './password';
import { listOrders, listTransactions, onTradesSettled, settleDue, settledTrades, userInfoOfAccount } from './trades';

function positive(amountMinor: bigint): bigint {
  if (typeof amountMinor !== 'bigint' || amountMinor <= 0n) throw new RangeError('A balance operation moves a positive amount.');
  return amountMinor;
}

/** The sandbox platform behind the PlatformGateway port (server/domain/ports.ts), over its own tables. */
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
    async endSessions(login) {
      const account = await findAccount(db, login);
      if (account) await expirePlatformSessions(db, account.id);
    },
    async blockTrading(login, until) {
      await db
        .updateTable('platform_accounts')
        .set({ trading_blocked_until: sql<Date>`greatest(coalesce(trading_blocked_until, ${until}), ${until})` })
        .where('login', '=', login.toLowerCase())
        .execute();
    },
    async refuseTrading(login, reason) {
      await db.updateTable('platform_accounts').set({ trading_refused: reason }).where('login', '=', login.toLowerCase()).execute();
    },
    async setTradingLimits(login, schedule) {
      // the limits are in the trader's currency, which is their platform account's: stored where they match
      await db
        .updateTable('platform_accounts')
        .set({ trading_limits: JSON.stringify(scheduleToJson(schedule)) })
        .where('login', '=', login.toLowerCase())
        .where('currency', '=', schedule.currency)
        .execute();
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
