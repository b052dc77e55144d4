import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../domain/users';
import { testApp, type TestApp } from '../../test/client';
import { freshUser } from '../../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('POST /api/sandbox/verification (sandbox identity check)', () => {
  it('verifies and un-verifies a trader by email; an unknown email is 403 (404 for the operator), a bad body 400, no CSRF 403', async () => {
    const b = t.browser();
    const user = await freshUser(b, { verification: 'None' });
    const set = (body: unknown) => b.send('POST', '/api/sandbox/verification', { json: body });
    expect((await set({ email: user.email.toUpperCase(), verification: 'Full' })).json()).toEqual({ ok: true, verification: 'Full' });
    expect((await findUserByEmail(t.db, user.email))?.verification).toBe('Full');
    expect((await set({ email: user.email, verification: 'None' })).statusCode).toBe(200);
    expect((await findUserByEmail(t.db, user.email))?.verification).toBe('None');
    // an unknown email: 403 like anyone else's (nothing revealed); 404 for the sandbox operator
    expect((await set({ email: 'nobody@example.com', verification: 'Full' })).statusCode).toBe(403);
    const operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
    expect((await b.send('POST', '/api/sandbox/verification', { json: { email: 'nobody@example.com', verification: 'Full' }, headers: operator })).statusCode).toBe(404);
    expect((await set({ email: user.email, verification: 'Maybe' })).statusCode).toBe(400);
    const stranger = t.browser();
    expect((await stranger.send('POST', '/api/sandbox/verification', { json: { email: user.email, verification: 'Full' }, csrf: false })).statusCode).toBe(403);
    expect((await findUserByEmail(t.db, user.email))?.verification).toBe('None');
  });
});
