import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  // the sandbox's short resend interval (SANDBOX_2FA_RESEND_MS), as npm run test:ui-paths sets it
  t = await testApp({ config: { twoFactorResendMs: 10_000 } });
});
afterAll(() => t?.close());

const resend = (b: Browser) => b.send('POST', '/api/fraud/two_factors', { json: { type: 'email_resend', state: true, purpose: 'login' } });

describe('the resend interval', () => {
  it('SANDBOX_2FA_RESEND_MS: 30 s by default, shorter only in sandbox mode, refused outside it', () => {
    expect(loadConfig({ SANDBOX: '1' }).twoFactorResendMs).toBe(30_000);
    expect(loadConfig({}).twoFactorResendMs).toBe(30_000);
    expect(loadConfig({ SANDBOX: '1', SANDBOX_2FA_RESEND_MS: '2000' }).twoFactorResendMs).toBe(2000);
    expect(() => loadConfig({ SANDBOX_2FA_RESEND_MS: '2000' })).toThrow('SANDBOX_2FA_RESEND_MS is a sandbox setting: it is refused without SANDBOX=1');
    expect(() => loadConfig({ SANDBOX: '1', SANDBOX_2FA_RESEND_MS: '60000' })).toThrow('SANDBOX_2FA_RESEND_MS must be a whole number from 100 to 30000');
  });

  it('a resend within the interval waits (429); one after it is sent, though 30 s have not passed', async () => {
    const b = t.browser();
    const user = await freshUser(b, { two_factor: 'email' });
    const login = t.browser();
    await login.me();
    const platform = await login.platformLogin(user.email, user.password);
    expect((await login.login(user.email, user.password, platform.json().data.token as string)).json().factor).toBe('email');
    // the sign-in's code is moved back in time (never slept): 5 s is within the 10 s interval
    const age = (ms: number) => t.db.updateTable('two_factor_codes').set({ created_at: new Date(Date.now() - ms) }).execute();
    await age(5_000);
    const tooSoon = await resend(login);
    expect([tooSoon.statusCode, tooSoon.json().error]).toEqual([429, 'factor.resend_wait']);
    expect(tooSoon.headers['retry-after']).toMatch(/^[1-5]$/);
    // 15 s: past the sandbox's interval, short of the default 30 s
    await age(15_000);
    const sent = await resend(login);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, channel: 'email' });
    expect((await resend(login)).statusCode).toBe(429);
  });
});
