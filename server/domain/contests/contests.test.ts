import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { freshDb, type TestDb } from '../../test/db';
import type { PlatformGateway, SettledTrade } from '../ports';
import { balanceOf, houseAccount, verifyLedger } from '../ledger';
import { CONTEST_PRIZES } from '../../../core/contest-prizes';
import { bonusAccount } from '../deposits/bonus';
import { closeContest, compareStandings, createContest, currentContests, getContest, lastContests, standings } from './contests';

let t: TestDb;
let db: Db;
const trades: SettledTrade[] = [];
const platform = {
  verifyToken: async () => null,
  createAccount: async () => true,
  userInfo: async () => null,
  settledTrades: async ({ since, limit }: { since?: Date; limit: number }) => trades.filter((x) => !since || x.settledAt >= since).sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime()).slice(0, limit),
} satisfies PlatformGateway;

const START = new Date('2026-11-23T00:00:00Z');
const END = new Date('2026-11-30T00:00:00Z');
const users: { id: number; account: number; login: string }[] = [];
let seq = 0;
const trade = (login: string, profit: bigint, at: string, currency = 'USD') => trades.push({ id: `t${++seq}`, login, symbol: 'BTCUSD', currency, status: profit > 0n ? 'won' : profit < 0n ? 'lost' : 'tie', profitMinor: profit, settledAt: new Date(at) });

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
  for (let i = 0; i < 25; i++) {
    const login = `c${i}@example.com`;
    const user = await db
      .insertInto('users')
      .values({ email: login, password_hash: 'x', first_name: `Ann${i}`, last_name: `Lee${i}`, country: i % 2 ? 'DE' : 'FR', currency: 'USD', current_account_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await db.insertInto('accounts').values({ user_id: user.id, currency: 'USD', account_group: 'standard', type: 'trading', platform_login: login }).returning('id').executeTakeFirstOrThrow();
    users.push({ id: user.id, account: account.id, login });
  }
  // c0: +30 in two trades, last at 10:00; c1: +30, last at 09:00 (earlier: ranks first); c2: -5
  trade('c0@example.com', 1000n, '2026-11-24T08:00:00Z');
  trade('c0@example.com', 2000n, '2026-11-24T10:00:00Z');
  trade('c1@example.com', 3000n, '2026-11-24T09:00:00Z');
  trade('c2@example.com', -500n, '2026-11-24T09:30:00Z');
  // outside the window, another currency, an unknown login: not counted
  trade('c2@example.com', 900000n, '2026-11-22T23:59:59Z');
  trade('c2@example.com', 900000n, '2026-11-30T00:00:00Z');
  trade('c3@example.com', 900000n, '2026-11-24T09:00:00Z', 'EUR');
  trade('stranger@example.com', 900000n, '2026-11-24T09:00:00Z');
  // 21 more participants with smaller profits (for the 20 / 10 rows)
  for (let i = 4; i < 25; i++) trade(`c${i}@example.com`, BigInt(25 - i), `2026-11-24T1${i % 10}:00:00Z`);
  await createContest(db, { id: 'w1', type: 'weekly', currency: 'USD', start: START, end: END, prizes: ['100.00', '50.00', '25.00'] });
  await createContest(db, { id: 'we1', type: 'weekend', currency: 'USD', start: START, end: END, prizes: ['10.00'] });
});
afterAll(() => t?.close());

