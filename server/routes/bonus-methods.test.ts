import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositBonus } from '../../core/amount';
import type { FundingOptionsResponse } from '../../core/contract';
import { balanceOf, houseAccount, verifyLedger } from '../domain/ledger';
import { toBigInt } from '../db/values';
import { NETELLER_TEST } from '../test/sandbox';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * The bonus on every method (not only the card): a Neteller deposit and a bank transfer
 * with the bonus and a promo code credit exactly the bonus the funding page computes (core
 * depositBonus on /api/card/options, the page's own inputs), as ledger entries house → bonus
 * account, once; a bad promo code is refused before anything starts (no deposit row, no provider).
 */
type Json = Record<string, unknown>;
let t: TestApp;
let operatorBrowser: Browser;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
  operatorBrowser = t.browser();
  await operatorBrowser.me();
});
afterAll(async () => {
  await t?.close();
});

async function trader(country = 'PT') {
  const browser = t.browser();
  const user = await freshUser(browser, { verification: 'Full' });
  const userId = Number(user.userId);
  await t.db.updateTable('users').set({ country }).where('id', '=', userId).execute();
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', userId).executeTakeFirstOrThrow();
  return { browser, userId, accountId: row.current_account_id! };
}

/** What the funding page shows for this amount after Apply: POST /api/promo's answer and the page's computation on /api/card/options. */
async function pageBonus(browser: Browser, amount: string, code: string) {
  const promo = (await browser.send('POST', '/api/promo', { json: { code } })).json() as { percent: string; value: string };
  const o = (await browser.send('GET', '/api/card/options')).json() as FundingOptionsResponse;
  const rules = { tiers: o.tiers, maxBonusPercent: o.maxBonusPercent, maxBonusValue: o.maxBonusValue, turnoverMultiplier: o.bonusTurnover };
  return depositBonus({ amount, currency: o.currency, fixed: o.fixedAmount !== null, demo: false }, rules, { percent: promo.percent, value: promo.value ?? '0' });
}

const bonusAccountOf = (userId: number) =>
  t.db.selectFrom('accounts').selectAll().where('user_id', '=', userId).where('type', '=', 'bonus').where('currency', '=', 'USD').executeTakeFirst();

/** The bonus's ledger transaction of a deposit key, with its two entries. */
async function bonusTxOf(depositKey: string) {
  const txs = await t.db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `${depositKey}:bonus`).execute();
  expect(txs).toHaveLength(1);
  const entries = await t.db.selectFrom('ledger_entries').select(['account_id', 'amount_minor']).where('tx_id', '=', txs[0]!.id).orderBy('amount_minor').execute();
  return { tx: txs[0]!, entries: entries.map((e) => [e.account_id, toBigInt(e.amount_minor)]) };
}

const bonusTxCount = async (userId: number) => {
  const account = await bonusAccountOf(userId);
  if (!account) return 0;
  return (await t.db.selectFrom('ledger_entries').select('tx_id').where('account_id', '=', account.id).execute()).length;
};

