import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositBonus } from '../../core/amount';
import type { FundingOptionsResponse } from '../../core/contract';
import { buildApp } from '../app';
import { creditDeposit } from '../domain/deposits/credit';
import { sandboxOfferNow } from '../domain/offers/offers';
import { balanceOf, houseAccount, verifyLedger } from '../domain/ledger';
import { toBigInt } from '../db/values';
import { memoryHub } from '../push/hub';
import { Browser } from '../test/client';
import { freshDb, rowCounts, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

/**
 * The bonus and promo codes: a card deposit with the bonus credits exactly the bonus the
 * page computes (core depositBonus on /api/card/options), as its own ledger entries into a bonus
 * account, with the promo redeemed once and the withdrawal turnover raised; a replay credits
 * nothing more; every promo refusal has its key and message; max uses hold under concurrency.
 */
let t: TestDb;
let app: Awaited<ReturnType<typeof buildApp>>;
let operator: Record<string, string>;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db, config: t.config, push: memoryHub() });
  operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function trader(country = 'PT'): Promise<{ browser: Browser; userId: number; accountId: number }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, { verification: 'Full' });
  await t.db.updateTable('users').set({ country }).where('id', '=', Number(user.userId)).execute();
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', Number(user.userId)).executeTakeFirstOrThrow();
  return { browser, userId: Number(user.userId), accountId: row.current_account_id! };
}

/** The bonus the funding page shows for this amount and promo answer: the page's own computation on the server's options. */
async function pageBonus(browser: Browser, amount: string, promo: { percent: string; value?: string } = { percent: '0' }) {
  const o = (await browser.send('GET', '/api/card/options')).json() as FundingOptionsResponse;
  const rules = { tiers: o.tiers, maxBonusPercent: o.maxBonusPercent, maxBonusValue: o.maxBonusValue, turnoverMultiplier: o.bonusTurnover };
  return depositBonus({ amount, currency: o.currency, fixed: o.fixedAmount !== null, demo: false }, rules, { percent: promo.percent, value: promo.value ?? '0' });
}

/** Fraud check (with bonus and promo) then an approval on ORANGE: the payment id, or the refusal. */
async function cardDeposit(browser: Browser, amount: string, promo = '', bonus = true): Promise<{ id?: string; refused?: Json; status?: number }> {
  const checked = await cardChecked(browser, amount, promo, bonus);
  if (checked.id === undefined) return checked;
  return startCard(browser, checked.id, amount, bonus);
}

/** A card deposit's first half: the card saved and the fraud check passed (the payment created, nothing charged). */
async function cardChecked(browser: Browser, amount: string, promo = '', bonus = true): Promise<{ id?: string; refused?: Json; status?: number }> {
  const saved = await browser.send('POST', '/api/card/save', {
    json: { cnu: '4000000000000010', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'PT', cur: 'USD' },
  });
  const card = (saved.json() as { card: string }).card;
  const checked = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount, fixed: false, bonus, card, promo } });
  if (checked.statusCode !== 200) return { refused: checked.json() as Json, status: checked.statusCode };
  return { id: (checked.json() as { payment: string }).payment };
}

/** A card deposit's second half: the first processor tried (the sandbox approves and credits at once). */
async function startCard(browser: Browser, id: string, amount: string, bonus = true) {
  const started = await browser.send('POST', '/api/card/fast/orange', { json: { id, amount, fixed: false, bonus } });
  expect(started.statusCode).toBe(200);
  return { id };
}

const bonusAccountOf = (userId: number, currency = 'USD') =>
  t.db.selectFrom('accounts').selectAll().where('user_id', '=', userId).where('type', '=', 'bonus').where('currency', '=', currency).executeTakeFirst();

