import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, FreshUserResponse, LoginResponse, OutboxList } from '../../core/contract';
import { ForgetCheckResponse, ForgetResetResponse, ForgetResponse } from '../../core/contract/forgot';
import '../db/schema-password-reset';
import { FORGOT_LIMITS } from '../domain/forgot/limits';
import { hashToken } from '../domain/tokens';
import { testApp, type Browser, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
// every test starts under the limits (they are counted per address, and every injected request comes from 127.0.0.1)
beforeEach(async () => {
  await t.db.deleteFrom('password_reset_requests').execute();
});
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = 'Fresh-Reset-2026!';

async function visitor(): Promise<Browser> {
  const b = t.browser();
  await b.me();
  return b;
}

/** A new sandbox user (not signed in anywhere). */
async function newUser(two_factor: '' | 'email' = ''): Promise<FreshUserResponse> {
  const b = await visitor();
  const res = await b.send('POST', '/api/sandbox/fresh-user', { json: { two_factor } });
  expect(res.statusCode).toBe(200);
  return FreshUserResponse.parse(res.json());
}

const ask = (b: Browser, email: string, lang = 'en') => b.send('POST', '/api/forget', { json: { email, lang } });
const check = (b: Browser, token: string) => b.send('POST', '/api/forget/check', { json: { token } });
const reset = (b: Browser, token: string, password = NEW_PASSWORD) => b.send('POST', '/api/forget/reset', { json: { token, password } });

async function outbox(b: Browser, email: string) {
  return OutboxList.parse((await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(email)}`)).json()).messages;
}

/** The token of the newest reset link emailed to `email`. */
async function linkToken(b: Browser, email: string): Promise<string> {
  const mail = (await outbox(b, email)).find((m) => m.subject === 'Reset your password' || m.subject === 'Сброс пароля');
  const token = /\/(?:en|ru)\/reset\?token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

const tokens = (userId: string) => t.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', Number(userId)).orderBy('id').execute();

describe('POST /api/forget', () => {
  it('answers the same for an email with an account and one without', async () => {
    const user = await newUser();
    const b = await visitor();
    const known = await ask(b, ` ${user.email.toUpperCase()} `);
    const unknown = await ask(b, 'nobody-here@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(ForgetResponse.parse(known.json())).toEqual(ForgetResponse.parse(unknown.json()));
    expect(known.json()).toEqual({ return: true, message: expect.stringContaining('If an account exists for this email') });
    // only the account gets an email and a link; both asks are counted
    expect(await outbox(b, 'nobody-here@example.com')).toEqual([]);
    expect((await tokens(user.userId)).length).toBe(1);
    const counted = await t.db.selectFrom('password_reset_requests').select('email').orderBy('id').execute();
    expect(counted.map((r) => r.email)).toEqual([user.email, 'nobody-here@example.com']);
  });

  it('emails a single-use link to /{lang}/reset with a 43-character token, stored only as its SHA-256', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email, 'ru');
    const [mail] = await outbox(b, user.email);
    // asked from the Russian page: the email is in Russian, its link absolute (config.siteUrl)
    expect(mail).toMatchObject({ channel: 'email', address: user.email, subject: 'Сброс пароля' });
    expect(mail!.body).toMatch(new RegExp(`(^|\\s)${t.config.siteUrl}/ru/reset\\?token=[A-Za-z0-9_-]{43}\\b`));
    expect(mail!.body).toContain('30 минут');
    await ask(b, user.email, 'en');
    const [english] = await outbox(b, user.email);
    expect(english).toMatchObject({ subject: 'Reset your password' });
    expect(english!.body).toMatch(new RegExp(`(^|\\s)${t.config.siteUrl}/en/reset\\?token=[A-Za-z0-9_-]{43}\\b`));
    expect(english!.body).toContain('30 minutes');
    const token = await linkToken(b, user.email);
    const row = (await tokens(user.userId)).at(-1);
    expect(row!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(30 * 60_000);
    const found = await sql<{ n: number }>`select count(*)::int as n from password_reset_tokens where token_hash = ${token}`.execute(t.db);
    expect(found.rows[0]!.n).toBe(0);
  });

  it('a bad email is 400 forget.email and writes nothing', async () => {
    const b = await visitor();
    for (const email of ['not-an-email', '', 'a@b']) {
      const res = await ask(b, email);
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json())).toEqual({ error: 'forget.email', message: 'Please enter a valid email address.' });
    }
    const long = await ask(b, `${'x'.repeat(260)}@example.com`);
    expect([long.statusCode, long.json().fields]).toEqual([400, { email: 'forget.email' }]);
    expect(await t.db.selectFrom('password_reset_requests').selectAll().execute()).toEqual([]);
  });

  it('is limited per email: the 4th ask in 15 minutes is 429 with Retry-After, for an unknown email too', async () => {
    const user = await newUser();
    const b = await visitor();
    for (const email of [user.email, 'ghost-limit@example.com']) {
      for (let i = 0; i < FORGOT_LIMITS.perEmail; i++) expect((await ask(b, email)).statusCode).toBe(200);
      const res = await ask(b, email);
      expect(res.statusCode).toBe(429);
      expect(ApiError.parse(res.json())).toMatchObject({ error: 'forget.limited', message: expect.stringMatching(/for this email\. Please try again in 15 minutes\./) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // three links were made for the account; the refused ask sent nothing
    expect((await outbox(b, user.email)).filter((m) => m.subject === 'Reset your password').length).toBe(3);
    // 15 minutes later the email may ask again
    await sql`update password_reset_requests set at = at - interval '16 minutes'`.execute(t.db);
    expect((await ask(b, user.email)).statusCode).toBe(200);
  });

  it('is limited per client address', async () => {
    const b = await visitor();
    for (let i = 0; i < FORGOT_LIMITS.perIp; i++) expect((await ask(b, `walker-${i}@example.com`)).statusCode).toBe(200);
    const res = await ask(b, 'walker-last@example.com');
    expect(res.statusCode).toBe(429);
    expect(ApiError.parse(res.json())).toMatchObject({ error: 'forget.limited', message: expect.stringContaining('from your network') });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuses a call without the CSRF header (403), writing nothing, like the other two calls', async () => {
    const b = await visitor();
    for (const [url, json] of [
      ['/api/forget', { email: 'trader@example.com' }],
      ['/api/forget/check', { token: 'x'.repeat(43) }],
      ['/api/forget/reset', { token: 'x'.repeat(43), password: NEW_PASSWORD }],
    ] as const) {
      const res = await b.send('POST', url, { json, csrf: false });
      expect([res.statusCode, res.json().error]).toEqual([403, 'csrf']);
    }
    expect(await t.db.selectFrom('password_reset_requests').selectAll().execute()).toEqual([]);
  });
});

describe('the link', () => {
  it('check tells a working link without using it; GET of the page changes nothing', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    await b.send('GET', `/en/reset?token=${token}`);
    for (let i = 0; i < 2; i++) {
      const res = await check(b, token);
      expect(res.statusCode).toBe(200);
      expect(ForgetCheckResponse.parse(res.json()).return).toBe(true);
    }
    expect((await tokens(user.userId))[0]!.used_at).toBeNull();
    const unknown = await check(b, 'A'.repeat(43));
    expect([unknown.statusCode, unknown.json()]).toEqual([410, { error: 'forget.link', message: 'This link is no longer valid. Ask for a new one.' }]);
    expect((await check(b, 'short')).statusCode).toBe(410);
  });

  it('expires 30 minutes after it was asked for (the clock moved)', async () => {
    const user = await newUser();
    const b = await visitor();
    const start = Date.now();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 29 * 60_000);
    expect((await check(b, token)).statusCode).toBe(200);
    vi.setSystemTime(start + 30 * 60_000 + 1000);
    expect((await check(b, token)).json()).toMatchObject({ error: 'forget.link' });
    const late = await reset(b, token);
    expect([late.statusCode, late.json().error]).toEqual([410, 'forget.link']);
    vi.useRealTimers();
    // nothing changed: the old password still signs in
    expect(LoginResponse.parse((await t.browser().signIn(user.email, user.password)).json()).ok).toBe(true);
  });

  it('a newer ask stops the older link', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email);
    const first = await linkToken(b, user.email);
    await ask(b, user.email);
    const second = await linkToken(b, user.email);
    expect(second).not.toBe(first);
    expect((await check(b, first)).statusCode).toBe(410);
    expect((await reset(b, first)).json()).toMatchObject({ error: 'forget.link' });
    expect((await check(b, second)).statusCode).toBe(200);
  });
});

describe('POST /api/forget/reset', () => {
  it('sets the password, signs out every session, keeps two-factor, tells the owner; no sign-in', async () => {
    const user = await newUser('email');
    // the owner is signed in on two devices (two-factor passed)
    const phone = t.browser();
    const laptop = t.browser();
    for (const device of [phone, laptop]) {
      // a new code may be sent 30 s after the last one
      await sql`update two_factor_codes set created_at = created_at - interval '1 minute' where user_id = ${Number(user.userId)}`.execute(t.db);
      const signed = await device.signIn(user.email, user.password);
      expect(LoginResponse.parse(signed.json()).factor).toBe('email');
      const [mail] = await outbox(device, user.email);
      const checked = await device.send('POST', '/api/fraud/factors_check', { json: { type: 'email', code: mail!.code, purpose: 'login' } });
      expect(checked.json()).toMatchObject({ success: true });
      expect((await device.me()).user?.email).toBe(user.email);
    }
    const b = await visitor();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    const res = await reset(b, token);
    expect(res.statusCode).toBe(200);
    expect(ForgetResetResponse.parse(res.json())).toEqual({ return: true, message: expect.stringContaining('Your password has been changed') });

    // no automatic sign-in; every session of the account is gone
    expect((await b.me()).user).toBeNull();
    expect((await phone.me()).user).toBeNull();
    expect((await laptop.me()).user).toBeNull();
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', Number(user.userId)).execute()).toEqual([]);

    // the owner is told
    const [notice] = await outbox(b, user.email);
    expect(notice).toMatchObject({ subject: 'Your password was changed' });
    expect(notice!.body).toContain('Two-factor authentication stays on');

    // the old password no longer works; the new one does, and two-factor is still asked
    const old = t.browser();
    expect((await old.signIn(user.email, user.password)).statusCode).toBe(401);
    const again = t.browser();
    const signed = await again.signIn(user.email, NEW_PASSWORD);
    expect(signed.statusCode).toBe(200);
    expect(LoginResponse.parse(signed.json())).toMatchObject({ ok: true, factor: 'email' });
    expect((await again.me()).user).toBeNull();
    expect((await t.db.selectFrom('users').select('two_factor').where('id', '=', Number(user.userId)).executeTakeFirstOrThrow()).two_factor).toBe('email');
  });

  it('works once: a second use is refused the same way', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    expect((await reset(b, token)).statusCode).toBe(200);
    const second = await reset(b, token, 'Another-Reset-2026!');
    expect([second.statusCode, second.json()]).toEqual([410, { error: 'forget.link', message: 'This link is no longer valid. Ask for a new one.' }]);
    expect((await check(b, token)).statusCode).toBe(410);
    expect(LoginResponse.parse((await t.browser().signIn(user.email, NEW_PASSWORD)).json()).ok).toBe(true);
  });

  it('two parallel uses of one link: exactly one succeeds', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    const other = await visitor();
    const answers = await Promise.all([reset(b, token, 'Parallel-One-2026!'), reset(other, token, 'Parallel-Two-2026!')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const winner = answers[0]!.statusCode === 200 ? 'Parallel-One-2026!' : 'Parallel-Two-2026!';
    const loser = winner === 'Parallel-One-2026!' ? 'Parallel-Two-2026!' : 'Parallel-One-2026!';
    expect((await t.browser().signIn(user.email, loser)).statusCode).toBe(401);
    expect((await t.browser().signIn(user.email, winner)).statusCode).toBe(200);
    expect((await outbox(b, user.email)).filter((m) => m.subject === 'Your password was changed').length).toBe(1);
  });

  it('refuses a password the policy refuses (400 with its key) and leaves the link usable', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    const cases: [string, string][] = [
      ['short', 'register.password_short'],
      ['password123', 'register.password_common'],
      [`${user.email}-2026`, 'register.password_email'],
      ['', 'register.required'],
    ];
    for (const [password, key] of cases) {
      const res = await reset(b, token, password);
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json())).toMatchObject({ error: key, message: expect.any(String) });
    }
    expect((await reset(b, token, 'x'.repeat(129))).json()).toMatchObject({ error: 'validation', fields: { password: 'register.password_long' } });
    expect((await tokens(user.userId))[0]!.used_at).toBeNull();
    expect((await check(b, token)).statusCode).toBe(200);
    expect(LoginResponse.parse((await t.browser().signIn(user.email, user.password)).json()).ok).toBe(true);
  });

  it('a reset stops the other links of the account', async () => {
    const user = await newUser();
    const b = await visitor();
    await ask(b, user.email);
    const token = await linkToken(b, user.email);
    // a link made at the same time (as if asked from another tab just before) is stopped by the reset
    await t.db
      .insertInto('password_reset_tokens')
      .values({ user_id: Number(user.userId), token_hash: hashToken('B'.repeat(43)), created_at: new Date(), expires_at: new Date(Date.now() + 60_000) })
      .execute();
    expect((await reset(b, token)).statusCode).toBe(200);
    expect((await check(b, 'B'.repeat(43))).statusCode).toBe(410);
  });
});
