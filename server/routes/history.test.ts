import { bech32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse, PendingList, type HistoryEntry } from '../../core/contract';
import { bonusAccount } from '../domain/deposits/bonus';
import { houseAccount, transfer } from '../domain/ledger';
import { findUserByEmail } from '../domain/users';
import { instrumentOf, priceAt, findAccount, moveBalance, openTrade, settleDue } from '../test/sandbox';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * POST /api/us/history: every money movement of the trader: our ledger's deposits,
 * withdrawals with their outcome and tips, merged with the platform's stakes and payouts; never
 * the platform's copies of our own deposits and withdrawals, never our booked trade results.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const EURUSD = instrumentOf('EURUSD')!;
const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))]);
const range = () => ({ DateFrom: Date.now() - 2 * DAY, DateTo: Date.now() + 60_000 });

/** a second in the last hour at which an up trade of 10 s ends as `want` */
function pastSecond(want: 'won' | 'lost'): number {
  for (let s = Math.floor(Date.now() / 1000) * 1000 - 3_600_000; ; s += 1000) {
    const end = priceAt(EURUSD, s + 10_000);
    if (want === 'won' ? end > priceAt(EURUSD, s) : end < priceAt(EURUSD, s)) return s;
  }
}

async function history(b: Browser, body: Record<string, unknown> = {}) {
  const res = await b.send('POST', '/api/us/history', { json: { ...range(), limit: 999, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return HistoryResponse.parse(res.json());
}

let keySeq = 0;
async function withdraw(b: Browser, amount: string): Promise<string> {
  const res = await b.send('POST', '/api/withdrawal/final', {
    json: { amount, method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `history-test-${Date.now()}-${keySeq++}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const pending = PendingList.parse((await b.send('POST', '/api/us/pending', { json: {} })).json());
  return pending.hits.find((w) => w.amount === amount)!.transactionId;
}

/** what the test checks of a row */
const said = (h: HistoryEntry) => [h.type, h.status, h.amount, h.method ?? null, h.detail ?? null, h.outcome ?? null];

describe('account history: our ledger merged with the platform', () => {
  it('lists deposits, withdrawals with their outcome, tips, stakes and payouts once each, newest first, paged', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    const userId = (await findUserByEmail(t.db, user.email))!.id;
    const account = await t.db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('type', '=', 'trading').executeTakeFirstOrThrow();
    const house = await houseAccount(t.db, 'USD');
    const deposit = (key: string, amountMinor: bigint, meta: Record<string, unknown>) =>
      transfer(t.db, { kind: 'deposit', idempotencyKey: `history-test:${userId}:${key}`, debitAccountId: house, creditAccountId: account.id, amountMinor, currency: 'USD', meta });
    // four deposits: the sandbox one of the fresh user, two by card, one in bitcoin
    await deposit('vload', 25_000n, { method: 'card', payment: 'p1', processor: 'VLOAD', uid: 'u1' });
    await deposit('zoom', 12_000n, { method: 'card', payment: 'p2', processor: 'ZOOM', uid: 'u2' });
    await deposit('btc', 30_000n, { method: 'crypto', coin: 'btc', asset: 'BTC', invoice: 'g1', hash: 'h1' });
    // three withdrawals: paid, cancelled by the trader, still pending
    const paid = await withdraw(b, '100.00');
    expect((await b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id: paid, outcome: 'paid' } })).statusCode).toBe(200);
    const cancelled = await withdraw(b, '50.00');
    expect((await b.send('POST', '/api/us/reject', { json: { id: cancelled } })).json().return).toBe(true);
    await withdraw(b, '70.00');
    // two tips to the chat host
    for (const value of ['5.00', '7.00']) expect((await b.send('POST', '/api/triggers/tips', { json: { value, host: 'anna', key: `history-tip-${value}` } })).statusCode).toBe(200);

    // the platform: its copies of our deposit and withdrawal (the mirror), two stakes, one payout
    const platform = (await findAccount(t.db, user.email))!;
    await moveBalance(t.db, platform.id, 100_000n, 'deposit', 'mirror of a ledger deposit');
    await moveBalance(t.db, platform.id, 1_000n, 'withdrawal', 'mirror of a ledger withdrawal');
    for (const want of ['won', 'lost'] as const) {
      const at = pastSecond(want);
      await openTrade(t.db, platform.id, { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: `history-${want}-${at}` }, at);
    }
    await settleDue(t.db, { accountId: platform.id });
    // the balance sync books the won trade's result into our ledger: the platform's payout shows it, not that row
    const sync = await b.send('POST', '/api/chat/balance', { json: { balance: '0', all: '0' } });
    expect(sync.statusCode, sync.body).toBe(200);
    const booked = await t.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as x', 'x.id', 'e.tx_id')
      .select('x.kind')
      .where('e.account_id', '=', account.id)
      .where('x.kind', '=', 'trade_result')
      .execute();
    expect(booked.length).toBeGreaterThan(0);

    const all = await history(b);
    expect(all.total).toBe(13);
    expect(all.hits).toHaveLength(13);
    expect(all.hits.map(said).sort()).toEqual(
      [
        ['deposit', 'completed', '1000.00', 'sandbox', null, null],
        ['deposit', 'completed', '250.00', 'card', 'VLOAD', null],
        ['deposit', 'completed', '120.00', 'card', 'ZOOM', null],
        ['deposit', 'completed', '300.00', 'crypto', 'Bitcoin', null],
        ['withdrawal', 'completed', '-100.00', 'Bitcoin', null, 'paid'],
        ['withdrawal', 'cancelled', '-50.00', 'Bitcoin', null, 'cancelled'],
        ['withdrawal_return', 'completed', '50.00', 'Bitcoin', null, 'cancelled'],
        ['withdrawal', 'pending', '-70.00', 'Bitcoin', null, 'pending'],
        ['tip', 'completed', '-5.00', null, 'Anna', null],
        ['tip', 'completed', '-7.00', null, 'Anna', null],
        ['trade', 'completed', '-10.00', null, 'EURUSD', null],
        ['trade', 'completed', '-10.00', null, 'EURUSD', null],
        ['payout', 'completed', '18.20', null, 'EURUSD', null],
      ].sort(),
    );
    // no mirror copies, no booked results, each row once
    expect(all.hits.filter((h) => h.source === 'platform').map((h) => h.type).sort()).toEqual(['payout', 'trade', 'trade']);
    expect(new Set(all.hits.map((h) => h.id)).size).toBe(13);
    expect(all.hits.filter((h) => h.type === 'trade').every((h) => h.direction === 'up')).toBe(true);
    // newest first
    const times = all.hits.map((h) => h.createdAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));

    // pages of 4 cut the same list, with the same total, never a row twice
    const pages: HistoryEntry[] = [];
    for (let offset = 0; offset < 13; offset += 4) {
      const page = await history(b, { limit: 4, offset });
      expect(page.total).toBe(13);
      expect(page.hits).toHaveLength(Math.min(4, 13 - offset));
      pages.push(...page.hits);
    }
    expect(pages.map((h) => h.id)).toEqual(all.hits.map((h) => h.id));
    expect((await history(b, { limit: 4, offset: 13 })).hits).toEqual([]);

    // the filters work on both sources
    const withdrawals = await history(b, { trType: 'withdrawal' });
    expect(withdrawals.total).toBe(4);
    expect(withdrawals.hits.map((h) => h.outcome).sort()).toEqual(['cancelled', 'cancelled', 'paid', 'pending']);
    expect((await history(b, { trType: 'deposit' })).total).toBe(4);
    expect((await history(b, { trType: 'tip' })).hits.map((h) => h.amount).sort()).toEqual(['-5.00', '-7.00']);
    const stakes = await history(b, { trType: 'trade', limit: 1, offset: 1 });
    expect([stakes.total, stakes.hits.map((h) => h.amount)]).toEqual([2, ['-10.00']]);
    const pending = await history(b, { Status: 'pending' });
    expect(pending.hits.map((h) => [h.type, h.amount])).toEqual([['withdrawal', '-70.00']]);
    const cancelledOnly = await history(b, { Status: 'cancelled' });
    expect(cancelledOnly.hits.map((h) => [h.type, h.amount, h.outcome])).toEqual([['withdrawal', '-50.00', 'cancelled']]);
    // a date range before any of it: nothing
    expect((await history(b, { DateFrom: Date.now() - 10 * DAY, DateTo: Date.now() - 5 * DAY })).total).toBe(0);

    // another trader sees none of it
    const other = t.browser();
    await freshUser(other, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    expect((await history(other)).total).toBe(0);
  });

  it('fills the balance after every movement, names every deposit method and lists the bonus balance credits', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    const userId = (await findUserByEmail(t.db, user.email))!.id;
    const account = await t.db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('type', '=', 'trading').executeTakeFirstOrThrow();
    const house = await houseAccount(t.db, 'USD');
    const bonus = await bonusAccount(t.db, userId, 'USD');
    const move = (kind: string, key: string, from: number, to: number, amountMinor: bigint, meta: Record<string, unknown>) =>
      transfer(t.db, { kind, idempotencyKey: `history-27:${userId}:${key}`, debitAccountId: from, creditAccountId: to, amountMinor, currency: 'USD', meta });
    await move('deposit', 'voucher', house, account.id, 10_000n, { method: 'vload', voucher: 'v-1', last4: '1234' });
    await move('deposit', 'bank', house, account.id, 5_000n, { method: 'bank', deposit: 'd-1', reference: 'R1' });
    await move('bonus', 'bonus', house, bonus, 2_000n, { deposit: 'x', promo: 'WELCOME' });
    await move('offer_giveaway', 'gift', house, bonus, 500n, { offer: '7' });
    await move('bonus_release', 'release', bonus, account.id, 2_500n, {});
    await move('tip', 'tip', account.id, house, 700n, { host: 'anna' });

    const all = await history(b);
    const rows = [...all.hits].reverse().map((h) => [h.type, h.method ?? null, h.detail ?? null, h.amount, h.balanceAfter, h.account ?? 'trading']);
    expect(rows).toEqual([
      ['deposit', 'vload', null, '100.00', '100.00', 'trading'],
      ['deposit', 'bank', null, '50.00', '150.00', 'trading'],
      // credits of the bonus balance, with the bonus balance after them
      ['bonus', null, 'WELCOME', '20.00', '20.00', 'bonus'],
      ['bonus', 'giveaway', null, '5.00', '25.00', 'bonus'],
      // a release is listed once: the trading account's credit
      ['bonus_release', null, null, '25.00', '175.00', 'trading'],
      ['tip', null, 'Anna', '-7.00', '168.00', 'trading'],
    ]);
    // every row of the page has its balance after
    expect(all.hits.every((h) => h.balanceAfter !== null)).toBe(true);
    // the filter "Bonus" lists the credits and the release
    expect((await history(b, { trType: 'bonus' })).hits.map((h) => h.amount).sort()).toEqual(['20.00', '25.00', '5.00']);
    // a page of the newest rows still says the balance after each, counted over the whole account
    expect((await history(b, { limit: 1 })).hits.map((h) => h.balanceAfter)).toEqual(['168.00']);
  });
});
