import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositBonus, NO_PROMOTION } from '../../core/amount';
import type { FundingOptionsResponse } from '../../core/contract';
import type { PromotionList, PromotionMax } from '../../core/contract/promotions';
import { buildApp } from '../app';
import { houseAccount, verifyLedger } from '../domain/ledger';
import { toBigInt } from '../db/values';
import { memoryHub } from '../push/hub';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

/**
 * Promotions: the list of promotions in their window, an activation stored once (two
 * parallel calls store one) with its notification, the refusals (outside the window, twice, not
 * eligible), promotions_max capped, and the deposit bonus credited through the ledger with the
 * promotion's percent and its maximum: exactly what the funding page computes from its options.
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

async function trader(): Promise<{ browser: Browser; userId: number; accountId: number }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, { verification: 'Full' });
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', Number(user.userId)).execute();
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', Number(user.userId)).executeTakeFirstOrThrow();
  return { browser, userId: Number(user.userId), accountId: row.current_account_id! };
}

const activate = (browser: Browser, id: string) => browser.send('POST', '/api/us/promotions_activate', { json: { id } });

/** The bonus the funding page shows: the page's own computation on the server's options (with the promotion it serves). */
async function pageBonus(browser: Browser, amount: string) {
  const o = (await browser.send('GET', '/api/card/options')).json() as FundingOptionsResponse;
  const rules = { tiers: o.tiers, maxBonusPercent: o.maxBonusPercent, maxBonusValue: o.maxBonusValue, turnoverMultiplier: o.bonusTurnover };
  return depositBonus({ amount, currency: o.currency, fixed: false, demo: false }, rules, undefined, o.promotion ?? NO_PROMOTION);
}

/** A card deposit with the bonus, approved on ORANGE: the payment id. */
async function cardDeposit(browser: Browser, amount: string): Promise<string> {
  const saved = await browser.send('POST', '/api/card/save', {
    json: { cnu: '4000000000000010', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'PT', cur: 'USD' },
  });
  const card = (saved.json() as { card: string }).card;
  const checked = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount, fixed: false, bonus: true, card, promo: '' } });
  expect(checked.statusCode).toBe(200);
  const id = (checked.json() as { payment: string }).payment;
  const started = await browser.send('POST', '/api/card/fast/orange', { json: { id, amount, fixed: false, bonus: true } });
  expect(started.statusCode).toBe(200);
  return id;
}

const bonusBalance = async (userId: number) => {
  const row = await t.db.selectFrom('accounts').select('balance_minor').where('user_id', '=', userId).where('type', '=', 'bonus').where('currency', '=', 'USD').executeTakeFirst();
  return row ? toBigInt(row.balance_minor) : 0n;
};

