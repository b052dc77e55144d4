import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/contract';
import { buildApp } from '../app';
import { Browser, testApp, type TestApp } from '../test/client';
import { freshDb } from '../test/db';

let t: TestApp;
let b: Browser;
beforeAll(async () => {
  t = await testApp({ seed: false });
  b = t.browser();
  await b.me();
});
afterAll(() => t?.close());

const post = (body: string, type = 'application/json') => b.send('POST', '/api/us/handler', { body, headers: { 'content-type': type } });

describe('error answers', () => {
  it('bad JSON → 400 bad_json', async () => {
    const res = await post('{"error": ');
    expect(res.statusCode).toBe(400);
    expect(ApiError.parse(res.json())).toEqual({ error: 'bad_json', message: 'The request body is not valid JSON.' });
    expect((await post('')).json().error).toBe('bad_json');
  });

  it('too large → 413 too_large', async () => {
    const res = await post(JSON.stringify({ error: 'x'.repeat(70_000), url: '/' }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('too_large');
  });

  it('not JSON → 415 unsupported_media_type', async () => {
    const res = await post('error=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_media_type');
  });

  it('validation → 400 with a key per field', async () => {
    const res = await post(JSON.stringify({ error: 5, url: 'u'.repeat(2001), object: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(ApiError.parse(res.json())).toEqual({
      error: 'validation',
      message: 'Please check these fields: error (wrong type), url (too long).',
      fields: { error: 'validation.type', url: 'validation.too_long' },
    });
    const missing = await b.send('POST', '/api/login', { json: { email: 'ab', password: '' } });
    expect(missing.json().fields).toEqual({
      email: 'login.email_required',
      password: 'login.password_required',
      token: 'validation.required',
      captcha: 'validation.required',
      url: 'validation.required',
    });
    const notObject = await b.send('POST', '/api/login', { json: [1] });
    expect(notObject.json()).toEqual({ error: 'validation', message: 'The request body must be a JSON object.' });
  });

  it('unknown route → 404 not_found; known path, wrong method → 405 with Allow', async () => {
    const unknown = await b.send('GET', '/api/does-not-exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'No such address: GET /api/does-not-exist' });
    const wrong = await b.send('DELETE', '/api/me');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('GET');
    expect(wrong.json().error).toBe('method_not_allowed');
  });

  it('a platform gateway fault → 503 platform.unavailable, not counted as a failed attempt', async () => {
    const failing = await buildApp({
      db: t.db,
      config: t.config,
      platform: {
        verifyToken: async () => {
          throw new Error('secret internal detail');
        },
        createAccount: async () => false,
        userInfo: async () => null,
      },
    });
    try {
      const browser = new Browser(failing);
      await browser.me();
      const res = await browser.login('a@example.com', 'pw', 'token');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('platform.unavailable');
      expect(res.body).not.toContain('secret');
      const rows = await t.db.selectFrom('login_attempts').select('outcome').where('email', '=', 'a@example.com').execute();
      expect(rows).toEqual([{ outcome: 'token' }]);
    } finally {
      await failing.close();
    }
  });

  it('an unexpected fault (the database is gone) → 500 server_error without details', async () => {
    const gone = await freshDb();
    const app = await buildApp({ db: gone.db, config: gone.config });
    await gone.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/me' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'server_error', message: 'Something went wrong on our side. Please try again.' });
      expect(res.body).not.toMatch(/destroy|driver|kysely/i);
    } finally {
      await app.close();
    }
  });
});
