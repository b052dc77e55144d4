import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactorsCheckResponse, LoginResponse, OutboxList, TwoFactorsResponse } from '../../core/contract';
import { RECOVERY_CODE_COUNT, RecoveryCodesIssued, RecoveryCodesStatus } from '../../core/contract/recovery-codes';
import { FACTOR_LIMIT } from '../domain/security/factors';
import { issueRecoveryCodes } from '../domain/security/recovery-codes';
import { totpCode } from '../domain/security/totp';
import { hashToken } from '../domain/tokens';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Recovery codes of the authenticator (issue 31 §4), hostile: shown once and stored as hashes; a
 * code signs in once and never again (also not for another trader); 20 concurrent uses of one
 * code sign in exactly once; wrong codes count against the factor's attempt limit; new codes need
 * a confirmed authenticator code and void the old ones; turning the factor off voids them; a use
 * tells the trader (the bell and an email in their language). PGlite in `npm test`, PostgreSQL in
 * `npm run test:pg`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const CODE_FORMAT = /^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/;

const twoFactors = (b: Browser, body: Record<string, unknown>) => b.send('POST', '/api/fraud/two_factors', { json: body });
const factorsCheck = (b: Browser, body: Record<string, unknown>) => b.send('POST', '/api/fraud/factors_check', { json: body });
const status = async (b: Browser) => RecoveryCodesStatus.parse((await b.send('GET', '/api/security/recovery_codes')).json());
const signedIn = async (b: Browser) => (await b.me()).user !== null;

