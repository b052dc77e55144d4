import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IQ_REWARD_MINOR } from '../../../core/contract/iq';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import { sandboxGateway } from '../../sandbox/platform/gateway';
import { findAccount } from '../../sandbox/platform/store';
import { freshDb, type TestDb } from '../../test/db';
import { answerIq, startIq } from '../iq/iq';
import { IQ_QUESTION_DEFS } from '../iq/questions';
import { houseAccount, transfer, verifyLedger } from '../ledger';
import { onRiskFreeRefunded } from '../offers/risk-free';
import { deliverPending } from '../platform-mirror/outbox';
import type { PlatformGateway, SettledTrade } from '../ports';
import { bookSettledTrades } from '../trading/booking';
import { requestWithdrawal } from '../withdrawals/withdrawals';
import { creditBonus } from './bonus';

/**
 * The bonus turnover (docs/engagement.md "The bonus balance"): each settled trade's stake counted
 * once into account_turnover.current_minor at booking; the need met releases the whole bonus
 * balance to the trading account by one transfer, which reaches the platform through the outbox;
 * a withdrawal before that still forfeits the bonus; a need of 0 is met by the next settled trade.
 */
let t: TestDb;
let db: Db;
let n = 0;

/** The settled trades the fake platform lists (with their stake); balance operations go to the sandbox platform. */
const trades: SettledTrade[] = [];
let sandbox: PlatformGateway;
const platform: PlatformGateway = {
  verifyToken: async () => null,
  createAccount: async () => true,
  userInfo: async (login) => ({ available: '0.00', currency: 'USD', login }),
  settledTrades: async ({ login, since, limit }) => trades.filter((x) => x.login === login && (!since || x.settledAt >= since)).slice(0, limit),
  credit: (op) => sandbox.credit!(op),
  debit: (op) => sandbox.debit!(op),
};
const T0 = Date.UTC(2026, 10, 25, 10, 0, 0);
const trade = (login: string, stakeMinor: bigint | undefined, profitMinor: bigint, currency = 'USD'): SettledTrade => {
  const x: SettledTrade = { id: `to-${trades.length + 1}`, login, symbol: 'EURUSD', currency, status: profitMinor > 0n ? 'won' : profitMinor < 0n ? 'lost' : 'tie', profitMinor, stakeMinor, settledAt: new Date(T0 + trades.length * 1000) };
  trades.push(x);
  return x;
};

beforeAll(async () => {
  t = await freshDb({ seed: false });
  db = t.db;
  sandbox = sandboxGateway(db);
});
afterAll(() => t?.close());

