import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lossShareBp, sharePercent } from '../../../core/risk-warning';
import { freshDb, type TestDb } from '../../test/db';
import { houseAccount, transfer } from '../ledger';
import { computeRiskFigure, ensureRiskFigure, latestRiskFigure } from './risk-figure';

/**
 * The risk warning's figure from the ledger (issue 30 §5): known accounts are seeded with trade
 * results at known moments relative to a fixed computation time, and the job must find exactly the
 * accounts that traded in the last 365 days and those whose results sum below zero.
 */
let t: TestDb;
const NOW = new Date('2025-10-01T06:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

beforeAll(async () => {
  t = await freshDb({ seed: false });
});
afterAll(() => t?.close());

let n = 0;
async function account(type: 'trading' | 'demo' | 'exchange' = 'trading'): Promise<number> {
  n += 1;
  const user = await t.db
    .insertInto('users')
    .values({ email: `risk-${n}@example.com`, password_hash: 'x', country: 'DE', currency: 'EUR', verification: 'Full', current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db.insertInto('accounts').values({ user_id: user.id, currency: 'EUR', type, account_group: type === 'demo' ? 'demo' : 'standard' }).returning('id').executeTakeFirstOrThrow();
  // enough on the account for its losses
  await money(row.id, 'deposit', 100_000n, 5);
  return row.id;
}

let k = 0;
/** a ledger movement of `kind` to (positive) or from (negative) the account, dated `days` before NOW */
async function money(accountId: number, kind: string, amountMinor: bigint, days: number): Promise<void> {
  const house = await houseAccount(t.db, 'EUR');
  const key = `risk-figure:${++k}`;
  const win = amountMinor > 0n;
  await transfer(t.db, { kind, idempotencyKey: key, debitAccountId: win ? house : accountId, creditAccountId: win ? accountId : house, amountMinor: win ? amountMinor : -amountMinor, currency: 'EUR' });
  await t.db.updateTable('ledger_transactions').set({ created_at: daysAgo(days) }).where('idempotency_key', '=', key).execute();
}
const trade = (accountId: number, amountMinor: bigint, days = 10) => money(accountId, 'trade_result', amountMinor, days);

describe('the share of retail accounts that lost money over the last 12 months', () => {
  it('counts the accounts with trade results in the window and those below zero, from the ledger alone', async () => {
    const wonOverall = await account();
    await trade(wonOverall, 5_000n);
    await trade(wonOverall, -2_000n);
    const lost = await account();
    await trade(lost, -4_000n);
    const even = await account();
    await trade(even, 1_000n);
    await trade(even, -1_000n);
    const lostLongAgo = await account();
    await trade(lostLongAgo, -10_000n, 400);
    const demo = await account('demo');
    await trade(demo, -3_000n);
    await account(); // deposits only: never traded
    const bonusThenLost = await account();
    await money(bonusThenLost, 'bonus', 2_000n, 10); // a bonus is not a trading result
    await trade(bonusThenLost, -500n);
    const lostALittle = await account();
    await trade(lostALittle, -100n, 364);

    await computeRiskFigure(t.db, NOW);
    const { figure } = await latestRiskFigure(t.db);
    // counted: wonOverall, lost, even, bonusThenLost, lostALittle; losing: lost, bonusThenLost, lostALittle
    expect(figure).toEqual({
      day: '2025-10-01',
      accounts: 5,
      losing: 3,
      share_bp: 6000,
      window_from: daysAgo(365).toISOString(),
      window_to: NOW.toISOString(),
    });
    expect(sharePercent(figure!.share_bp!)).toBe(60);
  });

  it('once a UTC day: asked again the same day keeps the first; the next day adds its own, and the latest is shown', async () => {
    await ensureRiskFigure(t.db, new Date(NOW.getTime() + 3_600_000));
    expect(await t.db.selectFrom('risk_figures').select('day').execute()).toEqual([{ day: '2025-10-01' }]);
    const later = new Date('2025-10-02T00:30:00.000Z');
    const fresh = await account();
    await trade(fresh, -700n, 0);
    await ensureRiskFigure(t.db, later);
    const { figure } = await latestRiskFigure(t.db);
    expect(figure).toMatchObject({ day: '2025-10-02', accounts: 6, losing: 4, share_bp: 6667 });
  });

  it('rounds half up, and has no share when no account traded', () => {
    expect(lossShareBp(0, 0)).toBeNull();
    expect(lossShareBp(1, 3)).toBe(3333);
    expect(lossShareBp(2, 3)).toBe(6667);
    expect(lossShareBp(1, 8)).toBe(1250);
    expect(lossShareBp(1, 16)).toBe(625);
    expect(lossShareBp(1, 32)).toBe(313);
    expect(sharePercent(7450)).toBe(75);
    expect(sharePercent(7449)).toBe(74);
  });
});
