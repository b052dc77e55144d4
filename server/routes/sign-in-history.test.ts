import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotMeResponse, SIGN_IN_PAGE, SignInPage } from '../../core/contract/sign-in-history';
import { buildApp } from '../app';
import { SIGN_IN_CSV_HEADER } from '../domain/security/sign-in-history';
import { Browser, testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Sign-in history and new-device alerts (issue 31 §1, §3), hostile: every attempt on a known
 * account is written with its method and outcome; the history is the owner's alone, paged and as
 * CSV (defused against formula injection); a second browser is a new device (email with a link and
 * a notice), the same browser again is not; "this wasn't me" ends every session and emails a reset
 * link, from the link once only, and from the history only for the trader's own new-device sign-in.
 */
let t: TestApp;
let proxied: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await testApp();
  // behind a proxy: the address (and so the sandbox's country) comes from X-Forwarded-For
  proxied = await buildApp({ db: t.db, config: { ...t.config, trustProxy: true }, push: undefined });
});
afterAll(async () => {
  await proxied?.close();
  await t?.close();
});

const history = async (b: Browser, before?: string) => SignInPage.parse((await b.send('GET', `/api/security/sign_ins${before ? `?before=${before}` : ''}`)).json());
const outbox = async (b: Browser, email: string) =>
  ((await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(email)}`)).json() as { messages: { subject: string; body: string }[] }).messages;
const notices = async (b: Browser) => ((await b.send('GET', '/api/us/notifications?limit=50')).json() as { notifications: { kind: string; params: Record<string, string> }[] }).notifications;
const signedIn = async (b: Browser) => ((await b.send('GET', '/api/me')).json() as { user: unknown }).user !== null;
const linkToken = (body: string) => /not-me\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';

describe('sign-in history', () => {
  it('writes each attempt with its outcome, device and IP; the trader sees only their own', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    // the platform confirms the login, then this step refuses the password (the platform's own refusals are the platform's)
    const other = t.browser();
    await other.me();
    const token = ((await other.platformLogin(user.email, user.password)).json() as { data: { token: string } }).data.token;
    expect((await other.login(user.email, 'wrong-password-1', token)).statusCode).toBe(401);
    expect((await other.signIn(user.email, user.password)).statusCode).toBe(200);

    const page = await history(laptop);
    expect(page.events.map((e) => [e.method, e.outcome])).toEqual([
      ['password', 'signed_in'],
      ['password', 'wrong_password'],
      ['password', 'signed_in'],
    ]);
    expect(page.next).toBeNull();
    for (const e of page.events) {
      expect(e.ip).toBe('127.0.0.1');
      expect(e.country).toBeNull();
      expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.now());
    }
    expect(page.events.map((e) => e.newDevice)).toEqual([true, false, false]);

    const stranger = t.browser();
    await freshUser(stranger);
    expect((await history(stranger)).events).toHaveLength(1);
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/security/sign_ins')).statusCode).toBe(401);
    expect((await visitor.send('GET', '/api/security/sign_ins.csv')).statusCode).toBe(401);
    expect((await laptop.send('GET', '/api/security/sign_ins?before=x')).statusCode).toBe(400);
  });

  it('records the second factor asked, failed and passed, and a lock; the country behind a proxy', async () => {
    const b = t.browser();
    const user = await freshUser(b, { two_factor: 'email' });
    const phone = new Browser(proxied);
    await phone.me();
    const asked = await phone.signIn(user.email, user.password, {});
    expect(asked.json().factor).toBe('email');
    const wrong = await phone.send('POST', '/api/fraud/factors_check', { json: { type: 'email', code: '000000', purpose: 'login' } });
    expect(wrong.json().success).toBe(false);
    const events = (await history(b)).events.map((e) => e.outcome);
    expect(events.slice(0, 3)).toEqual(['factor_failed', 'factor_asked', 'factor_passed']);

    // five wrong passwords from abroad (the platform confirmed the login) lock the email: the sixth is written as locked
    const abroad = new Browser(proxied);
    await abroad.me();
    const token = ((await abroad.platformLogin(user.email, user.password)).json() as { data: { token: string } }).data.token;
    const from = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 6; i++) await abroad.send('POST', '/api/login', { json: { email: user.email, password: `nope-${i}-guess`, token, captcha: 'f', url: '/en/login' }, headers: from });
    const after = (await history(b)).events;
    expect(after.slice(0, 6).map((e) => e.outcome)).toEqual(['locked', ...Array(5).fill('wrong_password')]);
    expect(after.slice(0, 6).every((e) => e.ip === '203.0.113.9' && e.country === 'CY')).toBe(true);
  });

  it('pages through the last 90 days and downloads them as CSV, defused', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const id = Number((await history(b)).events[0]!.id);
    const userId = (await t.db.selectFrom('sign_in_events').select('user_id').where('id', '=', String(id)).executeTakeFirstOrThrow()).user_id;
    const rows = Array.from({ length: SIGN_IN_PAGE + 4 }, (_, i) => ({ user_id: userId, method: 'password' as const, outcome: 'wrong_password' as const, ip: '198.51.100.7', device: i === 0 ? '=HYPERLINK("x")' : 'Chrome on Linux', country: 'DE' }));
    await t.db.insertInto('sign_in_events').values(rows).execute();
    // one older than 90 days: neither shown nor downloaded
    await t.db.insertInto('sign_in_events').values({ user_id: userId, at: new Date(Date.now() - 91 * 86_400_000), method: 'password', outcome: 'signed_in', ip: '192.0.2.1', device: null, country: 'GB' }).execute();

    const first = await history(b);
    expect(first.events).toHaveLength(SIGN_IN_PAGE);
    expect(first.next).toBe(first.events[SIGN_IN_PAGE - 1]!.id);
    const second = await history(b, first.next!);
    expect(second.events).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(new Set([...first.events, ...second.events].map((e) => e.id)).size).toBe(SIGN_IN_PAGE + 5);

    const csv = await b.send('GET', '/api/security/sign_ins.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="sign-ins-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SIGN_IN_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + SIGN_IN_PAGE + 5);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).not.toContain('192.0.2.1');
    expect(user.email).toContain('@');
  });
});

describe('new-device alerts', () => {
  it('a second browser is a new device: an email with a link and a notice; the same browser again is not', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    expect((await outbox(laptop, user.email)).filter((m) => m.subject.includes('new device'))).toHaveLength(0);
    expect((await notices(laptop)).map((n) => n.kind)).not.toContain('security.new_device');

    const phone = t.browser();
    await phone.signIn(user.email, user.password);
    const mails = (await outbox(laptop, user.email)).filter((m) => m.subject === 'A sign-in from a new device');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('IP 127.0.0.1');
    expect(linkToken(mails[0]!.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const notice = (await notices(laptop)).find((n) => n.kind === 'security.new_device');
    expect(notice?.params.ip).toBe('127.0.0.1');

    // the laptop again (its device cookie is known): no alert
    await laptop.send('POST', '/api/logout');
    await laptop.signIn(user.email, user.password);
    expect((await outbox(laptop, user.email)).filter((m) => m.subject === 'A sign-in from a new device')).toHaveLength(1);
  });

  it('"this wasn’t me" from the link ends every session, emails a reset link, and works once', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    const thief = t.browser();
    await thief.signIn(user.email, user.password);
    const token = linkToken((await outbox(laptop, user.email)).find((m) => m.subject === 'A sign-in from a new device')!.body);

    // a passkey the thief added would outlive the new password: it goes too
    await t.db.insertInto('passkeys').values({ user_id: Number(user.userId), credential_id: `thief-${user.userId}`, public_key: new Uint8Array([1, 2, 3]), counter: 0n, name: 'Thief' }).execute();

    const anyone = t.browser();
    await anyone.me();
    expect((await anyone.send('POST', '/api/security/not_me_link', { json: { token }, csrf: false })).statusCode).toBe(403);
    const done = await anyone.send('POST', '/api/security/not_me_link', { json: { token } });
    expect(done.statusCode, done.body).toBe(200);
    expect(NotMeResponse.parse(done.json())).toMatchObject({ ended: 2, resetSent: true });
    expect(await t.db.selectFrom('passkeys').select('id').where('user_id', '=', Number(user.userId)).execute()).toEqual([]);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(thief)).toBe(false);
    expect((await outbox(anyone, user.email))[0]!.subject).toBe('Reset your password');

    const again = await anyone.send('POST', '/api/security/not_me_link', { json: { token } });
    expect([again.statusCode, again.json().error]).toEqual([410, 'not_me.link']);
    const junk = await anyone.send('POST', '/api/security/not_me_link', { json: { token: 'short' } });
    expect(junk.statusCode).toBe(400);
  });

  it('"this wasn’t me" from the history: only the trader’s own new-device sign-in', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    const phone = t.browser();
    await phone.signIn(user.email, user.password);
    const events = (await history(laptop)).events;
    const fresh = events.find((e) => e.newDevice)!;
    const plain = events.find((e) => !e.newDevice)!;

    const stranger = t.browser();
    await freshUser(stranger);
    expect((await stranger.send('POST', '/api/security/not_me', { json: { event: fresh.id } })).json().error).toBe('not_me.event');
    expect((await laptop.send('POST', '/api/security/not_me', { json: { event: plain.id } })).json().error).toBe('not_me.event');
    expect(await signedIn(phone)).toBe(true);

    const done = await laptop.send('POST', '/api/security/not_me', { json: { event: fresh.id } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().ended).toBe(2);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    // the email's link of that alert no longer works either
    const token = linkToken((await outbox(laptop, user.email)).find((m) => m.subject === 'A sign-in from a new device')!.body);
    const anyone = t.browser();
    await anyone.me();
    expect((await anyone.send('POST', '/api/security/not_me_link', { json: { token } })).json().error).toBe('not_me.link');
  });
});
