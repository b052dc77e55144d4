import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../domain/tokens';
import { testApp, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('GET /logout and /api/logout', () => {
  for (const path of ['/logout', '/api/logout']) {
    it(`${path} ends the session, clears the cookie and redirects to the login page`, async () => {
      const b = t.browser();
      await b.signIn('trader@example.com', 'Trader-2026');
      const sid = b.cookies.get('sid')!;
      const res = await b.send('GET', `${path}?lang=ru`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/ru/login');
      const cleared = res.cookies.find((c) => c.name === 'sid')!;
      expect(cleared.value).toBe('');
      expect(cleared.path).toBe('/');
      expect(await t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(sid)).executeTakeFirst()).toBeUndefined();
      expect((await b.me()).user).toBeNull();
    });
  }

  it('defaults to English and never redirects off-site', async () => {
    for (const query of ['', '?lang=xx', '?lang=//evil.example', '?lang=en&lang=ru', '?lang[]=ru']) {
      const res = await t.app.inject({ method: 'GET', url: `/logout${query}` });
      expect(res.statusCode, query).toBe(302);
      expect(res.headers.location, query).toBe('/en/login');
    }
  });

  it('works without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
  });
});