async function outbox(email: string) {
  const b = t.browser();
  return OutboxList.parse((await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(email)}`)).json()).messages;
}

/** a trader with the authenticator on: its secret, its codes, and a TOTP code for the next step (the setup used this one) */
async function withAuthenticator() {
  const b = t.browser();
  const user = await freshUser(b);
  expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'google', state: true })).json())).toMatchObject({ next: 'code', channel: 'email' });
  const emailCode = (await outbox(user.email))[0]?.code;
  const emailStep = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'email', code: emailCode, purpose: 'setup' })).json());
  const secret = emailStep.secret!;
  // the secret's own step is not answered with codes
  expect(emailStep.recoveryCodes).toBeUndefined();
  const saved = FactorsCheckResponse.parse((await factorsCheck(b, { type: 'google', code: totpCode(secret), purpose: 'setup' })).json());
  expect(saved).toMatchObject({ success: true, message: 'Saving Successfully' });
  const codes = saved.recoveryCodes ?? [];
  const userId = (await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
  return { b, user, userId, secret, codes, nextTotp: () => totpCode(secret, Date.now() + 30_000) };
}

/** a new browser past the password: the sign-in waits for the authenticator */
async function atFactorStep(email: string, password: string): Promise<Browser> {
  const login = t.browser();
  await login.me();
  const platform = await login.platformLogin(email, password);
  const answer = LoginResponse.parse((await login.login(email, password, platform.json().data.token as string)).json());
  expect(answer.factor).toBe('google');
  return login;
}

const spendCode = (b: Browser, code: string) => factorsCheck(b, { type: 'google', code, purpose: 'login', recovery: true });

describe('recovery codes', () => {
  it('turning the authenticator on answers 10 distinct codes once; only their hashes are stored', async () => {
    const { b, userId, codes } = await withAuthenticator();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    const rows = await t.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(rows.map((r) => r.code_hash).sort()).toEqual(codes.map((c) => hashToken(`${userId}:${c.replace('-', '')}`)).sort());
    expect(await status(b)).toMatchObject({ on: true, left: RECOVERY_CODE_COUNT });
    // the status never carries a code
    const raw = (await b.send('GET', '/api/security/recovery_codes')).body;
    for (const code of codes) expect(raw).not.toContain(code);
  });

  it('a code signs in once (typed in any case, with spaces); again it is refused, in another sign-in too', async () => {
    const { user, codes } = await withAuthenticator();
    const login = await atFactorStep(user.email, user.password);
    const sidBefore = login.cookies.get('sid');
    const code = codes[0]!;
    const ok = FactorsCheckResponse.parse((await spendCode(login, ` ${code.toUpperCase().replace('-', ' ')} `)).json());
    expect(ok).toMatchObject({ success: true, message: 'Signed in.' });
    expect(login.cookies.get('sid')).not.toBe(sidBefore);
    expect((await login.me()).user?.email).toBe(user.email);

    const again = await atFactorStep(user.email, user.password);
    const replay = FactorsCheckResponse.parse((await spendCode(again, code)).json());
    expect(replay).toMatchObject({ success: false, disabled: false, error: 'factor.recovery_invalid', left: FACTOR_LIMIT - 1 });
    expect(replay.message).toBe(`This recovery code is wrong or was already used. ${FACTOR_LIMIT - 1} attempts left.`);
    expect(await signedIn(again)).toBe(false);
    // another unused code still works
    expect(FactorsCheckResponse.parse((await spendCode(again, codes[1]!)).json()).success).toBe(true);
    expect(await signedIn(again)).toBe(true);
    expect(await status(again)).toMatchObject({ on: true, left: RECOVERY_CODE_COUNT - 2 });
  });

  it('20 concurrent uses of one code sign in exactly once', async () => {
    const { user, codes } = await withAuthenticator();
    const logins: Browser[] = [];
    for (let i = 0; i < 20; i++) logins.push(await atFactorStep(user.email, user.password));
    const answers = await Promise.all(logins.map((login) => spendCode(login, codes[2]!)));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    const checks = answers.map((a) => FactorsCheckResponse.parse(a.json()));
    expect(checks.filter((c) => c.success)).toHaveLength(1);
    for (const c of checks.filter((c) => !c.success)) expect(['factor.recovery_invalid', 'factor.locked']).toContain(c.error);
    const signed = await Promise.all(logins.map(signedIn));
    expect(signed.filter(Boolean)).toHaveLength(1);
    const userId = (await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    const used = await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(1);
  });

  it('20 concurrent uses of one code in the same sign-in sign in once', async () => {
    const { user, codes } = await withAuthenticator();
    const login = await atFactorStep(user.email, user.password);
    const answers = await Promise.all(Array.from({ length: 20 }, () => spendCode(login, codes[3]!)));
    const successes = answers.filter((a) => a.statusCode === 200 && FactorsCheckResponse.parse(a.json()).success);
    expect(successes).toHaveLength(1);
    // the rest: a wrong (spent) code, the lock, or the challenge already gone with the old session
    for (const a of answers.filter((x) => !successes.includes(x))) {
      expect(a.statusCode === 401 ? a.json().error : FactorsCheckResponse.parse(a.json()).error).toMatch(/^factor\.(recovery_invalid|locked|no_challenge)$/);
    }
    expect(await signedIn(login)).toBe(true);
    const userId = (await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).where('used_at', 'is not', null).execute()).toHaveLength(1);
  });

  it('wrong recovery codes count with wrong authenticator codes: the limit locks both, even a right code', async () => {
    const { b, user, codes, nextTotp } = await withAuthenticator();
    const login = await atFactorStep(user.email, user.password);
    const answers = [];
    for (let i = 0; i < FACTOR_LIMIT - 2; i++) answers.push(FactorsCheckResponse.parse((await spendCode(login, 'aaaaa-aaaaa')).json()));
    // not even shaped like a code: counted too
    answers.push(FactorsCheckResponse.parse((await spendCode(login, 'x')).json()));
    answers.push(FactorsCheckResponse.parse((await factorsCheck(login, { type: 'google', code: '000000', purpose: 'login' })).json()));
    expect(answers.map((a) => a.disabled)).toEqual([...Array(FACTOR_LIMIT - 1).fill(false), true]);
    expect(answers[0]).toMatchObject({ error: 'factor.recovery_invalid', left: FACTOR_LIMIT - 1 });
    expect(answers.at(-1)).toMatchObject({ error: 'factor.locked' });
    expect(FactorsCheckResponse.parse((await spendCode(login, codes[4]!)).json())).toMatchObject({ success: false, disabled: true, error: 'factor.locked' });
    expect(FactorsCheckResponse.parse((await factorsCheck(login, { type: 'google', code: nextTotp(), purpose: 'login' })).json())).toMatchObject({ success: false, disabled: true });
    expect(await signedIn(login)).toBe(false);
    // the locked attempt spent nothing
    expect(await status(b)).toMatchObject({ left: RECOVERY_CODE_COUNT });
  });

  it('one trader’s code does not sign in another', async () => {
    const a = await withAuthenticator();
    const other = await withAuthenticator();
    const login = await atFactorStep(other.user.email, other.user.password);
    expect(FactorsCheckResponse.parse((await spendCode(login, a.codes[0]!)).json())).toMatchObject({ success: false, error: 'factor.recovery_invalid' });
    expect(await signedIn(login)).toBe(false);
  });

  it('a use tells the trader: the bell with the codes left, and an email in their language', async () => {
    const { user, userId, codes } = await withAuthenticator();
    await t.db.insertInto('user_profiles').values({ user_id: userId, phone_prefix: '357', phone: '99000001', us_notice_at: null, lang: 'ru' }).onConflict((oc) => oc.column('user_id').doUpdateSet({ lang: 'ru' })).execute();
    const login = await atFactorStep(user.email, user.password);
    expect(FactorsCheckResponse.parse((await spendCode(login, codes[5]!)).json()).success).toBe(true);
    const notices = await t.db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', userId).where('kind', '=', 'security.recovery_used').execute();
    expect(notices).toHaveLength(1);
    const params = typeof notices[0]!.params === 'string' ? JSON.parse(notices[0]!.params) : notices[0]!.params;
    expect(params).toEqual({ left: String(RECOVERY_CODE_COUNT - 1) });
    const mail = (await outbox(user.email)).find((m) => m.subject === 'Вход по резервному коду');
    expect(mail?.body).toContain('Неиспользованных кодов осталось: 9');
    expect(mail?.body).toContain('/ru/trading#/show/security');
    // the mail never carries a code
    for (const code of codes) expect(mail?.body).not.toContain(code);
  });

  it('new codes need a confirmed authenticator code (a grant used once) and void the old ones', async () => {
    const { b, user, codes, nextTotp } = await withAuthenticator();
    const refused = await b.send('POST', '/api/security/recovery_codes');
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'factor.required']);
    // CSRF: refused before anything
    const forged = await b.send('POST', '/api/security/recovery_codes', { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'google', code: nextTotp(), purpose: 'change' })).json()).success).toBe(true);
    const issued = RecoveryCodesIssued.parse((await b.send('POST', '/api/security/recovery_codes')).json());
    expect(issued.codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of issued.codes) expect(codes).not.toContain(code);
    const twice = await b.send('POST', '/api/security/recovery_codes');
    expect([twice.statusCode, twice.json().error]).toEqual([403, 'factor.required']);
    expect(await status(b)).toMatchObject({ on: true, left: RECOVERY_CODE_COUNT });

    const login = await atFactorStep(user.email, user.password);
    expect(FactorsCheckResponse.parse((await spendCode(login, codes[0]!)).json())).toMatchObject({ success: false, error: 'factor.recovery_invalid' });
    expect(FactorsCheckResponse.parse((await spendCode(login, issued.codes[0]!)).json()).success).toBe(true);
  });

  it('new codes asked for at once leave one set of 10', async () => {
    const { b, userId, secret } = await withAuthenticator();
    // two grants (two confirmed codes of later steps)
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'google', code: totpCode(secret, Date.now() + 30_000), purpose: 'change' })).json()).success).toBe(true);
    await t.db.updateTable('user_security').set({ totp_last_step: null }).where('user_id', '=', userId).execute();
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'google', code: totpCode(secret), purpose: 'change' })).json()).success).toBe(true);
    const answers = await Promise.all([b.send('POST', '/api/security/recovery_codes'), b.send('POST', '/api/security/recovery_codes')]);
    // both may reach for the same grant (one then waits and finds it used): never more than two sets made
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect([a.statusCode, a.json().error]).toEqual([403, 'factor.required']);
    expect(await status(b)).toMatchObject({ left: RECOVERY_CODE_COUNT });
    // the domain itself, five sets at once: the lock on the trader's row leaves the last one alone
    const sets = await Promise.all(Array.from({ length: 5 }, () => issueRecoveryCodes(t.db, userId)));
    expect(sets.flat()).toHaveLength(5 * RECOVERY_CODE_COUNT);
    expect(await status(b)).toMatchObject({ left: RECOVERY_CODE_COUNT });
  });

  it('turning the authenticator off voids the codes; another factor has none and takes none', async () => {
    const { b, user, codes, nextTotp } = await withAuthenticator();
    expect(FactorsCheckResponse.parse((await factorsCheck(b, { type: 'google', code: nextTotp(), purpose: 'change' })).json()).success).toBe(true);
    expect(TwoFactorsResponse.parse((await twoFactors(b, { type: 'google', state: false })).json())).toMatchObject({ success: true, next: 'done' });
    expect(await status(b)).toEqual({ on: false, left: 0, createdAt: null });
    const userId = (await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    const live = await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).where('voided_at', 'is', null).execute();
    expect(live).toHaveLength(0);
    const notOn = await b.send('POST', '/api/security/recovery_codes');
    expect([notOn.statusCode, notOn.json().error]).toEqual([409, 'recovery.not_on']);

    // with the email factor, a recovery code is refused as such (and a code of the old set is nothing)
    await t.db.updateTable('users').set({ two_factor: 'email' }).where('id', '=', userId).execute();
    const login = t.browser();
    await login.me();
    const platform = await login.platformLogin(user.email, user.password);
    expect(LoginResponse.parse((await login.login(user.email, user.password, platform.json().data.token as string)).json()).factor).toBe('email');
    const wrongType = await factorsCheck(login, { type: 'email', code: codes[0], purpose: 'login', recovery: true });
    expect([wrongType.statusCode, wrongType.json().error]).toEqual([400, 'factor.recovery_type']);
    expect(await signedIn(login)).toBe(false);
  });

  it('a recovery code replaces the authenticator at sign-in only (not for a withdrawal or a change)', async () => {
    const { b, codes } = await withAuthenticator();
    for (const purpose of ['withdrawal', 'change']) {
      const res = await factorsCheck(b, { type: 'google', code: codes[0], purpose, recovery: true });
      expect([res.statusCode, res.json().error]).toEqual([400, 'factor.recovery_type']);
    }
    expect(await status(b)).toMatchObject({ left: RECOVERY_CODE_COUNT });
  });

  it('the status and new codes are the signed-in trader’s only', async () => {
    const b = t.browser();
    await b.me();
    expect((await b.send('GET', '/api/security/recovery_codes')).statusCode).toBe(401);
    expect((await b.send('POST', '/api/security/recovery_codes')).statusCode).toBe(401);
  });
});