describe('the bonus on wallet and bank deposits', () => {
  it('Neteller with the bonus and SANDBOX1 credits exactly the bonus the page showed, once', async () => {
    const { browser, userId, accountId } = await trader();
    const shown = await pageBonus(browser, '1000', 'SANDBOX1');
    // silver: (1.5% + 1%) of 1000 + 50 = 75.00; turnover 30 × 75
    expect(shown).toEqual({ tier: 'silver', percent: '2.5', value: '75.00', turnover: '2250.00', multiplier: '30' });
    const before = await balanceOf(t.db, accountId);

    const res = await browser.send('POST', '/api/neteller', {
      json: { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '1000', is_fixed: false, currency: 'USD', bonus: true, promo: 'SANDBOX1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; status: string };
    expect(body.status).toBe('paid');
    const row = await t.db.selectFrom('method_deposits').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bonus: true, promo: 'SANDBOX1' });

    expect((await balanceOf(t.db, accountId)) - before).toBe(100_000n);
    const bonusAccount = await bonusAccountOf(userId);
    expect(toBigInt(bonusAccount!.balance_minor)).toBe(7_500n);
    const { tx, entries } = await bonusTxOf(`method:${row.provider}:${row.provider_tx_id}`);
    expect(tx).toMatchObject({ kind: 'bonus' });
    expect(tx.meta).toMatchObject({ tier: 'silver', percent: '2.5', promo: 'SANDBOX1', turnover: '2250.00' });
    expect(entries).toEqual([
      [await houseAccount(t.db, 'USD'), -7_500n],
      [bonusAccount!.id, 7_500n],
    ]);
    const turnover = await t.db.selectFrom('account_turnover').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(toBigInt(turnover.need_minor)).toBe(225_000n);
    expect(await t.db.selectFrom('promo_redemptions').select('code').where('user_id', '=', userId).execute()).toEqual([{ code: 'SANDBOX1' }]);
    const me = (await browser.send('GET', '/api/me')).json() as { user: { bonuses?: Json[] } };
    expect(me.user.bonuses).toEqual([{ currency: 'USD', amount: shown!.value, turnoverDone: '0.00', turnoverNeed: '2250.00' }]);

    // the same code again: refused before anything starts (already used), nothing more credited
    const deposits = await t.db.selectFrom('method_deposits').select('id').where('user_id', '=', userId).execute();
    const again = await browser.send('POST', '/api/neteller', {
      json: { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '1000', is_fixed: false, currency: 'USD', bonus: true, promo: 'SANDBOX1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'promo.already_used' });
    expect(await t.db.selectFrom('method_deposits').select('id').where('user_id', '=', userId).execute()).toHaveLength(deposits.length);
    expect(await bonusTxCount(userId)).toBe(1);
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a bank transfer with the bonus and SANDBOX2 credits exactly the bonus the page showed when marked received, once', async () => {
    const { browser, userId, accountId } = await trader();
    const shown = await pageBonus(browser, '300', 'SANDBOX2');
    // bronze: (1.2% + 2%) of 300 + 20 = 29.60
    expect(shown).toMatchObject({ tier: 'bronze', percent: '3.2', value: '29.60' });
    const before = await balanceOf(t.db, accountId);
    const res = await browser.send('POST', '/api/report/bank', { json: { amount: '300', bonus: true, fixed: false, currency: 'USD', random: `r-${randomUUID()}`, promo: 'SANDBOX2' } });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = (res.json() as { deposit: { id: string } }).deposit;
    expect(await t.db.selectFrom('bank_deposits').select(['bonus', 'promo']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ bonus: true, promo: 'SANDBOX2' });
    // nothing is credited before the bank's money arrives
    expect(await bonusAccountOf(userId)).toBeUndefined();

    const first = await operatorBrowser.send('POST', `/api/sandbox/bank/${id}/received`, { headers: operator });
    expect(first.statusCode, first.body).toBe(200);
    const second = await operatorBrowser.send('POST', `/api/sandbox/bank/${id}/received`, { headers: operator });
    expect(second.statusCode).toBe(200);

    expect((await balanceOf(t.db, accountId)) - before).toBe(30_000n);
    const bonusAccount = await bonusAccountOf(userId);
    expect(toBigInt(bonusAccount!.balance_minor)).toBe(2_960n);
    const { tx, entries } = await bonusTxOf(`bank-deposit:${id}`);
    expect(tx.meta).toMatchObject({ tier: 'bronze', percent: '3.2', promo: 'SANDBOX2' });
    expect(entries).toEqual([
      [await houseAccount(t.db, 'USD'), -2_960n],
      [bonusAccount!.id, 2_960n],
    ]);
    expect(await bonusTxCount(userId)).toBe(1);
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a bad promo code is refused with its message before the deposit starts (Neteller, Skrill, a report method, bank, fiat)', async () => {
    const { browser, userId } = await trader('NL');
    const calls: Array<[string, Json]> = [
      ['/api/neteller', { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '300', is_fixed: false, currency: 'USD' }],
      ['/api/card/fast/skrill', { amount: '300', fixed: false, currency: 'USD' }],
      ['/api/report/perfect', { amount: '300', fixed: false, currency: 'USD' }],
      ['/api/report/bank', { amount: '300', fixed: false, currency: 'USD', random: `r-${randomUUID()}` }],
      ['/api/report/fiat', { amount: '300', fixed: false, currency: 'USD', random: `r-${randomUUID()}` }],
    ];
    const refusals: Array<[string, number, Json]> = [];
    for (const [url, body] of calls) {
      for (const promo of ['EXPIRED2025', 'USEDUP', 'NOSUCHCODE']) {
        const res = await browser.send('POST', url, { json: { ...body, bonus: true, promo } });
        refusals.push([url, res.statusCode, res.json() as Json]);
      }
    }
    for (const [url, status] of refusals) {
      expect(status, url).toBeGreaterThanOrEqual(400);
      expect(status, url).toBeLessThan(500);
    }
    expect(refusals.filter(([url]) => url === '/api/neteller').map(([, , a]) => [a.error, a.message])).toEqual([
      ['promo.expired', 'This promo code expired on 2025-01-01.'],
      ['promo.used_up', 'This promo code has been used up.'],
      ['promo.unknown', expect.any(String)],
    ]);
    expect(new Set(refusals.map(([, , a]) => a.error))).toEqual(new Set(['promo.expired', 'promo.used_up', 'promo.unknown']));
    // nothing started: no deposit row, no transfer reported, nothing credited
    expect(await t.db.selectFrom('method_deposits').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('bank_deposits').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await bonusAccountOf(userId)).toBeUndefined();
  });

  it('without the bonus a promo code is not checked or redeemed (it goes with the bonus only); US/CA get no bonus on a method either', async () => {
    const { browser, userId } = await trader('NL');
    const plain = await browser.send('POST', '/api/neteller', {
      json: { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '300', is_fixed: false, currency: 'USD', bonus: false, promo: 'SANDBOX1' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await bonusAccountOf(userId)).toBeUndefined();
    expect(await t.db.selectFrom('promo_redemptions').select('code').where('user_id', '=', userId).execute()).toEqual([]);

    const us = await trader('US');
    const res = await us.browser.send('POST', '/api/neteller', {
      json: { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '600', is_fixed: false, currency: 'USD', bonus: true, promo: 'SANDBOX1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('method_deposits').select(['bonus', 'promo']).where('user_id', '=', us.userId).executeTakeFirstOrThrow()).toEqual({ bonus: false, promo: '' });
    expect(await bonusAccountOf(us.userId)).toBeUndefined();
  });
});
