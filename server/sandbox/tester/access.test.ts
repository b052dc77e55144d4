import { bech32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalFinal } from '../../../core/contract';
import { SANDBOX_OPERATOR_HEADER } from '../access';
import { testApp, type Browser, type TestApp } from '../../test/client';
import { rowCounts } from '../../test/db';
import { freshUser } from '../../test/fresh-user';

/**
 * Sandbox helpers that act on a user's object work for its owner (signed in),
 * for the session that made the user with fresh-user, and for the sandbox operator token; any
 * other session gets 403 sandbox.not_yours and nothing is written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const operator = () => ({ [SANDBOX_OPERATOR_HEADER]: t.config.sandboxOperatorToken });
const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))]);
let keySeq = 0;

/** a signed-in fresh trader with a pending withdrawal of 100.00 */
async function traderWithWithdrawal(): Promise<{ b: Browser; email: string; id: string }> {
  const b = t.browser();
  const { email } = await freshUser(b);
  const res = await b.send('POST', '/api/withdrawal/final', {
    json: { amount: '100.00', method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `access-${Date.now()}-${keySeq++}` },
  });
  expect(res.statusCode).toBe(200);
  const id = WithdrawalFinal.parse(res.json()).transactionId;
  expect(id).toBeTruthy();
  return { b, email, id: id! };
}

/** someone else: another signed-in trader */
async function stranger(): Promise<Browser> {
  const b = t.browser();
  await freshUser(b);
  return b;
}

const status = (id: string) => t.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();

async function expectRefused(res: { statusCode: number; json(): unknown }): Promise<void> {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ error: 'sandbox.not_yours', message: expect.stringContaining('x-sandbox-operator') });
}

describe('the sandbox operator token', () => {
  it('is random per start, at least 24 characters, and a wrong one is no token', async () => {
    expect(t.config.sandboxOperatorToken.length).toBeGreaterThanOrEqual(24);
    const b = await stranger();
    const res = await b.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com' }, headers: { [SANDBOX_OPERATOR_HEADER]: `${t.config.sandboxOperatorToken}x` } });
    await expectRefused(res);
  });
});

describe('POST /api/sandbox/autologin', () => {
  it("another session cannot get a sign-in link for someone else's email; nothing is written", async () => {
    const b = await stranger();
    const before = await rowCounts(t.db);
    await expectRefused(await b.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com' } }));
    // an unknown email answers the same (nothing is revealed)
    await expectRefused(await b.send('POST', '/api/sandbox/autologin', { json: { email: 'nobody@example.org' } }));
    // signed out
    const anonymous = t.browser();
    await anonymous.me();
    await expectRefused(await anonymous.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com' } }));
    expect(await rowCounts(t.db)).toMatchObject({ autologin_tickets: before.autologin_tickets });
  });

  it('the owner gets their own link; the session that made a user gets its link; the operator gets anyone', async () => {
    const own = t.browser();
    await own.signIn('trader@example.com', 'Trader-2026');
    expect((await own.send('POST', '/api/sandbox/autologin', { json: { email: 'Trader@Example.com' } })).statusCode).toBe(200);

    const tester = t.browser();
    await tester.me();
    const made = (await tester.send('POST', '/api/sandbox/fresh-user', { json: {} })).json() as { email: string };
    expect((await tester.send('POST', '/api/sandbox/autologin', { json: { email: made.email } })).statusCode).toBe(200);

    const anonymous = t.browser();
    await anonymous.me();
    const res = await anonymous.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com', redirect: 'show/funding' }, headers: operator() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: expect.stringMatching(/^\/en\/autologin\?key=/) });
    expect((await anonymous.send('POST', '/api/sandbox/autologin', { json: { email: 'nobody@example.org' }, headers: operator() })).json()).toMatchObject({ error: 'user.not_found' });
  });
});

describe('POST /api/sandbox/withdrawals/settle', () => {
  it("another session cannot settle someone's withdrawal; nothing changes", async () => {
    const { id } = await traderWithWithdrawal();
    const b = await stranger();
    const before = await rowCounts(t.db);
    await expectRefused(await b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id, outcome: 'rejected' } }));
    expect(await status(id)).toEqual({ status: 'pending' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('the owner settles their own; the operator settles anyone’s', async () => {
    const first = await traderWithWithdrawal();
    expect((await first.b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id: first.id, outcome: 'paid' } })).json()).toMatchObject({ status: 'paid' });
    const second = await traderWithWithdrawal();
    const b = await stranger();
    expect((await b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id: second.id, outcome: 'rejected' }, headers: operator() })).json()).toMatchObject({ status: 'rejected' });
    expect(await status(second.id)).toEqual({ status: 'rejected' });
  });
});

