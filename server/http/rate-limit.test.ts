import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/contract';
import { testApp, type TestApp } from '../test/client';
import { exemptFromRateLimit } from './rate-limit';

/** the global per-IP limit (RATE_LIMIT_PER_MINUTE), beside the per-account limits in the database. */
describe('the global per-IP rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ seed: false, config: { rateLimitPerMinute: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After and the ApiError body after N requests from one address', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/settings', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = ApiError.parse(refused.json());
    expect(body.error).toBe('rate_limited');
    expect(body.message).toMatch(/too many requests/i);
    // another address has its own count; an unsafe call counts like any other
    expect((await from('203.0.113.8')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '203.0.113.7', payload: {} })).statusCode).toBe(429);
  });

  it('never counts health checks, the metrics scrape, the event stream or static files', async () => {
    for (let i = 0; i < 5; i++) {
      for (const url of ['/healthz', '/readyz', '/assets/index-abc123.js', '/favicon.ico']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.1' });
        expect(res.statusCode, url).not.toBe(429);
      }
    }
    // the same address still has its whole allowance for API calls
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/settings', remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
    expect(exemptFromRateLimit('/api/events')).toBe(true);
    expect(exemptFromRateLimit('/metrics')).toBe(true);
    expect(exemptFromRateLimit('/assets/app-1a2b.css?v=1')).toBe(true);
    expect(exemptFromRateLimit('/api/card/save')).toBe(false);
    expect(exemptFromRateLimit('/api/us/refferal/banner/1.svg')).toBe(false);
    expect(exemptFromRateLimit('/en/trading')).toBe(false);
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0 (the test default)', async () => {
    const off = await testApp({ seed: false });
    try {
      expect(off.config.rateLimitPerMinute).toBe(0);
      for (let i = 0; i < 20; i++) expect((await off.app.inject({ method: 'GET', url: '/api/settings', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
