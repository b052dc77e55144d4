import { bech32 } from '@scure/base';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse, MeResponse, PendingList, WithdrawalFinal } from '../../core/contract';
import { ExcludeResponse } from '../../core/contract/self-exclusion';
import { verifyLedger } from '../domain/ledger';
import { registeredRoutes } from '../http/not-found';
import { WITHDRAW_ONLY_ROUTES } from '../http/withdraw-only';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Withdrawing during a break or self-exclusion (issue 30 §3): sign-in stays refused, but asked
 * with `withdrawOnly` it gives a session that can withdraw, cancel a withdrawal, read the history
 * and verify, and nothing else (server/http/withdraw-only.ts), with or without a second factor.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(9))]);
const withdrawal = { amount: '100.00', method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false } as const;
let seq = 0;
const key = () => `wo-${Date.now()}-${seq++}`;
const me = async (b: Browser) => MeResponse.parse((await b.send('GET', '/api/me')).json()).user;

/** a verified trader with 1,000 USD who then takes a break of `choice`; signed out after it */
async function onBreak(choice = '7d', two_factor: '' | 'email' = '') {
  const b = t.browser();
  const user = await freshUser(b, { two_factor });
  const res = await b.send('POST', '/api/self-exclusion', { json: { choice, password: user.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { user, until: ExcludeResponse.parse(res.json()).until };
}

describe('a withdraw-only session', () => {
  it('is what a sign-in during a break gets when it asks: it withdraws, cancels and reads its history', async () => {
    const { user, until } = await onBreak('7d');
    const b = t.browser();
    const refused = await b.signIn(user.email, user.password);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'login.excluded']);
    expect(await me(b)).toBeNull();

    const signed = await b.signIn(user.email, user.password, { withdrawOnly: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await me(b))?.withdrawOnly).toEqual({ kind: 'timeout', until, ended: false });

    const held = WithdrawalFinal.parse((await b.send('POST', '/api/withdrawal/final', { json: { ...withdrawal, key: key() } })).json());
    expect(held).toMatchObject({ return: true });
    expect((await me(b))?.available).toBe('900.00');
    const pending = PendingList.parse((await b.send('POST', '/api/us/pending')).json());
    expect(pending.hits.map((h) => h.transactionId)).toEqual([held.transactionId]);
    const second = WithdrawalFinal.parse((await b.send('POST', '/api/withdrawal/final', { json: { ...withdrawal, amount: '50.00', key: key() } })).json());
    const cancel = await b.send('POST', '/api/us/reject', { json: { id: second.transactionId } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await me(b))?.available).toBe('900.00');
    expect((await b.send('POST', '/api/us/history', { json: {} })).statusCode).not.toBe(403);
    expect((await b.send('GET', '/api/cashier/locks')).statusCode).toBe(200);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('is refused everything else before it runs: deposits, notifications, offers, settings, another break, a new account', async () => {
    const { user } = await onBreak('24h');
    const b = t.browser();
    expect((await b.signIn(user.email, user.password, { withdrawOnly: true })).statusCode).toBe(200);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['POST', '/api/report/bank', { amount: '100', bonus: false, fixed: false, random: 'wo-bank-deposit-1' }],
      ['GET', '/api/us/notifications'],
      ['POST', '/api/self-exclusion', { choice: '7d', password: user.password }],
      ['POST', '/api/us/security', { oldPassword: user.password, password: 'Another-2026x', repeatPassword: 'Another-2026x' }],
      ['GET', '/api/us/offers'],
      ['GET', '/api/legal/status'],
      ['POST', '/api/us/create_account', { currency: 'EUR' }],
    ];
    for (const [method, url, json] of calls) {
      const res = await b.send(method as 'GET' | 'POST', url, json ? { json } : {});
      expect([res.statusCode, res.json().error], `${method} ${url}`).toEqual([403, 'session.withdraw_only']);
    }
    // nothing of it happened: no bank deposit, no second account
    const userId = Number(user.userId);
    expect(await t.db.selectFrom('bank_deposits').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await me(b))?.balances.map((x) => x.currency)).toEqual(['USD']);
    // the CSRF check comes first: a forged call is refused as one
    const forged = await b.send('POST', '/api/report/bank', { json: {}, csrf: false });
    expect(forged.json().error).toBe('csrf');
  });

  it('after the second factor too, when that is set', async () => {
    const { user } = await onBreak('7d', 'email');
    // a new code may be sent 30 s after the last one (the fresh user's sign-in used that)
    await sql`update two_factor_codes set created_at = created_at - interval '1 minute' where user_id = ${Number(user.userId)}`.execute(t.db);
    const b = t.browser();
    const signed = await b.signIn(user.email, user.password, { withdrawOnly: true });
    expect(LoginResponse.parse(signed.json()).factor).toBe('email');
    const outbox = await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(user.email)}`);
    const [mail] = (outbox.json() as { messages: { code?: string }[] }).messages;
    const checked = await b.send('POST', '/api/fraud/factors_check', { json: { type: 'email', code: mail?.code, purpose: 'login' } });
    expect(checked.json()).toMatchObject({ success: true });
    expect((await me(b))?.withdrawOnly?.kind).toBe('timeout');
    expect((await b.send('GET', '/api/us/notifications')).json().error).toBe('session.withdraw_only');
  });

  it('asked for without a break, the sign-in is a whole one', async () => {
    const b = t.browser();
    const user = await freshUser(t.browser());
    expect((await b.signIn(user.email, user.password, { withdrawOnly: true })).statusCode).toBe(200);
    expect((await me(b))?.withdrawOnly).toBeUndefined();
    expect((await b.send('GET', '/api/us/notifications')).statusCode).toBe(200);
  });

  it('its table names only routes the server has (a renamed route would close the page silently)', async () => {
    await t.app.ready();
    const routes = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const route of WITHDRAW_ONLY_ROUTES) expect(routes.has(route), route).toBe(true);
  });
});
