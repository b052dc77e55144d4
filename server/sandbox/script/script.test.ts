import { bech32 } from '@scure/base';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalFinal } from '../../../core/contract';
import { verifyLedger } from '../../domain/ledger';
import { testApp, type Browser, type TestApp } from '../../test/client';
import { freshUser } from '../../test/fresh-user';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  operatorToken = 'operator-token-for-script-tests-0123456789';
  t = await testApp({ config: { sandboxOperatorToken: operatorToken } });
});
afterAll(() => t?.close());

const APPROVED_CARD = '4000000000000010';

/** A fresh trader with their own card stack, signed in on a new browser. */
async function trader(cascade = 'ORANGE,MEIKO,CONCEPT,ZOOM'): Promise<{ b: Browser; email: string }> {
  const b = t.browser();
  const user = await freshUser(b, { cascade });
  return { b, email: user.email };
}

/** Saves the card and opens a payment (the fraud check); answers the payment id. */
async function pay(b: Browser, number = APPROVED_CARD): Promise<string> {
  const saved = await b.send('POST', '/api/card/save', {
    json: { cnu: number, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Sandbox', ln: 'Trader', cu: 'DE', cur: 'USD' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const card = (saved.json() as { card: string }).card;
  const fraud = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '250.00', fixed: false, bonus: false, card } });
  expect(fraud.statusCode, fraud.body).toBe(200);
  return (fraud.json() as { payment: string }).payment;
}

const START: Record<string, string> = { ORANGE: '/api/card/fast/orange', MEIKO: '/api/card/fast/meiko', CONCEPT: '/api/payconcept/pay', ZOOM: '/api/card/fast/zoom' };
const start = async (b: Browser, processor: string, id: string) => (await b.send('POST', START[processor]!, { json: { id, amount: '250.00', fixed: false, bonus: false } })).json() as Record<string, unknown>;
const script = (b: Browser, body: Record<string, unknown>, headers: Record<string, string> = {}) => b.send('POST', '/api/sandbox/script', { json: body, headers });
const waiting = async (b: Browser) => ((await b.send('GET', '/api/sandbox/script')).json() as { waiting: { card: unknown[]; withdrawal: unknown[] } }).waiting;

