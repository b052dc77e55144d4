import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse, OutboxList } from '../../core/contract';
import { PASSKEY_NAME_MAX, PasskeyList, PasskeyOptions, PasskeySignInResponse, type PasskeyCredential } from '../../core/contract/passkeys';
import { SignInPage } from '../../core/contract/sign-in-history';
import { ATTEMPT_LIMIT } from '../domain/attempts';
import { relyingParty } from '../domain/security/passkeys';
import { softAuthenticator, type SoftAuthenticator } from '../test/authenticator';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Passkeys (issue 31 §5), hostile, with a software authenticator's real P-256 signatures (no mock
 * of the verifier): a passkey added, renamed, removed after the password; a sign-in with it skips
 * the second factor and goes through the ordinary path (the history says 'passkey'); a replayed
 * challenge, another trader's or another session's challenge, a wrong origin or RP ID, a counter
 * that went back, another trader's passkey, one assertion sent at once many times, the attempt
 * limit and the closure gate are each refused. PGlite in `npm test`, PostgreSQL in `npm run test:pg`.
 */
let t: TestApp;
let site: { origin: string; rpId: string };
beforeAll(async () => {
  t = await testApp();
  const rp = relyingParty(t.config.siteUrl, t.config.companyName);
  site = { origin: rp.origin, rpId: rp.id };
});
afterAll(() => t?.close());

type RegOptions = { challenge: string; rp: { id?: string; name: string }; user: { id: string; name: string } };

const list = async (b: Browser) => PasskeyList.parse((await b.send('GET', '/api/security/passkeys')).json()).passkeys;
/** the registration's options, asked with the trader's password (a passkey signs in without it) */
const regOptions = async (b: Browser, password: string) => {
  const res = await b.send('POST', '/api/security/passkeys/options', { json: { password } });
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyOptions.parse(res.json()) as unknown as RegOptions;
};
const add = (b: Browser, name: string, credential: PasskeyCredential) => b.send('POST', '/api/security/passkeys', { json: { name, credential } });