describe('promotions', () => {
  it('lists the promotions in their window; one activation of two parallel calls is stored, with one notification; promotions_max follows', async () => {
    const { browser, userId } = await trader();
    const list = (await browser.send('GET', '/api/us/promotions')).json() as PromotionList;
    expect(list.currency).toBe('USD');
    const ids = list.promotions.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['sandbox-deposit-plus-1', 'sandbox-euro-half']));
    expect(ids).not.toContain('sandbox-next-month');
    const plus1 = list.promotions.find((p) => p.id === 'sandbox-deposit-plus-1')!;
    expect(plus1).toMatchObject({ percent: '1', max: '50.00', currency: null, activatedAt: null, eligible: true });
    expect(plus1.en.terms).toContain('Activate once');
    expect(plus1.ru.title).toBe('Бонус к депозиту +1 %');
    expect(new Date(plus1.startsAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(plus1.endsAt).getTime()).toBeGreaterThan(Date.now());
    expect(list.promotions.find((p) => p.id === 'sandbox-euro-half')).toMatchObject({ eligible: false, currency: 'EUR' });

    expect((await browser.send('GET', '/api/us/promotions_max')).json()).toEqual({ percent: '0', max: '0', id: null, currency: 'USD' });

    const [a, b] = await Promise.all([activate(browser, 'sandbox-deposit-plus-1'), activate(browser, 'sandbox-deposit-plus-1')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = (a.statusCode === 409 ? a : b).json() as Json;
    expect(refused).toMatchObject({ error: 'promotions.already_activated', message: 'You have already activated this promotion.' });
    expect(await t.db.selectFrom('promotion_activations').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
    const notes = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', '=', 'promotion.activated').execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toMatchObject({ id: 'sandbox-deposit-plus-1', percent: '1', max: '50.00', title_en: 'Deposit bonus +1 %' });

    const again = (await browser.send('GET', '/api/us/promotions')).json() as PromotionList;
    expect(again.promotions.find((p) => p.id === 'sandbox-deposit-plus-1')!.activatedAt).not.toBeNull();
    expect((await browser.send('GET', '/api/us/promotions_max')).json()).toEqual({ percent: '1', max: '50.00', id: 'sandbox-deposit-plus-1', currency: 'USD' } satisfies PromotionMax);
    expect(((await browser.send('GET', '/api/card/options')).json() as FundingOptionsResponse).promotion).toEqual({ percent: '1', max: '50.00' });

    // a second activation later is refused too, with the same key
    expect((await activate(browser, 'sandbox-deposit-plus-1')).json()).toMatchObject({ error: 'promotions.already_activated' });
  });

  it('refuses outside the window, another currency, an ended or unknown promotion, and a trader signed out', async () => {
    const { browser, userId } = await trader();
    expect((await activate(browser, 'sandbox-next-month')).json()).toMatchObject({ error: 'promotions.not_started' });
    const eur = await activate(browser, 'sandbox-euro-half');
    expect(eur.statusCode).toBe(403);
    expect(eur.json()).toMatchObject({ error: 'promotions.currency', message: 'This promotion is for accounts in EUR only.' });
    expect((await activate(browser, 'no-such-thing')).statusCode).toBe(404);
    expect((await activate(browser, 'NOT VALID')).statusCode).toBe(400);

    const desk = new Browser(app);
    await freshUser(desk);
    const now = Date.now();
    const made = await desk.send('POST', '/api/sandbox/promotions', {
      headers: operator,
      json: { id: 'ends-soon', titleEn: 'Ends soon', titleRu: 'Скоро кончится', givesEn: '+1 %', givesRu: '+1 %', termsEn: 'Once.', termsRu: 'Один раз.', percent: '1', max: '10', endsAt: new Date(now + 86_400_000).toISOString() },
    });
    expect(made.json()).toEqual({ id: 'ends-soon' });
    expect((await desk.send('POST', '/api/sandbox/promotions/ends-soon/end', { headers: operator })).json()).toEqual({ ok: true });
    const ended = await activate(browser, 'ends-soon');
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toMatchObject({ error: 'promotions.ended' });
    expect(((await browser.send('GET', '/api/us/promotions')).json() as PromotionList).promotions.map((p) => p.id)).not.toContain('ends-soon');
    expect(await t.db.selectFrom('promotion_activations').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);

    // the operator's twin asks for the operator token; a bad promotion is refused with its reason
    expect((await desk.send('POST', '/api/sandbox/promotions', { json: {} })).statusCode).toBe(403);
    const bad = await desk.send('POST', '/api/sandbox/promotions', {
      headers: operator,
      json: { id: 'backwards', titleEn: 'x', titleRu: 'x', givesEn: 'x', givesRu: 'x', termsEn: 'x', termsRu: 'x', percent: '1', max: '10', startsAt: new Date(now).toISOString(), endsAt: new Date(now - 1000).toISOString() },
    });
    expect(bad.json()).toMatchObject({ error: 'promotions.create' });
    expect((await new Browser(app).send('GET', '/api/us/promotions')).statusCode).toBe(401);
  });

  it('a deposit with the bonus credits the promotion percent through the ledger, exactly what the page showed; the highest percent applies, capped', async () => {
    const { browser, userId } = await trader();
    const before = await pageBonus(browser, '1000');
    expect(before).toMatchObject({ tier: 'silver', percent: '1.5', value: '65.00' });
    expect((await activate(browser, 'sandbox-deposit-plus-1')).statusCode).toBe(200);
    const shown = await pageBonus(browser, '1000');
    // silver: 1.5 % + the promotion's 1 % of 1000 = 25 + 50 = 75.00
    expect(shown).toEqual({ tier: 'silver', percent: '2.5', value: '75.00', turnover: '2250.00', multiplier: '30' });
    const id = await cardDeposit(browser, '1000');
    expect(await bonusBalance(userId)).toBe(7_500n);
    const tx = await t.db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `card-payment:${id}:bonus`).executeTakeFirstOrThrow();
    expect(tx.meta).toMatchObject({ tier: 'silver', percent: '2.5', promotion: 'sandbox-deposit-plus-1' });
    const entries = await t.db.selectFrom('ledger_entries').select(['account_id', 'amount_minor']).where('tx_id', '=', tx.id).orderBy('amount_minor').execute();
    expect(entries.map((e) => toBigInt(e.amount_minor))).toEqual([-7_500n, 7_500n]);
    expect(entries[0]!.account_id).toBe(await houseAccount(t.db, 'USD'));

    // a higher promotion wins; the total percent stays under maxBonusPercent (3.5) and its share under its maximum (10)
    const desk = new Browser(app);
    await freshUser(desk);
    await desk.send('POST', '/api/sandbox/promotions', {
      headers: operator,
      json: { id: 'big-three', titleEn: 'Three', titleRu: 'Три', givesEn: '+3 %', givesRu: '+3 %', termsEn: 'Once.', termsRu: 'Один раз.', percent: '3', max: '10', currency: 'USD', endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect((await activate(browser, 'big-three')).statusCode).toBe(200);
    expect((await browser.send('GET', '/api/us/promotions_max')).json()).toMatchObject({ percent: '3', max: '10.00', id: 'big-three' });
    const capped = await pageBonus(browser, '1000');
    // 1.5 % + 3 % capped at 3.5 %: the promotion's 2 % of 1000 = 20, at most 10: 15 + 10 + 50 = 75.00
    expect(capped).toMatchObject({ percent: '3.5', value: '75.00' });
    const second = await cardDeposit(browser, '1000');
    expect(await bonusBalance(userId)).toBe(15_000n);
    const tx2 = await t.db.selectFrom('ledger_transactions').select('meta').where('idempotency_key', '=', `card-payment:${second}:bonus`).executeTakeFirstOrThrow();
    expect(tx2.meta).toMatchObject({ percent: '3.5', promotion: 'big-three' });

    // ended: it adds nothing more, on the page and on the server
    await desk.send('POST', '/api/sandbox/promotions/big-three/end', { headers: operator });
    expect((await browser.send('GET', '/api/us/promotions_max')).json()).toMatchObject({ id: 'sandbox-deposit-plus-1', percent: '1' });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the promo console has a Promotions section: add one and end it with the console form (csrf), refused without it', async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const session = await app.inject({ method: 'POST', url: '/sandbox/promo/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ token: t.config.sandboxOperatorToken }) });
    const cookie = String(session.headers['set-cookie']).split(';')[0];
    const page = await app.inject({ method: 'GET', url: '/sandbox/promo', headers: { cookie } });
    expect(page.body).toContain('<h2 id="promotions">Promotions</h2>');
    expect(page.body).toContain('data-promotion="sandbox-deposit-plus-1"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(csrf).toBeTruthy();
    const headers = { cookie, 'content-type': 'application/x-www-form-urlencoded' };
    const fields = { id: 'console-made', percent: '0,5', max: '15', currency: 'USD', until: '2099-01-01', titleEn: 'Console', titleRu: 'Консоль', givesEn: '+0.5 %', givesRu: '+0,5 %', termsEn: 'Once.', termsRu: 'Один раз.' };
    expect((await app.inject({ method: 'POST', url: '/sandbox/promo/promotions', headers, payload: form(fields) })).statusCode).toBe(403);
    const made = await app.inject({ method: 'POST', url: '/sandbox/promo/promotions', headers, payload: form({ csrf: csrf!, ...fields }) });
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe('/sandbox/promo?promotion=created#promotions');
    const row = await t.db.selectFrom('promotions').selectAll().where('id', '=', 'console-made').executeTakeFirstOrThrow();
    expect({ percent: String(row.percent_units), max: String(row.max_cents), currency: row.currency }).toEqual({ percent: '5000', max: '1500', currency: 'USD' });
    const again = await app.inject({ method: 'POST', url: '/sandbox/promo/promotions', headers, payload: form({ csrf: csrf!, ...fields }) });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('A promotion console-made exists already.');
    const ended = await app.inject({ method: 'POST', url: '/sandbox/promo/promotions/console-made/end', headers, payload: form({ csrf: csrf! }) });
    expect(ended.headers.location).toBe('/sandbox/promo?promotion=ended#promotions');
    expect((await app.inject({ method: 'GET', url: '/sandbox/promo?promotion=ended', headers: { cookie } })).body).toContain('Promotion ended');
  });
});
