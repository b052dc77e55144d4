import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Browser, type TestApp } from '../../test/client';
import { freshUser } from '../../test/fresh-user';

let t: TestApp;
const operator = 'operator-token-for-platform-script-0123';
beforeAll(async () => {
  t = await testApp({ config: { sandboxOperatorToken: operator } });
});
afterAll(() => t?.close());

const script = (b: Browser, body: Record<string, unknown>, headers: Record<string, string> = {}) => b.send('POST', '/api/sandbox/script', { json: body, headers });

describe('scripted platform sign-in refusals', () => {
  it('maintenance, then no code, each answered once, in order; then the password is checked again', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const queued = await script(b, { platform: [{ outcome: 'maintenance' }, { outcome: 'no_code' }] });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().waiting.platform).toEqual([{ outcome: 'maintenance' }, { outcome: 'no_code' }]);

    const login = t.browser();
    const first = await login.platformLogin(user.email.toUpperCase(), user.password);
    expect(first.json()).toEqual({ success: false, code: 'maintenance', message: 'The trading platform is down for maintenance. Please try again in a few minutes.' });
    expect((await login.platformLogin(user.email, user.password)).json()).toEqual({ success: false });
    const third = (await login.platformLogin(user.email, user.password)).json();
    expect(third.success).toBe(true);
    expect(typeof third.data.token).toBe('string');
    expect((await b.send('GET', '/api/sandbox/script')).json().waiting.platform).toEqual([]);
  });

  it("a step is the trader's own: another trader's sign-in does not use it, and a scripted refusal is no password attempt", async () => {
    const owner = t.browser();
    const user = await freshUser(owner);
    const other = t.browser();
    const someone = await freshUser(other);
    expect((await script(owner, { platform: [{ outcome: 'maintenance' }] })).statusCode).toBe(200);
    expect((await t.browser().platformLogin(someone.email, someone.password)).json().success).toBe(true);
    // not the owner's, no operator token: refused, nothing written
    const foreign = await script(other, { email: user.email, platform: [{ outcome: 'no_code' }] });
    expect(foreign.statusCode).toBe(403);
    const login = t.browser();
    expect((await login.platformLogin(user.email, 'wrong-password')).json().code).toBe('maintenance');
    // the platform's own limit (5 failures) still has all five: four wrong, then the right one
    for (let i = 0; i < 4; i++) expect((await login.platformLogin(user.email, 'wrong-password')).json().code).toBe('invalid_credentials');
    expect((await login.platformLogin(user.email, user.password)).json().success).toBe(true);
  });

  it('the operator scripts any trader; an unknown outcome is refused', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const anyone = t.browser();
    await anyone.me();
    const byOperator = await script(anyone, { email: user.email, platform: [{ outcome: 'no_code' }] }, { 'x-sandbox-operator': operator });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    expect((await t.browser().platformLogin(user.email, user.password)).json()).toEqual({ success: false });
    expect((await script(b, { platform: [{ outcome: 'down' }] })).statusCode).toBe(400);
  });
});

describe('without sandbox mode', () => {
  it('the platform takes no script: a sign-in is checked as always', async () => {
    const prod = await testApp({ config: { sandbox: false, sandboxOperatorToken: '' } });
    try {
      const b = prod.browser();
      await b.me();
      expect((await b.send('POST', '/api/sandbox/script', { json: { platform: [{ outcome: 'maintenance' }] } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