describe('scripted card outcomes', () => {
  it('a per-processor sequence, whatever the card: 1 and 2 soft-decline, 3 asks 3-D Secure, then approves on its page', async () => {
    const { b } = await trader();
    const res = await script(b, { card: [{ at: 1, outcome: 'soft' }, { at: 2, outcome: 'soft' }, { at: 3, outcome: 'secure3d' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { waiting: { card: unknown[] } }).waiting.card).toHaveLength(3);
    const id = await pay(b);
    expect(await start(b, 'ORANGE', id)).toMatchObject({ proc: 'ORANGE', status: 'failed' });
    expect(await start(b, 'MEIKO', id)).toMatchObject({ proc: 'MEIKO', return: false });
    const secure = await start(b, 'CONCEPT', id);
    expect(secure).toMatchObject({ proc: 'CONCEPT', status: 'REDIRECT' });
    const done = await b.send('POST', '/api/sandbox/card/complete', { json: { id, processor: 'CONCEPT', approve: true } });
    expect(done.json()).toMatchObject({ ok: true, status: 'approved' });
    expect(await waiting(b)).toEqual({ card: [], withdrawal: [], platform: [] });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('is one-shot: the next payment follows the card again', async () => {
    const { b } = await trader();
    await script(b, { card: [{ outcome: 'do_not_honor' }] });
    const first = await pay(b);
    expect(await start(b, 'ORANGE', first)).toMatchObject({ proc: 'ORANGE', status: 'failed', message: 'Do not honor' });
    const second = await pay(b);
    expect(await start(b, 'ORANGE', second)).toMatchObject({ proc: 'ORANGE', status: 'successful' });
  });

  it("is only for that trader: another trader's payment is not touched, and the step waits for its owner", async () => {
    const owner = await trader();
    const other = await trader();
    await script(owner.b, { card: [{ outcome: 'soft' }] });
    const id = await pay(other.b);
    expect(await start(other.b, 'ORANGE', id)).toMatchObject({ proc: 'ORANGE', status: 'successful' });
    expect((await waiting(owner.b)).card).toEqual([{ processor: null, at: null, outcome: 'soft' }]);
  });

  it('a step for a processor waits for that processor; pending is approved on the 2nd listen check', async () => {
    const { b } = await trader('ORANGE,MEIKO');
    await script(b, { card: [{ processor: 'MEIKO', outcome: 'pending' }, { processor: 'ORANGE', outcome: 'soft' }] });
    const id = await pay(b);
    expect(await start(b, 'ORANGE', id)).toMatchObject({ status: 'failed' });
    expect(await start(b, 'MEIKO', id)).toMatchObject({ proc: 'MEIKO', return: true, status: 0 });
    const listen = async () => (await b.send('POST', '/api/card/listen/meiko', { json: { id } })).json() as { reply: Record<string, unknown> };
    expect((await listen()).reply).toMatchObject({ status: 0 });
    expect((await listen()).reply).toMatchObject({ status: 1 });
    expect(await waiting(b)).toEqual({ card: [], withdrawal: [], platform: [] });
  });

  it('clear drops the waiting steps', async () => {
    const { b } = await trader();
    await script(b, { card: [{ outcome: 'hard' }], withdrawal: [{ outcome: 'fail' }] });
    expect((await b.send('POST', '/api/sandbox/script/clear', { json: {} })).json()).toEqual({ ok: true, cleared: 2 });
    const id = await pay(b);
    expect(await start(b, 'ORANGE', id)).toMatchObject({ status: 'successful' });
  });

  it('refuses a bad step (unknown outcome, FRAUD, a place beyond 20) and more than 20 waiting', async () => {
    const { b } = await trader();
    for (const card of [[{ outcome: 'maybe' }], [{ processor: 'FRAUD', outcome: 'soft' }], [{ at: 21, outcome: 'soft' }]]) {
      expect((await script(b, { card })).statusCode).toBe(400);
    }
    expect((await script(b, { card: Array.from({ length: 15 }, () => ({ outcome: 'soft' })) })).statusCode).toBe(200);
    const full = await script(b, { card: Array.from({ length: 6 }, () => ({ outcome: 'soft' })) });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'sandbox.script_full' });
    expect((await waiting(b)).card).toHaveLength(15);
  });
});

describe('who may script', () => {
  it("the owner, or the operator for anyone by email; another trader gets 403 and nothing is written", async () => {
    const owner = await trader();
    const other = await trader();
    const refused = await script(other.b, { email: owner.email, card: [{ outcome: 'soft' }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'sandbox.not_yours' });
    expect((await waiting(owner.b)).card).toEqual([]);
    const byOperator = await script(other.b, { email: owner.email, card: [{ outcome: 'insufficient' }] }, { 'x-sandbox-operator': operatorToken });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    expect((await waiting(owner.b)).card).toEqual([{ processor: null, at: null, outcome: 'insufficient' }]);
    expect((await script(other.b, { email: 'nobody@example.com', card: [] }, { 'x-sandbox-operator': operatorToken })).statusCode).toBe(404);
  });

  it('needs a signed-in trader without an email, and the CSRF header', async () => {
    const anon = t.browser();
    await anon.me();
    expect((await script(anon, { card: [{ outcome: 'soft' }] })).statusCode).toBe(401);
    const { b } = await trader();
    expect((await b.send('POST', '/api/sandbox/script', { json: { card: [{ outcome: 'soft' }] }, csrf: false })).statusCode).toBe(403);
    expect((await waiting(b)).card).toEqual([]);
  });
});

describe('scripted withdrawal outcomes', () => {
  const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))]);
  const final = (b: Browser) =>
    b.send('POST', '/api/withdrawal/final', { json: { amount: '100.00', method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: randomUUID() } });
  const available = async (b: Browser) => ((await b.me()).user as { available: string }).available;
  const pending = async (b: Browser) => ((await b.send('POST', '/api/us/pending', { json: {} })).json() as { hits: unknown[] }).hits.length;

  it('fail refuses the request (nothing held), reject returns the amount, approve pays it; then the next request is only held', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }], wd_methods: 'Bitcoin' });
    const res = await script(b, { withdrawal: [{ outcome: 'fail' }, { outcome: 'reject' }, { outcome: 'approve' }] });
    expect(res.statusCode, res.body).toBe(200);

    const failed = WithdrawalFinal.parse((await final(b)).json());
    expect(failed).toMatchObject({ return: false, factor: false });
    expect(failed.message).toMatch(/refused/);
    expect(failed.transactionId).toBeUndefined();
    expect(await available(b)).toBe('1000.00');

    const rejected = WithdrawalFinal.parse((await final(b)).json());
    expect(rejected).toMatchObject({ return: true });
    expect(await pending(b)).toBe(0);
    expect(await available(b)).toBe('1000.00');

    expect(WithdrawalFinal.parse((await final(b)).json())).toMatchObject({ return: true });
    expect(await pending(b)).toBe(0);
    expect(await available(b)).toBe('900.00');

    expect(WithdrawalFinal.parse((await final(b)).json())).toMatchObject({ return: true });
    expect(await pending(b)).toBe(1);
    expect(await available(b)).toBe('800.00');
    expect(await waiting(b)).toEqual({ card: [], withdrawal: [], platform: [] });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});

describe('outside sandbox mode', () => {
  it('the control does not exist', async () => {
    const plain = await testApp({ config: { sandbox: false } });
    try {
      const b = plain.browser();
      await b.me();
      const res = await b.send('POST', '/api/sandbox/script', { json: { card: [{ outcome: 'soft' }] } });
      expect(res.statusCode).toBe(404);
      expect((await b.send('GET', '/api/sandbox/script')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('an overpayment on the sandbox chain', () => {
  it('pays one and a half times what is due: paid, the invoice amount credited once, the whole payment shown as received', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    const created = await b.send('POST', '/api/btc/pay', { json: { amount: '250' } });
    expect(created.statusCode, created.body).toBe(200);
    const { guid } = created.json() as { guid: string };
    const before = (await b.send('POST', '/api/btc/check', { json: { guid } })).json() as { due: string };
    const over = await b.send('POST', '/api/sandbox/chain/pay', { json: { guid, kind: 'over' } });
    expect(over.json()).toMatchObject({ ok: true, status: 'su' });
    const check = (await b.send('POST', '/api/btc/check', { json: { guid } })).json() as { status: string; paid: string };
    expect(check.status).toBe('su');
    // 1.5 × due, in satoshi (due rounded up by half a satoshi)
    const sat = (v: string) => BigInt(v.replace('.', ''));
    expect(sat(check.paid)).toBe(sat(before.due) + (sat(before.due) + 1n) / 2n);
    expect(((await b.me()).user as { available: string }).available).toBe('1250.00');
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