/** A verified USD trader with a trading account mirrored to a sandbox platform account, funded 500.00 on both sides. */
async function trader(): Promise<{ id: number; email: string; accountId: number }> {
  n += 1;
  const email = `turnover${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await db.insertInto('users').values({ email, password_hash: 'x', country: 'DE', currency: 'USD', verification: 'Full', wd_methods: 'Bank Wire', current_account_id: null }).returning('id').executeTakeFirstOrThrow();
  const acc = await db.insertInto('accounts').values({ user_id: user.id, currency: 'USD', account_group: 'real', type: 'trading', platform_login: email }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('users').set({ current_account_id: acc.id }).where('id', '=', user.id).execute();
  await sandbox.createAccount({ login: email, password: 'Platform-2026', currency: 'USD' });
  // the deposit goes through the outbox to the platform, as every deposit does
  await transfer(db, { kind: 'deposit', idempotencyKey: `turnover-dep-${email}`, debitAccountId: await houseAccount(db, 'USD'), creditAccountId: acc.id, amountMinor: 50_000n, currency: 'USD' });
  await deliverPending(db, platform);
  return { id: user.id, email, accountId: acc.id };
}

/** A deposit bonus credited as creditDeposit does (the bonus chosen, 1000.00): returns the bonus and the need. */
async function depositBonus(userId: number, accountId: number): Promise<{ bonus: bigint; need: bigint }> {
  const key = `turnover-bonus-${userId}-${Math.random().toString(36).slice(2, 8)}`;
  const credited = await db.transaction().execute((trx) => creditBonus(trx, { idempotencyKey: key, userId, accountId, amountMinor: 100_000n, currency: 'USD', depositTxId: key, promo: '' }));
  expect(credited).not.toBeNull();
  const row = await turnoverOf(accountId);
  return { bonus: await bonusBalance(userId), need: row.need };
}

const balance = async (id: number) => toBigInt((await db.selectFrom('accounts').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow()).balance_minor);
const bonusBalance = async (userId: number) => {
  const row = await db.selectFrom('accounts').select('balance_minor').where('user_id', '=', userId).where('type', '=', 'bonus').executeTakeFirst();
  return row ? toBigInt(row.balance_minor) : 0n;
};
const turnoverOf = async (accountId: number) => {
  const row = await db.selectFrom('account_turnover').select(['current_minor', 'need_minor']).where('account_id', '=', accountId).executeTakeFirst();
  return { current: row ? toBigInt(row.current_minor) : 0n, need: row ? toBigInt(row.need_minor) : 0n };
};
const releases = (accountId: number) => db.selectFrom('ledger_transactions').select(['id', 'idempotency_key', 'meta']).where('kind', '=', 'bonus_release').where('idempotency_key', 'like', `bonus-release:${accountId}:%`).execute();
const platformBalance = async (login: string) => (await findAccount(db, login))!.balanceMinor;

describe('the bonus turnover', () => {
  it('a settled trade raises current by its stake once: booked twice, and by two bookings at once', async () => {
    const u = await trader();
    const { bonus, need } = await depositBonus(u.id, u.accountId);
    expect(bonus).toBeGreaterThan(0n);
    expect(need).toBe(bonus * 30n);
    trade(u.email, 1_000n, -1_000n);
    trade(u.email, 2_500n, 2_000n);
    // a tie moves no money, and its stake counts too
    trade(u.email, 700n, 0n);
    await Promise.all([bookSettledTrades(db, platform, u.id), bookSettledTrades(db, platform, u.id)]);
    expect(await turnoverOf(u.accountId)).toEqual({ current: 4_200n, need });
    // booking again (the cursor stays at the last trade, so it is listed again) adds nothing
    await bookSettledTrades(db, platform, u.id);
    expect((await turnoverOf(u.accountId)).current).toBe(4_200n);
    expect(await db.selectFrom('turnover_trades').select('platform_trade_id').where('account_id', '=', u.accountId).execute()).toHaveLength(3);
    // the bonus stays where it is: the need is not met
    expect(await bonusBalance(u.id)).toBe(bonus);
    expect(await releases(u.accountId)).toHaveLength(0);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('a trade whose stake the platform does not report counts nothing (and a trade in another currency is not booked here)', async () => {
    const u = await trader();
    const { need } = await depositBonus(u.id, u.accountId);
    trade(u.email, undefined, 300n);
    trade(u.email, 5_000n, 100n, 'EUR');
    await bookSettledTrades(db, platform, u.id);
    expect(await turnoverOf(u.accountId)).toEqual({ current: 0n, need });
  });

  it('reaching the need releases the bonus by one transfer to the trading account, and it reaches the platform', async () => {
    const u = await trader();
    const { bonus, need } = await depositBonus(u.id, u.accountId);
    const pushed: number[] = [];
    const stop = onRiskFreeRefunded(db, (userId) => pushed.push(userId));
    try {
      trade(u.email, need - 1n, 0n);
      await bookSettledTrades(db, platform, u.id);
      expect(await bonusBalance(u.id)).toBe(bonus);
      expect(pushed).not.toContain(u.id);

      const before = await balance(u.accountId);
      const platformBefore = await platformBalance(u.email);
      const last = trade(u.email, 1n, 0n);
      await Promise.all([bookSettledTrades(db, platform, u.id), bookSettledTrades(db, platform, u.id)]);
      const moved = await releases(u.accountId);
      expect(moved).toHaveLength(1);
      expect(moved[0]!.idempotency_key).toBe(`bonus-release:${u.accountId}:${last.id}`);
      expect(await bonusBalance(u.id)).toBe(0n);
      expect(await balance(u.accountId)).toBe(before + bonus);
      // closed honestly: nothing more to turn over, and nothing carried to a later bonus
      expect(await turnoverOf(u.accountId)).toEqual({ current: 0n, need: 0n });
      // the trader is told, and the routes' post-booking listener heard it after the commit
      const told = await db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', u.id).where('kind', '=', 'bonus.released').execute();
      expect(told).toHaveLength(1);
      const params = typeof told[0]!.params === 'string' ? JSON.parse(told[0]!.params) : told[0]!.params;
      expect(params).toMatchObject({ currency: 'USD' });
      expect(BigInt(String(params.amount).replace('.', ''))).toBe(bonus);
      expect(pushed).toContain(u.id);

      // the platform hears of it through the outbox, as of a deposit
      const outbox = await db.selectFrom('platform_outbox').select(['kind', 'amount_minor', 'delivered_at']).where('tx_id', '=', moved[0]!.id).execute();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ kind: 'bonus_release' });
      expect(toBigInt(outbox[0]!.amount_minor)).toBe(bonus);
      await deliverPending(db, platform);
      expect(await platformBalance(u.email)).toBe(platformBefore + bonus);
      expect((await verifyLedger(db)).ok).toBe(true);
    } finally {
      stop();
    }
  });

  it('a withdrawal before the release still takes the bonus back, and the next trade then releases nothing', async () => {
    const u = await trader();
    const { bonus, need } = await depositBonus(u.id, u.accountId);
    trade(u.email, 1_000n, 0n);
    await bookSettledTrades(db, platform, u.id);
    expect(await turnoverOf(u.accountId)).toEqual({ current: 1_000n, need });
    const noFactor = { required: false, consumeGrant: async () => true };
    const request = { amount: '10.00', method: 'Bank Wire' as const, wallet: 'DE89370400440532013000', fixed: false, alt: '', currency: 'USD' as const, key: `turnover-wd-${u.id}` };
    await expect(requestWithdrawal(db, u.id, { ...request, is_bonus: false }, noFactor)).rejects.toMatchObject({ key: 'withdrawal.turnover_open' });
    await requestWithdrawal(db, u.id, { ...request, is_bonus: true }, noFactor);
    expect(await bonusBalance(u.id)).toBe(0n);
    const forfeit = await db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'bonus_forfeit').where('idempotency_key', 'like', 'withdrawal:%').execute();
    expect(forfeit.length).toBeGreaterThan(0);
    expect((await turnoverOf(u.accountId)).need).toBe(0n);
    const before = await balance(u.accountId);
    trade(u.email, 500n, 0n);
    await bookSettledTrades(db, platform, u.id);
    expect(await releases(u.accountId)).toHaveLength(0);
    expect(await balance(u.accountId)).toBe(before);
    expect(await turnoverOf(u.accountId)).toEqual({ current: 0n, need: 0n });
    expect(bonus).toBeGreaterThan(0n);
  });

  it('a bonus that adds no turnover (IQ reward) with a need of 0 stays in the bonus balance until the next settled trade, which releases it', async () => {
    const u = await trader();
    await startIq(db, u.id);
    for (let i = 0; i < IQ_QUESTION_DEFS.length; i += 1) await answerIq(db, u.id, i + 1, IQ_QUESTION_DEFS[i]!.right);
    const reward = BigInt(IQ_REWARD_MINOR);
    expect(await bonusBalance(u.id)).toBe(reward);
    expect(await turnoverOf(u.accountId)).toEqual({ current: 0n, need: 0n });
    // not released at once: nothing moved before a trade
    expect(await releases(u.accountId)).toHaveLength(0);
    const before = await balance(u.accountId);
    trade(u.email, 100n, -100n);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(0n);
    expect(await balance(u.accountId)).toBe(before - 100n + reward);
    expect(await releases(u.accountId)).toHaveLength(1);
  });

  it('with a deposit bonus open, a bonus without turnover (a giveaway) waits for the same need and goes with it', async () => {
    const u = await trader();
    const { bonus, need } = await depositBonus(u.id, u.accountId);
    await transfer(db, { kind: 'offer_giveaway', idempotencyKey: `turnover-gift-${u.id}`, debitAccountId: await houseAccount(db, 'USD'), creditAccountId: (await db.selectFrom('accounts').select('id').where('user_id', '=', u.id).where('type', '=', 'bonus').executeTakeFirstOrThrow()).id, amountMinor: 500n, currency: 'USD' });
    trade(u.email, need / 2n, 0n);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(bonus + 500n);
    trade(u.email, need, 0n);
    const before = await balance(u.accountId);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(0n);
    expect(await balance(u.accountId)).toBe(before + bonus + 500n);
  });
});
