import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db';
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
    expect(await verifyLedger(t.db)).toEqual({ ok: true, accounts: [], transactions: [], deposits: [] });
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

describe('seed data', () => {
  it('a demo account is the first of its user (the platform login makes it unique: demo accounts may repeat otherwise)', () => {
    for (const demo of demoUsers) demo.accounts.forEach((a, i) => a.type === 'demo' && expect(i).toBe(0));
  });
});

// Two instances starting on one empty database seed it at once. That needs two processes on one
// database, which PGlite cannot have (one process per data directory): PostgreSQL only (the PG suite, CI).
describe.skipIf(!process.env.DATABASE_URL)('two seeds at once (PostgreSQL)', () => {
  let empty: TestDb;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    empty = await freshDb();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(empty.db);
    a = createDb(empty.config, { searchPath: rows[0]!.schema, poolSize: 4 });
    b = createDb(empty.config, { searchPath: rows[0]!.schema, poolSize: 4 });
  });
  afterAll(async () => {
    await a?.destroy();
    await b?.destroy();
    await empty?.close();
  });

  it('create each demo user, account, platform account and deposit once', async () => {
    await Promise.all([seed(a), seed(b), seed(a), seed(b)]);
    const users = await empty.db.selectFrom('users').select(['id', 'email', 'current_account_id']).execute();
    expect(users.map((u) => u.email).sort()).toEqual(demoUsers.map((d) => d.email).sort());
    const accounts = await empty.db.selectFrom('accounts').select(['id', 'user_id', 'currency', 'type', 'balance_minor']).where('user_id', 'is not', null).execute();
    const wanted = demoUsers.flatMap((d) => d.accounts.map((acc) => `${d.email} ${acc.currency} ${acc.type} ${acc.amount}`)).sort();
    const emailOf = new Map(users.map((u) => [u.id, u.email]));
    const exponent: Record<string, number> = { USD: 2, EUR: 2 };
    const shown = (minor: bigint, currency: string) => {
      const e = exponent[currency] ?? 2;
      const s = minor.toString().padStart(e + 1, '0');
      return `${s.slice(0, -e)}.${s.slice(-e)}`;
    };
    expect(accounts.map((acc) => `${emailOf.get(acc.user_id!)} ${acc.currency} ${acc.type} ${shown(toBigInt(acc.balance_minor), acc.currency)}`).sort()).toEqual(wanted);
    // each user's current account is one of their own
    for (const u of users) expect(accounts.find((acc) => acc.id === u.current_account_id)?.user_id).toBe(u.id);
    expect(await empty.db.selectFrom('platform_accounts').select('login').execute()).toHaveLength(demoUsers.length);
    const house = await empty.db.selectFrom('accounts').select(['currency']).where('type', '=', 'house').execute();
    expect(house.map((h) => h.currency).sort()).toEqual(['EUR', 'USD']);
    expect(await verifyLedger(empty.db)).toEqual({ ok: true, accounts: [], transactions: [], deposits: [] });
  });
});
