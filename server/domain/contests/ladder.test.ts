import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { freshDb, type TestDb } from '../../test/db';
import type { PlatformGateway, SettledTrade } from '../ports';
import { createContest, getContest } from './contests';
import { ladderOf } from './ladder';

/** The ladder: the trader's place from the contests' own leaderboard. */
let t: TestDb;
let db: Db;
const trades: SettledTrade[] = [];
const platform = {
  verifyToken: async () => null,
  createAccount: async () => true,
  userInfo: async () => null,
  settledTrades: async ({ since, limit }: { since?: Date; limit: number }) => trades.filter((x) => !since || x.settledAt >= since).slice(0, limit),
} satisfies PlatformGateway;
const users: number[] = [];
let seq = 0;
const trade = (i: number, profit: bigint, at: string, currency = 'USD') =>
  trades.push({ id: `t${++seq}`, login: `l${i}@example.com`, symbol: 'BTCUSD', currency, status: profit > 0n ? 'won' : 'lost', profitMinor: profit, settledAt: new Date(at) });
const NOW = new Date('2026-11-26T12:00:00Z');

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
  for (let i = 0; i < 5; i++) {
    const user = await db
      .insertInto('users')
      .values({ email: `l${i}@example.com`, password_hash: 'x', first_name: 'Ann', last_name: 'Lee', country: 'FR', currency: i === 4 ? 'EUR' : 'USD', current_account_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('accounts').values({ user_id: user.id, currency: i === 4 ? 'EUR' : 'USD', account_group: 'standard', type: 'trading', platform_login: `l${i}@example.com` }).execute();
    users.push(user.id);
  }
  trade(0, 5000n, '2026-11-24T08:00:00Z'); // 50.00: rank 1
  trade(1, 1200n, '2026-11-24T09:00:00Z');
  trade(1, -200n, '2026-11-24T10:00:00Z'); // 10.00: rank 2
  trade(2, -350n, '2026-11-24T09:00:00Z'); // -3.50: rank 3
  trade(2, 999999n, '2026-11-26T13:00:00Z'); // after now: not counted yet
  trade(4, 9000n, '2026-11-24T09:00:00Z', 'EUR'); // another currency
});
afterAll(() => t?.close());

describe('the ladder', () => {
  it('no weekly contest running: says so, with the contests page', async () => {
    expect(await ladderOf(db, platform, users[0]!, NOW)).toMatchObject({ state: 'none', url: '#/show/contest', contest: null, rank: null, participants: 0 });
  });

  it("ranks by the contest's own rule; the figure to move up is the gap plus one minor unit; rank 1 has none", async () => {
    await createContest(db, { id: 'wk', type: 'weekly', currency: 'USD', start: new Date('2026-11-23T00:00:00Z'), end: new Date('2026-11-30T00:00:00Z'), prizes: ['100.00'] });
    await createContest(db, { id: 'we', type: 'weekend', currency: 'USD', start: new Date('2026-11-23T00:00:00Z'), end: new Date('2026-11-30T00:00:00Z'), prizes: ['10.00'] });
    const third = await ladderOf(db, platform, users[2]!, NOW);
    expect(third).toMatchObject({ state: 'in', contest: { id: 'wk', type: 'weekly', rule: 'net_profit' }, participants: 3, rank: 3, figure: '-3.50', above: { rank: 2, figure: '10.00' }, toMoveUp: '13.51' });
    expect(await ladderOf(db, platform, users[1]!, NOW)).toMatchObject({ rank: 2, figure: '10.00', above: { rank: 1, figure: '50.00' }, toMoveUp: '40.01' });
    expect(await ladderOf(db, platform, users[0]!, NOW)).toMatchObject({ rank: 1, figure: '50.00', above: null, toMoveUp: null });
    // the same ranks the contests page shows
    const page = await getContest(db, platform, 'wk', users[2]!, NOW);
    expect(page.entries.find((e) => e.you)).toMatchObject({ rank: 3, profit: '-3.50' });
    expect(page.participants).toBe(3);
  });

  it('a trader without a trade in the window, or trading in another currency, is not on it and is told so', async () => {
    expect(await ladderOf(db, platform, users[3]!, NOW)).toMatchObject({ state: 'out', participants: 3, rank: null, figure: null, contest: { id: 'wk' } });
    expect(await ladderOf(db, platform, users[4]!, NOW)).toMatchObject({ state: 'out', rank: null });
  });

  it('a closed or ended contest is not running', async () => {
    expect((await ladderOf(db, platform, users[0]!, new Date('2026-12-01T00:00:00Z'))).state).toBe('none');
  });
});
