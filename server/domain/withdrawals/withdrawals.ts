import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { WithdrawalCase, WithdrawalRequest } from '../../../core/contract';
import type { Db } from '../../db';
import type { AccountRow, UserRow } from '../../db/schema';
import type { WithdrawalRow } from '../../db/schema-security';
import { PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import { houseAccount, InsufficientFunds, transfer, type DbOrTx } from '../ledger';
import { exponentOf, formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import { requireFreeOnPlatform } from '../platform-mirror/free-funds';
import { requireNoProtectionReview } from '../protection/negative-balance';
import { Refusal } from '../refusal';
import type { PlatformGateway } from '../ports';
import { CRYPTO_METHODS, isValidWallet, needsWallet, normalizeWallet } from './wallets';
import { assertDestination } from './address-book';
import { FIAT_METHODS, FIAT_PAYOUT_CURRENCIES, withdrawalCase } from '../../../core/withdrawal';
import { forfeitBonus } from '../deposits/bonus';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';

/**
 * Withdrawals (spec 002 §4, §7). A request holds the amount at once: a ledger transfer from the
 * trader's account to the 'pending' account of the currency, in the same database transaction
 * that records the withdrawal. A cancel (or a rejected payout) moves it back; a payout moves it
 * on to the house account. The balance CHECK makes an overdraw impossible, however many
 * requests run at the same time.
 */

/** Amounts from which a withdrawal is reviewed by hand (case three), in whole units. */
export const REVIEW_FROM: Readonly<Record<string, bigint>> = {
  USD: 10_000n, EUR: 10_000n, GBP: 10_000n, RUB: 750_000n,
  BTC: 1n, ETH: 20n, LTC: 100n, DASH: 200n, BCH: 50n, ZEC: 200n, USDT: 10_000n,
};

export interface Turnover {
  current: string;
  need: string;
  currency: string;
}

export interface CheckResult {
  case: WithdrawalCase;
  turnover: Turnover;
}

interface Prepared {
  user: UserRow;
  account: AccountRow;
  amountMinor: bigint;
  wallet: string;
  alt: string;
  turnoverMinor: { current: bigint; need: bigint };
}

const INCORRECT = () => new Refusal(400, 'withdrawal.incorrect_amount', 'Incorrect amount!');

/** Parses and checks a request against the trader's data; throws a Refusal the trader can act on. */
async function prepare(db: DbOrTx, userId: number, request: WithdrawalRequest, platform?: PlatformGateway): Promise<Prepared> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  // a refund or chargeback that negative balance protection covered is under review (core/cashier-locks.ts protection_review)
  await requireNoProtectionReview(db, userId);
  let amountMinor: bigint;
  try {
    amountMinor = parseMoney(request.amount.trim(), request.currency);
  } catch (error) {
    if (error instanceof InvalidAmount && error.key === 'amount.too_precise') throw new Refusal(400, 'amount.too_precise', error.message);
    throw INCORRECT();
  }
  if (amountMinor <= 0n) throw INCORRECT();
  if (needsWallet(request.method) && request.wallet.trim() === '') throw new Refusal(400, 'withdrawal.wallet_required', 'Please enter Wallet address!');
  if (!isValidWallet(request.method, request.wallet)) {
    throw new Refusal(400, 'withdrawal.wallet_invalid', `This does not look like a valid ${request.method.replace('_', ' ')} destination. Check it and try again.`);
  }
  const alt = request.alt.trim();
  if (alt !== '' && !/^[A-Za-z0-9]{1,64}$/.test(alt)) throw new Refusal(400, 'withdrawal.alt_invalid', 'The destination tag may contain only letters and digits.');
  // the address book (issue 31 §6): said at the check already; decided again inside the withdrawal's transaction
  await assertDestination(db, userId, request.method, request.wallet, alt, new Date());

  let account: AccountRow | undefined;
  if (request.fixed) {
    const coin = CRYPTO_METHODS[request.method];
    const matches = coin ? coin === request.currency : (FIAT_METHODS as readonly string[]).includes(request.method) && (FIAT_PAYOUT_CURRENCIES as readonly string[]).includes(request.currency);
    if (!matches) throw new Refusal(400, 'withdrawal.currency', `${request.method.replace('_', ' ')} pays out ${coin ?? 'USD or EUR'}; choose that balance.`);
    account = await db.selectFrom('accounts').selectAll().where('user_id', '=', userId).where('type', '=', 'exchange').where('currency', '=', request.currency).executeTakeFirst();
    if (!account) throw new Refusal(404, 'withdrawal.no_exchange_account', `You have no ${request.currency} balance on the exchange account.`);
  } else {
    account = user.current_account_id === null ? undefined : await db.selectFrom('accounts').selectAll().where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirst();
    if (!account) throw new Refusal(404, 'account.not_found', 'Choose an account first.');
    if (account.type === 'demo') throw new Refusal(403, 'withdrawal.demo', 'Demo accounts cannot withdraw: their money is virtual.');
    if (account.type === 'exchange') throw new Refusal(400, 'withdrawal.exchange_mode', 'Your current account is the exchange account: withdraw in exchange mode.');
    if (account.currency !== request.currency) throw new Refusal(400, 'withdrawal.currency', `Enter the amount in ${account.currency}, the currency of your current account.`);
  }
  const balance = toBigInt(account.balance_minor);
  if (amountMinor > balance) {
    throw new Refusal(409, 'funds.insufficient', `The amount is more than your balance of ${formatMoney(balance, account.currency)} ${account.currency}.`);
  }
  // the stakes of open trades are in the balance but not free to leave
  await requireFreeOnPlatform(db, platform, account.id, amountMinor, 'withdraw');
  const turnover = await db.selectFrom('account_turnover').select(['current_minor', 'need_minor']).where('account_id', '=', account.id).executeTakeFirst();
  return {
    user,
    account,
    amountMinor,
    wallet: normalizeWallet(request.method, request.wallet),
    alt,
    turnoverMinor: { current: turnover ? toBigInt(turnover.current_minor) : 0n, need: turnover ? toBigInt(turnover.need_minor) : 0n },
  };
}

const hasPending = async (db: DbOrTx, userId: number): Promise<boolean> =>
  (await db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('status', '=', 'pending').limit(1).executeTakeFirst()) !== undefined;

const usedMethods = (user: UserRow): string[] => user.wd_methods.split(',').map((m) => m.trim()).filter(Boolean);

/** POST /api/withdrawal: which case the request is (what the trader must confirm first). */
export async function checkWithdrawal(db: Db, userId: number, request: WithdrawalRequest, platform?: PlatformGateway): Promise<CheckResult> {
  const p = await prepare(db, userId, request, platform);
  const currency = p.account.currency;
  const turnover = { current: formatMoney(p.turnoverMinor.current, currency), need: formatMoney(p.turnoverMinor.need, currency), currency };
  const review = (REVIEW_FROM[currency] ?? 0n) * 10n ** BigInt(exponentOf(currency));
  const kind: WithdrawalCase = withdrawalCase({
    verified: p.user.verification === 'Full',
    turnoverShortMinor: p.turnoverMinor.need > p.turnoverMinor.current ? p.turnoverMinor.need - p.turnoverMinor.current : 0n,
    pending: await hasPending(db, userId),
    aboveReview: review > 0n && p.amountMinor >= review,
    methodUsed: usedMethods(p.user).includes(request.method),
    coinAtRate: !!CRYPTO_METHODS[request.method] && !request.fixed,
  });
  return { case: kind, turnover };
}

/** The 'pending withdrawals' account of a currency (no user; never below zero), created when first needed. */
export async function pendingAccount(db: DbOrTx, currency: string): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ user_id: null, currency, account_group: 'pending_withdrawals', type: 'pending' })
    .onConflict((oc) => oc.column('currency').where(sql.ref('type'), '=', 'pending').doNothing())
    .execute();
  const row = await db.selectFrom('accounts').select('id').where('type', '=', 'pending').where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.id;
}

