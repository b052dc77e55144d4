import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../domain/tokens';
import { testApp, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const sessionRow = (sid: string) => t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(sid)).executeTakeFirst();

describe('POST /api/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const sid = b.cookies.get('sid')!;
    const res = await b.send('POST', '/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/');
    expect(await sessionRow(sid)).toBeUndefined();
    expect((await b.me()).user).toBeNull();
  });

  it('without the CSRF token: 403 csrf, and the trader stays signed in', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const sid = b.cookies.get('sid')!;
    const res = await b.send('POST', '/api/logout', { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'csrf' });
    expect(await sessionRow(sid)).toBeDefined();
    expect((await b.me()).user).toMatchObject({ email: 'trader@example.com' });
  });

  // a link or an <img src="/logout"> on any site must not sign a trader out
  for (const path of ['/logout', '/api/logout', '/logout?lang=ru', '/api/logout?lang=ru']) {
    it(`GET ${path} does not sign out`, async () => {
      const b = t.browser();
      await b.signIn('trader@example.com', 'Trader-2026');
      const sid = b.cookies.get('sid')!;
      const res = await b.send('GET', path);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('error');
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      expect(await sessionRow(sid)).toBeDefined();
      expect((await b.me()).user).toMatchObject({ email: 'trader@example.com' });
    });
  }
});
