import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ok } from '../../core/contract';
import { hashToken } from '../domain/tokens';
import { testApp, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('POST /api/us/handler', () => {
  it('stores the report trimmed, with the session and user', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const res = await b.send('POST', '/api/us/handler', {
      json: { error: '  TypeError: x is undefined \n', url: ' https://site/en/trading#/home ', lineNumber: 12, column: 7, object: ' {"stack":"..."} ' },
      headers: { 'user-agent': 'test-agent' },
    });
    expect(res.statusCode).toBe(200);
    expect(Ok.parse(res.json())).toEqual({ ok: true });
    const row = await t.db.selectFrom('client_errors').selectAll().where('session_id', '=', hashToken(b.cookies.get('sid')!)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      error: 'TypeError: x is undefined',
      url: 'https://site/en/trading#/home',
      line_number: 12,
      column_number: 7,
      object: '{"stack":"..."}',
      user_agent: 'test-agent',
    });
    expect(row.user_id).not.toBeNull();
  });

  it('keeps odd numbers out of the integer columns', async () => {
    const b = t.browser();
    await b.me();
    const res = await b.send('POST', '/api/us/handler', { json: { error: 'e', url: 'u', lineNumber: -3, column: 1.5 } });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('client_errors').selectAll().where('session_id', '=', hashToken(b.cookies.get('sid')!)).executeTakeFirstOrThrow();
    expect(row.line_number).toBeNull();
    expect(row.column_number).toBeNull();
    expect(row.object).toBeNull();
  });

  it('accepts 20 per session per minute, then answers 429 and stores nothing more', async () => {
    const b = t.browser();
    await b.me();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await b.send('POST', '/api/us/handler', { json: { error: `e${i}`, url: '/' } })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
    const count = await t.db
      .selectFrom('client_errors')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('session_id', '=', hashToken(b.cookies.get('sid')!))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(20);
    // another session is not affected
    const other = t.browser();
    await other.me();
    expect((await other.send('POST', '/api/us/handler', { json: { error: 'x', url: '/' } })).statusCode).toBe(200);
  });
});

describe('POST /api/notify/login_fail', () => {
  it('records a row and answers ok', async () => {
    const b = t.browser();
    await b.me();
    const res = await b.send('POST', '/api/notify/login_fail', { json: { email: ' Someone@Example.com ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.db.selectFrom('login_fail_notifications').selectAll().where('session_id', '=', hashToken(b.cookies.get('sid')!)).execute();
    expect(rows.map((r) => r.email)).toEqual(['someone@example.com']);
  });
});
