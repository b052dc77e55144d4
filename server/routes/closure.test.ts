import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClosureStatus } from '../../core/contract/closure';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { livePlatformSessions } from '../test/platform-sessions';

/**
 * Closing the account over HTTP (issue 30 §8): the status and the close call, signed in only and
 * with the CSRF header; refused with the list while money is in the account; once clear, every
 * session of the trader ends (this browser's and another's) and signing in again is refused
 * with login.closed, also before a second factor would be asked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const signedInUser = async (b: ReturnType<TestApp['browser']>) => ((await b.send('GET', '/api/me')).json() as { user: unknown }).user;

describe('GET /api/account/closure and POST /api/account/close', () => {
  it('signed in only; the POST needs the CSRF header', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/account/closure')).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/account/close', { json: { reason: 'not_using', text: '', password: 'x' } })).statusCode).toBe(401);
    const b = t.browser();
    await freshUser(b, { balances: [] });
    const forged = await b.send('POST', '/api/account/close', { json: { reason: 'not_using', text: '', password: 'x' }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
  });

  it('money in the account: listed, and the closure refused with closure.blocked', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '120' }] });
    const status = ClosureStatus.parse((await b.send('GET', '/api/account/closure')).json());
    expect(status.blockers).toEqual([{ kind: 'balance', amount: '120.00', currency: 'USD', count: 1 }]);
    const res = await b.send('POST', '/api/account/close', { json: { reason: 'not_using', text: '', password: user.password } });
    expect([res.statusCode, res.json().error, res.json().params]).toEqual([409, 'closure.blocked', { kinds: 'balance' }]);
    expect(await signedInUser(b)).not.toBeNull();
  });

  it('clear: closed, this session and the others ended, sign-in refused (with or without a second factor)', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [] });
    const other = t.browser();
    await other.me();
    expect((await other.signIn(user.email, user.password)).statusCode).toBe(200);
    expect(ClosureStatus.parse((await b.send('GET', '/api/account/closure')).json())).toEqual({ blockers: [] });
    const wrong = await b.send('POST', '/api/account/close', { json: { reason: 'not_using', text: '', password: 'not-it' } });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'closure.password']);
    const res = await b.send('POST', '/api/account/close', { json: { reason: 'too_risky', text: 'Too risky for me.', password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ closed: true });
    expect(await signedInUser(b)).toBeNull();
    expect(await signedInUser(other)).toBeNull();
    // the embedded platform's sessions of the login ended too (both browsers had one)
    expect(await livePlatformSessions(t.db, user.email, new Date(res.json().closed_at as string))).toEqual([]);
    const again = t.browser();
    await again.me();
    const refused = await again.signIn(user.email, user.password);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'login.closed']);
    // a wrong password says only that: the closure is told to the account's owner alone
    const guess = await again.signIn(user.email, 'not-it');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().error).not.toBe('login.closed');

    const twoFactor = t.browser();
    const guarded = await freshUser(twoFactor, { balances: [], two_factor: 'email' });
    expect((await twoFactor.send('POST', '/api/account/close', { json: { reason: 'costs', text: '', password: guarded.password } })).statusCode).toBe(200);
    const next = t.browser();
    await next.me();
    const stopped = await next.signIn(guarded.email, guarded.password);
    expect([stopped.statusCode, stopped.json().error]).toEqual([403, 'login.closed']);
  });
});
