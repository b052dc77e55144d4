import { afterAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/client';

/** Strict-Transport-Security only on requests that came over https. */
describe('HSTS', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('behind a trusted proxy: sent on https (X-Forwarded-Proto), never on http', async () => {
    const t = await testApp({ seed: false, config: { trustProxy: true, hstsMaxAge: 31_536_000 } });
    apps.push(t);
    const https = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.statusCode).toBe(200);
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // an error answer over https carries it too
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-forwarded-proto': 'https' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const http = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.statusCode).toBe(200);
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const plain = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('without TRUST_PROXY a client cannot claim https; HSTS_MAX_AGE=0 sends none', async () => {
    const untrusted = await testApp({ seed: false, config: { trustProxy: false, hstsMaxAge: 31_536_000 } });
    apps.push(untrusted);
    const spoofed = await untrusted.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.statusCode).toBe(200);
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const off = await testApp({ seed: false, config: { trustProxy: true, hstsMaxAge: 0 } });
    apps.push(off);
    const https = await off.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.statusCode).toBe(200);
    expect(https.headers['strict-transport-security']).toBeUndefined();
  });
});

/** Cross-Origin-Opener-Policy: same-origin in production; sandbox pages keep the windows they open (Stately's inspector). */
describe('COOP', () => {
  it('production: same-origin; sandbox: same-origin-allow-popups', async () => {
    const production = await testApp({ seed: false, config: { sandbox: false } });
    const sandbox = await testApp({ seed: false, config: { sandbox: true } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/en/login' })).headers['cross-origin-opener-policy']).toBe('same-origin');
      expect((await production.app.inject({ method: 'GET', url: '/api/settings' })).headers['cross-origin-opener-policy']).toBe('same-origin');
      expect((await sandbox.app.inject({ method: 'GET', url: '/en/login' })).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    } finally {
      await production.close();
      await sandbox.close();
    }
  });
});
