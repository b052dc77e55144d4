import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import { freshDb, type TestDb } from '../../test/db';
import { houseAccount, transfer, verifyLedger } from '../ledger';
import type { PlatformGateway, TradeView } from '../ports';
import { bookSettledTrades } from '../trading/booking';
import { acceptOffer, currentOffer, sandboxOfferNow } from './offers';
import { onRiskFreeRefunded, RISK_FREE_DELAY_MS, RISK_FREE_WINDOW_MS } from './risk-free';

let t: TestDb;
let db: Db;
let n = 0;
const T0 = new Date('2026-11-25T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const HOUR = 3600_000;

/** A fake platform: trades with when they opened, settled (null: open) and their profit. */
interface FakeTrade {
  id: string;
  login: string;
  openedAt: Date;
  settledAt: Date | null;
  profitMinor: bigint;
}
const trades: FakeTrade[] = [];
const view = (x: FakeTrade): TradeView => ({
  id: x.id,
  symbol: 'BTCUSD',
  direction: 'up',
  amount: '40.00',
  currency: 'USD',
  payoutPercent: 80,
  openPrice: '1',
  closePrice: null,
  openedAt: x.openedAt.getTime(),
  expiresAt: x.openedAt.getTime() + 60_000,
  settledAt: x.settledAt?.getTime() ?? null,
  status: x.settledAt === null ? 'open' : x.profitMinor > 0n ? 'won' : x.profitMinor < 0n ? 'lost' : 'tie',
  payout: '0.00',
  profit: '0.00',
});
const platform = {
  verifyToken: async () => null,
  createAccount: async () => true,
  userInfo: async (login: string) => ({ available: '0.00', currency: 'USD', login }),
  orders: async (login: string, q: { dateFrom: number; dateTo: number; limit: number; offset: number }) => {
    const list = trades
      .filter((x) => x.login === login && x.openedAt.getTime() >= q.dateFrom && x.openedAt.getTime() <= q.dateTo)
      .sort((a, b) => b.openedAt.getTime() - a.openedAt.getTime());
    return { list: list.slice(q.offset, q.offset + q.limit).map(view), total: list.length };
  },
  settledTrades: async ({ login, since, limit }: { login?: string; since?: Date; limit: number }) =>
    trades
      .filter((x) => x.settledAt !== null && x.login === login && (!since || x.settledAt >= since))
      .sort((a, b) => a.settledAt!.getTime() - b.settledAt!.getTime())
      .slice(0, limit)
      .map((x) => ({ id: x.id, login: x.login, symbol: 'BTCUSD', currency: 'USD', status: view(x).status, profitMinor: x.profitMinor, settledAt: x.settledAt! })),
} satisfies PlatformGateway;
const trade = (login: string, openedAt: Date, profitMinor: bigint, settledAt: Date | null = new Date(openedAt.getTime() + 60_000)) => {
  const x = { id: `rf-${trades.length + 1}`, login, openedAt, settledAt, profitMinor };
  trades.push(x);
  return x;
};

/** A trader with a credited deposit of 250.00 on a trading account mirrored on the platform. */
async function trader(): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `riskfree${n}@example.com`;
  const user = await db.insertInto('users').values({ email, password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null }).returning('id').executeTakeFirstOrThrow();
  const acc = await db.insertInto('accounts').values({ user_id: user.id, currency: 'USD', account_group: 'real', type: 'trading', platform_login: email }).returning('id').executeTakeFirstOrThrow();
  await transfer(db, { kind: 'deposit', idempotencyKey: `riskfree-dep-${n}`, debitAccountId: await houseAccount(db, 'USD'), creditAccountId: acc.id, amountMinor: 25_000n, currency: 'USD', mirror: false });
  return { id: user.id, email };
}
const ctx = (userId: number, now: Date, signedInAt = at(-HOUR)) => ({ userId, signedInAt, now });
const bonusBalance = async (userId: number) => {
  const row = await db.selectFrom('accounts').select('balance_minor').where('user_id', '=', userId).where('type', '=', 'bonus').executeTakeFirst();
  return row ? toBigInt(row.balance_minor) : 0n;
};
const refunds = async (offerId: string) => db.selectFrom('ledger_transactions').select(['id']).where('kind', '=', 'offer_riskfree').where('idempotency_key', '=', `offer:${offerId}:riskfree`).execute();
const notes = async (userId: number, kind: string) => db.selectFrom('notifications').select(['params']).where('user_id', '=', userId).where('kind', '=', kind).execute();

/** The risk-free offer shown at T0 and accepted at T0 + 1 s. */
async function accepted(u: { id: number }) {
  const { offer } = await currentOffer(db, ctx(u.id, T0));
  expect(offer?.kind).toBe('risk_free');
  await acceptOffer(db, u.id, offer!.id, at(1000));
  return offer!.id;
}

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
});
afterAll(() => t?.close());

