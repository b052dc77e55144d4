import { bech32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactorsCheckResponse, LoginResponse, OutboxList, TwoFactorsResponse } from '../../core/contract';
import { totpCode } from '../domain/security/totp';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

async function lastCode(b: Browser, email: string): Promise<string> {
  const list = OutboxList.parse((await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(email)}`)).json());
  const code = list.messages[0]?.code;
  if (!code) throw new Error('no code in the outbox');
  return code;
}
const twoFactors = (b: Browser, body: Record<string, unknown>) => b.send('POST', '/api/fraud/two_factors', { json: body });
const factorsCheck = (b: Browser, body: Record<string, unknown>) => b.send('POST', '/api/fraud/factors_check', { json: body });

/** Sets up google on a signed-in browser; returns the secret. */
async function enableGoogle(b: Browser, email: string): Promise<string> {
  expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'google', state: true })).json())).toMatchObject({ success: true, next: 'code', channel: 'email' });
  const emailStep = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, email), purpose: 'setup' })).json());
  expect(emailStep.success).toBe(true);
  expect(emailStep.qr).toMatch(/^otpauth:\/\/totp\/Brokerage:.+secret=[A-Z2-7]{32}/);
  const secret = emailStep.secret!;
  expect(emailStep.qr).toContain(`secret=${secret}`);
  const saved = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'google', code: totpCode(secret), purpose: 'setup' })).json());
  expect(saved).toMatchObject({ success: true, message: 'Saving Successfully' });
  return secret;
}

/** The whole sign-in up to the factor question. */
async function passwordStep(b: Browser, email: string, password: string) {
  await b.me();
  const platform = await b.platformLogin(email, password);
  return b.login(email, password, platform.json().data.token as string);
}

describe('two-factor methods', () => {
  it('email: a code goes to the sandbox outbox; entering it saves the method', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const start = TwoFactorsResponse.parse((await twoFactors(b, { type: 'email', state: true })).json());
    expect(start).toEqual({ success: true, next: 'code', channel: 'email', message: 'We sent a code to your email.' });
    const wrong = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: '000000', purpose: 'setup' })).json());
    expect(wrong).toMatchObject({ success: false, disabled: false, message: 'Wrong code. 4 attempts left.' });
    const ok = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, user.email), purpose: 'setup' })).json());
    expect(ok).toMatchObject({ success: true, message: 'Saving Successfully' });
    expect((await b.me()).user?.two_factor).toBe('email');
  });

  it('google: the email code first, then a real TOTP secret; a sign-in then asks for the code, never accepts one twice', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const secret = await enableGoogle(b, user.email);
    expect((await b.me()).user?.two_factor).toBe('google');

    const login = t.browser();
    const answer = LoginResponse.parse((await passwordStep(login, user.email, user.password)).json());
    expect(answer).toMatchObject({ ok: true, factor: 'google' });
    expect((await login.me()).user).toBeNull();
    const sidBefore = login.cookies.get('sid');
    const wrong = FactorsCheckResponse.parse((await factorsCheck(login, { type: 'google', code: '123456', purpose: 'login' })).json());
    expect(wrong.success).toBe(false);
    // the setup code's step was used: the next step's code (one step of drift) signs in
    const code = totpCode(secret, Date.now() + 30_000);
    const ok = await factorsCheck(login, { type: 'google', code, purpose: 'login' });
    expect(FactorsCheckResponse.parse(ok.json())).toMatchObject({ success: true });
    expect(login.cookies.get('sid')).not.toBe(sidBefore);
    expect((await login.me()).user?.email).toBe(user.email);

    // the same code in another sign-in is refused (replay)
    const again = t.browser();
    await passwordStep(again, user.email, user.password);
    const replay = FactorsCheckResponse.parse((await factorsCheck(again, { type: 'google', code, purpose: 'login' })).json());
    expect(replay.success).toBe(false);
    expect((await again.me()).user).toBeNull();
  });

  it('a sign-in factor of another type, or without a password step, is refused', async () => {
    const b = t.browser();
    await b.me();
    const res = await factorsCheck(b, { type: 'email', code: '123456', purpose: 'login' });
    expect([res.statusCode, res.json().error]).toEqual([401, 'factor.no_challenge']);
  });

  it('five wrong codes disable entry (even the right code), counted in the database', async () => {
    const b = t.browser();
    const user = await freshUser(b, { two_factor: 'email' });
    const login = t.browser();
    expect(LoginResponse.parse((await passwordStep(login, user.email, user.password)).json()).factor).toBe('email');
    const code = await lastCode(login, user.email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(FactorsCheckResponse.parse((await factorsCheck(login, { type: 'email', code: code === '111111' ? '222222' : '111111', purpose: 'login' })).json()));
    expect(answers.map((a) => a.disabled)).toEqual([false, false, false, false, true]);
    expect(answers[3].message).toBe('Wrong code. 1 attempt left.');
    const right = FactorsCheckResponse.parse((await factorsCheck(login, { type: 'email', code, purpose: 'login' })).json());
    expect(right).toMatchObject({ success: false, disabled: true });
    expect((await login.me()).user).toBeNull();
  });

  it('email resend: a new code replaces the old one; a second resend within 30 s waits', async () => {
    const b = t.browser();
    const user = await freshUser(b, { two_factor: 'email' });
    const login = t.browser();
    await passwordStep(login, user.email, user.password);
    const first = await lastCode(login, user.email);
    await t.db.updateTable('two_factor_codes').set({ created_at: new Date(Date.now() - 60_000) }).execute();
    const resent = await twoFactors(login, { type: 'email_resend', state: true, purpose: 'login' });
    expect(resent.json()).toMatchObject({ success: true, next: 'code', channel: 'email' });
    const second = await lastCode(login, user.email);
    const tooSoon = await twoFactors(login, { type: 'email_resend', state: true, purpose: 'login' });
    expect([tooSoon.statusCode, tooSoon.json().error]).toEqual([429, 'factor.resend_wait']);
    if (first !== second) {
      expect(FactorsCheckResponse.parse((await factorsCheck(login, { type: 'email', code: first, purpose: 'login' })).json()).success).toBe(false);
    }
    expect(FactorsCheckResponse.parse((await factorsCheck(login, { type: 'email', code: second, purpose: 'login' })).json()).success).toBe(true);
  });

  it('changing or turning off a method asks for the current factor first', async () => {
    const b = t.browser();
    const user = await freshUser(b, { two_factor: 'email' });
    const refused = await twoFactors(b, { type: 'sms', state: true });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'factor.required']);
    const off = await twoFactors(b, { type: 'email', state: false });
    expect([off.statusCode, off.json().error]).toEqual([403, 'factor.required']);
    // the withdrawal purpose sends the code here; the change purpose uses a resend
    await t.db.updateTable('two_factor_codes').set({ created_at: new Date(Date.now() - 60_000) }).execute();
    expect((await twoFactors(b, { type: 'email_resend', state: true, purpose: 'change' })).statusCode).toBe(200);
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, user.email), purpose: 'change' })).json()).success).toBe(true);
    expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'email', state: false })).json())).toEqual({ success: true, next: 'done', message: 'Saving Successfully' });
    expect((await b.me()).user?.two_factor).toBe('');
  });

  it('a change of the method signs the other devices out when it is saved, unless the trader said no (issue 31 §2)', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const other = t.browser();
    await other.signIn(user.email, user.password);
    // kept: the answer given at the start holds through the setup
    expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'email', state: true, endOthers: false })).json()).next).toBe('code');
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, user.email), purpose: 'setup' })).json()).success).toBe(true);
    expect((await other.me()).user?.email).toBe(user.email);
    // turned off, asked nothing: the others end, this one stays
    await t.db.updateTable('two_factor_codes').set({ created_at: new Date(Date.now() - 60_000) }).execute();
    expect((await twoFactors(b, { type: 'email_resend', state: true, purpose: 'change' })).statusCode).toBe(200);
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, user.email), purpose: 'change' })).json()).success).toBe(true);
    expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'email', state: false })).json()).success).toBe(true);
    expect((await other.me()).user).toBeNull();
    expect((await b.me()).user?.two_factor).toBe('');
    // turned on with the default: the others end only when the code saves it
    const third = t.browser();
    await third.signIn(user.email, user.password);
    expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'email', state: true })).json()).next).toBe('code');
    expect((await third.me()).user?.email).toBe(user.email);
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, user.email), purpose: 'setup' })).json()).success).toBe(true);
    expect((await third.me()).user).toBeNull();
    expect((await b.me()).user?.email).toBe(user.email);
  });
});

describe('a withdrawal with a second factor', () => {
  it('the final request asks for the factor, the code goes out, then the same request passes once', async () => {
    const b = t.browser();
    const user = await freshUser(b, { two_factor: 'email', wd_methods: 'Bitcoin' });
    const body = {
      amount: '10.00', method: 'Bitcoin', wallet: bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(3))]),
      fixed: false, alt: '', currency: 'USD', is_bonus: false, key: 'factor-key-1',
    };
    const asked = await b.send('POST', '/api/withdrawal/final', { json: body });
    expect(asked.json()).toMatchObject({ return: false, factor: true, type: 'email' });
    expect((await b.me()).user?.available).toBe('1000.00');
    const check = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: await lastCode(b, user.email), purpose: 'withdrawal' })).json());
    expect(check.success).toBe(true);
    const done = await b.send('POST', '/api/withdrawal/final', { json: body });
    expect(done.json()).toMatchObject({ return: true, factor: false });
    // the proof was used: another withdrawal asks again
    const next = await b.send('POST', '/api/withdrawal/final', { json: { ...body, key: 'factor-key-2' } });
    expect(next.json()).toMatchObject({ return: false, factor: true });
    expect((await b.me()).user?.available).toBe('990.00');
  });
});

describe('POST /api/us/security (password change)', () => {
  it('checks the fields and the current password; success works on our server and the platform, other sessions end', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const other = t.browser();
    await other.signIn(user.email, user.password);
    const send = (body: Record<string, string>) => b.send('POST', '/api/us/security', { json: body });
    const mismatch = await send({ oldPassword: user.password, password: 'NewPass-123', repeatPassword: 'NewPass-124' });
    expect([mismatch.statusCode, mismatch.json().error]).toEqual([400, 'security.repeat_mismatch']);
    const short = await send({ oldPassword: user.password, password: 'abc1', repeatPassword: 'abc1' });
    // the broker's one password policy, as at registration
    expect([short.statusCode, short.json().error]).toEqual([400, 'register.password_short']);
    const wrong = await send({ oldPassword: 'not-it-1', password: 'NewPass-123', repeatPassword: 'NewPass-123' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'security.old_wrong']);
    const ok = await send({ oldPassword: user.password, password: 'NewPass-123', repeatPassword: 'NewPass-123' });
    expect(ok.statusCode).toBe(200);
    expect((await b.me()).user?.email).toBe(user.email);
    expect((await other.me()).user).toBeNull();
    const fresh = t.browser();
    expect((await fresh.signIn(user.email, 'NewPass-123')).statusCode).toBe(200);
    const old = t.browser();
    await old.me();
    expect((await old.platformLogin(user.email, user.password)).json()).toMatchObject({ success: false });
  });

  it('the trader may leave the other devices signed in (issue 31 §2); asked nothing, they are signed out', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const other = t.browser();
    await other.signIn(user.email, user.password);
    const kept = await b.send('POST', '/api/us/security', { json: { oldPassword: user.password, password: 'Kept-Pass-123', repeatPassword: 'Kept-Pass-123', endOthers: false } });
    expect([kept.statusCode, kept.json().message]).toEqual([200, 'Your password has been changed. Your other devices stay signed in.']);
    expect((await other.me()).user?.email).toBe(user.email);
    const ended = await b.send('POST', '/api/us/security', { json: { oldPassword: 'Kept-Pass-123', password: 'Ended-Pass-123', repeatPassword: 'Ended-Pass-123', endOthers: true } });
    expect(ended.json().message).toBe('Your password has been changed. Other devices were signed out.');
    expect((await other.me()).user).toBeNull();
  });

  it('five wrong current passwords lock the form for 15 minutes', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const send = (oldPassword: string) => b.send('POST', '/api/us/security', { json: { oldPassword, password: 'NewPass-123', repeatPassword: 'NewPass-123' } });
    for (let i = 0; i < 5; i++) expect((await send(`wrong-${i}-x`)).json().error).toBe('security.old_wrong');
    const locked = await send(user.password);
    expect([locked.statusCode, locked.json().error]).toEqual([429, 'security.locked']);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/fraud/attemps (transaction validation)', () => {
  it('five attempts at most, counted on the server; the right value sets tr_success', async () => {
    const b = t.browser();
    await freshUser(b, { validationValue: '4821' });
    expect((await b.me()).user).toMatchObject({ tr_validate: true, tr_success: false, tr_attemps: 0 });
    const attempt = (value: string) => b.send('POST', '/api/fraud/attemps', { json: { value } });
    expect((await attempt('1111')).json()).toEqual({ return: false, attemps: 1 });
    expect((await attempt('4821')).json()).toEqual({ return: true, attemps: 2 });
    expect((await b.me()).user).toMatchObject({ tr_success: true, tr_validate: false });

    const locked = t.browser();
    await freshUser(locked, { validationValue: 'ABC123' });
    const tries = await Promise.all(Array.from({ length: 8 }, (_, i) => locked.send('POST', '/api/fraud/attemps', { json: { value: `x${i}` } })));
    expect(tries.map((r) => r.json().attemps).sort()).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
    expect((await locked.send('POST', '/api/fraud/attemps', { json: { value: 'ABC123' } })).json()).toEqual({ return: false, attemps: 5 });
  });

  it('nothing to validate: 409, nothing counted', async () => {
    const b = t.browser();
    await freshUser(b);
    const res = await b.send('POST', '/api/fraud/attemps', { json: { value: '1' } });
    expect([res.statusCode, res.json().error]).toEqual([409, 'validation.not_required']);
    expect((await b.me()).user?.tr_attemps).toBe(0);
  });
});

describe('the sandbox outbox', () => {
  it('answers JSON or plain text (never HTML)', async () => {
    const b = t.browser();
    const user = await freshUser(b, { validationValue: '<b>77</b>' });
    const text = await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(user.email)}&format=text`);
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.body).toContain('VALIDATE <b>77</b>');
    const none = await b.send('GET', '/api/sandbox/outbox?email=nobody%40example.com');
    expect(none.json()).toEqual({ messages: [] });
  });

  it('does not exist outside sandbox mode', async () => {
    const prod = await testApp({ config: { sandbox: false } });
    try {
      const b = prod.browser();
      await b.me();
      expect((await b.send('GET', '/api/sandbox/outbox?email=a%40b.cd')).statusCode).toBe(404);
      expect((await b.send('POST', '/api/sandbox/fresh-user', { json: {} })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
