import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { toBigInt } from '../../db/values';
import { sandboxGateway } from '../../sandbox/platform/gateway';
import type { PlatformGateway } from '../../domain/ports';
import { instrumentOf, priceAt } from '../../sandbox/platform/prices';
import { findAccount } from '../../sandbox/platform/store';
import { moveBalance, openTrade, settleDue } from '../../sandbox/platform/trades';
import { freshDb, type TestDb } from '../db';
import { houseAccount, transfer, verifyLedger } from '../../domain/ledger';
import { Refusal } from '../../domain/refusal';
import { sendTip } from '../../domain/trading/tips';
import { endWithdrawal, requestWithdrawal } from '../../domain/withdrawals/withdrawals';
import { deliverPending, pendingOf } from '../../domain/platform-mirror/outbox';
import { reconcile } from '../../domain/platform-mirror/reconcile';
import { startPlatformMirror } from '../../domain/platform-mirror/worker';

/**
 * The platform mirror: every ledger movement of a mirrored account reaches the
 * platform once, through the outbox written in the same transaction, whatever fails between.
 */
let t: TestDb;
const quiet = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(() => t?.close());

let users = 0;
/** a trader with a USD trading account mirrored to a new platform login, and no money yet */
async function trader(options: { verification?: 'Full' | 'None' } = {}) {
  users += 1;
  const email = `mirror-${users}@example.com`; // the file's own fresh database: the counter is unique
  const user = await t.db
    .insertInto('users')
    .values({ email, password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null, verification: options.verification ?? 'Full' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await t.db
    .insertInto('accounts')
    .values({ user_id: user.id, currency: 'USD', type: 'trading', account_group: 'standard', platform_login: email })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ current_account_id: account.id }).where('id', '=', user.id).execute();
  await sandboxGateway(t.db).createAccount({ login: email, password: 'Platform-Pass-1', currency: 'USD' });
  await t.db.insertInto('user_security').values({ user_id: user.id }).onConflict((oc) => oc.doNothing()).execute();
  return { userId: user.id, accountId: account.id, email };
}

async function deposit(accountId: number, amount: bigint, key: string) {
  return transfer(t.db, {
    kind: 'deposit',
    idempotencyKey: key,
    debitAccountId: await houseAccount(t.db, 'USD'),
    creditAccountId: accountId,
    amountMinor: amount,
    currency: 'USD',
    meta: { method: 'card' },
  });
}

