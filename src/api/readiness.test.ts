import { describe, expect, it, vi } from 'vitest';

let next: () => Promise<Response> = async () => new Response('{}');
const asked: unknown[] = [];
vi.mock('./http', () => ({
  http: {
    get: vi.fn(async (url: string, options: unknown) => {
      asked.push([url, options]);
      return next();
    }),
  },
}));
const { probeReady } = await import('./readiness');

const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('GET /readyz read for the session flow', () => {
  it("is 'starting' only while the server answers 503 with its migrations pending", async () => {
    next = answer(503, { status: 'not_ready', checks: { migrations: 'pending', database: 'timeout', push: 'ok' } });
    expect(await probeReady()).toBe('starting');
    expect(asked[0]).toEqual(['/readyz', expect.objectContaining({ throwHttpErrors: false, cache: 'no-store' })]);
    next = answer(503, { status: 'not_ready', checks: { migrations: 'ok', database: 'failed', push: 'ok' } });
    expect(await probeReady()).toBe('ready');
    next = answer(503, { status: 'not_ready', checks: { migrations: 'failed', database: 'ok', push: 'ok' } });
    expect(await probeReady()).toBe('ready');
    next = answer(200, { status: 'ok', checks: { migrations: 'ok', database: 'ok', push: 'ok' } });
    expect(await probeReady()).toBe('ready');
    next = async () => new Response('<html>', { status: 503 });
    expect(await probeReady()).toBe('ready');
  });

  it('fails when the server is not reached', async () => {
    next = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(probeReady()).rejects.toThrow();
  });
});