async function outbox(email: string) {
  const b = t.browser();
  return OutboxList.parse((await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(email)}`)).json()).messages;
}

/** a signed-in trader with one passkey on a software authenticator */
async function withPasskey(name = 'My laptop') {
  const b = t.browser();
  const user = await freshUser(b, { balances: [] });
  const key = softAuthenticator(site);
  const options = await regOptions(b, user.password);
  const res = await add(b, name, key.register(options));
  expect(res.statusCode, res.body).toBe(200);
  const userId = (await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
  return { b, user, userId, key };
}

/** a visitor's browser with a sign-in challenge */
async function visitor() {
  const v = t.browser();
  await v.me();
  const options = PasskeyOptions.parse((await v.send('POST', '/api/passkey/options')).json());
  return { v, options: options as { challenge: string; rpId?: string } };
}

const passkeySignIn = (v: Browser, credential: PasskeyCredential) => v.send('POST', '/api/passkey/sign_in', { json: { credential, lang: 'en' } });

/** the autologin page's work with the key the passkey answered: the ticket, the platform login, /api/login */
async function finish(v: Browser, url: string) {
  const key = new URL(url, 'http://x').searchParams.get('key')!;
  const values = (await v.send('POST', '/api/autologin', { json: { key } })).json() as { email: string; password: string };
  const platform = await v.platformLogin(values.email, values.password);
  const res = await v.login(values.email, values.password, platform.json().data.token as string);
  await v.me();
  return res;
}

const history = async (b: Browser) => SignInPage.parse((await b.send('GET', '/api/security/sign_ins')).json()).events;

async function signInWith(key: SoftAuthenticator) {
  const { v, options } = await visitor();
  const res = await passkeySignIn(v, key.assert(options));
  expect(res.statusCode, res.body).toBe(200);
  const login = await finish(v, PasskeySignInResponse.parse(res.json()).url);
  return { v, login };
}

describe('passkeys on the security page', () => {
  it('adds a named passkey (the trader told by the bell and an email), renames it, lists the trader’s own only', async () => {
    const { b, user, userId } = await withPasskey('  My laptop  ');
    const [one] = await list(b);
    expect(one).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    // the public key is stored, never answered
    expect(JSON.stringify(await list(b))).not.toContain('public');
    const notices = await t.db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', userId).where('kind', '=', 'security.passkey_added').execute();
    expect(notices).toHaveLength(1);
    expect((await outbox(user.email)).some((m) => m.subject === 'A passkey was added to your account' && m.body.includes('"My laptop"'))).toBe(true);

    const renamed = await b.send('POST', '/api/security/passkeys/rename', { json: { id: one!.id, name: 'Work phone' } });
    expect(PasskeyList.parse(renamed.json()).passkeys[0]!.name).toBe('Work phone');
    const bad = await b.send('POST', '/api/security/passkeys/rename', { json: { id: one!.id, name: 'x'.repeat(PASSKEY_NAME_MAX + 1) } });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'passkeys.name']);

    const other = t.browser();
    await freshUser(other, { balances: [] });
    expect(await list(other)).toEqual([]);
    const foreign = await other.send('POST', '/api/security/passkeys/rename', { json: { id: one!.id, name: 'Mine now' } });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'passkeys.not_found']);
  });

  it('a name is asked before the key is kept; the same authenticator is not registered twice', async () => {
    const { b, key, user } = await withPasskey();
    const unnamed = await add(b, '   ', key.register(await regOptions(b, user.password)));
    expect([unnamed.statusCode, unnamed.json().error]).toEqual([400, 'passkeys.name']);
    const twice = await add(b, 'Again', key.register(await regOptions(b, user.password)));
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'passkeys.exists']);
    expect(await list(b)).toHaveLength(1);
  });

  it('a registration’s challenge is used once, by its own trader, for this site only', async () => {
    const b = t.browser();
    const { password } = await freshUser(b, { balances: [] });
    const key = softAuthenticator(site);
    const options = await regOptions(b, password);
    // another trader with this trader's challenge
    const other = t.browser();
    await freshUser(other, { balances: [] });
    const stolen = await add(other, 'Stolen', softAuthenticator(site).register(options));
    expect([stolen.statusCode, stolen.json().error]).toEqual([410, 'passkeys.challenge']);
    // a phishing page's origin, or another RP ID: refused (the challenge is then spent)
    const phished = await add(b, 'Phished', key.register(await regOptions(b, password), { origin: 'https://brokerage-login.example' }));
    expect([phished.statusCode, phished.json().error]).toEqual([400, 'passkeys.invalid']);
    const otherRp = await add(b, 'Other RP', key.register(await regOptions(b, password), { rpId: 'example.com' }));
    expect([otherRp.statusCode, otherRp.json().error]).toEqual([400, 'passkeys.invalid']);
    // the challenge once
    const credential = key.register(options);
    expect((await add(b, 'Laptop', credential)).statusCode).toBe(200);
    const replay = await add(b, 'Laptop again', credential);
    expect([replay.statusCode, replay.json().error]).toEqual([410, 'passkeys.challenge']);
    expect(await list(b)).toHaveLength(1);
    expect(await list(other)).toHaveLength(0);
  });

  it('removing asks the password (counted), refuses another trader’s passkey (404) and tells the trader', async () => {
    const { b, user, userId } = await withPasskey();
    const [one] = await list(b);
    const other = t.browser();
    const otherUser = await freshUser(other, { balances: [] });
    const foreign = await other.send('POST', '/api/security/passkeys/remove', { json: { id: one!.id, password: otherUser.password } });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'passkeys.not_found']);
    const wrong = await b.send('POST', '/api/security/passkeys/remove', { json: { id: one!.id, password: 'not-the-password' } });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'passkeys.password']);
    const forged = await b.send('POST', '/api/security/passkeys/remove', { json: { id: one!.id, password: user.password }, csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(await list(b)).toHaveLength(1);
    const removed = await b.send('POST', '/api/security/passkeys/remove', { json: { id: one!.id, password: user.password } });
    expect(PasskeyList.parse(removed.json()).passkeys).toEqual([]);
    expect((await t.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).where('kind', '=', 'security.passkey_removed').execute()).length).toBe(1);
    expect((await outbox(user.email)).some((m) => m.subject === 'A passkey was removed from your account')).toBe(true);
  });

  it('is the signed-in trader’s only', async () => {
    const b = t.browser();
    await b.me();
    expect((await b.send('GET', '/api/security/passkeys')).statusCode).toBe(401);
    expect((await b.send('POST', '/api/security/passkeys/options', { json: { password: 'x' } })).statusCode).toBe(401);
  });

  it('asks the password before a registration’s challenge: a session without it leaves no passkey behind', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [] });
    const wrong = await b.send('POST', '/api/security/passkeys/options', { json: { password: 'not-the-password' } });
    expect([wrong.statusCode, wrong.json().error, wrong.json().fields]).toEqual([401, 'passkeys.password', { password: 'passkeys.password' }]);
    const none = await b.send('POST', '/api/security/passkeys/options', { json: {} });
    expect(none.statusCode).toBe(400);
    // no challenge was kept for the refused tries: an answer made without one is refused
    const key = softAuthenticator(site);
    const forged = await add(b, 'Forged', key.register({ challenge: 'Zm9yZ2Vk', rp: { id: site.rpId }, user: { id: 'dTE' } }));
    expect([forged.statusCode, forged.json().error]).toEqual([410, 'passkeys.challenge']);
    expect(await list(b)).toEqual([]);
    expect((await regOptions(b, user.password)).challenge).toBeTruthy();
  });
});

describe('signing in with a passkey', () => {
  it('signs in without the second factor, through the ordinary path: the history says passkey, a new device is alerted', async () => {
    const { b, user, userId, key } = await withPasskey();
    // the account has a second factor: a passkey stands for both
    await t.db.updateTable('users').set({ two_factor: 'email' }).where('id', '=', userId).execute();
    const { v, login } = await signInWith(key);
    expect(LoginResponse.parse(login.json())).toMatchObject({ ok: true, message: 'Signed in.' });
    expect(LoginResponse.parse(login.json()).factor).toBeUndefined();
    expect((await v.me()).user).not.toBeNull();
    const [latest] = await history(b);
    expect(latest).toMatchObject({ method: 'passkey', outcome: 'signed_in', newDevice: true });
    expect((await outbox(user.email)).some((m) => /new device/i.test(m.subject))).toBe(true);
    expect((await list(b))[0]!.lastUsedAt).not.toBeNull();
  });

  it('an assertion is used once: replayed, it is refused', async () => {
    const { key } = await withPasskey();
    const { v, options } = await visitor();
    const credential = key.assert(options);
    expect((await passkeySignIn(v, credential)).statusCode).toBe(200);
    const replay = await passkeySignIn(v, credential);
    expect([replay.statusCode, replay.json().error]).toEqual([401, 'passkey.invalid']);
  });

  it('one assertion sent 10 times at once signs in once', async () => {
    const { key } = await withPasskey();
    const { v, options } = await visitor();
    const credential = key.assert(options);
    const answers = await Promise.all(Array.from({ length: 10 }, () => passkeySignIn(v, credential)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // the others are refused: the challenge is spent (and five failures lock the account)
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect([401, 429]).toContain(a.statusCode);
  });

  it('another session’s challenge is refused', async () => {
    const { key } = await withPasskey();
    const { options } = await visitor();
    const thief = t.browser();
    await thief.me();
    const res = await passkeySignIn(thief, key.assert(options));
    expect([res.statusCode, res.json().error]).toEqual([401, 'passkey.invalid']);
  });

  it('a wrong origin or RP ID is refused and written to the history', async () => {
    const { b, key } = await withPasskey();
    for (const at of [{ origin: 'https://brokerage-login.example' }, { rpId: 'example.com' }]) {
      const { v, options } = await visitor();
      const res = await passkeySignIn(v, key.assert(options, at));
      expect([res.statusCode, res.json().error]).toEqual([401, 'passkey.invalid']);
      expect((await v.me()).user).toBeNull();
    }
    expect((await history(b)).slice(0, 2).map((e) => [e.method, e.outcome])).toEqual([
      ['passkey', 'key_failed'],
      ['passkey', 'key_failed'],
    ]);
  });

  it('a counter that goes back (a copied authenticator) is refused and recorded; the stored counter stays', async () => {
    const { b, userId, key } = await withPasskey();
    await signInWith(key);
    await signInWith(key);
    const stored = await t.db.selectFrom('passkeys').select('counter').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(String(stored.counter)).toBe('2');
    const { v, options } = await visitor();
    const res = await passkeySignIn(v, key.assert(options, { counter: 1 }));
    expect([res.statusCode, res.json().error]).toEqual([401, 'passkey.cloned']);
    const same = await visitor();
    expect((await passkeySignIn(same.v, key.assert(same.options, { counter: 2 }))).json().error).toBe('passkey.cloned');
    expect((await history(b))[0]).toMatchObject({ method: 'passkey', outcome: 'cloned' });
    expect(String((await t.db.selectFrom('passkeys').select('counter').where('user_id', '=', userId).executeTakeFirstOrThrow()).counter)).toBe('2');
  });

  it('a removed passkey, or an unknown one, signs in no one', async () => {
    const { b, user, key } = await withPasskey();
    const [one] = await list(b);
    await b.send('POST', '/api/security/passkeys/remove', { json: { id: one!.id, password: user.password } });
    const { v, options } = await visitor();
    expect((await passkeySignIn(v, key.assert(options))).json().error).toBe('passkey.invalid');
    const stranger = await visitor();
    expect((await passkeySignIn(stranger.v, softAuthenticator(site).assert(stranger.options))).json().error).toBe('passkey.invalid');
  });

  it('the account’s attempt limit holds: after 5 failures a right assertion is refused too', async () => {
    const { b, key } = await withPasskey();
    for (let i = 0; i < ATTEMPT_LIMIT; i++) {
      const { v, options } = await visitor();
      expect((await passkeySignIn(v, key.assert(options, { origin: 'https://evil.example' }))).statusCode).toBe(401);
    }
    const { v, options } = await visitor();
    const locked = await passkeySignIn(v, key.assert(options));
    expect([locked.statusCode, locked.json().error]).toEqual([429, 'login.locked']);
    expect((await history(b))[0]).toMatchObject({ method: 'passkey', outcome: 'locked' });
  });

  it('the sign-in gate applies: a closed account is refused; closing deletes the passkeys', async () => {
    const { userId, key, b, user } = await withPasskey();
    await t.db.insertInto('account_closures').values({ user_id: userId, reason: 'not_using', text: '', closed_at: new Date() }).execute();
    const { v, options } = await visitor();
    const res = await passkeySignIn(v, key.assert(options));
    const login = await finish(v, PasskeySignInResponse.parse(res.json()).url);
    expect([login.statusCode, login.json().error]).toEqual([403, 'login.closed']);
    expect((await v.me()).user).toBeNull();
    await t.db.deleteFrom('account_closures').where('user_id', '=', userId).execute();

    const closed = await b.send('POST', '/api/account/close', { json: { reason: 'not_using', text: '', password: user.password } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await t.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});

describe('a passkey as the second factor (after the password)', () => {
  type Options = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };
  const factorOptions = (v: Browser) => v.send('POST', '/api/fraud/passkey/options');
  const factorCheck = (v: Browser, credential: PasskeyCredential) => v.send('POST', '/api/fraud/passkey/check', { json: { credential } });

  /** a trader with the email factor and a passkey, and a new browser past the password (the code entry waits) */
  async function pastPassword() {
    const owner = await withPasskey();
    await t.db.updateTable('users').set({ two_factor: 'email' }).where('id', '=', owner.userId).execute();
    const v = t.browser();
    const login = LoginResponse.parse((await v.signIn(owner.user.email, owner.user.password)).json());
    return { ...owner, v, login };
  }

  it('password then passkey signs in with no code: the answer after the password says a passkey may stand in, the history says passkey', async () => {
    const { v, b, key, login, userId } = await pastPassword();
    expect(login).toMatchObject({ factor: 'email', passkey: true });
    expect((await v.me()).user).toBeNull();
    const res = await factorOptions(v);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as Options;
    // only the trader's own passkey is allowed
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([(await t.db.selectFrom('passkeys').select('credential_id').where('user_id', '=', userId).executeTakeFirstOrThrow()).credential_id]);
    const check = await factorCheck(v, key.assert(options));
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ success: true, message: 'Signed in.' });
    expect((await v.me()).user).not.toBeNull();
    const [latest, asked] = await history(b);
    expect(latest).toMatchObject({ method: 'passkey', outcome: 'factor_passed' });
    expect(asked).toMatchObject({ method: 'password', outcome: 'factor_asked' });
    expect((await list(b))[0]!.lastUsedAt).not.toBeNull();
  });

  it('a trader without a passkey is not told of one; nobody before the password may ask', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [] });
    await t.db.updateTable('users').set({ two_factor: 'email' }).where('email', '=', user.email).execute();
    const v = t.browser();
    const login = LoginResponse.parse((await v.signIn(user.email, user.password)).json());
    expect(login.factor).toBe('email');
    expect(login.passkey).toBeUndefined();
    const none = await factorOptions(v);
    expect([none.statusCode, none.json().error]).toEqual([404, 'passkeys.none']);

    // no sign-in waiting for its factor here: refused whoever has passkeys
    const { key } = await pastPassword();
    const stranger = t.browser();
    await stranger.me();
    const asked = await factorOptions(stranger);
    expect([asked.statusCode, asked.json().error]).toEqual([401, 'factor.no_challenge']);
    const sent = await factorCheck(stranger, key.assert({ challenge: 'bm90LWEtY2hhbGxlbmdl', rpId: site.rpId }));
    expect([sent.statusCode, sent.json().error]).toEqual([401, 'factor.no_challenge']);
    expect((await stranger.me()).user).toBeNull();
  });

  it('another trader’s passkey is refused (counted, written as factor_failed), even on this session’s challenge', async () => {
    const { v, b } = await pastPassword();
    const other = await withPasskey('Not yours');
    const options = (await factorOptions(v)).json() as Options;
    const res = await factorCheck(v, other.key.assert(options));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, error: 'factor.passkey_invalid', left: 4 });
    expect((await v.me()).user).toBeNull();
    expect((await history(b))[0]).toMatchObject({ method: 'passkey', outcome: 'factor_failed' });
    // the other trader's passkey signed nobody in, and its counter stayed
    expect((await list(other.b))[0]!.lastUsedAt).toBeNull();
  });

  it('a replayed assertion, another session’s challenge, a wrong origin are refused', async () => {
    const { v, key, user } = await pastPassword();
    const options = (await factorOptions(v)).json() as Options;
    // a phishing page's answer to this challenge: refused, and the challenge is spent
    const phished = await factorCheck(v, key.assert(options, { origin: 'https://evil.example' }));
    expect(phished.json()).toMatchObject({ success: false, error: 'factor.passkey_invalid' });
    const replay = await factorCheck(v, key.assert(options));
    expect(replay.json()).toMatchObject({ success: false, error: 'factor.passkey_invalid' });

    // another browser of the same trader, also past the password: this session's challenge is not its
    const fresh = (await factorOptions(v)).json() as Options;
    const twin = t.browser();
    const twinLogin = await twin.signIn(user.email, user.password);
    expect(twinLogin.statusCode).toBe(200);
    const stolen = await factorCheck(twin, key.assert(fresh));
    expect(stolen.json()).toMatchObject({ success: false, error: 'factor.passkey_invalid' });
    // the right one, once, on its own session: signs in
    const ok = await factorCheck(v, key.assert(fresh));
    expect(ok.json()).toMatchObject({ success: true });
    await v.me();
    const again = await factorCheck(v, key.assert(fresh));
    expect([again.statusCode, again.json().error]).toEqual([401, 'factor.no_challenge']);
  });

  it('wrong assertions count with wrong codes toward the factor’s lock; locked, the right passkey is refused too', async () => {
    const { v, key } = await pastPassword();
    const wrongCode = await v.send('POST', '/api/fraud/factors_check', { json: { type: 'email', code: '000000', purpose: 'login' } });
    expect(wrongCode.json()).toMatchObject({ success: false, left: 4 });
    let last: { success: boolean; disabled: boolean; left?: number; error?: string } | null = null;
    for (let i = 0; i < 4; i++) {
      const options = (await factorOptions(v)).json() as Options;
      last = (await factorCheck(v, key.assert(options, { origin: 'https://evil.example' }))).json();
      if (i < 3) expect(last).toMatchObject({ success: false, disabled: false, left: 3 - i, error: 'factor.passkey_invalid' });
    }
    expect(last).toMatchObject({ success: false, disabled: true, error: 'factor.locked' });
    const options = (await factorOptions(v)).json() as Options;
    const locked = await factorCheck(v, key.assert(options));
    expect(locked.json()).toMatchObject({ success: false, disabled: true, error: 'factor.locked' });
    expect((await v.me()).user).toBeNull();
  });
});
