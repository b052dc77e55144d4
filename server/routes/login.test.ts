import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, LoginResponse } from '../../core/contract';
import { hashToken } from '../domain/tokens';
import { testApp, type TestApp } from '../test/client';
import { rowCounts } from '../test/db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const attempts = async (email: string, outcome: string) =>
  Number(
    (
      await t.db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email)
        .where('scope', '=', 'site')
        .where('outcome', '=', outcome as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/login', () => {
  it('signs in: HttpOnly cookie, new session id, new CSRF token, user in /api/me', async () => {
    const b = t.browser();
    const anonymous = await b.me();
    const sidBefore = b.cookies.get('sid')!;
    expect(anonymous.user).toBeNull();
    const platform = await b.platformLogin('trader@example.com', 'Trader-2026');
    const token = platform.json().data.token as string;
    const res = await b.login('Trader@Example.com ', 'Trader-2026', token);
    expect(res.statusCode).toBe(200);
    expect(LoginResponse.parse(res.json())).toEqual({ ok: true, message: 'Signed in.' });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).not.toBe(sidBefore);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the old session is gone (no fixation), the new one is stored only as a hash
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(sidBefore)).executeTakeFirst()).toBeUndefined();
    const stored = await t.db.selectFrom('sessions').selectAll().where('id', '=', hashToken(cookie.value)).executeTakeFirstOrThrow();
    expect(stored.user_id).not.toBeNull();
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', cookie.value).executeTakeFirst()).toBeUndefined();
    const me = await b.me();
    expect(me.user?.email).toBe('trader@example.com');
    expect(me.csrf).not.toBe(anonymous.csrf);
    expect(stored.csrf).toBe(me.csrf);
  });

  it('the old CSRF token stops working after sign-in', async () => {
    const b = t.browser();
    const anonymous = await b.me();
    await b.signIn('trader@example.com', 'Trader-2026');
    const res = await b.send('POST', '/api/us/handler', { json: { error: 'x', url: '/' }, headers: { 'x-csrf-token': anonymous.csrf }, csrf: false });
    expect(res.statusCode).toBe(403);
  });

  it('wrong password: 401 login.password, counted, nothing else changes', async () => {
    const b = t.browser();
    await b.me();
    const token = (await b.platformLogin('risky@example.com', 'Risky-2026')).json().data.token as string;
    const before = await rowCounts(t.db);
    const res = await b.login('risky@example.com', 'wrong-password', token);
    expect(res.statusCode).toBe(401);
    expect(ApiError.parse(res.json())).toMatchObject({ error: 'login.password', message: 'Wrong email or password.' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const after = await rowCounts(t.db);
    expect(after).toEqual({ ...before, login_attempts: before.login_attempts + 1 });
    expect(await attempts('risky@example.com', 'fail')).toBe(1);
    expect((await b.me()).user).toBeNull();
  });

  it('an unknown email gets the same answer as a wrong password', async () => {
    // a platform account without a broker user: the token is valid, the user does not exist
    await t.db.insertInto('platform_accounts').values({ login: 'ghost@example.com', password_hash: 'x', currency: 'USD' }).execute();
    const account = await t.db.selectFrom('platform_accounts').select('id').where('login', '=', 'ghost@example.com').executeTakeFirstOrThrow();
    const { createPlatformSession } = await import('../test/sandbox');
    const { token } = await createPlatformSession(t.db, account.id);
    const b = t.browser();
    await b.me();
    const res = await b.login('ghost@example.com', 'whatever', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'login.password', message: 'Wrong email or password.' });
  });

  it('platform token of another login, or no live token: 401 login.platform_token', async () => {
    const b = t.browser();
    await b.me();
    const other = (await b.platformLogin('risky@example.com', 'Risky-2026')).json().data.token as string;
    const mismatch = await b.login('trader@example.com', 'Trader-2026', other);
    expect(mismatch.statusCode).toBe(401);
    expect(mismatch.json().error).toBe('login.platform_token');
    const bogus = await b.login('trader@example.com', 'Trader-2026', 'not-a-token');
    expect(bogus.json().error).toBe('login.platform_token');
    const empty = await b.login('trader@example.com', 'Trader-2026', '');
    expect(empty.json().error).toBe('login.platform_token');
    // a token of a logged-out platform session no longer works
    const own = (await b.platformLogin('trader@example.com', 'Trader-2026')).json().data.token as string;
    await b.send('POST', '/platform/logout', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const stale = await b.login('trader@example.com', 'Trader-2026', own);
    expect(stale.json().error).toBe('login.platform_token');
    expect((await b.me()).user).toBeNull();
  });

  it('locks the email after 5 failures in 15 minutes, even for the right password, then unlocks', async () => {
    const email = 'demo@brokerage.test';
    const b = t.browser();
    await b.me();
    const token = (await b.platformLogin(email, 'Demo-2026')).json().data.token as string;
    for (let i = 0; i < 5; i++) {
      const res = await b.login(email, `wrong-${i}`, token);
      expect(res.statusCode).toBe(401);
    }
    const locked = await b.login(email, 'Demo-2026', token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('login.locked');
    expect(locked.json().message).toMatch(/Try again in 15 minutes \(after \d\d:\d\d UTC\)/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await b.me()).user).toBeNull();
    // another browser (another instance would read the same rows) is locked out too
    const other = t.browser();
    await other.me();
    expect((await other.login(email, 'Demo-2026', token)).statusCode).toBe(429);
    // refused attempts do not extend the lock and were not checked
    expect(await attempts(email, 'locked')).toBe(2);
    expect(await attempts(email, 'fail')).toBe(5);

    // 16 minutes later the lock is over
    await sql`update login_attempts set at = at - interval '16 minutes' where email = ${email}`.execute(t.db);
    const res = await b.login(email, 'Demo-2026', token);
    expect(res.statusCode).toBe(200);
    expect((await b.me()).user?.email).toBe(email);
  });

  it('failures older than 15 minutes apart do not lock; a success resets the count', async () => {
    const email = 'trader@example.com';
    const b = t.browser();
    await b.me();
    const token = (await b.platformLogin(email, 'Trader-2026')).json().data.token as string;
    for (let i = 0; i < 4; i++) expect((await b.login(email, 'nope', token)).statusCode).toBe(401);
    expect((await b.login(email, 'Trader-2026', token)).statusCode).toBe(200);
    await b.me();
    for (let i = 0; i < 4; i++) expect((await b.login(email, 'nope', token)).statusCode).toBe(401);
    // 4 after the success: not locked
    expect((await b.login(email, 'Trader-2026', token)).statusCode).toBe(200);
  });

  it('parallel wrong guesses cannot get past the limit', async () => {
    const email = 'risky@example.com';
    await sql`delete from login_attempts where email = ${email}`.execute(t.db);
    const b = t.browser();
    await b.me();
    const token = (await b.platformLogin(email, 'Risky-2026')).json().data.token as string;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => b.login(email, `guess-${i}`, token)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(7);
    expect(await attempts(email, 'fail')).toBeLessThanOrEqual(5);
  });
});
