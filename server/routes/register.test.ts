import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AutologinValues, MeResponse } from '../../core/contract';
import { RegisterCheckResponse, RegisterResponse } from '../../core/contract/register';
import { buildApp } from '../app';
import { REGISTER_LIMITS } from '../domain/register/limits';
import type { Db } from '../db';
import type { PlatformGateway } from '../domain/ports';
import { sandboxGateway } from '../test/sandbox';
import { Browser, testApp, type TestApp } from '../test/client';
import { freshDb } from '../test/db';
import { registration } from '../test/registration';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
// every test starts under the limits
beforeEach(async () => {
  await sql`delete from registration_attempts`.execute(t.db);
});

let seq = 0;
const uniqueEmail = () => `new.trader.${Date.now().toString(36)}.${seq++}@example.com`;

const valid = (over: Record<string, unknown> = {}) => registration({ login: uniqueEmail(), promo: 'WELCOME', ...over });

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['users', 'accounts', 'user_profiles', 'registration_attempts', 'platform_accounts', 'autologin_tickets', 'ledger_entries'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

async function browser(): Promise<Browser> {
  const b = t.browser();
  await b.me();
  return b;
}

describe('POST /api/register: bad input', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no country', { country: '' }, 'country', 'register.country_required'],
    ['an unknown country', { country: 'XX' }, 'country', 'register.country_invalid'],
    ['a lower-case code', { country: 'de' }, 'country', 'register.country_invalid'],
    ['a country we do not serve', { country: 'KP', phone_prefix: '850' }, 'country', 'register.country_blocked'],
    ['a crypto currency', { currency: 'BTC' }, 'currency', 'register.currency_invalid'],
    ['no email', { login: '  ' }, 'login', 'register.required'],
    ['not an email', { login: 'anna.example.com' }, 'login', 'register.email_invalid'],
    ['the demo domain', { login: 'me@brokerage.test' }, 'login', 'register.email_domain'],
    ['a short password', { password: 'Short-1' }, 'password', 'register.password_short'],
    ['the email as password', { login: 'anna.schmidt@example.com', password: 'ANNA.SCHMIDT@example.com' }, 'password', 'register.password_email'],
    ['the email name in the password', { login: 'anna.schmidt@example.com', password: 'anna.schmidt-2026' }, 'password', 'register.password_email'],
    ['a common password', { password: '1234567890' }, 'password', 'register.password_common'],
    ['one repeated character', { password: 'aaaaaaaaaaaa' }, 'password', 'register.password_common'],
    ['a password over 128', { password: 'x'.repeat(129) }, 'password', 'register.password_long'],
    ['no first name', { firstName: ' ' }, 'firstName', 'register.required'],
    ['digits in a name', { firstName: 'R2D2' }, 'firstName', 'register.name_invalid'],
    ['markup in a name', { lastName: '<img src=x onerror=alert(1)>' }, 'lastName', 'register.name_invalid'],
    ['a name over 50', { lastName: 'A'.repeat(51) }, 'lastName', 'register.name_long'],
    ['an unknown calling code', { phone_prefix: '999' }, 'phone_prefix', 'register.phone_prefix_invalid'],
    ['letters in the phone', { phone: '1512 CALL ME' }, 'phone', 'register.phone_digits'],
    ['a short phone', { phone: '12345' }, 'phone', 'register.phone_short'],
    ['a phone too long for E.164', { phone: '12345678901234' }, 'phone', 'register.phone_long'],
    ['a North American number with a bad area code', { phone_prefix: '1', country: 'CA', phone: '123 555 0143' }, 'phone', 'register.phone_nanp'],
    ['a North American number of 7 digits', { phone_prefix: '1', country: 'CA', phone: '555 0143' }, 'phone', 'register.phone_nanp'],
    ['a US resident without the notice', { country: 'US', phone_prefix: '1', phone: '202 555 0143' }, 'usNotice', 'register.us_notice_required'],
    ['a US resident who declined the notice', { country: 'US', phone_prefix: '1', phone: '202 555 0143', usNotice: false }, 'usNotice', 'register.us_notice_required'],
    ['a US resident without a state', { country: 'US', phone_prefix: '1', phone: '202 555 0143', usNotice: true }, 'state', 'register.state_required'],
    ['a US resident with a state not on the list', { country: 'US', phone_prefix: '1', phone: '202 555 0143', usNotice: true, state: 'ZZ' }, 'state', 'register.state_invalid'],
    ['a promo with spaces', { promo: 'NEW YEAR' }, 'promo', 'register.promo_invalid'],
    ['a password of the wrong type', { password: 1234567890 }, 'password', 'validation.type'],
    ['a missing field', { firstName: undefined }, 'firstName', 'validation.required'],
  ];

  it.each(cases)('%s: 400 with the field key, nothing written', async (_name, over, field, key) => {
    const b = await browser();
    const before = await counts(t.db);
    const res = await b.send('POST', '/api/register', { json: valid(over) });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string; fields: Record<string, string> };
    expect(body.error).toBe('validation');
    expect(body.fields[field]).toBe(key);
    expect(body.message).toMatch(/^Please check these fields: /);
    expect(body.message).toContain(field);
    expect(await counts(t.db)).toEqual(before);
  });

  it('names every bad field at once', async () => {
    const b = await browser();
    const res = await b.send('POST', '/api/register', { json: valid({ country: '', login: 'x', password: 'short', phone: '1' }) });
    expect(Object.keys(res.json().fields).sort()).toEqual(['country', 'login', 'password', 'phone']);
  });

  it('refuses a body that is not JSON, an array, or without the CSRF header, and writes nothing', async () => {
    const b = await browser();
    const before = await counts(t.db);
    const text = await b.send('POST', '/api/register', { body: '{"country":', headers: { 'content-type': 'application/json' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('bad_json');
    const array = await b.send('POST', '/api/register', { json: [valid()] });
    expect(array.statusCode).toBe(400);
    const csrf = await b.send('POST', '/api/register', { json: valid(), csrf: false });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().error).toBe('csrf');
    expect(await counts(t.db)).toEqual(before);
  });
});

