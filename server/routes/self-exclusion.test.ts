import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcludeResponse, ExclusionStatus } from '../../core/contract/self-exclusion';
import { holdDeposit } from '../domain/protection/deposit-limits';
import { activeExclusion, excludeSelf } from '../domain/protection/self-exclusion';
import { sandboxGateway } from '../sandbox/platform/gateway';
import { openTrade } from '../sandbox/platform/trades';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { livePlatformSessions } from '../test/platform-sessions';

/**
 * A break and self-exclusion over HTTP (issue 30 §3): signed in only and with the CSRF header; the
 * password confirms it; at once every session of the trader ends (this browser's, another's, the
 * platform's), sign-in is refused with the end date (before a second factor is asked), a new
 * deposit by any method is refused where every method takes its hold, the platform refuses a
 * trade; a deposit begun before it still completes; a second choice cannot shorten it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const signedInUser = async (b: ReturnType<TestApp['browser']>) => ((await b.send('GET', '/api/me')).json() as { user: unknown }).user;
const userIdOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const platformAccountOf = async (login: string) => (await t.db.selectFrom('platform_accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

describe('GET and POST /api/self-exclusion', () => {
  it('signed in only; the POST needs the CSRF header, a known choice and the right password', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/self-exclusion')).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/self-exclusion', { json: { choice: '24h', password: 'x' } })).statusCode).toBe(401);
    const b = t.browser();
    const user = await freshUser(b, { balances: [] });
    const forged = await b.send('POST', '/api/self-exclusion', { json: { choice: '24h', password: user.password }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    const unknown = await b.send('POST', '/api/self-exclusion', { json: { choice: '2d', password: user.password } });
    expect([unknown.statusCode, unknown.json().error, unknown.json().fields]).toEqual([400, 'exclusion.choice', { choice: 'exclusion.choice' }]);
    const wrong = await b.send('POST', '/api/self-exclusion', { json: { choice: '24h', password: 'not-it' } });
    expect([wrong.statusCode, wrong.json().error, wrong.json().fields]).toEqual([401, 'exclusion.password', { password: 'exclusion.password' }]);
    expect(ExclusionStatus.parse((await b.send('GET', '/api/self-exclusion')).json())).toEqual({ active: null });
    expect(await activeExclusion(t.db, await userIdOf(user.email), new Date())).toBeNull();
    expect(await signedInUser(b)).not.toBeNull();
  });

  it('a break: every session ends, sign-in is refused with the end date, deposits and trades are refused', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '200' }] });
    const userId = await userIdOf(user.email);
    const other = t.browser();
    await other.me();
    expect((await other.signIn(user.email, user.password)).statusCode).toBe(200);
    // a deposit begun before the break (its hold taken) may still complete
    const before = `before-${randomUUID()}`;
    await t.db.transaction().execute((trx) => holdDeposit(trx, undefined, { userId, source: 'bank', ref: before, amountMinor: 5000n, currency: 'USD', now: new Date() }));

    const started = Date.now();
    const res = await b.send('POST', '/api/self-exclusion', { json: { choice: '7d', password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ExcludeResponse.parse(res.json());
    expect(answer.kind).toBe('timeout');
    const until = new Date(answer.until).getTime();
    expect(until - started).toBeGreaterThanOrEqual(7 * 24 * 3_600_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * 24 * 3_600_000);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(await signedInUser(b)).toBeNull();
    expect(await signedInUser(other)).toBeNull();
    expect(await livePlatformSessions(t.db, user.email, new Date())).toEqual([]);

    const again = t.browser();
    await again.me();
    const refused = await again.signIn(user.email, user.password);
    expect([refused.statusCode, refused.json().error, refused.json().params]).toEqual([403, 'login.excluded', { until: answer.until, kind: 'timeout' }]);
    // a wrong password says only that
    const guess = await again.signIn(user.email, 'not-it');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().error).not.toBe('login.excluded');

    // every deposit method takes its hold through holdDeposit: a new one is refused with the date
    const hold = (ref: string) => t.db.transaction().execute((trx) => holdDeposit(trx, undefined, { userId, source: 'card', ref, amountMinor: 1000n, currency: 'USD', now: new Date() }));
    await expect(hold(`during-${randomUUID()}`)).rejects.toMatchObject({ status: 403, key: 'deposit.excluded', params: { until: answer.until, kind: 'timeout' } });
    // the one begun before completes (its start again holds nothing new and is not refused)
    await expect(t.db.transaction().execute((trx) => holdDeposit(trx, undefined, { userId, source: 'bank', ref: before, amountMinor: 5000n, currency: 'USD', now: new Date() }))).resolves.toBeUndefined();

    // the platform refuses a trade until the end, and takes one after it
    const account = await platformAccountOf(user.email);
    const trade = { symbol: 'EURUSD', direction: 'up' as const, amount: '10', expiry: 10 };
    await expect(openTrade(t.db, account, { ...trade, key: `blocked-${randomUUID()}` })).rejects.toMatchObject({ status: 403, key: 'trading.blocked', params: { until: answer.until } });
    await expect(openTrade(t.db, account, { ...trade, key: `after-${randomUUID()}` }, until + 1000)).resolves.toMatchObject({ status: 'open' });
  });

  it('cannot be shortened: a shorter choice keeps the end; a longer one moves it; an exclusion refuses before a second factor', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [], two_factor: 'email' });
    const userId = await userIdOf(user.email);
    const first = await b.send('POST', '/api/self-exclusion', { json: { choice: '6m', password: user.password } });
    expect(first.statusCode, first.body).toBe(200);
    const year = ExcludeResponse.parse(first.json());
    expect(year.kind).toBe('exclusion');
    const running = await activeExclusion(t.db, userId, new Date());
    expect(running).toMatchObject({ kind: 'exclusion', until: new Date(year.until) });
    // the platform refuses trades until the exclusion's end
    const blocked = await t.db.selectFrom('platform_accounts').select('trading_blocked_until').where('login', '=', user.email).executeTakeFirstOrThrow();
    expect(blocked.trading_blocked_until?.toISOString()).toBe(year.until);
    const next = t.browser();
    await next.me();
    const stopped = await next.signIn(user.email, user.password);
    expect([stopped.statusCode, stopped.json().error, stopped.json().params]).toEqual([403, 'login.excluded', { until: year.until, kind: 'exclusion' }]);
    // nothing in the product can end it early: even a session that outlived it could only lengthen it
    const deps = { db: t.db, platform: sandboxGateway(t.db) };
    const shorter = await excludeSelf(deps, userId, { choice: '24h', password: user.password }, '127.0.0.1', new Date());
    expect(shorter).toEqual({ kind: 'exclusion', until: year.until });
    const longer = await excludeSelf(deps, userId, { choice: '1y', password: user.password }, '127.0.0.1', new Date());
    expect(longer.kind).toBe('exclusion');
    expect(new Date(longer.until).getTime()).toBeGreaterThan(new Date(year.until).getTime());
    const after = await t.db.selectFrom('platform_accounts').select('trading_blocked_until').where('login', '=', user.email).executeTakeFirstOrThrow();
    expect(after.trading_blocked_until?.toISOString()).toBe(longer.until);
  });
});