describe('the risk-free offer', () => {
  it('is offered once, 5 minutes after signing in, after a credited deposit and before the first trade, with 3600 s to answer and its terms', async () => {
    const u = await trader();
    expect(await currentOffer(db, ctx(u.id, T0, at(1 - RISK_FREE_DELAY_MS)))).toMatchObject({ offer: null, nextCheckAt: at(1).toISOString() });
    const first = await currentOffer(db, ctx(u.id, T0));
    expect(first.offer).toMatchObject({ kind: 'risk_free', shownAt: T0.toISOString(), expiresAt: at(RISK_FREE_WINDOW_MS).toISOString(), terms: { value: '25.00', currency: 'USD', codeHours: 24 } });
    // a reload keeps the deadline
    expect((await currentOffer(db, ctx(u.id, at(120_000)))).offer?.expiresAt).toBe(first.offer?.expiresAt);
    // the deadline passes: 410, and it is never offered again
    await expect(acceptOffer(db, u.id, first.offer!.id, at(RISK_FREE_WINDOW_MS))).rejects.toMatchObject({ status: 410, key: 'offer.expired' });
    const later = await currentOffer(db, ctx(u.id, at(RISK_FREE_WINDOW_MS + 1)));
    expect(later.offer?.kind).not.toBe('risk_free');
  });

  it('is not offered to a trader who has traded', async () => {
    const u = await trader();
    trade(u.email, at(-2 * HOUR), -500n);
    await bookSettledTrades(db, platform, u.id);
    expect((await currentOffer(db, ctx(u.id, T0))).offer?.kind).not.toBe('risk_free');
  });

  it('accepting pays nothing yet: the answer and the notification say until when the next trade counts', async () => {
    const u = await trader();
    const id = await accepted(u);
    const again = await acceptOffer(db, u.id, id, at(2000));
    expect(again).toEqual({ fresh: false, response: { kind: 'risk_free', value: '25.00', currency: 'USD', promoCode: null, validUntil: at(1000 + 24 * HOUR).toISOString() } });
    expect(await notes(u.id, 'offer.accepted')).toEqual([{ params: { offer: 'risk_free', value: '25.00', currency: 'USD', until: at(1000 + 24 * HOUR).toISOString() } }]);
    expect(await bonusBalance(u.id)).toBe(0n);
  });

  it('a losing next trade is refunded once into the bonus balance, capped at 25.00, however often booking runs', async () => {
    const u = await trader();
    const id = await accepted(u);
    const heard: number[] = [];
    const stop = onRiskFreeRefunded(db, (userId) => heard.push(userId));
    trade(u.email, at(60_000), -4000n);
    const b1 = await bookSettledTrades(db, platform, u.id);
    expect(b1.booked).toBe(1);
    await bookSettledTrades(db, platform, u.id);
    stop();
    expect(await bonusBalance(u.id)).toBe(2500n);
    expect(await refunds(id)).toHaveLength(1);
    expect(await notes(u.id, 'offer.refunded')).toEqual([{ params: { offer: 'risk_free', value: '25.00', currency: 'USD', trade: expect.any(String) } }]);
    expect(heard).toEqual([u.id]);
    // the next losing trade is not covered
    trade(u.email, at(2 * HOUR), -1000n);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(2500n);
    const row = await db.selectFrom('offers').select(['riskfree_trade_id', 'riskfree_refund_minor']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.riskfree_trade_id).toBe(trades.find((x) => x.login === u.email && x.profitMinor === -4000n)?.id);
    expect(toBigInt(row.riskfree_refund_minor!)).toBe(2500n);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('a loss under the cap is refunded in full', async () => {
    const u = await trader();
    await accepted(u);
    trade(u.email, at(HOUR), -1050n);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(1050n);
  });

  it('a winning next trade refunds nothing and uses the offer up', async () => {
    const u = await trader();
    const id = await accepted(u);
    trade(u.email, at(60_000), 800n);
    await bookSettledTrades(db, platform, u.id);
    trade(u.email, at(HOUR), -1000n);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(0n);
    expect(await refunds(id)).toHaveLength(0);
    expect(await notes(u.id, 'offer.refunded')).toEqual([]);
    const row = await db.selectFrom('offers').select(['riskfree_settled_at', 'riskfree_refund_minor']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.riskfree_settled_at).not.toBeNull();
    expect(toBigInt(row.riskfree_refund_minor!)).toBe(0n);
  });

  it('a trade opened more than 24 hours after accepting is not covered', async () => {
    const u = await trader();
    const id = await accepted(u);
    trade(u.email, at(1000 + 24 * HOUR), -1000n);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(0n);
    expect(await refunds(id)).toHaveLength(0);
  });

  it('the covered trade is the first opened, even when a later one settles first', async () => {
    const u = await trader();
    await accepted(u);
    const first = trade(u.email, at(60_000), -2000n, null);
    trade(u.email, at(120_000), -1000n, at(180_000));
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(0n);
    first.settledAt = at(600_000);
    await bookSettledTrades(db, platform, u.id);
    expect(await bonusBalance(u.id)).toBe(2000n);
  });

  it('two bookings at once pay the refund once', async () => {
    const u = await trader();
    const id = await accepted(u);
    trade(u.email, at(60_000), -3000n);
    await Promise.all([bookSettledTrades(db, platform, u.id), bookSettledTrades(db, platform, u.id), bookSettledTrades(db, platform, u.id)]);
    expect(await bonusBalance(u.id)).toBe(2500n);
    expect(await refunds(id)).toHaveLength(1);
    expect(await notes(u.id, 'offer.refunded')).toHaveLength(1);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('the sandbox control makes a risk-free offer now', async () => {
    const u = await trader();
    const id = await sandboxOfferNow(db, u.email, 'risk_free', T0);
    expect((await currentOffer(db, ctx(u.id, at(5000)))).offer).toMatchObject({ id, kind: 'risk_free', expiresAt: at(5000 + RISK_FREE_WINDOW_MS).toISOString() });
  });
});
