import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/contract';
import { testApp, type Browser, type TestApp } from '../test/client';
import { rowCounts } from '../test/db';

let t: TestApp;
let signedIn: Browser;
let platformToken: string;
beforeAll(async () => {
  t = await testApp();
  signedIn = t.browser();
  await signedIn.signIn('trader@example.com', 'Trader-2026');
  platformToken = (await signedIn.platformLogin('trader@example.com', 'Trader-2026')).json().data.token;
});
afterAll(() => t?.close());

/** Valid bodies: each would write something if the CSRF check let it through. */
const calls = (): [string, unknown][] => [
  ['/api/login', { email: 'trader@example.com', password: 'Trader-2026', token: platformToken, captcha: '', url: '/en/login' }],
  ['/api/us/handler', { error: 'boom', url: '/en/trading' }],
  ['/api/notify/login_fail', { email: 'trader@example.com' }],
  ['/api/sandbox/autologin', { email: 'trader@example.com' }],
  ['/api/autologin', { key: 'x' }],
];

describe('CSRF', () => {
  for (const [url] of calls()) {
    it(`${url}: without, with a wrong or a foreign token → 403 csrf, nothing written`, async () => {
      const body = calls().find(([u]) => u === url)![1];
      const other = t.browser();
      await other.me();
      const before = await rowCounts(t.db);
      const variants: { headers?: Record<string, string>; browser: Browser }[] = [
        { browser: signedIn },
        { browser: signedIn, headers: { 'x-csrf-token': '' } },
        { browser: signedIn, headers: { 'x-csrf-token': 'wrong' } },
        { browser: signedIn, headers: { 'x-csrf-token': signedIn.csrf.slice(0, -1) + (signedIn.csrf.endsWith('A') ? 'B' : 'A') } },
        // the token of another session
        { browser: signedIn, headers: { 'x-csrf-token': other.csrf } },
        // a token but no session cookie at all
        { browser: t.browser(), headers: { 'x-csrf-token': signedIn.csrf } },
      ];
      for (const v of variants) {
        const res = await v.browser.send('POST', url, { json: body, headers: v.headers, csrf: false });
        expect(res.statusCode, JSON.stringify(v.headers)).toBe(403);
        expect(ApiError.parse(res.json())).toMatchObject({ error: 'csrf' });
      }
      expect(await rowCounts(t.db)).toEqual(before);
    });
  }

  it('is checked before the body is read', async () => {
    const res = await signedIn.send('POST', '/api/us/handler', { body: '{not json', headers: { 'content-type': 'application/json' }, csrf: false });
    expect(res.statusCode).toBe(403);
  });

  it('the right token passes', async () => {
    const res = await signedIn.send('POST', '/api/us/handler', { json: { error: 'boom', url: '/' } });
    expect(res.statusCode).toBe(200);
  });

  it('the platform needs X-Requested-With on state-changing calls', async () => {
    const b = t.browser();
    const before = await rowCounts(t.db);
    const login = await b.send('POST', '/platform/login', { form: { login: 'trader@example.com', password: 'Trader-2026' } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ success: false, error: 'platform.csrf' });
    const wrong = await b.send('POST', '/platform/login', { form: { login: 'trader@example.com', password: 'Trader-2026' }, headers: { 'x-requested-with': 'fetch' } });
    expect(wrong.statusCode).toBe(403);
    expect(login.cookies).toHaveLength(0);
    expect(await rowCounts(t.db)).toEqual(before);
    const logout = await signedIn.send('POST', '/platform/logout');
    expect(logout.statusCode).toBe(403);
    expect((await signedIn.send('GET', '/platform/userInfo')).statusCode).toBe(200);
  });
});
