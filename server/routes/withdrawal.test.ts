import { bech32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, PendingList, WithdrawalCheck, WithdrawalFinal } from '../../core/contract';
import { verifyLedger } from '../domain/ledger';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

/** a valid native segwit address (checksummed) */
const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))]);
const base = { amount: '100.00', method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD' } as const;
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${keySeq++}`;

async function check(b: Browser, body: Record<string, unknown>) {
  return b.send('POST', '/api/withdrawal', { json: { ...base, ...body } });
}
async function final(b: Browser, body: Record<string, unknown> = {}) {
  return b.send('POST', '/api/withdrawal/final', { json: { ...base, is_bonus: false, key: key(), ...body } });
}
const balanceOf = async (b: Browser) => ((await b.me()).user as { available: string }).available;

describe('POST /api/withdrawal (the check)', () => {
  it('answers a case by the trader\'s data: one (new method), five (used fiat), four (crypto from fiat)', async () => {
    const b = t.browser();
    await freshUser(b, { wd_methods: 'Bank Wire,Bitcoin' });
    const newMethod = WithdrawalCheck.parse((await check(b, { method: 'Ethereum', wallet: '0x' + 'ab'.repeat(20) })).json());
    expect(newMethod).toMatchObject({ need_auth: false, return: true, case: 'one', current_turnover: '0.00', need_turnover: '0.00' });
    const used = await check(b, { method: 'Bank Wire', wallet: 'DE89 3704 0044 0532 0130 00' });
    expect(WithdrawalCheck.parse(used.json()).case).toBe('five');
    expect(WithdrawalCheck.parse((await check(b, {})).json()).case).toBe('four');
  });

  it('verify for an unverified trader, two when the turnover is not reached, three for a large amount, six with a pending one', async () => {
    const unverified = t.browser();
    await freshUser(unverified, { verification: 'None' });
    expect((await check(unverified, {})).json().case).toBe('verify');

    const bonus = t.browser();
    await freshUser(bonus, { turnover: { current: '1200.00', need: '5000.00' } });
    expect((await check(bonus, {})).json()).toMatchObject({ case: 'two', current_turnover: '1200.00', need_turnover: '5000.00', turnover_currency: 'USD' });

    const rich = t.browser();
    await freshUser(rich, { balances: [{ currency: 'USD', type: 'trading', amount: '20000.00' }], wd_methods: 'Bitcoin' });
    expect((await check(rich, { amount: '10000' })).json().case).toBe('three');
    expect((await final(rich, { amount: '50' })).json().return).toBe(true);
    expect((await check(rich, { amount: '10' })).json().case).toBe('six');
  });

  it('refuses bad input with a clear key and writes nothing', async () => {
    const b = t.browser();
    await freshUser(b);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: '0' }, 400, 'withdrawal.incorrect_amount'],
      [{ amount: '-5' }, 400, 'withdrawal.incorrect_amount'],
      [{ amount: 'ten' }, 400, 'withdrawal.incorrect_amount'],
      [{ amount: '1e3' }, 400, 'withdrawal.incorrect_amount'],
      [{ amount: '1.001' }, 400, 'amount.too_precise'],
      [{ wallet: '' }, 400, 'withdrawal.wallet_required'],
      [{ wallet: BTC.slice(0, -1) + (BTC.endsWith('q') ? 'p' : 'q') }, 400, 'withdrawal.wallet_invalid'],
      [{ amount: '1000.01' }, 409, 'funds.insufficient'],
      [{ currency: 'EUR' }, 400, 'withdrawal.currency'],
      [{ fixed: true, currency: 'BTC', amount: '0.1' }, 404, 'withdrawal.no_exchange_account'],
      [{ method: 'Bank Wire', wallet: 'DE00 0000 0000 0000 0000 00' }, 400, 'withdrawal.wallet_invalid'],
      [{ alt: 'tag with spaces' }, 400, 'withdrawal.alt_invalid'],
    ];
    const ledgerBefore = await t.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const [body, status, error] of cases) {
      const res = await check(b, body);
      expect([res.statusCode, ApiError.parse(res.json()).error], JSON.stringify(body)).toEqual([status, error]);
      const fin = await final(b, body);
      expect([fin.statusCode, ApiError.parse(fin.json()).error], `final ${JSON.stringify(body)}`).toEqual([status, error]);
    }
    const ledgerAfter = await t.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(ledgerAfter.n).toEqual(ledgerBefore.n);
    expect(await balanceOf(b)).toBe('1000.00');
  });

  it('a wallet is not needed for Credit Card, Ok Pay and Perfect Money', async () => {
    const b = t.browser();
    await freshUser(b);
    for (const method of ['Credit Card', 'Ok Pay', 'Perfect Money']) {
      expect((await check(b, { method, wallet: '' })).statusCode, method).toBe(200);
    }
  });

  it('a signed-out session gets need_auth; a demo account cannot withdraw', async () => {
    const anonymous = t.browser();
    await anonymous.me();
    expect((await check(anonymous, {})).json()).toMatchObject({ need_auth: true, return: false });
    expect((await final(anonymous)).statusCode).toBe(401);
    const demo = t.browser();
    await demo.signIn('demo@brokerage.test', 'Demo-2026');
    const res = await check(demo, {});
    expect([res.statusCode, res.json().error]).toEqual([403, 'withdrawal.demo']);
  });
});

describe('POST /api/withdrawal/final', () => {
  it('holds the amount at once (pending account), lists it, and the same key never holds twice', async () => {
    const b = t.browser();
    await freshUser(b);
    const k = key();
    const first = WithdrawalFinal.parse((await final(b, { key: k })).json());
    expect(first).toMatchObject({ return: true, factor: false, is_bonus: false });
    const again = WithdrawalFinal.parse((await final(b, { key: k })).json());
    expect(again.transactionId).toBe(first.transactionId);
    expect(await balanceOf(b)).toBe('900.00');
    const pending = PendingList.parse((await b.send('POST', '/api/us/pending')).json());
    expect(pending.hits).toEqual([
      expect.objectContaining({ transactionId: first.transactionId, amount: '100.00', currency: 'USD', method: 'Bitcoin', wallet: `${BTC.slice(0, 6)}…${BTC.slice(-6)}` }),
    ]);
    const me = (await b.me()).user as { wd_methods: string };
    expect(me.wd_methods).toBe('Bitcoin');
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('case two: refused without is_bonus; with it the bonus requirement ends', async () => {
    const b = t.browser();
    await freshUser(b, { turnover: { current: '10.00', need: '500.00' } });
    const refused = await final(b);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'withdrawal.turnover_open']);
    const ok = WithdrawalFinal.parse((await final(b, { is_bonus: true })).json());
    expect(ok).toMatchObject({ return: true, is_bonus: true });
    expect((await check(b, { amount: '1' })).json()).toMatchObject({ need_turnover: '0.00' });
  });

  it('exchange (fixed) mode takes the amount from the exchange account of the coin', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '10.00' }, { currency: 'BTC', type: 'exchange', amount: '0.50000000' }] });
    const res = WithdrawalFinal.parse((await final(b, { fixed: true, currency: 'BTC', amount: '0.2' })).json());
    expect(res.return).toBe(true);
    const user = (await b.me()).user as { balances: { currency: string; type: string; amount: string }[] };
    expect(user.balances.find((x) => x.type === 'exchange')?.amount).toBe('0.30000000');
    const wrongCoin = await final(b, { fixed: true, currency: 'BTC', amount: '0.1', method: 'Litecoin', wallet: 'ltc1' });
    expect(wrongCoin.statusCode).toBe(400);
  });

  it('cancel: Success, the amount returns; a second cancel and another trader\'s cancel are refused', async () => {
    const owner = t.browser();
    await freshUser(owner);
    const { transactionId } = WithdrawalFinal.parse((await final(owner)).json());
    const stranger = t.browser();
    await freshUser(stranger);
    const foreign = await stranger.send('POST', '/api/us/reject', { json: { id: transactionId } });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'withdrawal.not_found']);
    const cancel = await owner.send('POST', '/api/us/reject', { json: { id: transactionId } });
    expect(cancel.json()).toEqual({ return: true, message: 'Success' });
    expect(await balanceOf(owner)).toBe('1000.00');
    const twice = await owner.send('POST', '/api/us/reject', { json: { id: transactionId } });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'withdrawal.not_pending']);
    expect(PendingList.parse((await owner.send('POST', '/api/us/pending')).json()).hits).toEqual([]);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the sandbox payout pays (money leaves) or rejects (money returns); a paid one cannot be cancelled', async () => {
    const b = t.browser();
    await freshUser(b);
    const paid = WithdrawalFinal.parse((await final(b, { amount: '100' })).json());
    const rejected = WithdrawalFinal.parse((await final(b, { amount: '50' })).json());
    expect((await b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id: paid.transactionId, outcome: 'paid' } })).json()).toMatchObject({ status: 'paid' });
    expect((await b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id: rejected.transactionId, outcome: 'rejected' } })).json()).toMatchObject({ status: 'rejected' });
    expect(await balanceOf(b)).toBe('900.00');
    const late = await b.send('POST', '/api/us/reject', { json: { id: paid.transactionId } });
    expect([late.statusCode, late.json().error]).toEqual([409, 'withdrawal.not_pending']);
  });

  it('the triggers accept a method and refuse anything else', async () => {
    const b = t.browser();
    await freshUser(b);
    expect((await b.send('POST', '/api/triggers/wd', { json: { method: 'Bitcoin' } })).json()).toEqual({ ok: true });
    expect((await b.send('POST', '/api/triggers/wdr', { json: { method: 'Gold bars' } })).statusCode).toBe(400);
  });
});