const platformMinor = async (email: string) => (await findAccount(t.db, email))!.balanceMinor;
const ledgerMinor = async (accountId: number) =>
  toBigInt((await t.db.selectFrom('accounts').select('balance_minor').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_minor);

describe('the outbox is written with the ledger', () => {
  it('a movement of a mirrored account gets one outbox row in the same transaction; a rolled-back one gets none', async () => {
    const { accountId, email } = await trader();
    const tx = await deposit(accountId, 30_000n, `m-dep-${email}`);
    const rows = await pendingOf(t.db, accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ op_id: `ledger:${tx.txId}:${accountId}`, login: email, kind: 'deposit', currency: 'USD' });
    expect(toBigInt(rows[0]!.amount_minor)).toBe(30_000n);
    // the same key again moves nothing and writes no second row
    await deposit(accountId, 30_000n, `m-dep-${email}`);
    expect(await pendingOf(t.db, accountId)).toHaveLength(1);
    // a transaction that fails after the transfer leaves neither the entries nor the outbox row
    await expect(
      t.db.transaction().execute(async (trx) => {
        await transfer(trx, { kind: 'deposit', idempotencyKey: `m-rollback-${email}`, debitAccountId: await houseAccount(trx, 'USD'), creditAccountId: accountId, amountMinor: 100n, currency: 'USD' });
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await pendingOf(t.db, accountId)).toHaveLength(1);
    expect(await ledgerMinor(accountId)).toBe(30_000n);
  });

  it('an account that is not mirrored (a second currency, a house account) gets no row', async () => {
    const { userId } = await trader();
    const eur = await t.db.insertInto('accounts').values({ user_id: userId, currency: 'EUR', type: 'trading', account_group: 'standard' }).returning('id').executeTakeFirstOrThrow();
    const before = (await pendingOf(t.db)).length;
    await transfer(t.db, { kind: 'deposit', idempotencyKey: `m-eur-${userId}`, debitAccountId: await houseAccount(t.db, 'EUR'), creditAccountId: eur.id, amountMinor: 500n, currency: 'EUR' });
    expect((await pendingOf(t.db)).length).toBe(before);
  });

  it('a trade result booked from the platform is not sent back', async () => {
    const { accountId, email } = await trader();
    await transfer(t.db, { kind: 'trade_result', idempotencyKey: `m-trade-${email}`, debitAccountId: await houseAccount(t.db, 'USD'), creditAccountId: accountId, amountMinor: 700n, currency: 'USD', mirror: false });
    expect(await pendingOf(t.db, accountId)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('delivers each row once and in order, and the platform follows the ledger', async () => {
    const { accountId, email } = await trader();
    await deposit(accountId, 50_000n, `m-d1-${email}`);
    await deposit(accountId, 2_550n, `m-d2-${email}`);
    const platform = sandboxGateway(t.db);
    const report = await deliverPending(t.db, platform);
    expect(report.delivered).toBeGreaterThanOrEqual(2);
    expect(await pendingOf(t.db, accountId)).toHaveLength(0);
    expect(await platformMinor(email)).toBe(52_550n);
    expect(await ledgerMinor(accountId)).toBe(52_550n);
    // a second round finds nothing to do
    await deliverPending(t.db, platform);
    expect(await platformMinor(email)).toBe(52_550n);
  });

  it('a failure between commit and delivery: the operation arrives once after a restart', async () => {
    const { accountId, email } = await trader();
    await deposit(accountId, 12_345n, `m-crash-${email}`);
    // the first instance's platform link breaks on every call, then the instance stops
    const real = sandboxGateway(t.db);
    const broken: PlatformGateway = { ...real, credit: async () => Promise.reject(new Error('connection reset by the platform')) };
    const first = await buildApp({ db: t.db, config: t.config, platform: broken, mirror: { deliverEveryMs: 0 } });
    await first.inject({ method: 'GET', url: '/api/settings' });
    const mirror1 = startPlatformMirror({ db: t.db, platform: broken, log: quiet });
    await mirror1.flush();
    mirror1.stop();
    await first.close();
    const [row] = await pendingOf(t.db, accountId);
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringContaining('connection reset') });
    expect(await platformMinor(email)).toBe(0n);

    // the restarted instance delivers it (after the backoff) with its own worker
    let second: FastifyInstance | undefined;
    try {
      second = await buildApp({ db: t.db, config: t.config, mirror: { deliverEveryMs: 100 } });
      await expect.poll(async () => (await pendingOf(t.db, accountId)).length, { timeout: 10_000, interval: 100 }).toBe(0);
    } finally {
      await second?.close();
    }
    expect(await platformMinor(email)).toBe(12_345n);
    const delivered = await t.db.selectFrom('platform_outbox').selectAll().where('account_id', '=', accountId).execute();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.attempts).toBe(2);
    expect(await t.db.selectFrom('platform_balance_ops').selectAll().where('op_id', '=', delivered[0]!.op_id).execute()).toHaveLength(1);
  });

  it('the platform applied it but the broker died before marking it: the redelivery is deduplicated', async () => {
    const { accountId, email } = await trader();
    await deposit(accountId, 4_000n, `m-dup-${email}`);
    const real = sandboxGateway(t.db);
    const diesAfter: PlatformGateway = {
      ...real,
      credit: async (op) => {
        await real.credit!(op);
        throw new Error('process killed after the platform answered');
      },
    };
    await deliverPending(t.db, diesAfter);
    expect(await platformMinor(email)).toBe(4_000n);
    expect(await pendingOf(t.db, accountId)).toHaveLength(1);
    await t.db.updateTable('platform_outbox').set({ next_attempt_at: new Date(0) }).where('account_id', '=', accountId).execute();
    await deliverPending(t.db, real);
    expect(await pendingOf(t.db, accountId)).toHaveLength(0);
    expect(await platformMinor(email)).toBe(4_000n);
  });

  it('twenty workers at once deliver every operation once', async () => {
    const { accountId, email } = await trader();
    for (let i = 0; i < 10; i++) await deposit(accountId, 100n + BigInt(i), `m-par-${i}-${email}`);
    const platform = sandboxGateway(t.db);
    await Promise.all(Array.from({ length: 20 }, () => deliverPending(t.db, platform)));
    // rows a worker gave back to keep the login's order are taken by the next round
    for (let i = 0; i < 5 && (await pendingOf(t.db, accountId)).length > 0; i++) await deliverPending(t.db, platform);
    expect(await pendingOf(t.db, accountId)).toHaveLength(0);
    expect(await platformMinor(email)).toBe(1_045n);
    const account = (await findAccount(t.db, email))!;
    const ops = await t.db.selectFrom('platform_balance_ops').select('op_id').where('account_id', '=', account.id).execute();
    expect(ops).toHaveLength(10);
  });

  it('a debit the platform cannot cover waits, keeps its error, and the later credit waits behind it', async () => {
    const { accountId, email } = await trader();
    await deposit(accountId, 1_000n, `m-order-${email}`);
    await deliverPending(t.db, sandboxGateway(t.db));
    // the platform balance went into a trade the broker has not heard of yet
    const account = (await findAccount(t.db, email))!;
    await moveBalance(t.db, account.id, 1_000n, 'withdrawal', 'test: spent on the platform');
    await transfer(t.db, { kind: 'tip', idempotencyKey: `m-tip-${email}`, debitAccountId: accountId, creditAccountId: await houseAccount(t.db, 'USD'), amountMinor: 600n, currency: 'USD' });
    await deposit(accountId, 50n, `m-after-${email}`);
    await deliverPending(t.db, sandboxGateway(t.db));
    const rows = await pendingOf(t.db, accountId);
    expect(rows.map((r) => r.kind)).toEqual(['tip', 'deposit']);
    expect(rows[0]!.last_error).toContain('Not enough balance');
    expect(await platformMinor(email)).toBe(0n);
  });
});

describe('money that leaves a mirrored account', () => {
  it('a withdrawal hold debits the platform, its cancel credits it back, a tip debits it', async () => {
    const { userId, accountId, email } = await trader();
    await deposit(accountId, 100_000n, `m-w-${email}`);
    const platform = sandboxGateway(t.db);
    await deliverPending(t.db, platform);
    const noFactor = { required: false, consumeGrant: async () => true };
    const held = await requestWithdrawal(
      t.db,
      userId,
      { amount: '250.00', method: 'Bank Wire', wallet: 'DE89370400440532013000', fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `m-w-${email}` },
      noFactor,
      platform,
    );
    if (held.kind !== 'done') throw new Error('expected a withdrawal');
    await deliverPending(t.db, platform);
    expect(await platformMinor(email)).toBe(75_000n);
    await endWithdrawal(t.db, held.withdrawal.id, 'cancelled', userId);
    await deliverPending(t.db, platform);
    expect(await platformMinor(email)).toBe(100_000n);
    await sendTip(t.db, userId, { value: '5', host: 'h1', key: `m-tip-${email}` }, { hosts: [{ id: 'h1', name: 'Host' }], siteHost: 'brokerage.test', platform });
    await deliverPending(t.db, platform);
    expect(await platformMinor(email)).toBe(99_500n);
    expect(await ledgerMinor(accountId)).toBe(99_500n);
    expect((await reconcile(t.db, platform, { accountIds: [accountId] })).differences).toEqual([]);
  });

  it('the stakes of open trades are not free: a withdrawal or tip above what is free is refused, nothing held', async () => {
    const { userId, accountId, email } = await trader();
    await deposit(accountId, 10_000n, `m-open-${email}`);
    const platform = sandboxGateway(t.db);
    await deliverPending(t.db, platform);
    const account = (await findAccount(t.db, email))!;
    await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '80', expiry: 60, key: `m-open-trade-${email}` });
    const refusal = await requestWithdrawal(
      t.db,
      userId,
      { amount: '50.00', method: 'Bank Wire', wallet: 'DE89370400440532013000', fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `m-open-w-${email}` },
      { required: false, consumeGrant: async () => true },
      platform,
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ status: 409, key: 'funds.in_trades', message: expect.stringContaining('up to 20.00 USD') });
    await expect(sendTip(t.db, userId, { value: '25', host: 'h1', key: `m-open-tip-${email}` }, { hosts: [{ id: 'h1', name: 'Host' }], siteHost: 'brokerage.test', platform })).rejects.toMatchObject({ key: 'funds.in_trades' });
    expect(await ledgerMinor(accountId)).toBe(10_000n);
    expect(await pendingOf(t.db, accountId)).toHaveLength(0);
    // the ledger still counts the stake: the reconciliation sees no difference
    expect((await reconcile(t.db, platform, { accountIds: [accountId] })).differences).toEqual([]);
  });
});

