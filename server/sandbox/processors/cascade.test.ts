import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cascadeStack } from '../../../core/cascade/stack';
import { MeResponse, Settings } from '../../../core/contract';
import { buildApp } from '../../app';
import { SANDBOX_CASCADE } from '../../domain/settings';
import { testApp, type Browser, type TestApp } from '../../test/client';
import { registration } from '../../test/registration';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

/** The stack the funding page computes for the signed-in trader: the served settings and the user (machines/cascade/stack.ts). */
async function stackOf(b: Browser): Promise<string[]> {
  const settings = Settings.parse((await b.send('GET', '/api/settings')).json());
  const user = MeResponse.parse((await b.send('GET', '/api/me')).json()).user!;
  return cascadeStack({ settings: settings.cascade, user: user.cascade, country: user.country, affsId: user.affsId, noVload: settings.no_vload });
}

describe('the sandbox card stack', () => {
  it('is five processors, VLOAD first (the spec default), without PFS (refused for 12 countries)', () => {
    expect(SANDBOX_CASCADE).toEqual(['VLOAD', 'ORANGE', 'MEIKO', 'ZOOM', 'CONCEPT']);
  });

  it('trader@example.com (Germany) gets all five, so a soft decline shows "processor 2 of 5"', async () => {
    const b = t.browser();
    expect((await b.signIn('trader@example.com', 'Trader-2026')).statusCode).toBe(200);
    expect(await stackOf(b)).toEqual(['VLOAD', 'ORANGE', 'MEIKO', 'ZOOM', 'CONCEPT']);
  });

  it('a newly registered trader gets all five', async () => {
    const b = t.browser();
    await b.me();
    const email = `cascade.${Date.now().toString(36)}@example.com`;
    const password = 'Long-enough-2026';
    const res = await b.send('POST', '/api/register', {
      json: registration({ country: 'FR', login: email, password, lastName: 'Martin', phone_prefix: '33', phone: '612345678' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const signed = t.browser();
    expect((await signed.signIn(email, password)).statusCode).toBe(200);
    expect(await stackOf(signed)).toEqual(['VLOAD', 'ORANGE', 'MEIKO', 'ZOOM', 'CONCEPT']);
  });

  it('the soft-decline card is declined by the first processor (VLOAD) and approved by the second (ORANGE)', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const saved = await b.send('POST', '/api/card/save', {
      json: { cnu: '4000000000000036', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Sandbox', ln: 'Trader', cu: 'DE', cur: 'USD' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = (saved.json() as { card: string }).card;
    const fraud = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '250.00', fixed: false, bonus: false, card } });
    expect(fraud.statusCode, fraud.body).toBe(200);
    const id = (fraud.json() as { payment: string }).payment;
    const start = { id, amount: '250.00', fixed: false, bonus: false };
    expect((await b.send('POST', '/api/vload/pay', { json: start })).json()).toMatchObject({ proc: 'VLOAD', return: false, status: 'declined' });
    expect((await b.send('POST', '/api/card/fast/orange', { json: start })).json()).toMatchObject({ proc: 'ORANGE', status: 'successful' });
  });

  it('follows the configuration: with SANDBOX=0 the settings cascade is empty (the spec default, VLOAD only)', async () => {
    const app = await buildApp({ db: t.db, config: { ...t.config, sandbox: false } });
    try {
      const settings = Settings.parse((await app.inject({ method: 'GET', url: '/api/settings' })).json());
      expect(settings.cascade).toEqual([]);
      expect(cascadeStack({ settings: settings.cascade, user: '', country: 'DE', affsId: '', noVload: [] })).toEqual(['VLOAD']);
    } finally {
      await app.close();
    }
  });
});
