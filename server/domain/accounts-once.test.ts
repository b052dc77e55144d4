import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db';
import { freshDb, type TestDb } from '../test/db';
import { createFreshUser } from '../sandbox/seed/fresh-user';
import { createAccount, setExchangeAccount } from './accounts';
import type { PlatformGateway } from './ports';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t?.close());

let n = 0;
async function trader(): Promise<number> {
  n += 1;
  const row = await t.db
    .insertInto('users')
    .values({ email: `once${n}@example.com`, password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const count = async (userId: number, type: 'trading' | 'exchange', currency: string) =>
  (await t.db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('type', '=', type).where('currency', '=', currency).execute()).length;

describe('opening accounts (one trading and one exchange account per currency)', () => {
  it('a second trading account in a currency is refused', async () => {
    const u = await trader();
    await createAccount(t.db, u, 'EUR', t.config.siteHost);
    await expect(createAccount(t.db, u, 'EUR', t.config.siteHost)).rejects.toMatchObject({ status: 409, key: 'account.not_offered' });
    expect(await count(u, 'trading', 'EUR')).toBe(1);
  });

  it('a sandbox fresh user asked for two balances of one currency and type is refused before anything is written', async () => {
    const users = async () => (await t.db.selectFrom('users').select('id').execute()).length;
    const before = await users();
    const balances = [
      { currency: 'USD' as const, type: 'trading' as const, amount: '1.00' },
      { currency: 'USD' as const, type: 'trading' as const, amount: '2.00' },
    ];
    await expect(createFreshUser(t.db, {} as PlatformGateway, { balances })).rejects.toMatchObject({ status: 400, key: 'sandbox.duplicate_balance' });
    expect(await users()).toBe(before);
  });
});

// Two instances answering the same trader at once: two pools on one PostgreSQL database. PGlite
// runs one query at a time in one process, so the race cannot happen there: PostgreSQL only (the PG suite, CI).
describe.skipIf(!process.env.DATABASE_URL)('opening the same account from two instances at once (PostgreSQL)', () => {
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    a = createDb(t.config, { searchPath: rows[0]!.schema, poolSize: 4 });
    b = createDb(t.config, { searchPath: rows[0]!.schema, poolSize: 4 });
  });
  afterAll(async () => {
    await a?.destroy();
    await b?.destroy();
  });

  it('opens one trading account; the other request is refused like a second open', async () => {
    const u = await trader();
    // past the route's per-trader lock (another instance's transaction), both checks see no EUR account
    const results = await Promise.allSettled([createAccount(a, u, 'EUR', t.config.siteHost), createAccount(b, u, 'EUR', t.config.siteHost)]);
    expect(await count(u, 'trading', 'EUR')).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409, key: 'account.not_offered' } });
  });

  it('opens one exchange account and both requests make it current', async () => {
    const u = await trader();
    const [x, y] = await Promise.all([setExchangeAccount(a, u), setExchangeAccount(b, u)]);
    expect(x).toBe(y);
    expect(await count(u, 'exchange', 'USD')).toBe(1);
  });
});
