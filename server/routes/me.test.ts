import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../core/contract';
import { buildApp } from '../app';
import { hashToken } from '../domain/tokens';
import { testApp, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('GET /api/me', () => {
  it('creates an anonymous session once and answers user null with its CSRF token', async () => {
    const b = t.browser();
    const res = await b.send('GET', '/api/me');
    expect(res.statusCode).toBe(200);
    const body = MeResponse.parse(res.json());
    expect(body.user).toBeNull();
    expect(body.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(res.headers['cache-control']).toBe('no-store');
    const row = await t.db.selectFrom('sessions').selectAll().where('id', '=', hashToken(cookie.value)).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    // the same session again: no new cookie, same token
    const again = await b.send('GET', '/api/me');
    expect(again.cookies).toHaveLength(0);
    expect(again.json().csrf).toBe(body.csrf);
  });

  it('answers the signed-in trader built from the database', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const me = MeResponse.parse((await b.send('GET', '/api/me')).json());
    const user = me.user!;
    expect(user).toMatchObject({
      email: 'trader@example.com',
      firstName: 'Tom',
      country: 'DE',
      currency: 'USD',
      verification: 'Full',
      cardRisk: false,
      isDemo: false,
      available: '10000.00',
      depositsTotal: '10000.00',
      two_factor: '',
    });
    expect(user.balances.map((x) => [x.currency, x.type, x.amount, x.depositsTotal])).toEqual([
      ['USD', 'trading', '10000.00', '10000.00'],
      ['EUR', 'trading', '2500.00', '2500.00'],
    ]);
    expect(user.current_accountId).toBe(user.balances[0].accountId);
  });

  it('marks the demo user (email at the site host) and the risky user', async () => {
    const demo = t.browser();
    await demo.signIn('demo@brokerage.test', 'Demo-2026');
    const d = MeResponse.parse((await demo.send('GET', '/api/me')).json()).user!;
    expect(d).toMatchObject({ isDemo: true, available: '50000.00', depositsTotal: '0.00' });
    expect(d.balances[0]).toMatchObject({ type: 'demo', accountGroup: 'demo' });
    const risky = t.browser();
    await risky.signIn('risky@example.com', 'Risky-2026');
    const r = MeResponse.parse((await risky.send('GET', '/api/me')).json()).user!;
    expect(r).toMatchObject({ isDemo: false, cardRisk: true, verification: 'None', country: 'US', available: '0.00' });
  });

  it('an expired session is replaced by a new anonymous one', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const sid = b.cookies.get('sid')!;
    await sql`update sessions set expires_at = now() - interval '1 second' where id = ${hashToken(sid)}`.execute(t.db);
    const me = await b.me();
    expect(me.user).toBeNull();
    expect(b.cookies.get('sid')).not.toBe(sid);
  });

  it('slides the expiry forward on use', async () => {
    const b = t.browser();
    await b.me();
    const id = hashToken(b.cookies.get('sid')!);
    await sql`update sessions set expires_at = now() + interval '1 hour' where id = ${id}`.execute(t.db);
    await b.me();
    const row = await t.db.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
  });

  it('behind a trusted TLS proxy the cookie is Secure', async () => {
    const app = await buildApp({ db: t.db, config: { ...t.config, trustProxy: true } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      const plain = await app.inject({ method: 'GET', url: '/api/me' });
      expect(plain.cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
    } finally {
      await app.close();
    }
  });

  it('a forged cookie is ignored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: 'sid=forged' } });
    expect(res.json().user).toBeNull();
    expect(res.cookies.find((c) => c.name === 'sid')?.value).not.toBe('forged');
  });
});