describe('contests: the rule', () => {
  it('ranks by net profit of trades settled inside the window in the contest currency; a tie goes to the earlier last trade', async () => {
    const ranked = await standings(db, platform, { start: START, end: END, currency: 'USD' });
    expect(ranked.slice(0, 2).map((s) => [s.login, s.profitMinor, s.trades])).toEqual([
      ['c1@example.com', 3000n, 1],
      ['c0@example.com', 3000n, 2],
    ]);
    expect(ranked.at(-1)).toMatchObject({ login: 'c2@example.com', profitMinor: -500n });
    expect(ranked.map((s) => s.login)).not.toContain('c3@example.com');
    expect(ranked.map((s) => s.login)).not.toContain('stranger@example.com');
    expect(ranked).toHaveLength(24);
  });

  it('orders by profit, then last trade, first trade, login', () => {
    const a = { profitMinor: 5n, lastAt: 2, firstAt: 1, login: 'a' };
    expect(compareStandings(a, { ...a, profitMinor: 6n })).toBe(1);
    expect(compareStandings(a, { ...a, lastAt: 1 })).toBe(1);
    expect(compareStandings(a, { ...a, firstAt: 0 })).toBe(1);
    expect(compareStandings(a, { ...a, login: 'b' })).toBe(-1);
  });

  it('shows weekly 20 rows and weekend 10, initials and country only, the own row marked or given apart', async () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const viewer = users[2]!.id; // c2 is last (rank 24)
    const [weekly, weekend] = [await getContest(db, platform, 'w1', viewer, now), await getContest(db, platform, 'we1', viewer, now)];
    expect(weekly.entries).toHaveLength(20);
    expect(weekend.entries).toHaveLength(10);
    expect(weekly.entries[0]).toMatchObject({ rank: 1, initials: 'A.L.', country: 'DE', profit: '30.00', prize: { kind: 'cash', amount: '100.00', item: null }, you: false });
    expect(weekly.entries[3]?.prize).toBeNull();
    expect(JSON.stringify(weekly)).not.toMatch(/Ann|Lee|@example/);
    expect(weekly.own).toMatchObject({ rank: 24, profit: '-5.00', you: true });
    const top = await getContest(db, platform, 'w1', users[1]!.id, now);
    expect(top.entries[0]?.you).toBe(true);
    expect(top.own).toBeNull();
    expect(weekly.participants).toBe(24);
    const current = await currentContests(db, platform, viewer, now);
    expect(current.map((c) => c.type)).toEqual(['weekly', 'weekend']);
  });
});