describe('POST /api/register: success', () => {
  it('opens the user, a zero trading account, the profile and the platform account; the autologin key signs in', async () => {
    const b = await browser();
    const email = uniqueEmail();
    const before = await counts(t.db);
    const res = await b.send('POST', '/api/register', { json: valid({ login: `  ${email.toUpperCase()} `, currency: 'GBP' }) });
    expect(res.statusCode).toBe(200);
    const { key, url } = RegisterResponse.parse(res.json());
    expect(url).toBe(`/en/autologin?key=${key}`);

    const after = await counts(t.db);
    expect(after.users - before.users).toBe(1);
    expect(after.accounts - before.accounts).toBe(1);
    expect(after.user_profiles - before.user_profiles).toBe(1);
    expect(after.platform_accounts - before.platform_accounts).toBe(1);
    expect(after.autologin_tickets - before.autologin_tickets).toBe(1);
    // nothing moved: a zero balance needs no ledger entry
    expect(after.ledger_entries).toBe(before.ledger_entries);

    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Anna', last_name: 'Schmidt', country: 'DE', currency: 'GBP', verification: 'None', two_factor: '' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const accounts = await t.db.selectFrom('accounts').selectAll().where('user_id', '=', user.id).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ currency: 'GBP', type: 'trading', account_group: 'standard' });
    expect(String(accounts[0].balance_minor)).toBe('0');
    expect(user.current_account_id).toBe(accounts[0].id);
    const profile = await t.db.selectFrom('user_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ phone_prefix: '49', phone: '15123456789', promo: 'WELCOME', us_notice_at: null, lang: 'en' });

    // the platform has the account with the same password and a zero balance
    const platform = await t.browser().platformLogin(email, 'Long-enough-2026');
    expect(platform.json().success).toBe(true);
    expect(await sandboxGateway(t.db).userInfo(email)).toMatchObject({ available: '0.00', currency: 'GBP', login: email });

    // the autologin page's calls: values once, then the two-step login with the ticket
    const values = AutologinValues.parse((await b.send('POST', '/api/autologin', { json: { key } })).json());
    expect(values).toMatchObject({ email, redirect: 'home', lang: 'en' });
    const pf = await b.platformLogin(values.email, values.password);
    const login = await b.login(values.email, values.password, pf.json().data.token);
    expect(login.statusCode).toBe(200);
    const me = MeResponse.parse((await b.send('GET', '/api/me')).json());
    expect(me.user).toMatchObject({ email, currency: 'GBP', available: '0.00', firstName: 'Anna', country: 'DE' });
    expect(me.user?.balances).toEqual([expect.objectContaining({ currency: 'GBP', amount: '0.00', type: 'trading' })]);

    // the new password works for an ordinary sign-in too
    const again = t.browser();
    expect((await again.signIn(email, 'Long-enough-2026')).statusCode).toBe(200);
  });

  it('a US resident who accepted the notice is registered, with the time recorded; the key follows the page language', async () => {
    const b = await browser();
    const email = uniqueEmail();
    const res = await b.send('POST', '/api/register', { json: valid({ login: email, country: 'US', currency: undefined, phone_prefix: '+1', phone: '(202) 555-0143', usNotice: true, state: 'NY', lang: 'ru', promo: undefined }) });
    expect(res.statusCode).toBe(200);
    expect(RegisterResponse.parse(res.json()).url).toMatch(/^\/ru\/autologin\?key=/);
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.currency).toBe('USD');
    const profile = await t.db.selectFrom('user_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ phone_prefix: '1', phone: '2025550143', promo: '', lang: 'ru' });
    expect(profile.us_notice_at).toBeInstanceOf(Date);
  });

  it('records the affiliate of a referral link (the aff cookie the public site keeps) on the new account; a malformed one is ignored', async () => {
    const referred = await browser();
    referred.cookies.set('aff', 'partner7');
    const email = uniqueEmail();
    expect((await referred.send('POST', '/api/register', { json: valid({ login: email }) })).statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select(['id', 'affs_id']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.affs_id).toBe('partner7');
    // the signed-in trader's affsId
    const signedIn = t.browser();
    expect((await signedIn.signIn(email, 'Long-enough-2026')).statusCode).toBe(200);
    expect(MeResponse.parse((await signedIn.send('GET', '/api/me')).json()).user?.affsId).toBe('partner7');

    const direct = await browser();
    const plain = uniqueEmail();
    expect((await direct.send('POST', '/api/register', { json: valid({ login: plain }) })).statusCode).toBe(200);
    const bad = await browser();
    bad.cookies.set('aff', '%3Cscript%3E');
    const odd = uniqueEmail();
    expect((await bad.send('POST', '/api/register', { json: valid({ login: odd }) })).statusCode).toBe(200);
    const rows = await t.db.selectFrom('users').select(['email', 'affs_id']).where('email', 'in', [plain, odd]).execute();
    expect(rows.map((r) => r.affs_id)).toEqual(['', '']);
  });

  it('an unknown page language falls back to the default', async () => {
    const b = await browser();
    const res = await b.send('POST', '/api/register', { json: valid({ lang: 'xx' }) });
    expect(RegisterResponse.parse(res.json()).url).toMatch(/^\/en\//);
  });
});

describe('POST /api/register: an email that exists', () => {
  it('answers 409 with a clear message, in any case and with spaces, and opens nothing', async () => {
    const b = await browser();
    const before = await counts(t.db);
    const res = await b.send('POST', '/api/register', { json: valid({ login: ' Trader@Example.com ' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'register.email_taken', message: 'An account with this email already exists. Please sign in instead.', fields: { login: 'register.email_taken' } });
    const after = await counts(t.db);
    expect({ ...after, registration_attempts: 0 }).toEqual({ ...before, registration_attempts: 0 });
    // the password of the existing account is untouched
    expect((await t.browser().signIn('trader@example.com', 'Trader-2026')).statusCode).toBe(200);
  });

  it('two registrations of one email at once: one account, the other gets 409', async () => {
    const email = uniqueEmail();
    const [a, c] = await Promise.all([browser(), browser()]);
    const answers = await Promise.all([a, c].map((x) => x.send('POST', '/api/register', { json: valid({ login: email }) })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    expect(await t.db.selectFrom('platform_accounts').select('id').where('login', '=', email).execute()).toHaveLength(1);
  });
});

describe('POST /api/register: the platform', () => {
  async function withPlatform(make: (db: Db) => PlatformGateway) {
    const d = await freshDb({ seed: true });
    const app = await buildApp({ db: d.db, config: d.config, platform: make(d.db) });
    const b = new Browser(app);
    await b.me();
    return { d, app, b, close: async () => (await app.close(), await d.close()) };
  }

  it('an account the platform already has: 409 and nothing of ours is left', async () => {
    const env = await withPlatform((db) => sandboxGateway(db));
    try {
      const email = uniqueEmail();
      await sandboxGateway(env.d.db).createAccount({ login: email, password: 'Other-password-1', currency: 'USD' });
      const res = await env.b.send('POST', '/api/register', { json: valid({ login: email }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('register.email_taken');
      expect(await env.d.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
      expect(await env.d.db.selectFrom('user_profiles').select('user_id').execute()).toEqual([]);
    } finally {
      await env.close();
    }
  });

  it('a platform that cannot be reached: 503, nothing of ours is left, and a later try works', async () => {
    let down = true;
    const env = await withPlatform((db) => {
      const real = sandboxGateway(db);
      return {
        ...real,
        createAccount: async (input) => {
          if (down) throw new Error('connect ECONNREFUSED');
          return real.createAccount(input);
        },
      };
    });
    try {
      const email = uniqueEmail();
      const before = await env.d.db.selectFrom('accounts').select('id').execute();
      const res = await env.b.send('POST', '/api/register', { json: valid({ login: email }) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('platform.unavailable');
      expect(await env.d.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
      expect(await env.d.db.selectFrom('accounts').select('id').execute()).toEqual(before);
      down = false;
      expect((await env.b.send('POST', '/api/register', { json: valid({ login: email }) })).statusCode).toBe(200);
    } finally {
      await env.close();
    }
  });
});

describe('registration limits', () => {
  it('five submits for one email in 15 minutes, then 429 with Retry-After, before the email is looked at', async () => {
    const b = await browser();
    for (let i = 0; i < 5; i++) {
      expect((await b.send('POST', '/api/register', { json: valid({ login: 'trader@example.com' }) })).statusCode).toBe(409);
    }
    const sixth = await b.send('POST', '/api/register', { json: valid({ login: 'TRADER@example.com' }) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('register.limited');
    expect(sixth.json().message).toMatch(/for this email\. Please try again in 1[45] minutes\./);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
    // another email from the same network is still fine
    expect((await b.send('POST', '/api/register', { json: valid() })).statusCode).toBe(200);
  });

  it('twenty submits from one network in 15 minutes, then 429', async () => {
    await sql`insert into registration_attempts (kind, email, ip, outcome) select 'submit', 'x' || g || '@example.com', '127.0.0.1', 'refused' from generate_series(1, 20) g`.execute(t.db);
    const b = await browser();
    const before = await counts(t.db);
    const res = await b.send('POST', '/api/register', { json: valid() });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('from your network');
    const after = await counts(t.db);
    expect(after.users).toBe(before.users);
  });

  it('ten accounts from one network in a day, then 429; older ones do not count', async () => {
    await sql`insert into registration_attempts (kind, email, ip, outcome, at) select 'submit', 'y' || g || '@example.com', '127.0.0.1', 'created', now() - interval '20 hours' from generate_series(1, 10) g`.execute(t.db);
    const b = await browser();
    const res = await b.send('POST', '/api/register', { json: valid() });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3 * 3600);
    await sql`update registration_attempts set at = now() - interval '25 hours' where outcome = 'created'`.execute(t.db);
    expect((await b.send('POST', '/api/register', { json: valid() })).statusCode).toBe(200);
  });

  it('the limits are the server configuration (REGISTER_ACCOUNTS_PER_IP): a raised limit lets the eleventh account open, and still stops at its own count', async () => {
    const raised = await testApp({ seed: false, config: { registerLimits: { ...REGISTER_LIMITS, createdPerIp: 11 } } });
    try {
      await sql`insert into registration_attempts (kind, email, ip, outcome) select 'submit', 'z' || g || '@example.com', '127.0.0.1', 'created' from generate_series(1, 10) g`.execute(raised.db);
      const b = raised.browser();
      await b.me();
      expect((await b.send('POST', '/api/register', { json: valid() })).statusCode).toBe(200);
      const twelfth = await b.send('POST', '/api/register', { json: valid() });
      expect(twelfth.statusCode).toBe(429);
      expect(twelfth.json().error).toBe('register.limited');
    } finally {
      await raised.close();
    }
  });

  it('parallel submits cannot slip past the email limit', async () => {
    const bs = await Promise.all(Array.from({ length: 8 }, () => browser()));
    const answers = await Promise.all(bs.map((b) => b.send('POST', '/api/register', { json: valid({ login: 'risky@example.com' }) })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 409).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(3);
  });
});

describe('POST /api/register/check', () => {
  const check = async (b: Browser, json: Record<string, unknown>) => {
    const res = await b.send('POST', '/api/register/check', { json });
    expect(res.statusCode).toBe(200);
    return RegisterCheckResponse.parse(res.json());
  };

  it('the email: taken, malformed, reserved, or free', async () => {
    const b = await browser();
    expect(await check(b, { field: 'login', em: 'Trader@example.com' })).toMatchObject({ error: true, key: 'register.email_taken' });
    expect(await check(b, { field: 'login', em: 'nope' })).toMatchObject({ error: true, key: 'register.email_invalid' });
    expect(await check(b, { field: 'login', em: 'x@brokerage.test' })).toMatchObject({ error: true, key: 'register.email_domain' });
    expect(await check(b, { field: 'login', em: uniqueEmail() })).toEqual({ error: false, message: 'OK' });
  });

  it('the phone: prefix 1 is checked as a North American number, other prefixes by length', async () => {
    const b = await browser();
    expect(await check(b, { field: 'phone', em: '202 555 0143', prefix: '1' })).toMatchObject({ error: false });
    expect(await check(b, { field: 'phone', em: '5550143', prefix: '1' })).toMatchObject({ error: true, key: 'register.phone_nanp' });
    expect(await check(b, { field: 'phone', em: '5550143', prefix: '49' })).toMatchObject({ error: false });
    expect(await check(b, { field: 'phone', em: '55501', prefix: '49' })).toMatchObject({ error: true, key: 'register.phone_short' });
    expect(await check(b, { field: 'phone', em: '5550143', prefix: '999' })).toMatchObject({ error: true, key: 'register.phone_prefix_invalid' });
  });

  it('refuses other fields and bad bodies with 400, and 60 checks in 15 minutes with 429', async () => {
    const b = await browser();
    expect((await b.send('POST', '/api/register/check', { json: { field: 'password', em: 'x' } })).statusCode).toBe(400);
    expect((await b.send('POST', '/api/register/check', { json: { field: 'login' } })).statusCode).toBe(400);
    expect((await b.send('POST', '/api/register/check', { json: { field: 'login', em: 'a@b.cd' }, csrf: false })).statusCode).toBe(403);
    await sql`insert into registration_attempts (kind, ip, outcome) select 'check', '127.0.0.1', 'pending' from generate_series(1, 60) g`.execute(t.db);
    const res = await b.send('POST', '/api/register/check', { json: { field: 'login', em: 'a@b.cd' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('register.limited');
  });
});
