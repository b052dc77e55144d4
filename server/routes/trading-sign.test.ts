import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../core/contract';
import { normalizeName } from '../domain/trading/sign';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('signing the client agreement (002 §4)', () => {
  it('normalizes names: case, spacing and compatibility forms', () => {
    expect(normalizeName('  sandbox   TRADER ')).toBe('sandbox trader');
    expect(normalizeName('Ｓandbox Trader')).toBe('sandbox trader');
    expect(normalizeName('Sandbox Traders')).not.toBe('sandbox trader');
  });

  it('a blocked trader signs with their registered name; a wrong name or no consent writes nothing', async () => {
    const b = t.browser();
    await freshUser(b, { verification: 'None' });
    const before = MeResponse.parse((await b.send('GET', '/api/me')).json()).user!;
    // deposited, not verified, not signed: the trading block applies
    expect(before).toMatchObject({ verification: 'None', sign: false, depositsTotal: '1000.00' });

    const wrong = await b.send('POST', '/api/us/sign', { json: { name: 'Someone Else', agree: true } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('sign.name');
    const noConsent = await b.send('POST', '/api/us/sign', { json: { name: 'Sandbox Trader', agree: false } });
    expect(noConsent.statusCode).toBe(400);
    expect(MeResponse.parse((await b.send('GET', '/api/me')).json()).user!.sign).toBe(false);

    const ok = await b.send('POST', '/api/us/sign', { json: { name: ' sandbox  trader', agree: true } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, sign: true });
    expect(MeResponse.parse((await b.send('GET', '/api/me')).json()).user!.sign).toBe(true);
    // signing again is harmless
    expect((await b.send('POST', '/api/us/sign', { json: { name: 'Sandbox Trader', agree: true } })).statusCode).toBe(200);
  });

  it('needs a signed-in trader and the CSRF header', async () => {
    const anonymous = t.browser();
    await anonymous.me();
    expect((await anonymous.send('POST', '/api/us/sign', { json: { name: 'Sandbox Trader', agree: true } })).statusCode).toBe(401);
    const b = t.browser();
    await freshUser(b, { verification: 'None' });
    const forged = await b.send('POST', '/api/us/sign', { json: { name: 'Sandbox Trader', agree: true }, csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(MeResponse.parse((await b.send('GET', '/api/me')).json()).user!.sign).toBe(false);
  });
});