describe('contests: closing', () => {
  it('pays each prize once (two parallel closes pay once), the ledger balances, the winners notified', async () => {
    const house = await houseAccount(db, 'USD');
    const houseBefore = await balanceOf(db, house);
    const [a, b] = await Promise.all([closeContest(db, platform, 'w1', END), closeContest(db, platform, 'w1', END)]);
    expect(a.paid.length + b.paid.length).toBe(3);
    expect([a.paid.length, b.paid.length].sort()).toEqual([0, 3]);
    expect(await balanceOf(db, users[1]!.account)).toBe(10000n);
    expect(await balanceOf(db, users[0]!.account)).toBe(5000n);
    expect(await balanceOf(db, users[4]!.account)).toBe(2500n);
    expect(await balanceOf(db, house)).toBe(houseBefore - 17500n);
    const again = await closeContest(db, platform, 'w1', new Date(END.getTime() + 60_000));
    expect(again.paid).toEqual([]);
    expect(await balanceOf(db, users[1]!.account)).toBe(10000n);
    const prizes = await db.selectFrom('ledger_transactions').select(['kind', 'idempotency_key']).where('kind', '=', 'contest_prize').execute();
    expect(prizes.map((p) => p.idempotency_key).sort()).toEqual(['contest:w1:rank:1', 'contest:w1:rank:2', 'contest:w1:rank:3']);
    expect((await verifyLedger(db)).ok).toBe(true);
    const notes = await db.selectFrom('notifications').select(['user_id', 'kind', 'params']).where('kind', '=', 'contest.prize').orderBy('user_id').execute();
    expect(notes).toHaveLength(3);
    expect(notes.find((n) => n.user_id === users[1]!.id)?.params).toMatchObject({ contest: 'w1', rank: '1', amount: '100.00', currency: 'USD' });
  });

  it('shows a closed contest from its winners, in last', async () => {
    const closed = await getContest(db, platform, 'w1', users[0]!.id);
    expect(closed.status).toBe('closed');
    expect(closed.entries).toHaveLength(20);
    expect(closed.entries[1]).toMatchObject({ rank: 2, you: true, prize: { kind: 'cash', amount: '50.00', item: null } });
    const last = await lastContests(db, platform, null);
    expect(last.map((c) => c.id)).toEqual(['w1']);
  });

  it("pays the spec's weekly table honestly: cash to the trading account, a bonus to the bonus balance, the iPad recorded and never credited", async () => {
    await createContest(db, { id: 'spec-w', type: 'weekly', currency: 'USD', start: START, end: END, prizes: CONTEST_PRIZES.weekly });
    const open = await getContest(db, platform, 'spec-w', null, new Date('2026-11-26T00:00:00Z'));
    expect(open.prizes).toHaveLength(40);
    expect(open.prizes[4]).toEqual({ kind: 'item', amount: null, item: 'ipad' });
    expect(open.entries[4]?.prize).toEqual({ kind: 'item', amount: null, item: 'ipad' });
    expect(open.entries[0]?.prize).toEqual({ kind: 'cash', amount: '10000.00', item: null });
    expect(open.entries[5]?.prize).toEqual({ kind: 'bonus', amount: '1000.00', item: null });

    const ranked = await standings(db, platform, { start: START, end: END, currency: 'USD' });
    const holder = (rank: number) => users.find((u) => u.login === ranked[rank - 1]!.login)!;
    const [first, fifth, sixth] = [holder(1), holder(5), holder(6)];
    const before = { first: await balanceOf(db, first.account), fifth: await balanceOf(db, fifth.account), sixth: await balanceOf(db, sixth.account) };
    const { paid } = await closeContest(db, platform, 'spec-w', END);
    expect(paid.find((p) => p.rank === 5)).toMatchObject({ kind: 'item', item: 'ipad', amount: '' });
    expect(paid.find((p) => p.rank === 6)).toMatchObject({ kind: 'bonus', amount: '1000.00' });
    // cash: 10,000.00 on the trading account; the iPad: no money anywhere; the bonus: on the bonus balance, not the trading account
    expect((await balanceOf(db, first.account)) - before.first).toBe(1_000_000n);
    expect(await balanceOf(db, fifth.account)).toBe(before.fifth);
    expect(await balanceOf(db, await bonusAccount(db, fifth.id, 'USD'))).toBe(0n);
    expect(await balanceOf(db, sixth.account)).toBe(before.sixth);
    expect(await balanceOf(db, await bonusAccount(db, sixth.id, 'USD'))).toBe(100_000n);
    const keys = await db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', 'contest:spec-w:%').execute();
    expect(keys.map((k) => k.idempotency_key)).not.toContain('contest:spec-w:rank:5');
    expect(keys).toHaveLength(23); // 24 ranked, all within the 40 prizes, less the iPad
    const winner5 = await db.selectFrom('contest_winners').selectAll().where('contest_id', '=', 'spec-w').where('rank', '=', 5).executeTakeFirstOrThrow();
    expect(winner5).toMatchObject({ prize_kind: 'item', prize_item: 'ipad', tx_id: null });
    expect(String(winner5.prize_minor)).toBe('0');
    const note = await db.selectFrom('notifications').select('params').where('user_id', '=', fifth.id).where('key', '=', 'contest:spec-w:5').executeTakeFirstOrThrow();
    expect(note.params).toMatchObject({ prize: 'item', item: 'ipad', amount: '' });
    expect((await verifyLedger(db)).ok).toBe(true);
    const closed = await getContest(db, platform, 'spec-w', fifth.id);
    expect(closed.entries[4]).toMatchObject({ you: true, prize: { kind: 'item', item: 'ipad', amount: null } });
  });

  it('an operator close before date_end ends the window then; a contest nobody traded in closes paying nothing', async () => {
    await createContest(db, { id: 'empty', type: 'weekend', currency: 'USD', start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-01-03T00:00:00Z'), prizes: ['5.00'] });
    expect((await closeContest(db, platform, 'empty', new Date('2027-01-02T00:00:00Z'))).paid).toEqual([]);
    const row = await db.selectFrom('contests').select(['status', 'date_end']).where('id', '=', 'empty').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'closed', date_end: new Date('2027-01-02T00:00:00Z') });
    await expect(getContest(db, platform, 'nope', null)).rejects.toMatchObject({ status: 404, key: 'contest.not_found' });
  });
});