describe('the bonus is real', () => {
  it('a card deposit with the bonus and SANDBOX1 credits exactly the bonus the page showed, as its own ledger entries, once', async () => {
    const { browser, userId, accountId } = await trader();
    const promo = (await browser.send('POST', '/api/promo', { json: { code: ' sandbox1 ' } })).json() as { percent: string; value: string };
    expect(promo).toEqual({ percent: '1', value: '0', code: 'SANDBOX1' });
    const shown = await pageBonus(browser, '1000', promo);
    // silver: (1.5% + 1%) of 1000 + 50 = 75.00; turnover 30 × 75 = 2250.00
    expect(shown).toEqual({ tier: 'silver', percent: '2.5', value: '75.00', turnover: '2250.00', multiplier: '30' });
    const before = await balanceOf(t.db, accountId);
    const { id } = await cardDeposit(browser, '1000', 'sandbox1');
    expect(id).toBeDefined();

    expect((await balanceOf(t.db, accountId)) - before).toBe(100_000n);
    const bonusAccount = await bonusAccountOf(userId);
    expect(bonusAccount).toMatchObject({ account_group: 'bonus', platform_login: null });
    expect(toBigInt(bonusAccount!.balance_minor)).toBe(7_500n);
    const bonusTx = await t.db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `card-payment:${id}:bonus`).executeTakeFirstOrThrow();
    expect(bonusTx.kind).toBe('bonus');
    expect(bonusTx.meta).toMatchObject({ tier: 'silver', percent: '2.5', promo: 'SANDBOX1', turnover: '2250.00' });
    const entries = await t.db.selectFrom('ledger_entries').select(['account_id', 'amount_minor']).where('tx_id', '=', bonusTx.id).orderBy('amount_minor').execute();
    expect(entries.map((e) => [e.account_id, toBigInt(e.amount_minor)])).toEqual([
      [await houseAccount(t.db, 'USD'), -7_500n],
      [bonusAccount!.id, 7_500n],
    ]);
    // the bonus is not trading money: no outbox row for the platform
    expect(await t.db.selectFrom('platform_outbox').select('op_id').where('tx_id', '=', bonusTx.id).execute()).toHaveLength(0);
    const turnover = await t.db.selectFrom('account_turnover').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(toBigInt(turnover.need_minor)).toBe(225_000n);
    const redemption = await t.db.selectFrom('promo_redemptions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const deposit = await t.db.selectFrom('card_payments').select('credit_tx_id').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(redemption).toMatchObject({ code: 'SANDBOX1', deposit_tx_id: deposit.credit_tx_id, bonus_tx_id: bonusTx.id });

    // /api/me shows it, labelled apart from the balances
    const me = (await browser.send('GET', '/api/me')).json() as { user: { bonuses?: Json[]; balances: Json[] } };
    expect(me.user.bonuses).toEqual([{ currency: 'USD', amount: '75.00', turnoverDone: '0.00', turnoverNeed: '2250.00' }]);
    expect(me.user.balances.every((b) => b.accountId !== String(bonusAccount!.id))).toBe(true);

    // replays: the processor's answer again, a listen, the seam itself: nothing more
    await browser.send('POST', '/api/card/fast/orange', { json: { id, amount: '1000', fixed: false, bonus: true } });
    await browser.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' } });
    const again = await t.db.transaction().execute((trx) =>
      creditDeposit(trx, { idempotencyKey: `card-payment:${id}`, userId, accountId, amountMinor: 100_000n, currency: 'USD', method: 'card', meta: { payment: id }, bonus: true, promo: 'SANDBOX1' }),
    );
    expect(again).toMatchObject({ replayed: true, bonus: null });
    expect(toBigInt((await bonusAccountOf(userId))!.balance_minor)).toBe(7_500n);
    expect(toBigInt((await t.db.selectFrom('account_turnover').select('need_minor').where('account_id', '=', accountId).executeTakeFirstOrThrow()).need_minor)).toBe(225_000n);
    expect(await t.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'bonus').where('idempotency_key', 'like', `card-payment:${id}%`).execute()).toHaveLength(1);
    expect((await t.db.selectFrom('promo_codes').select('uses').where('code', '=', 'SANDBOX1').executeTakeFirstOrThrow()).uses).toBe(1);

    // the withdrawal's turnover case counts it
    const check = await browser.send('POST', '/api/withdrawal', { json: { amount: '100.00', method: 'Bitcoin', wallet: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', fixed: false, alt: '', currency: 'USD' } });
    expect(check.json()).toMatchObject({ case: 'two', need_turnover: '2250.00', current_turnover: '0.00' });
    expect((await verifyLedger(t.db)).ok).toBe(true);

    // withdrawing before the turnover forfeits the bonus (confirmed with is_bonus): the bonus balance goes back to the house
    const withdrawal = await browser.send('POST', '/api/withdrawal/final', {
      json: { amount: '100.00', method: 'Bitcoin', wallet: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', fixed: false, alt: '', currency: 'USD', is_bonus: true, key: randomUUID() },
    });
    expect(withdrawal.statusCode).toBe(200);
    expect(toBigInt((await bonusAccountOf(userId))!.balance_minor)).toBe(0n);
    const forfeit = await t.db.selectFrom('ledger_transactions').select('kind').where('kind', '=', 'bonus_forfeit').where('idempotency_key', 'like', 'withdrawal:%').execute();
    expect(forfeit.length).toBeGreaterThanOrEqual(1);
    // an emptied bonus balance is not listed (no "0.00 bonus" line on the accounts page)
    expect((await browser.send('GET', '/api/me')).json()).not.toHaveProperty('user.bonuses');
    expect((await verifyLedger(t.db)).ok).toBe(true);

    // the code was used by this trader: refused with its message
    const used = await browser.send('POST', '/api/promo', { json: { code: 'SANDBOX1' } });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ error: 'promo.already_used', message: 'You have already used this promo code.' });
  });

  it('a bonus without a promo code, a fixed-value code, and no bonus when not chosen', async () => {
    const { browser, userId } = await trader();
    const shown = await pageBonus(browser, '250');
    expect(shown).toMatchObject({ tier: 'bronze', value: '23.00', turnover: '690.00' }); // 1.2% of 250 = 3 + 20
    await cardDeposit(browser, '250');
    expect(toBigInt((await bonusAccountOf(userId))!.balance_minor)).toBe(2_300n);

    const promo = (await browser.send('POST', '/api/promo', { json: { code: 'SANDBOX10USD' } })).json() as { percent: string; value: string };
    expect(promo).toMatchObject({ percent: '0', value: '10.00' });
    expect(await pageBonus(browser, '3000', promo)).toMatchObject({ tier: 'gold', value: '170.00' }); // 2% of 3000 + 100 + 10
    await cardDeposit(browser, '3000', 'SANDBOX10USD');
    expect(toBigInt((await bonusAccountOf(userId))!.balance_minor)).toBe(2_300n + 17_000n);

    const other = await trader();
    await cardDeposit(other.browser, '1000', 'SANDBOX2', false);
    expect(await bonusAccountOf(other.userId)).toBeUndefined();
    expect(await t.db.selectFrom('promo_redemptions').select('id').where('user_id', '=', other.userId).execute()).toHaveLength(0);
  });

  it('the max bonus value caps it; a US trader (fixed amount) gets none whatever the request says', async () => {
    const { browser, userId } = await trader();
    expect(await pageBonus(browser, '50000', { percent: '2' })).toMatchObject({ tier: 'gold', percent: '3.5', value: '200.00', turnover: '6000.00' });
    await cardDeposit(browser, '50000', 'SANDBOX2');
    expect(toBigInt((await bonusAccountOf(userId))!.balance_minor)).toBe(20_000n);

    const us = await trader('US');
    const { id } = await cardDeposit(us.browser, '250');
    expect(id).toBeDefined();
    expect(await bonusAccountOf(us.userId)).toBeUndefined();
    expect(await pageBonus(us.browser, '250')).toBeNull();
  });
});

describe('promo codes', () => {
  it('each refusal has its key and message, on /api/promo, /api/triggers/promo and before a card payment (nothing charged)', async () => {
    const { browser, userId } = await trader();
    const cases: Array<[string, number, string, RegExp]> = [
      ['EXPIRED2025', 410, 'promo.expired', /expired on 2025-01-01/],
      ['USEDUP', 410, 'promo.used_up', /used up/],
      ['FUTURE2099', 409, 'promo.not_yet', /valid from 2099-01-01/],
      ['EURONLY', 409, 'promo.currency', /EUR only/],
      ['NOPE', 404, 'promo.unknown', /no such promo code/],
      ['', 400, 'promo.invalid', /not valid/],
      ['bad code!', 400, 'promo.invalid', /not valid/],
    ];
    for (const [code, status, key, message] of cases) {
      for (const url of ['/api/promo', '/api/triggers/promo']) {
        const res = await browser.send('POST', url, { json: { code } });
        expect(res.statusCode, `${url} ${code}`).toBe(status);
        const body = res.json() as { error: string; message: string };
        expect(body.error).toBe(key);
        expect(body.message).toMatch(message);
      }
    }
    const before = await rowCounts(t.db);
    const refused = await cardDeposit(browser, '1000', 'EXPIRED2025');
    expect(refused.status).toBe(410);
    expect(refused.refused).toMatchObject({ error: 'promo.expired' });
    const after = await rowCounts(t.db);
    expect(after.card_payments).toBe(before.card_payments);
    expect(await t.db.selectFrom('card_payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
    // the code with no CSRF header: 403, signed out: 401
    expect((await browser.send('POST', '/api/promo', { json: { code: 'SANDBOX1' }, csrf: false })).statusCode).toBe(403);
    const anonymous = new Browser(app);
    await anonymous.me();
    expect((await anonymous.send('POST', '/api/promo', { json: { code: 'SANDBOX1' } })).statusCode).toBe(401);
  });

  it("a limited offer's personal code is its owner's alone: anyone else is refused on every path and uses nothing of it (issue 31)", async () => {
    const owner = await trader();
    const thief = await trader();
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', owner.userId).executeTakeFirstOrThrow()).email;
    const offerId = await sandboxOfferNow(t.db, email, 'limited', new Date());
    await t.db.updateTable('offers').set({ shown_at: new Date(), expires_at: new Date(Date.now() + 3600_000) }).where('id', '=', offerId).execute();
    const accepted = await owner.browser.send('POST', '/api/triggers/limited_yes', { json: { id: offerId } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const code = (accepted.json() as { promoCode: string }).promoCode;
    expect(code).toMatch(/^OFFER-[0-9A-F]{12}$/);

    // the check, the fraud check before a card payment (nothing charged), in either case
    for (const url of ['/api/promo', '/api/triggers/promo']) {
      const res = await thief.browser.send('POST', url, { json: { code: code.toLowerCase() } });
      expect([res.statusCode, res.json()], url).toEqual([403, expect.objectContaining({ error: 'promo.not_yours', message: 'This promo code was given to another trader and only they can use it.' })]);
    }
    const refused = await cardDeposit(thief.browser, '1000', code);
    expect([refused.status, refused.refused?.error]).toEqual([403, 'promo.not_yours']);
    expect(await t.db.selectFrom('card_payments').select('id').where('user_id', '=', thief.userId).execute()).toEqual([]);
    // the redemption inside a deposit's own transaction (any method reaches it): the deposit is credited, the code not
    const key = `thief-${randomUUID()}`;
    const credited = await t.db.transaction().execute((trx) =>
      creditDeposit(trx, { idempotencyKey: key, userId: thief.userId, accountId: thief.accountId, amountMinor: 100_000n, currency: 'USD', method: 'sandbox', meta: {}, bonus: true, promo: code }),
    );
    expect(credited.replayed).toBe(false);
    const row = await t.db.selectFrom('promo_codes').select(['uses', 'owner_user_id']).where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toEqual({ uses: 0, owner_user_id: owner.userId });
    expect(await t.db.selectFrom('promo_redemptions').select('user_id').where('code', '=', code).execute()).toEqual([]);
    const thiefBonus = await t.db.selectFrom('ledger_transactions').select('meta').where('idempotency_key', '=', `${key}:bonus`).executeTakeFirst();
    expect(thiefBonus?.meta.promoRefused).toBe('promo.not_yours');

    // still the owner's, whole: the check says what it adds, and a deposit redeems it once
    expect((await owner.browser.send('POST', '/api/promo', { json: { code } })).json()).toMatchObject({ value: '10.00' });
    const paid = await cardDeposit(owner.browser, '1000', code);
    expect(paid.id).toBeTruthy();
    expect((await t.db.selectFrom('promo_codes').select('uses').where('code', '=', code).executeTakeFirstOrThrow()).uses).toBe(1);
    expect((await t.db.selectFrom('promo_redemptions').select('user_id').where('code', '=', code).execute()).map((r) => r.user_id)).toEqual([owner.userId]);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('max uses hold under two concurrent deposits: one redemption, the other deposit gets the tier bonus only', async () => {
    const desk = new Browser(app);
    await desk.me();
    const created = await desk.send('POST', '/api/sandbox/promo', { headers: operator, json: { code: 'lastone', kind: 'percent', amount: '1', maxUses: 1 } });
    expect(created.json()).toEqual({ code: 'LASTONE' });
    const a = await trader();
    const b = await trader();
    // both checked while one use was left
    expect((await a.browser.send('POST', '/api/promo', { json: { code: 'LASTONE' } })).statusCode).toBe(200);
    expect((await b.browser.send('POST', '/api/promo', { json: { code: 'LASTONE' } })).statusCode).toBe(200);
    // both deposits past the fraud check before either is charged: otherwise one could be credited
    // (and redeem the last use) before the other's check, which then refuses it (promo.used_up)
    // instead of racing it at the credit, the race this test is about
    const [ca, cb] = await Promise.all([cardChecked(a.browser, '1000', 'LASTONE'), cardChecked(b.browser, '1000', 'LASTONE')]);
    expect([ca, cb]).toEqual([{ id: expect.any(String) }, { id: expect.any(String) }]);
    const [da, db] = await Promise.all([startCard(a.browser, ca.id!, '1000'), startCard(b.browser, cb.id!, '1000')]);
    expect(da.id && db.id).toBeTruthy();
    const code = await t.db.selectFrom('promo_codes').selectAll().where('code', '=', 'LASTONE').executeTakeFirstOrThrow();
    expect(code.uses).toBe(1);
    expect(await t.db.selectFrom('promo_redemptions').select('user_id').where('code', '=', 'LASTONE').execute()).toHaveLength(1);
    const bonuses = [toBigInt((await bonusAccountOf(a.userId))!.balance_minor), toBigInt((await bonusAccountOf(b.userId))!.balance_minor)].sort();
    expect(bonuses).toEqual([6_500n, 7_500n]); // 1.5% of 1000 + 50, and with the promo's 1%
    const refusedTx = await t.db.selectFrom('ledger_transactions').select('meta').where('kind', '=', 'bonus').where(sql<boolean>`meta->>'promoRefused' = 'promo.used_up'`).execute();
    expect(refusedTx.map((r) => r.meta.promoRefused)).toContain('promo.used_up');
    expect((await a.browser.send('POST', '/api/promo', { json: { code: 'LASTONE' } })).json()).toMatchObject({ error: expect.stringMatching(/promo\.(used_up|already_used)/) });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the sandbox console lists codes with their uses, creates one and deactivates one (form CSRF, no script)', async () => {
    const page = await app.inject({ method: 'GET', url: '/sandbox/promo', headers: operator });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script');
    for (const code of ['SANDBOX1', 'SANDBOX2', 'EXPIRED2025', 'USEDUP']) expect(page.body).toContain(`data-code="${code}"`);
    expect(page.body).toMatch(/data-code="USEDUP">[\s\S]*?1 \/ 1[\s\S]*?used up/);
    // without access: the token form, nothing listed
    const anonymous = await app.inject({ method: 'GET', url: '/sandbox/promo' });
    expect(anonymous.body).toContain('operator token');
    expect(anonymous.body).not.toContain('SANDBOX1');

    // sign in with the token (cookie), then a form needs its csrf field
    const session = await app.inject({ method: 'POST', url: '/sandbox/promo/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ token: t.config.sandboxOperatorToken }).toString() });
    expect(session.statusCode).toBe(303);
    const cookie = String(session.headers['set-cookie']).split(';')[0];
    const list = await app.inject({ method: 'GET', url: '/sandbox/promo', headers: { cookie } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(list.body)?.[1];
    expect(csrf).toBeTruthy();
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const forged = await app.inject({ method: 'POST', url: '/sandbox/promo', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ code: 'FORGED', kind: 'percent', amount: '1' }) });
    expect(forged.statusCode).toBe(403);
    const made = await app.inject({ method: 'POST', url: '/sandbox/promo', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ csrf: csrf!, code: 'spring5', kind: 'value', amount: '5', currency: 'USD', max: '10' }) });
    expect(made.statusCode).toBe(303);
    const bad = await app.inject({ method: 'POST', url: '/sandbox/promo', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ csrf: csrf!, code: 'NOCUR', kind: 'value', amount: '5', currency: '' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('needs its currency');
    expect(await t.db.selectFrom('promo_codes').select('code').where('code', 'in', ['FORGED', 'NOCUR']).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('promo_codes').selectAll().where('code', '=', 'SPRING5').executeTakeFirstOrThrow()).toMatchObject({ kind: 'value', currency: 'USD', max_uses: 10, active: true });

    const { browser } = await trader();
    expect((await browser.send('POST', '/api/promo', { json: { code: 'spring5' } })).json()).toEqual({ percent: '0', value: '5.00', code: 'SPRING5' });
    const off = await app.inject({ method: 'POST', url: '/sandbox/promo/SPRING5/deactivate', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ csrf: csrf! }) });
    expect(off.statusCode).toBe(303);
    const withdrawn = await browser.send('POST', '/api/promo', { json: { code: 'spring5' } });
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({ error: 'promo.inactive', message: 'This promo code has been withdrawn.' });
    // the JSON twin is for the operator header only
    expect((await app.inject({ method: 'GET', url: '/api/sandbox/promo' })).statusCode).toBe(403);
  });
});

describe('promo codes outside sandbox mode', () => {
  it('/api/promo checks the table in every mode (no console there)', async () => {
    const prod = await freshDb({ seed: true, config: { sandbox: false } });
    const prodApp = await buildApp({ db: prod.db, config: prod.config, push: memoryHub() });
    try {
      const browser = new Browser(prodApp);
      await browser.me();
      expect((await browser.signIn('trader@example.com', 'Trader-2026')).statusCode).toBe(200);
      expect((await browser.send('POST', '/api/promo', { json: { code: 'SANDBOX2' } })).json()).toEqual({ percent: '2', value: '0', code: 'SANDBOX2' });
      expect((await browser.send('POST', '/api/triggers/promo', { json: { code: 'EXPIRED2025' } })).statusCode).toBe(410);
      expect((await prodApp.inject({ method: 'GET', url: '/sandbox/promo' })).statusCode).toBe(404);
    } finally {
      await prodApp.close();
      await prod.close();
    }
  });
});

