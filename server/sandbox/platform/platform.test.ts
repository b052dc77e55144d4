import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformLoginResponse, PlatformUserInfo } from '../../../core/contract';
import { hashToken } from '../../domain/tokens';
import { testApp, type TestApp } from '../../test/client';
import { sandboxGateway } from './gateway';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const xhr = { 'x-requested-with': 'XMLHttpRequest' };

describe('sandbox trading platform', () => {
  it('logs in with a form or JSON, sets its own strict cookie and answers a token', async () => {
    const b = t.browser();
    const res = await b.platformLogin('trader@example.com', 'Trader-2026');
    expect(res.statusCode).toBe(200);
    const body = PlatformLoginResponse.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'pf_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/platform' });
    expect(cookie.value).not.toBe(body.data?.token);
    const stored = await t.db.selectFrom('platform_sessions').selectAll().where('id', '=', hashToken(cookie.value)).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(body.data!.token));

    const json = await t.browser().send('POST', '/platform/login', { json: { login: 'demo@brokerage.test', password: 'Demo-2026' }, headers: xhr });
    expect(json.json().success).toBe(true);
  });

  it('wrong credentials: success false with the platform message, no cookie', async () => {
    const b = t.browser();
    for (const [login, password] of [['trader@example.com', 'nope'], ['nobody@example.com', 'Trader-2026']]) {
      const res = await b.platformLogin(login, password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid login or password' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('userInfo answers the platform balance, or 401 not_auth', async () => {
    const b = t.browser();
    const anonymous = await b.send('GET', '/platform/userInfo');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, message: 'not_auth' });
    await b.platformLogin('trader@example.com', 'Trader-2026');
    const res = await b.send('GET', '/platform/userInfo');
    expect(res.statusCode).toBe(200);
    expect(PlatformUserInfo.parse(res.json())).toEqual({ available: '10000.00', currency: 'USD', login: 'trader@example.com' });
    expect(res.json().all).toBe('10000.00');
  });

  it('logout ends the platform session and its token', async () => {
    const b = t.browser();
    const token = (await b.platformLogin('trader@example.com', 'Trader-2026')).json().data.token;
    expect(await sandboxGateway(t.db).verifyToken(token)).toEqual({ login: 'trader@example.com' });
    const res = await b.send('POST', '/platform/logout', { headers: xhr });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.cookies.find((c) => c.name === 'pf_session')?.value).toBe('');
    expect((await b.send('GET', '/platform/userInfo')).statusCode).toBe(401);
    expect(await sandboxGateway(t.db).verifyToken(token)).toBeNull();
  });

  it('an expired platform session is not authenticated', async () => {
    const b = t.browser();
    const token = (await b.platformLogin('risky@example.com', 'Risky-2026')).json().data.token;
    await sql`update platform_sessions set expires_at = now() - interval '1 second'`.execute(t.db);
    expect((await b.send('GET', '/platform/userInfo')).statusCode).toBe(401);
    expect(await sandboxGateway(t.db).verifyToken(token)).toBeNull();
  });

  it('locks a login after 5 failures in 15 minutes', async () => {
    const b = t.browser();
    for (let i = 0; i < 5; i++) expect((await b.platformLogin('risky@example.com', `bad-${i}`)).json().success).toBe(false);
    const locked = await b.platformLogin('risky@example.com', 'Risky-2026');
    expect(locked.json().success).toBe(false);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(locked.cookies).toHaveLength(0);
    // the broker's own limit is separate
    const site = await t.db.selectFrom('login_attempts').select('scope').where('email', '=', 'risky@example.com').execute();
    expect(new Set(site.map((r) => r.scope))).toEqual(new Set(['platform']));
  });

  it('the gateway opens accounts and reports balances', async () => {
    const gateway = sandboxGateway(t.db);
    expect(await gateway.createAccount({ login: 'New@Example.com', password: 'pw-123456', currency: 'EUR' })).toBe(true);
    expect(await gateway.createAccount({ login: 'new@example.com', password: 'other', currency: 'USD' })).toBe(false);
    expect(await gateway.userInfo('new@example.com')).toEqual({ available: '0.00', all: '0.00', currency: 'EUR', login: 'new@example.com' });
    expect(await gateway.userInfo('missing@example.com')).toBeNull();
    expect((await t.browser().platformLogin('new@example.com', 'pw-123456')).json().success).toBe(true);
  });

  it('serves an embeddable trading page with a strict CSP and no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/platform/trade' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Sandbox trading platform — prices are simulated');
    expect(page.body).toMatch(/<script src="trade.js"><\/script>/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>|\sstyle="|\son\w+="/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const js = await t.app.inject({ method: 'GET', url: '/platform/trade.js' });
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain("{ type: 'platform.not_auth' }");
    expect(js.body).toContain('window.location.origin');
    expect(js.body).toContain("call('state')");
    const css = await t.app.inject({ method: 'GET', url: '/platform/trade.css' });
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });
});
