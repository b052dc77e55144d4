import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryHub } from '../push/hub';
import { Browser, testApp, type TestApp } from '../test/client';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

// the front end as `npm start` builds it (no .br or .gz beside the files): compressed per request
const script = 'console.log("a hashed asset");\n'.repeat(100);
const page = `<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div>${'<p>text</p>'.repeat(200)}</body></html>`;

let t: TestApp;
let dist: string;
const push = memoryHub();
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-compress-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  t = await testApp({ distDir: dist, push });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer): string => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

async function get(url: string, acceptEncoding: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding, accept: '*/*' } });
  const encoding = res.headers['content-encoding'] as string | undefined;
  return { res, encoding, text: decode(encoding, res.rawPayload) };
}

describe('compression and caching per kind of answer', () => {
  it('HTML documents: brotli or gzip as the browser accepts, revalidated each time', async () => {
    for (const [accept, expected] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const { res, encoding, text } = await get('/en/login', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(encoding, accept).toBe(expected);
      expect(text, accept).toContain('<div id="root">');
      expect(res.headers['cache-control'], accept).toBe('no-cache');
      if (expected) expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
    }
  });

  it('hashed assets: compressed and cached for a year as immutable', async () => {
    const { res, encoding, text } = await get('/assets/index-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(encoding).toBe('br');
    expect(text).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("the sandbox platform's frame and the chat widget: page, script and styles compressed, revalidated", async () => {
    for (const url of ['/platform/trade', '/platform/trade.js', '/platform/trade.css', '/platform/format.js', '/chat/widget.js', '/chat/widget.css']) {
      const { res, encoding, text } = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(encoding, url).toBe('br');
      expect(text.length, url).toBeGreaterThan(0);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('JSON above the threshold is compressed (the price chart); a small JSON is left alone', async () => {
    const chart = await get('/platform/chart?symbol=EURUSD', 'gzip');
    expect(chart.res.statusCode).toBe(200);
    expect(chart.encoding).toBe('gzip');
    const points = (JSON.parse(chart.text) as { points: unknown[] }).points;
    expect(points.length).toBeGreaterThan(10);
    expect(chart.res.rawPayload.length).toBeLessThan(chart.text.length);

    for (const url of ['/healthz', '/api/settings']) {
      const small = await get(url, 'br, gzip');
      expect(small.res.statusCode, url).toBe(200);
      expect(small.res.rawPayload.length, url).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
      expect(small.encoding, url).toBeUndefined();
      expect(JSON.parse(small.text), url).toBeTruthy();
    }
  });

  it('the event stream is never compressed: each event reaches the browser as it is sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const browser = new Browser(t.app);
    await browser.signIn('trader@example.com', 'Trader-2026');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${base}/api/events`, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const userId = Number((await browser.me()).user?.userId);
    await expect.poll(() => push.size()).toBe(1);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    // one small event, not followed by anything: a compressor holding it back would never let it through
    push.publish(userId, { type: 'payment.updated', id: 'p1', status: 'approved' });
    while (!received.includes('"p1"')) received += decoder.decode((await reader.read()).value, { stream: true });
    expect(received).toContain('data: {"type":"payment.updated","id":"p1","status":"approved"}');
    await reader.cancel();
  });
});