describe('settled trades and the reconciliation', () => {
  const EURUSD = instrumentOf('EURUSD')!;
  /** a past second at which an up trade of 10 s is won */
  /** a second of a fixed past day (never the real clock) whose sandbox price rises over the next 10 s */
  function winningSecond(): number {
    for (let s = Date.UTC(2026, 10, 29, 12); ; s += 1000) if (priceAt(EURUSD, s + 10_000) > priceAt(EURUSD, s)) return s;
  }

  it('a settled trade is booked at once and its owner told; ledger and platform agree', async () => {
    const { userId, accountId, email } = await trader();
    await deposit(accountId, 10_000n, `m-win-${email}`);
    const platform = sandboxGateway(t.db);
    const changed: number[] = [];
    const mirror = startPlatformMirror({ db: t.db, platform, log: quiet, onUserChanged: (id) => changed.push(id) });
    try {
      await mirror.flush();
      changed.length = 0;
      const account = (await findAccount(t.db, email))!;
      const at = winningSecond();
      await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: `m-win-trade-${email}` }, at);
      await settleDue(t.db, { accountId: account.id });
      await expect.poll(() => changed.includes(userId), { timeout: 5_000, interval: 20 }).toBe(true);
      const platformNow = await platformMinor(email);
      expect(platformNow).toBeGreaterThan(10_000n);
      expect(await ledgerMinor(accountId)).toBe(platformNow);
      expect(await pendingOf(t.db, accountId)).toHaveLength(0);
    } finally {
      mirror.stop();
    }
  });

  it('a movement on the platform the broker did not make is reported, stored and alerted', async () => {
    const { accountId, email } = await trader();
    await deposit(accountId, 5_000n, `m-rec-${email}`);
    const platform = sandboxGateway(t.db);
    await deliverPending(t.db, platform);
    const account = (await findAccount(t.db, email))!;
    await moveBalance(t.db, account.id, 123n, 'deposit', 'test: a platform-side correction');
    const alerts: unknown[] = [];
    const mirror = startPlatformMirror({ db: t.db, platform, log: { warn: () => {}, error: (obj) => alerts.push(obj) } });
    const report = await mirror.reconcileNow();
    mirror.stop();
    const mine = report.differences.filter((d) => d.accountId === accountId);
    expect(mine).toEqual([{ accountId, login: email, currency: 'USD', ledger: '50.00', undelivered: '0.00', platform: '51.23', difference: '-1.23', stuck: [] }]);
    expect(alerts).toHaveLength(1);
    const stored = await t.db.selectFrom('platform_reconciliations').selectAll().where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.differences)).toContain(email);
  });

  it('the seeded demo traders are on the platform with the same figures, and the ledger balances', async () => {
    const platform = sandboxGateway(t.db);
    await deliverPending(t.db, platform);
    expect(await platformMinor('trader@example.com')).toBe(1_000_000n);
    expect(await platformMinor('demo@brokerage.test')).toBe(5_000_000n);
    const seeded = await t.db.selectFrom('accounts').select('id').where('platform_login', 'in', ['trader@example.com', 'demo@brokerage.test', 'risky@example.com']).execute();
    expect(seeded).toHaveLength(3);
    expect((await reconcile(t.db, platform, { accountIds: seeded.map((a) => a.id) })).differences).toEqual([]);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
