import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBigInt } from '../../db/values';
import { houseAccount, transfer, verifyLedger } from '../ledger';
import { Refusal } from '../refusal';
import { freshDb, type TestDb } from '../../test/db';
import { endWithdrawal, pendingAccount, requestWithdrawal } from './withdrawals';

/**
 * 100 withdrawals against one balance at the same moment (on PostgreSQL each in its own pooled
 * connection, `npm run test:pg`): never more than the balance leaves, and every ledger sum holds.
 */
let t: TestDb;
let userId: number;
let accountId: number;
const WALLET = 'DE89370400440532013000';

beforeAll(async () => {
  t = await freshDb({ seed: false });
  const user = await t.db
    .insertInto('users')
    .values({ email: 'many@example.com', password_hash: 'x', country: 'DE', currency: 'EUR', verification: 'Full', wd_methods: 'Bank Wire', current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
  const account = await t.db.insertInto('accounts').values({ user_id: userId, currency: 'EUR', type: 'trading', account_group: 'standard' }).returning('id').executeTakeFirstOrThrow();
  accountId = account.id;
  await t.db.updateTable('users').set({ current_account_id: accountId }).where('id', '=', userId).execute();
  await transfer(t.db, { kind: 'deposit', idempotencyKey: 'c:fund', debitAccountId: await houseAccount(t.db, 'EUR'), creditAccountId: accountId, amountMinor: 100_000n, currency: 'EUR' });
});
afterAll(() => t?.close());

const balance = async (id: number) => toBigInt((await t.db.selectFrom('accounts').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow()).balance_minor);
const noFactor = { required: false, consumeGrant: async () => true };
const request = (i: number, amount: string) =>
  requestWithdrawal(t.db, userId, { amount, method: 'Bank Wire', wallet: WALLET, fixed: false, alt: '', currency: 'EUR', is_bonus: false, key: `c-${i}-${amount}` }, noFactor);

describe('100 simultaneous withdrawals against one balance', () => {
  it('take at most the balance: 66 of 15.00 from 1000.00, the other 34 refused as insufficient funds', async () => {
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => request(i, '15.00')));
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => r.reason instanceof Refusal && r.reason.key === 'funds.insufficient')).toBe(true);
    expect(done).toHaveLength(66);
    expect(await balance(accountId)).toBe(1_000n);
    const pending = await pendingAccount(t.db, 'EUR');
    expect(await balance(pending)).toBe(66n * 1_500n);
    const held = await t.db.selectFrom('withdrawals').select(sql<string>`sum(amount_minor)`.as('sum')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(toBigInt(held.sum)).toBe(66n * 1_500n);
    const check = await verifyLedger(t.db);
    expect(check).toEqual({ ok: true, accounts: [], transactions: [], deposits: [] });
  });

  it('cancels and new requests racing each other: the balance never goes below zero and the sums match', async () => {
    const pendingIds = (await t.db.selectFrom('withdrawals').select('id').where('status', '=', 'pending').execute()).map((r) => r.id);
    const work: Promise<unknown>[] = [];
    // every cancel is raced by a second cancel of the same withdrawal and by new requests of 20.00
    for (const [i, id] of pendingIds.slice(0, 30).entries()) {
      work.push(endWithdrawal(t.db, id, 'cancelled', userId), endWithdrawal(t.db, id, 'cancelled', userId), request(1000 + i, '20.00'));
    }
    const results = await Promise.allSettled(work);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(Refusal);
    }
    const cancelled = await t.db.selectFrom('withdrawals').select('id').where('status', '=', 'cancelled').execute();
    expect(cancelled).toHaveLength(30);
    const rows = await t.db.selectFrom('withdrawals').select(['status', 'amount_minor']).execute();
    const stillHeld = rows.filter((r) => r.status === 'pending').reduce((sum, r) => sum + toBigInt(r.amount_minor), 0n);
    expect(await balance(accountId)).toBeGreaterThanOrEqual(0n);
    expect((await balance(accountId)) + stillHeld).toBe(100_000n);
    expect(await balance(await pendingAccount(t.db, 'EUR'))).toBe(stillHeld);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the same idempotency key sent 20 times at once holds once', async () => {
    await transfer(t.db, { kind: 'deposit', idempotencyKey: 'c:topup', debitAccountId: await houseAccount(t.db, 'EUR'), creditAccountId: accountId, amountMinor: 1_000n, currency: 'EUR' });
    const before = await balance(accountId);
    const same = () =>
      requestWithdrawal(t.db, userId, { amount: '1.00', method: 'Bank Wire', wallet: WALLET, fixed: false, alt: '', currency: 'EUR', is_bonus: false, key: 'one-key' }, noFactor);
    const results = await Promise.all(Array.from({ length: 20 }, same));
    const ids = new Set(results.map((r) => (r.kind === 'done' ? r.withdrawal.id : '')));
    expect(ids.size).toBe(1);
    expect(await balance(accountId)).toBe(before - 100n);
  });
});
