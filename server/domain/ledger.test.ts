import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { freshDb, type TestDb } from '../test/db';
import {
  AccountNotFound,
  balanceOf,
  CurrencyMismatch,
  houseAccount,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidTransfer,
  transfer,
  verifyLedger,
} from './ledger';

let t: TestDb;
let db: Db;
let userId: number;

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
  const user = await db
    .insertInto('users')
    .values({ email: 'ledger@example.com', password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(() => t?.close());

/** the account's kept deposit total (accounts.deposits_minor) */
async function depositsOf(accountId: number): Promise<bigint> {
  const { rows } = await sql<{ d: string }>`select deposits_minor::text as d from accounts where id = ${accountId}`.execute(db);
  return BigInt(rows[0].d);
}

let traders = 0;
/** a trading account of its own trader (one trading account per trader and currency: migration 180) */
async function newAccount(currency = 'USD'): Promise<number> {
  traders += 1;
  const owner =
    traders === 1
      ? userId
      : (await db.insertInto('users').values({ email: `ledger${traders}@example.com`, password_hash: 'x', country: 'DE', currency, current_account_id: null }).returning('id').executeTakeFirstOrThrow()).id;
  const row = await db.insertInto('accounts').values({ user_id: owner, currency, account_group: 'standard', type: 'trading' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

let keySeq = 0;
const key = (label: string) => `${label}-${++keySeq}-${Math.random()}`;

describe('ledger.transfer', () => {
  it('moves money with two entries that sum to zero and updates both balances', async () => {
    const house = await houseAccount(db, 'USD');
    const acc = await newAccount();
    const before = await balanceOf(db, house);
    const result = await transfer(db, { kind: 'deposit', idempotencyKey: key('dep'), debitAccountId: house, creditAccountId: acc, amountMinor: 12_345n, currency: 'USD', meta: { note: 'test' } });
    expect(result.replayed).toBe(false);
    expect(await balanceOf(db, acc)).toBe(12_345n);
    expect(await balanceOf(db, house)).toBe(before - 12_345n);
    const entries = await db.selectFrom('ledger_entries').select(['account_id', 'amount_minor']).where('tx_id', '=', result.txId).execute();
    expect(entries.map((e) => [e.account_id, BigInt(e.amount_minor)]).sort()).toEqual([[house, -12_345n], [acc, 12_345n]].sort());
    const tx = await db.selectFrom('ledger_transactions').select(['kind', 'meta']).where('id', '=', result.txId).executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'deposit', meta: { note: 'test' } });
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('a repeated idempotency key returns the first transaction and changes nothing', async () => {
    const house = await houseAccount(db, 'USD');
    const acc = await newAccount();
    const input = { kind: 'deposit', idempotencyKey: key('idem'), debitAccountId: house, creditAccountId: acc, amountMinor: 500n, currency: 'USD' };
    const first = await transfer(db, input);
    const txCount = await db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const again = await transfer(db, input);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => transfer(db, input)));
    expect(again).toEqual({ ...first, replayed: true });
    expect(parallel.every((r) => r.txId === first.txId && r.replayed)).toBe(true);
    expect(await balanceOf(db, acc)).toBe(500n);
    const txCountAfter = await db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(txCountAfter.n)).toBe(Number(txCount.n));
  });

  it('refuses a used key for a different transfer', async () => {
    const house = await houseAccount(db, 'USD');
    const acc = await newAccount();
    const k = key('conflict');
    await transfer(db, { kind: 'deposit', idempotencyKey: k, debitAccountId: house, creditAccountId: acc, amountMinor: 100n, currency: 'USD' });
    await expect(transfer(db, { kind: 'deposit', idempotencyKey: k, debitAccountId: house, creditAccountId: acc, amountMinor: 101n, currency: 'USD' })).rejects.toBeInstanceOf(IdempotencyConflict);
    expect(await balanceOf(db, acc)).toBe(100n);
  });

  it('throws InsufficientFunds on an overdraw and writes nothing', async () => {
    const house = await houseAccount(db, 'USD');
    const a = await newAccount();
    const b = await newAccount();
    await transfer(db, { kind: 'deposit', idempotencyKey: key('fund'), debitAccountId: house, creditAccountId: a, amountMinor: 1_000n, currency: 'USD' });
    const k = key('over');
    await expect(transfer(db, { kind: 'transfer', idempotencyKey: k, debitAccountId: a, creditAccountId: b, amountMinor: 1_001n, currency: 'USD' })).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(db, a)).toBe(1_000n);
    expect(await balanceOf(db, b)).toBe(0n);
    const tx = await db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', k).executeTakeFirst();
    expect(tx).toBeUndefined();
    // the exact balance can move
    await transfer(db, { kind: 'transfer', idempotencyKey: key('exact'), debitAccountId: a, creditAccountId: b, amountMinor: 1_000n, currency: 'USD' });
    expect(await balanceOf(db, a)).toBe(0n);
  });

  it('the CHECK constraint itself refuses a negative user balance', async () => {
    const a = await newAccount();
    await expect(db.updateTable('accounts').set({ balance_minor: -1n } as never).where('id', '=', a).execute()).rejects.toThrow(/accounts_balance_nonnegative/);
  });

  it('50 concurrent transfers against one balance never overdraw it', async () => {
    const house = await houseAccount(db, 'USD');
    const source = await newAccount();
    const sinks = await Promise.all(Array.from({ length: 5 }, () => newAccount()));
    await transfer(db, { kind: 'deposit', idempotencyKey: key('fund50'), debitAccountId: house, creditAccountId: source, amountMinor: 1_000n, currency: 'USD' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        transfer(db, { kind: 'transfer', idempotencyKey: key(`c${i}`), debitAccountId: source, creditAccountId: sinks[i % 5], amountMinor: 70n, currency: 'USD' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(14); // 14 * 70 = 980 <= 1000 < 15 * 70
    expect(refused).toHaveLength(36);
    expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof InsufficientFunds)).toBe(true);
    expect(await balanceOf(db, source)).toBe(20n);
    let sunk = 0n;
    for (const s of sinks) sunk += await balanceOf(db, s);
    expect(sunk).toBe(980n);
    expect(await verifyLedger(db)).toEqual({ ok: true, accounts: [], transactions: [], deposits: [] });
  });

  it('transfers in opposite directions at the same time do not deadlock', async () => {
    const house = await houseAccount(db, 'USD');
    const a = await newAccount();
    const b = await newAccount();
    await transfer(db, { kind: 'deposit', idempotencyKey: key('fa'), debitAccountId: house, creditAccountId: a, amountMinor: 10_000n, currency: 'USD' });
    await transfer(db, { kind: 'deposit', idempotencyKey: key('fb'), debitAccountId: house, creditAccountId: b, amountMinor: 10_000n, currency: 'USD' });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transfer(db, { kind: 'transfer', idempotencyKey: key(`x${i}`), debitAccountId: i % 2 ? a : b, creditAccountId: i % 2 ? b : a, amountMinor: 10n, currency: 'USD' }),
      ),
    );
    expect((await balanceOf(db, a)) + (await balanceOf(db, b))).toBe(20_000n);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('refuses bad transfers with typed errors', async () => {
    const house = await houseAccount(db, 'USD');
    const usd = await newAccount('USD');
    const eur = await newAccount('EUR');
    const base = { kind: 'deposit', debitAccountId: house, creditAccountId: usd, amountMinor: 1n, currency: 'USD' };
    await expect(transfer(db, { ...base, idempotencyKey: key('zero'), amountMinor: 0n })).rejects.toBeInstanceOf(InvalidTransfer);
    await expect(transfer(db, { ...base, idempotencyKey: key('neg'), amountMinor: -5n })).rejects.toBeInstanceOf(InvalidTransfer);
    await expect(transfer(db, { ...base, idempotencyKey: key('float'), amountMinor: 1.5 as unknown as bigint })).rejects.toBeInstanceOf(InvalidTransfer);
    await expect(transfer(db, { ...base, idempotencyKey: '' })).rejects.toBeInstanceOf(InvalidTransfer);
    await expect(transfer(db, { ...base, idempotencyKey: key('self'), creditAccountId: house })).rejects.toBeInstanceOf(InvalidTransfer);
    await expect(transfer(db, { ...base, idempotencyKey: key('cur'), creditAccountId: eur })).rejects.toBeInstanceOf(CurrencyMismatch);
    await expect(transfer(db, { ...base, idempotencyKey: key('missing'), creditAccountId: 999_999 })).rejects.toBeInstanceOf(AccountNotFound);
    expect(await balanceOf(db, usd)).toBe(0n);
    await expect(balanceOf(db, 999_999)).rejects.toBeInstanceOf(AccountNotFound);
  });

  it('verifyLedger reports a balance that does not match its entries', async () => {
    const acc = await newAccount();
    // a write that bypasses the ledger (never done by the app) is detected
    await sql`update accounts set balance_minor = 42 where id = ${acc}`.execute(db);
    const check = await verifyLedger(db);
    expect(check.ok).toBe(false);
    expect(check.accounts).toEqual([{ accountId: acc, balanceMinor: 42n, entriesMinor: 0n }]);
    await sql`update accounts set balance_minor = 0 where id = ${acc}`.execute(db);
    expect((await verifyLedger(db)).ok).toBe(true);
  });
  it('keeps each account deposit total with its balance: a deposit moves it, another kind does not, and verifyLedger checks it', async () => {
    const acc = await newAccount();
    const house = await houseAccount(db, 'USD');
    await transfer(db, { debitAccountId: house, creditAccountId: acc, amountMinor: 2500n, currency: 'USD', kind: 'deposit', idempotencyKey: `dep-total-1-${acc}` });
    await transfer(db, { debitAccountId: house, creditAccountId: acc, amountMinor: 700n, currency: 'USD', kind: 'bonus', idempotencyKey: `dep-total-2-${acc}` });
    // the trader's side of a withdrawal is a debit: the deposit total stays
    await transfer(db, { debitAccountId: acc, creditAccountId: house, amountMinor: 1000n, currency: 'USD', kind: 'withdrawal', idempotencyKey: `dep-total-3-${acc}` });
    // a replayed deposit (same key) moves nothing
    await transfer(db, { debitAccountId: house, creditAccountId: acc, amountMinor: 2500n, currency: 'USD', kind: 'deposit', idempotencyKey: `dep-total-1-${acc}` });
    expect(await depositsOf(acc)).toBe(2500n);
    expect(await balanceOf(db, acc)).toBe(2200n);
    expect((await verifyLedger(db)).ok).toBe(true);
    // a kept total that drifted from the entries (a write that bypasses the ledger) is detected
    await sql`update accounts set deposits_minor = 2600 where id = ${acc}`.execute(db);
    const check = await verifyLedger(db);
    expect(check.ok).toBe(false);
    expect(check.deposits).toEqual([{ accountId: acc, keptMinor: 2600n, entriesMinor: 2500n }]);
    expect(check.accounts).toEqual([]);
    await sql`update accounts set deposits_minor = 2500 where id = ${acc}`.execute(db);
    expect((await verifyLedger(db)).ok).toBe(true);
  });
  it('the migration that keeps the deposit totals fills them from the entries already written', async () => {
    const acc = await newAccount();
    const house = await houseAccount(db, 'USD');
    await transfer(db, { debitAccountId: house, creditAccountId: acc, amountMinor: 1200n, currency: 'USD', kind: 'deposit', idempotencyKey: `dep-mig-1-${acc}` });
    await transfer(db, { debitAccountId: house, creditAccountId: acc, amountMinor: 300n, currency: 'USD', kind: 'deposit', idempotencyKey: `dep-mig-2-${acc}` });
    await transfer(db, { debitAccountId: house, creditAccountId: acc, amountMinor: 50n, currency: 'USD', kind: 'bonus', idempotencyKey: `dep-mig-3-${acc}` });
    const { up } = await import('../db/migrations/252_account_deposit_totals');
    // the schema as it was before the migration, with the same history
    await sql`alter table accounts drop column deposits_minor`.execute(db);
    await up(db as never);
    expect(await depositsOf(acc)).toBe(1500n);
    expect((await verifyLedger(db)).deposits).toEqual([]);
  });
});
