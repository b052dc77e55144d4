import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../domain/ledger';
import { checkPassword } from '../../domain/passwords';
import { freshDb, rowCounts, type TestDb } from '../../test/db';
import { demoUsers } from './demo-users';
import { seed } from './seed';
import { toBigInt } from '../../db/values';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(() => t?.close());

describe('seed', () => {
  it('creates the three demo users with argon2id hashes and platform accounts', async () => {
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => u.email)).toEqual(['trader@example.com', 'demo@brokerage.test', 'risky@example.com']);
    for (const demo of demoUsers) {
      const user = users.find((u) => u.email === demo.email)!;
      expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await checkPassword(user.password_hash, demo.password)).toBe(true);
      const platform = await t.db.selectFrom('platform_accounts').selectAll().where('login', '=', demo.email).executeTakeFirstOrThrow();
      expect(await checkPassword(platform.password_hash, demo.password)).toBe(true);
    }
    expect(users.find((u) => u.email === 'risky@example.com')).toMatchObject({ verification: 'None', card_risk: true, country: 'US' });
    expect(users.find((u) => u.email === 'trader@example.com')).toMatchObject({ verification: 'Full', country: 'DE' });
  });

  it('funds the accounts through the ledger from the house accounts', async () => {
    const accounts = await t.db.selectFrom('accounts').selectAll().orderBy('id').execute();
    const balance = (currency: string, type: string) =>
      accounts.filter((a) => a.currency === currency && a.type === type).map((a) => toBigInt(a.balance_minor));
    expect(balance('USD', 'trading')).toEqual([1_000_000n, 0n]);
    expect(balance('EUR', 'trading')).toEqual([250_000n]);
    expect(balance('USD', 'demo')).toEqual([5_000_000n]);
    expect(balance('USD', 'house')).toEqual([-6_000_000n]);
    expect(balance('EUR', 'house')).toEqual([-250_000n]);
    expect(await verifyLedger(t.db)).toEqual({ ok: true, accounts: [], transactions: [] });
  });

  it('running it again changes nothing', async () => {
    const before = await rowCounts(t.db);
    const hashes = await t.db.selectFrom('users').select('password_hash').orderBy('id').execute();
    await seed(t.db);
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await t.db.selectFrom('users').select('password_hash').orderBy('id').execute()).toEqual(hashes);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