describe('POST /api/sandbox/verification', () => {
  it('another session cannot verify or un-verify a trader; the owner, the maker and the operator can', async () => {
    const b = await stranger();
    await expectRefused(await b.send('POST', '/api/sandbox/verification', { json: { email: 'trader@example.com', verification: 'None' } }));
    expect(await t.db.selectFrom('users').select('verification').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow()).toEqual({ verification: 'Full' });

    const owner = t.browser();
    const { email } = await freshUser(owner, { verification: 'None' });
    expect((await owner.send('POST', '/api/sandbox/verification', { json: { email, verification: 'Full' } })).statusCode).toBe(200);

    const maker = t.browser();
    await maker.me();
    const made = (await maker.send('POST', '/api/sandbox/fresh-user', { json: { verification: 'None' } })).json() as { email: string };
    expect((await maker.send('POST', '/api/sandbox/verification', { json: { email: made.email, verification: 'Full' } })).statusCode).toBe(200);

    expect((await b.send('POST', '/api/sandbox/verification', { json: { email: made.email, verification: 'None' }, headers: operator() })).statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('verification').where('email', '=', made.email).executeTakeFirstOrThrow()).toEqual({ verification: 'None' });
  });
});

describe('POST /api/sandbox/platform/fund and /expire', () => {
  it("another session cannot fund someone's account or end their platform sessions; nothing is written", async () => {
    const b = await stranger();
    const before = await rowCounts(t.db);
    await expectRefused(await b.send('POST', '/api/sandbox/platform/fund', { json: { email: 'trader@example.com', amount: '100.00' } }));
    await expectRefused(await b.send('POST', '/api/sandbox/platform/expire', { json: { email: 'trader@example.com' } }));
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('the maker funds the user it made before signing in as it; the owner and the operator too', async () => {
    const maker = t.browser();
    await maker.me();
    const made = (await maker.send('POST', '/api/sandbox/fresh-user', { json: { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] } })).json() as { email: string };
    expect((await maker.send('POST', '/api/sandbox/platform/fund', { json: { email: made.email, amount: '100.00' } })).statusCode).toBe(200);
    const owner = t.browser();
    await owner.signIn('trader@example.com', 'Trader-2026');
    expect((await owner.send('POST', '/api/sandbox/platform/fund', { json: { email: 'trader@example.com', amount: '1.00' } })).statusCode).toBe(200);
    const b = await stranger();
    expect((await b.send('POST', '/api/sandbox/platform/expire', { json: { email: made.email }, headers: operator() })).statusCode).toBe(200);
  });
});

describe('POST /api/sandbox/chain/pay and /expire', () => {
  it("only the invoice's owner moves it: another session gets 404, the invoice stays unpaid", async () => {
    const owner = t.browser();
    await freshUser(owner);
    const invoice = await owner.send('POST', '/api/btc/pay', { json: { amount: '250' } });
    const guid = (invoice.json() as { guid: string }).guid;
    const b = await stranger();
    for (const path of ['/api/sandbox/chain/pay', '/api/sandbox/chain/expire']) {
      const res = await b.send('POST', path, { json: { guid, kind: 'full' } });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    expect(await t.db.selectFrom('crypto_invoices').select('status').where('guid', '=', guid).executeTakeFirstOrThrow()).toEqual({ status: 'wt' });
    expect((await owner.send('POST', '/api/sandbox/chain/pay', { json: { guid, kind: 'full' } })).json()).toMatchObject({ ok: true });
  });
});
