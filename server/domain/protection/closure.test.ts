import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, type TestDb } from '../../test/db';
import { houseAccount, transfer } from '../ledger';
import { hashPassword } from '../passwords';
import type { PlatformGateway } from '../ports';
import { createSession } from '../sessions';
import { endWithdrawal, requestWithdrawal } from '../withdrawals/withdrawals';
import { closeAccount, closureBlockers, type ClosureDeps } from './closure';
import { assertMaySignIn } from './sign-in-gate';

/**
 * Closing the account, in the domain (issue 30 §8): each blocker found from the records that hold
 * it (the ledger's balance, the platform's open stakes, a pending withdrawal, a deposit's hold),
 * the closure refused while any is there, then recorded with every session ended, and the sign-in
 * gate closed behind it. Fixed moments; the real clock is never read by an assertion.
 */
let t: TestDb;
const NOW = new Date('2025-09-01T10:00:00Z');
const PASSWORD = 'Closing-2026';
/** the platform's word on open stakes: `all` is available plus what open trades hold */
let platformAll: string | undefined;
const platform = {
  verifyToken: async () => null,
  createAccount: async () => true,
  userInfo: async () => ({ available: '0.00', currency: 'EUR', ...(platformAll !== undefined && { all: platformAll }) }),
} as unknown as PlatformGateway;
let deps: ClosureDeps;

beforeAll(async () => {
  t = await freshDb({ seed: false });
  deps = { db: t.db, platform };
});
afterAll(() => t?.close());

let n = 0;
async function trader(fund = 0n) {
  n += 1;
  const user = await t.db
    .insertInto('users')
    .values({ email: `closing-${n}@example.com`, password_hash: await hashPassword(PASSWORD), country: 'DE', currency: 'EUR', verification: 'Full', wd_methods: 'Bank Wire', current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await t.db.insertInto('accounts').values({ user_id: user.id, currency: 'EUR', type: 'trading', account_group: 'standard', platform_login: `closing-${n}` }).returning('id').executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ current_account_id: account.id }).where('id', '=', user.id).execute();
  if (fund > 0n) await transfer(t.db, { kind: 'deposit', idempotencyKey: `closing:${n}`, debitAccountId: await houseAccount(t.db, 'EUR'), creditAccountId: account.id, amountMinor: fund, currency: 'EUR' });
  return { userId: user.id, accountId: account.id };
}
const close = (userId: number, over: Partial<{ reason: string; text: string; password: string }> = {}) =>
  closeAccount(deps, userId, { reason: 'not_using', text: '', password: PASSWORD, ...over }, '127.0.0.1', NOW);
const hold = (userId: number, ref: string, expiresAt: Date) =>
  t.db.insertInto('deposit_holds').values({ user_id: userId, source: 'bank', ref, amount_minor: 30_000n, currency: 'EUR', counted_minor: 30_000n, counted_currency: 'EUR', created_at: NOW, expires_at: expiresAt, updated_at: NOW }).execute();

describe('what stops a closure', () => {
  it('money in the account, a pending withdrawal, an open trade and a deposit under way, each with its amount', async () => {
    const { userId } = await trader(100_000n);
    platformAll = undefined;
    expect(await closureBlockers(deps, t.db, userId, NOW)).toEqual([{ kind: 'balance', amount: '1000.00', currency: 'EUR', count: 1 }]);
    const noFactor = { required: false, consumeGrant: async () => true };
    const asked = await requestWithdrawal(t.db, userId, { amount: '1000.00', method: 'Bank Wire', wallet: 'DE89370400440532013000', fixed: false, alt: '', currency: 'EUR', is_bonus: false, key: `closing-w-${userId}` }, noFactor);
    platformAll = '25.50';
    await hold(userId, `closing-${userId}-open`, new Date(NOW.getTime() + 60_000));
    await hold(userId, `closing-${userId}-expired`, new Date(NOW.getTime() - 1));
    expect(await closureBlockers(deps, t.db, userId, NOW)).toEqual([
      { kind: 'open_trade', amount: '25.50', currency: 'EUR', count: 1 },
      { kind: 'pending_withdrawal', amount: '1000.00', currency: 'EUR', count: 1 },
      { kind: 'pending_deposit', amount: '300.00', currency: 'EUR', count: 1 },
    ]);
    await expect(close(userId)).rejects.toMatchObject({ status: 409, key: 'closure.blocked', params: { kinds: 'open_trade,pending_withdrawal,pending_deposit' } });
    expect(await t.db.selectFrom('account_closures').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
    // settled: the withdrawal paid, the trade closed, the deposit's hold released
    if (asked.kind !== 'done') throw new Error(`withdrawal: ${asked.kind}`);
    await endWithdrawal(t.db, asked.withdrawal.id, 'paid', userId);
    platformAll = '0.00';
    await t.db.updateTable('deposit_holds').set({ status: 'released' }).where('user_id', '=', userId).execute();
    expect(await closureBlockers(deps, t.db, userId, NOW)).toEqual([]);
  });

  it('the platform unreachable: refused with 503, not taken for "nothing open"', async () => {
    const { userId } = await trader();
    const down = { ...platform, userInfo: async () => { throw new Error('down'); } } as PlatformGateway;
    await expect(closureBlockers({ db: t.db, platform: down }, t.db, userId, NOW)).rejects.toMatchObject({ status: 503, key: 'platform.unavailable' });
  });
});

describe('closing', () => {
  it('checks the reason, the text with "other" and the password before anything', async () => {
    const { userId } = await trader();
    platformAll = undefined;
    await expect(close(userId, { reason: 'bored' })).rejects.toMatchObject({ status: 400, key: 'closure.reason' });
    await expect(close(userId, { reason: 'other', text: ' a ' })).rejects.toMatchObject({ status: 400, key: 'closure.text', fields: { text: 'closure.text' } });
    await expect(close(userId, { text: 'x'.repeat(1001) })).rejects.toMatchObject({ status: 400, key: 'closure.text' });
    await expect(close(userId, { password: 'wrong' })).rejects.toMatchObject({ status: 401, key: 'closure.password', fields: { password: 'closure.password' } });
    expect(await t.db.selectFrom('account_closures').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('when nothing is left: recorded with the reason, every session ended, the records kept, sign-in refused; asking again changes nothing', async () => {
    const { userId, accountId } = await trader();
    platformAll = undefined;
    await createSession(t.db, userId);
    await createSession(t.db, userId);
    // allowed, and not a withdraw-only session (no break runs)
    await expect(assertMaySignIn(t.db, userId)).resolves.toBe(false);
    expect(await close(userId, { reason: 'control', text: '  I want to stop.  ' })).toEqual({ closed: true, closed_at: NOW.toISOString() });
    expect(await t.db.selectFrom('account_closures').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow()).toEqual({ user_id: userId, reason: 'control', text: 'I want to stop.', closed_at: NOW });
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('accounts').select('id').where('id', '=', accountId).execute()).toEqual([{ id: accountId }]);
    await expect(assertMaySignIn(t.db, userId)).rejects.toMatchObject({ status: 403, key: 'login.closed' });
    expect(await close(userId)).toEqual({ closed: true, closed_at: NOW.toISOString() });
  });
});