export interface FinalInput extends WithdrawalRequest {
  is_bonus: boolean;
  key: string;
}

export type FinalResult =
  | { kind: 'done'; withdrawal: WithdrawalRow; replayed: boolean }
  | { kind: 'factor'; type: 'email' | 'google' | 'sms' };

const findByKey = (db: DbOrTx, userId: number, key: string) =>
  db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).where('request_key', '=', key).executeTakeFirst();

/**
 * POST /api/withdrawal/final: every rule again (the check is only advice), the second factor
 * when the trader has one (`consumeGrant` consumes a proven factor inside the transaction), then
 * the hold. The same key twice returns the first withdrawal.
 */
export async function requestWithdrawal(
  db: Db,
  userId: number,
  input: FinalInput,
  factor: { required: boolean; consumeGrant: (trx: DbOrTx) => Promise<boolean> },
  platform?: PlatformGateway,
): Promise<FinalResult> {
  const earlier = await findByKey(db, userId, input.key);
  if (earlier) return { kind: 'done', withdrawal: earlier, replayed: true };
  const p = await prepare(db, userId, input, platform);
  if (p.user.verification !== 'Full') throw new Refusal(403, 'withdrawal.verify', 'Please verify your identity before you withdraw.');
  const turnoverOpen = p.turnoverMinor.need > p.turnoverMinor.current;
  if (turnoverOpen && !input.is_bonus) {
    throw new Refusal(409, 'withdrawal.turnover_open', 'The bonus turnover is not reached yet: confirm that the bonus is cancelled to withdraw now.');
  }
  const pending = await pendingAccount(db, p.account.currency);
  const id = randomUUID();
  try {
    return await db.transaction().execute(async (trx): Promise<FinalResult> => {
      if (factor.required && !(await factor.consumeGrant(trx))) return { kind: 'factor', type: p.user.two_factor as 'email' | 'google' | 'sms' };
      await assertDestination(trx, userId, input.method, p.wallet, p.alt, new Date());
      const hold = await transfer(trx, {
        kind: 'withdrawal_hold',
        idempotencyKey: `withdrawal:${id}:hold`,
        debitAccountId: p.account.id,
        creditAccountId: pending,
        amountMinor: p.amountMinor,
        currency: p.account.currency,
        meta: { withdrawalId: id, method: input.method },
      });
      const withdrawal = await trx
        .insertInto('withdrawals')
        .values({
          id,
          user_id: userId,
          account_id: p.account.id,
          request_key: input.key,
          amount_minor: p.amountMinor,
          currency: p.account.currency,
          method: input.method,
          wallet: p.wallet,
          alt: p.alt,
          fixed: input.fixed,
          bonus_forfeited: turnoverOpen,
          status: 'pending',
          hold_tx_id: hold.txId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (turnoverOpen) {
        await trx.updateTable('account_turnover').set({ need_minor: 0n }).where('account_id', '=', p.account.id).execute();
        // the bonus itself goes too: it is not shown as a balance the trader still has
        await forfeitBonus(trx, userId, p.account.currency, `withdrawal:${id}:bonus-forfeit`);
      }
      await sql`update users set wd_methods = case
          when ',' || wd_methods || ',' like ${`%,${input.method},%`} then wd_methods
          when wd_methods = '' then ${input.method}
          else wd_methods || ',' || ${input.method} end
        where id = ${userId}`.execute(trx);
      return { kind: 'done', withdrawal, replayed: false };
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new Refusal(409, 'funds.insufficient', 'The amount is more than your balance.');
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      const same = await findByKey(db, userId, input.key);
      if (same) return { kind: 'done', withdrawal: same, replayed: true };
    }
    throw error;
  }
}

export async function pendingWithdrawals(db: DbOrTx, userId: number): Promise<WithdrawalRow[]> {
  return db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).where('status', '=', 'pending').orderBy('created_at', 'desc').limit(100).execute();
}

/**
 * Ends a pending withdrawal: 'cancelled' by the trader or 'rejected' by the payout processor
 * (the amount returns to the account), or 'paid' (it leaves to the house account). Only one
 * ending ever happens: the status changes from pending in the same transaction as the money.
 */
export async function endWithdrawal(db: Db, id: string, outcome: 'cancelled' | 'rejected' | 'paid', ownerId?: number): Promise<WithdrawalRow> {
  return db.transaction().execute(async (trx) => {
    let query = trx.updateTable('withdrawals').set({ status: outcome, updated_at: new Date() }).where('id', '=', id).where('status', '=', 'pending');
    if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
    const row = await query.returningAll().executeTakeFirst();
    if (!row) {
      let existing = trx.selectFrom('withdrawals').select('status').where('id', '=', id);
      if (ownerId !== undefined) existing = existing.where('user_id', '=', ownerId);
      const found = await existing.executeTakeFirst();
      if (!found) throw new Refusal(404, 'withdrawal.not_found', 'There is no such withdrawal.');
      throw new Refusal(409, 'withdrawal.not_pending', `This withdrawal is already ${found.status}.`);
    }
    const pending = await pendingAccount(trx, row.currency);
    const paid = outcome === 'paid';
    const moved = await transfer(trx, {
      kind: paid ? 'withdrawal_payout' : 'withdrawal_release',
      idempotencyKey: `withdrawal:${id}:${paid ? 'payout' : 'release'}`,
      debitAccountId: pending,
      creditAccountId: paid ? await houseAccount(trx, row.currency) : row.account_id,
      amountMinor: toBigInt(row.amount_minor),
      currency: row.currency,
      meta: { withdrawalId: id, outcome },
    });
    // the trader's bell: a payout or a processor's rejection (a cancellation is the trader's own doing)
    if (outcome !== 'cancelled') {
      await notify(trx, {
        userId: row.user_id,
        kind: `withdrawal.${outcome}`,
        params: { amount: formatMoney(toBigInt(row.amount_minor), row.currency), currency: row.currency },
        key: notificationKey('withdrawal', id, outcome),
      });
    }
    return trx.updateTable('withdrawals').set({ settle_tx_id: moved.txId }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  });
}

/** The trader a withdrawal belongs to, if there is such a withdrawal. */
export async function withdrawalOwner(db: DbOrTx, id: string): Promise<number | undefined> {
  return (await db.selectFrom('withdrawals').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}
