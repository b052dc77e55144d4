import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutologinValues, SandboxAutologinResponse } from '../../core/contract';
import { testApp, type Browser, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

/** a tester with the sandbox operator token: a link for any email */
const operator = () => ({ 'x-sandbox-operator': t.config.sandboxOperatorToken });

async function newKey(b: Browser, email = 'trader@example.com', extra: Record<string, unknown> = {}): Promise<string> {
  const res = await b.send('POST', '/api/sandbox/autologin', { json: { email, ...extra }, headers: operator() });
  expect(res.statusCode).toBe(200);
  return SandboxAutologinResponse.parse(res.json()).key;
}

describe('autologin', () => {
  it('a sandbox key gives the values once; its ticket signs in through the platform and the site, once each', async () => {
    const b = t.browser();
    await b.me();
    const created = await b.send('POST', '/api/sandbox/autologin', { json: { email: 'Trader@example.com', redirect: 'show/funding', lang: 'ru' }, headers: operator() });
    const { key, url } = SandboxAutologinResponse.parse(created.json());
    expect(url).toBe(`/ru/autologin?key=${key}`);

    const res = await b.send('POST', '/api/autologin', { json: { key } });
    expect(res.statusCode).toBe(200);
    const values = AutologinValues.parse(res.json());
    expect(values).toMatchObject({ email: 'trader@example.com', redirect: 'show/funding', lang: 'ru', mobile: false });
    expect(values.password).not.toBe('Trader-2026');

    // the key is single use
    const again = await b.send('POST', '/api/autologin', { json: { key } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('autologin.invalid');

    // the ordinary two-step login with the ticket as password
    const platform = await b.platformLogin(values.email, values.password);
    expect(platform.json().success).toBe(true);
    const login = await b.login(values.email, values.password, platform.json().data.token);
    expect(login.statusCode).toBe(200);
    expect((await b.me()).user?.email).toBe('trader@example.com');

    // each side accepts the ticket only once
    const other = t.browser();
    await other.me();
    expect((await other.platformLogin(values.email, values.password)).json()).toMatchObject({ success: false, message: 'Invalid login or password' });
    const token = (await other.platformLogin(values.email, 'Trader-2026')).json().data.token;
    const second = await other.login(values.email, values.password, token);
    expect(second.statusCode).toBe(401);
    expect(second.json().error).toBe('login.password');
  });

  it('a ticket works only for its own user and expires after 5 minutes', async () => {
    const b = t.browser();
    await b.me();
    const values = AutologinValues.parse((await b.send('POST', '/api/autologin', { json: { key: await newKey(b) } })).json());
    // not for another user
    expect((await b.platformLogin('risky@example.com', values.password)).json().success).toBe(false);
    // expired
    await sql`update autologin_tickets set ticket_expires_at = now() - interval '1 second'`.execute(t.db);
    expect((await b.platformLogin(values.email, values.password)).json().success).toBe(false);
  });

  it('unknown, expired or malformed keys are refused', async () => {
    const b = t.browser();
    await b.me();
    expect((await b.send('POST', '/api/autologin', { json: { key: 'nope' } })).json().error).toBe('autologin.invalid');
    const key = await newKey(b);
    await sql`update autologin_tickets set key_expires_at = now() - interval '1 second' where key_used_at is null`.execute(t.db);
    expect((await b.send('POST', '/api/autologin', { json: { key } })).statusCode).toBe(401);
    expect((await b.send('POST', '/api/autologin', { json: { key: '' } })).statusCode).toBe(400);
  });

  it('the sandbox route refuses unknown users and bad redirects', async () => {
    const b = t.browser();
    await b.me();
    const unknown = await b.send('POST', '/api/sandbox/autologin', { json: { email: 'nobody@example.com' }, headers: operator() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('user.not_found');
    const bad = await b.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com', redirect: 'https://evil.example' }, headers: operator() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ redirect: 'validation.format' });
    const count = await t.db.selectFrom('autologin_tickets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const before = Number(count.n);
    await b.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com', lang: 'xx' }, headers: operator() });
    const row = await t.db.selectFrom('autologin_tickets').select('lang').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row.lang).toBe('en');
    expect(Number((await t.db.selectFrom('autologin_tickets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before + 1);
  });
});
