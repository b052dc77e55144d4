import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/contract';
import { testApp, type Browser, type TestApp } from '../test/client';
import { rowCounts } from '../test/db';

/**
 * Garbage at every route: wrong types, missing bodies, huge strings, bad JSON, wrong media
 * types, NUL characters, prototype keys. Every answer is a 4xx (never a 5xx) with an ApiError
 * body, and no table gains a row.
 */
let t: TestApp;
let b: Browser;
let platformToken: string;
beforeAll(async () => {
  t = await testApp();
  b = t.browser();
  await b.me();
  platformToken = (await b.platformLogin('trader@example.com', 'Trader-2026')).json().data.token;
});
afterAll(() => t?.close());

interface Route {
  method: string;
  url: string;
  /** a valid body (each mutation breaks it) */
  valid?: Record<string, unknown>;
  /** fields with a maximum length */
  bounded?: string[];
  platform?: boolean;
  /** takes no body: a body that parses is ignored (then only: no 5xx, nothing written) */
  ignoresBody?: boolean;
}

const routes = (): Route[] => [
  {
    method: 'POST',
    url: '/api/login',
    valid: { email: 'trader@example.com', password: 'Trader-2026', token: platformToken, captcha: 'fp', url: '/en/login' },
    bounded: ['email', 'password', 'token', 'captcha', 'url'],
  },
  { method: 'POST', url: '/api/us/handler', valid: { error: 'boom', url: '/x', lineNumber: 1, column: 2, object: '{}' }, bounded: ['error', 'url', 'object'] },
  { method: 'POST', url: '/api/notify/login_fail', valid: { email: 'a@example.com' }, bounded: ['email'] },
  { method: 'POST', url: '/api/autologin', valid: { key: 'abc' }, bounded: ['key'] },
  { method: 'POST', url: '/api/sandbox/autologin', valid: { email: 'trader@example.com', redirect: 'show/funding', lang: 'en', mobile: false }, bounded: ['email', 'redirect'] },
  { method: 'POST', url: '/platform/login', valid: { login: 'trader@example.com', password: 'Trader-2026' }, bounded: ['login', 'password'], platform: true },
  { method: 'POST', url: '/platform/logout', platform: true, ignoresBody: true },
  { method: 'POST', url: '/api/me' },
  { method: 'PUT', url: '/api/login' },
  { method: 'DELETE', url: '/api/settings' },
  { method: 'POST', url: '/api/nope' },
  { method: 'POST', url: '/logout' },
];

const WRONG = [123, -1.5, true, null, [], ['x'], {}, { nested: 'x' }];
const BODIES: { name: string; body: string; type?: string }[] = [
  { name: 'bad JSON', body: '{"email": "a@b.c",' },
  { name: 'truncated', body: '{' },
  { name: 'empty JSON', body: '' },
  { name: 'null', body: 'null' },
  { name: 'array', body: '[1,2,3]' },
  { name: 'number', body: '42' },
  { name: 'string', body: '"hello"' },
  { name: 'deep nesting', body: '['.repeat(5000) + ']'.repeat(5000) },
  { name: 'prototype key', body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { name: 'too large', body: JSON.stringify({ email: 'x'.repeat(100_000) }) },
  { name: 'plain text', body: 'email=a', type: 'text/plain' },
  { name: 'xml', body: '<a/>', type: 'application/xml' },
  { name: 'no body', body: '', type: '' },
];

async function expectRefused(route: Route, label: string, send: () => Promise<{ statusCode: number; body: string }>) {
  const before = await rowCounts(t.db);
  const res = await send();
  const what = `${route.method} ${route.url} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (!route.ignoresBody || res.statusCode >= 400) {
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(ApiError.safeParse(JSON.parse(res.body)).success, what).toBe(true);
  }
  const after = await rowCounts(t.db);
  if (route.ignoresBody) {
    // a logout may remove its own session row, never add one
    for (const table of Object.keys(before)) expect(after[table], `${what} added to ${table}`).toBeLessThanOrEqual(before[table]);
  } else {
    expect(after, `${what} wrote rows`).toEqual(before);
  }
}

const headersFor = (route: Route, type?: string): Record<string, string> => ({
  ...(route.platform && { 'x-requested-with': 'XMLHttpRequest' }),
  ...(type !== '' && { 'content-type': type ?? 'application/json' }),
});

describe('garbage input', () => {
  for (const route of routes()) {
    it(`${route.method} ${route.url}: malformed bodies`, async () => {
      for (const { name, body, type } of BODIES) {
        await expectRefused(route, name, () => b.send(route.method, route.url, { body, headers: headersFor(route, type) }));
      }
    });
  }

  for (const route of routes().filter((r) => r.valid)) {
    it(`${route.method} ${route.url}: wrong types, missing and over-long fields, NUL characters`, async () => {
      const valid = routes().find((r) => r.url === route.url)!.valid!;
      for (const field of Object.keys(valid)) {
        for (const value of WRONG.filter((v) => typeof v !== typeof valid[field])) {
          await expectRefused(route, `${field}=${JSON.stringify(value)}`, () =>
            b.send(route.method, route.url, { json: { ...valid, [field]: value }, headers: headersFor(route) }),
          );
        }
        await expectRefused(route, `${field}=NUL`, () =>
          b.send(route.method, route.url, { json: { ...valid, [field]: typeof valid[field] === 'string' ? `a\u0000b` : valid[field], extra: 'x\u0000' }, headers: headersFor(route) }),
        );
      }
      for (const field of route.bounded ?? []) {
        await expectRefused(route, `${field} 20k chars`, () => b.send(route.method, route.url, { json: { ...valid, [field]: 'x'.repeat(20_000) }, headers: headersFor(route) }));
      }
      const required = Object.keys(valid).filter((f) => !['lineNumber', 'column', 'object', 'redirect', 'lang', 'mobile'].includes(f));
      for (const field of required) {
        const rest = { ...valid };
        delete rest[field];
        await expectRefused(route, `without ${field}`, () => b.send(route.method, route.url, { json: rest, headers: headersFor(route) }));
      }
    });
  }

  it('GET routes with odd query strings and URLs', async () => {
    const urls = ['/api/me?x=%00', '/api/settings?__proto__[a]=1&a[b][c]=2&x=%00', '/api/%zz', '/api/me/..%2f..%2fetc/passwd', '/api/' + 'a'.repeat(5000), '/platform/nope', '/api/logout?lang=%00'];
    for (const url of urls) {
      const res = await b.send('GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(ApiError.safeParse(res.json()).success, url).toBe(true);
    }
  });

  it('odd cookies and headers never give a 5xx', async () => {
    const cases: Record<string, string>[] = [
      { cookie: 'sid=' + 'x'.repeat(4000) },
      { cookie: 'sid=%ZZ; pf_session=%00' },
      { cookie: 'sid=' },
      { 'x-csrf-token': 'ü'.repeat(100) },
    ];
    for (const headers of cases) {
      for (const [method, url] of [['GET', '/api/me'], ['POST', '/api/us/handler'], ['GET', '/platform/userInfo']]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: { ...headers, 'content-type': 'application/json' }, payload: method === 'POST' ? '{}' : undefined });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers).slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});
