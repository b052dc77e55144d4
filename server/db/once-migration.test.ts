import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { houseAccount, transfer } from '../domain/ledger';
import { freshDb, type TestDb } from '../test/db';
import { down, up } from './migrations/180_once';

// Migration 180 on a database made before it: the unique index is taken off again (`down`),
// duplicates are written, and `up` runs once more.
let t: TestDb;
beforeEach(async () => {
  t = await freshDb();
  await down(t.db as unknown as Kysely<unknown>);
});
afterEach(() => t?.close());

let n = 0;
async function trader(): Promise<number> {
  n += 1;
  const user = await t.db
    .insertInto('users')
    .values({ email: `dup${n}@example.com`, password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}
const open = async (userId: number, type: 'trading' | 'exchange' | 'demo' = 'trading', currency = 'USD') =>
  (await t.db.insertInto('accounts').values({ user_id: userId, currency, type, account_group: 'standard' }).returning('id').executeTakeFirstOrThrow()).id;
const ids = async () => (await t.db.selectFrom('accounts').select('id').where('user_id', 'is not', null).orderBy('id').execute()).map((r) => r.id);

describe('migration 180 (one trading and one exchange account per trader and currency)', () => {
  it('deletes empty duplicates, keeping the account in use (or the oldest), and leaves demo accounts alone', async () => {
    const u1 = await trader();
    const emptyOld = await open(u1);
    const used = await open(u1);
    await t.db.updateTable('users').set({ current_account_id: used }).where('id', '=', u1).execute();
    const u2 = await trader();
    const oldest = await open(u2, 'exchange', 'BTC');
    await open(u2, 'exchange', 'BTC');
    const demo1 = await open(u2, 'demo');
    const demo2 = await open(u2, 'demo');
    await up(t.db as unknown as Kysely<unknown>);
    expect(await ids()).toEqual([used, oldest, demo1, demo2].sort((a, b) => a - b));
    expect(emptyOld).toBeLessThan(used);
    // the index now refuses a second trading account in the same currency
    await expect(open(u1)).rejects.toThrow(/accounts_one_per_user_currency_type/);
    await expect(open(u2, 'demo')).resolves.toBeGreaterThan(0);
  });

  it('stops, naming the accounts and changing nothing, when two duplicates hold money or history', async () => {
    const u = await trader();
    const a = await open(u);
    const b = await open(u);
    const spare = await open(u);
    const house = await houseAccount(t.db, 'USD');
    await transfer(t.db, { kind: 'deposit', idempotencyKey: `dup-a-${u}`, debitAccountId: house, creditAccountId: a, amountMinor: 100n, currency: 'USD' });
    await transfer(t.db, { kind: 'deposit', idempotencyKey: `dup-b-${u}`, debitAccountId: house, creditAccountId: b, amountMinor: 100n, currency: 'USD' });
    const before = await ids();
    await expect(up(t.db as unknown as Kysely<unknown>)).rejects.toThrow(new RegExp(`user ${u} USD trading: accounts ${a}, ${b}\\b.*nothing was changed`));
    expect(await ids()).toEqual(before);
    expect(before).toContain(spare);
    const index = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'accounts_one_per_user_currency_type' and schemaname = current_schema()`.execute(t.db);
    expect(index.rows[0]?.n).toBe(0);
  });
});
