import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundingOptionsResponse, MeResponse } from '../../core/contract';
import { standings } from '../domain/contests/contests';
import type { PlatformGateway } from '../domain/ports';
import { createPromoCode } from '../domain/promo/codes';
import { createPromotion } from '../domain/promotions/promotions';
import { sandboxOfferNow } from '../domain/offers/offers';
import { SWITCH_CACHE_MS, incentivesOffCountries, incentivesOffReason } from '../domain/protection/incentives';
import { NETELLER_TEST } from '../test/sandbox';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Incentives (issue 30 §3, §5, §8; server/domain/protection/incentives.ts): every path that gives or
 * shows one is refused, or gives nothing, for a trader on a break or self-excluded, with a closed
 * account, or from a regulated country the operator switched off; a trader from elsewhere still
 * gets each. The operator's switch is the sandbox console's JSON twin.
 */
let t: TestApp;
let operator: Record<string, string>;
let operatorBrowser: Browser;
const PROMO = 'ELIGIBLE5';
const PROMOTION = 'eligibility-test';

beforeAll(async () => {
  t = await testApp();
  operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
  operatorBrowser = t.browser();
  await operatorBrowser.me();
  await createPromoCode(t.db, { code: PROMO, kind: 'percent', amount: '1', currency: '' });
  const now = Date.now();
  await createPromotion(t.db, {
    id: PROMOTION,
    titleEn: 'Eligibility',
    titleRu: 'Допуск',
    givesEn: '+1% bonus',
    givesRu: '+1% бонуса',
    termsEn: 'Test terms.',
    termsRu: 'Условия теста.',
    percent: '1',
    max: '50',
    currency: null,
    startsAt: new Date(now - 3600_000),
    endsAt: new Date(now + 86_400_000),
  });
});
afterAll(() => t?.close());

const setSwitch = (countries: string[]) => operatorBrowser.send('POST', '/api/sandbox/incentives', { json: { countries }, headers: operator });

async function trader(country: string) {
  const browser = t.browser();
  const user = await freshUser(browser, { country, verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
  return { browser, userId: Number(user.userId), email: user.email };
}

/** A shown offer the trader could accept now (made by the testers' call, then shown). */
async function shownOffer(email: string): Promise<string> {
  const id = await sandboxOfferNow(t.db, email, 'giveaway', new Date());
  await t.db.updateTable('offers').set({ shown_at: new Date(), expires_at: new Date(Date.now() + 3600_000) }).where('id', '=', id).execute();
  return id;
}

const bonusEntries = async (userId: number) =>
  (await t.db.selectFrom('ledger_entries as e').innerJoin('accounts as a', 'a.id', 'e.account_id').select('e.tx_id').where('a.user_id', '=', userId).where('a.type', '=', 'bonus').execute()).length;

const netellerWithBonus = (b: Browser) =>
  b.send('POST', '/api/neteller', { json: { net_account: NETELLER_TEST.approve.account, secure_id: NETELLER_TEST.approve.secureId, amount: '1000', is_fixed: false, currency: 'USD', bonus: true, promo: PROMO } });

/** A platform that settled one winning trade for each login in the window (the contest ranks by it). */
const platformWith = (logins: string[]): PlatformGateway =>
  ({
    settledTrades: async () => logins.map((login, i) => ({ login, currency: 'USD', profitMinor: 1000n + BigInt(i), settledAt: new Date(Date.now() - 60_000) })),
  }) as unknown as PlatformGateway;

const window = () => ({ start: new Date(Date.now() - 3600_000), end: new Date(Date.now() + 3600_000), currency: 'USD' });

/** Each incentive path, for a trader who may not have one: refused with the reason, or nothing given. */
async function expectEveryPathRefused(b: Browser, userId: number, email: string, reason: string) {
  const refused = { error: 'incentives.unavailable', params: { reason } };
  const promo = await b.send('POST', '/api/promo', { json: { code: PROMO } });
  expect([promo.statusCode, promo.json()]).toEqual([403, expect.objectContaining(refused)]);
  const list = await b.send('GET', '/api/us/promotions');
  expect([list.statusCode, list.json()]).toEqual([403, expect.objectContaining(refused)]);
  const activate = await b.send('POST', '/api/us/promotions_activate', { json: { id: PROMOTION } });
  expect([activate.statusCode, activate.json()]).toEqual([403, expect.objectContaining(refused)]);
  expect(await t.db.selectFrom('promotion_activations').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  const iq = await b.send('POST', '/api/iq/start');
  expect([iq.statusCode, iq.json()]).toEqual([403, expect.objectContaining(refused)]);
  // a timed offer (the giveaway here) already waiting is neither shown nor accepted
  const offerId = await shownOffer(email);
  expect((await b.send('GET', '/api/us/offers')).json()).toMatchObject({ offer: null });
  const accept = await b.send('POST', '/api/triggers/limited_yes', { json: { id: offerId } });
  expect([accept.statusCode, accept.json()]).toEqual([403, expect.objectContaining(refused)]);
  // the funding page offers no bonus; a deposit asking for one (with a promo code) is credited alone
  const options = FundingOptionsResponse.parse((await b.send('GET', '/api/card/options')).json());
  expect(options.incentivesOff).toEqual({ reason });
  const deposit = await netellerWithBonus(b);
  // during a break no deposit is taken at all (docs/limits.md); otherwise it is credited, without a bonus
  expect(deposit.statusCode, deposit.body).toBe(reason === 'excluded' ? 403 : 200);
  expect(await bonusEntries(userId)).toBe(0);
  // a contest does not rank them (nor pay them a prize)
  const ranked = await standings(t.db, platformWith([email]), window());
  expect(ranked.map((s) => s.userId)).not.toContain(userId);
}

describe('the operator switch (POST /api/sandbox/incentives)', () => {
  it('operator only; regulated countries only; empty by default', async () => {
    expect((await operatorBrowser.send('GET', '/api/sandbox/incentives', { headers: operator })).json()).toEqual({ countries: [] });
    expect((await operatorBrowser.send('POST', '/api/sandbox/incentives', { json: { countries: ['MT'] } })).statusCode).toBe(403);
    const wrong = await setSwitch(['MT', 'CH']);
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'incentives.country']);
    expect((await operatorBrowser.send('GET', '/api/sandbox/incentives', { headers: operator })).json()).toEqual({ countries: [] });
  });

  it('the console page lists the regulated countries with the switch, after the operator token', async () => {
    const visitor = t.browser();
    expect((await visitor.send('GET', '/sandbox/eligibility')).statusCode).toBe(403);
    const page = await operatorBrowser.send('GET', '/sandbox/eligibility', { headers: operator });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('name="country" value="MT"');
    expect(page.body).not.toContain('value="CH"');
  });
});

describe('a regulated country switched off (MT), a trader from elsewhere (DE) still offered', () => {
  it('MT: /api/me says so, and every path refuses or gives nothing', async () => {
    const mt = await trader('MT');
    const before = (await mt.browser.me()) as MeResponse;
    expect(before.user?.incentivesOff).toBeUndefined();
    expect((await setSwitch(['MT'])).json()).toEqual({ countries: ['MT'] });
    expect(((await mt.browser.me()) as MeResponse).user?.incentivesOff).toEqual({ reason: 'regulated' });
    await expectEveryPathRefused(mt.browser, mt.userId, mt.email, 'regulated');
  });

  it('DE (regulated, not switched) and CH (not regulated): offered as before', async () => {
    for (const country of ['DE', 'CH']) {
      const other = await trader(country);
      expect(((await other.browser.me()) as MeResponse).user?.incentivesOff).toBeUndefined();
      expect((await other.browser.send('POST', '/api/promo', { json: { code: PROMO } })).statusCode).toBe(200);
      expect((await other.browser.send('GET', '/api/us/promotions')).statusCode).toBe(200);
      expect((await other.browser.send('POST', '/api/us/promotions_activate', { json: { id: PROMOTION } })).statusCode).toBe(200);
      expect((await other.browser.send('POST', '/api/iq/start')).statusCode).toBe(200);
      const offerId = await shownOffer(other.email);
      expect((await other.browser.send('GET', '/api/us/offers')).json()).toMatchObject({ offer: { id: offerId } });
      expect((await other.browser.send('POST', '/api/triggers/limited_yes', { json: { id: offerId } })).statusCode).toBe(200);
      expect(FundingOptionsResponse.parse((await other.browser.send('GET', '/api/card/options')).json()).incentivesOff).toBeUndefined();
      expect((await netellerWithBonus(other.browser)).statusCode).toBe(200);
      expect(await bonusEntries(other.userId)).toBeGreaterThan(0);
      expect((await standings(t.db, platformWith([other.email]), window())).map((s) => s.userId)).toContain(other.userId);
    }
  });

  it('switched on again: the MT trader is offered incentives at once', async () => {
    const mt = await trader('MT');
    expect(await incentivesOffReason(t.db, mt.userId, new Date())).toBe('regulated');
    expect((await setSwitch([])).json()).toEqual({ countries: [] });
    expect(await incentivesOffReason(t.db, mt.userId, new Date())).toBeNull();
    expect(((await mt.browser.me()) as MeResponse).user?.incentivesOff).toBeUndefined();
  });
});

describe('a break, self-exclusion or a closed account stops every incentive (issue 30 §3, §8)', () => {
  it('self-excluded: every path refused with reason excluded', async () => {
    // the row the exclusion writes (its sessions would end: the paths are asked with the session kept, as a tab left open might)
    const de = await trader('DE');
    await t.db.insertInto('self_exclusions').values({ user_id: de.userId, kind: 'exclusion', choice: '6m', since: new Date(), until: new Date(Date.now() + 86_400_000) }).execute();
    await expectEveryPathRefused(de.browser, de.userId, de.email, 'excluded');
  });

  it('on a break that has ended: offered again', async () => {
    const de = await trader('DE');
    await t.db.insertInto('self_exclusions').values({ user_id: de.userId, kind: 'timeout', choice: '24h', since: new Date(Date.now() - 2 * 86_400_000), until: new Date(Date.now() - 86_400_000) }).execute();
    expect(await incentivesOffReason(t.db, de.userId, new Date())).toBeNull();
  });

  it('a closed account: every path refused with reason closed', async () => {
    const de = await trader('DE');
    await t.db.insertInto('account_closures').values({ user_id: de.userId, reason: 'other', text: 'test', closed_at: new Date() }).execute();
    await expectEveryPathRefused(de.browser, de.userId, de.email, 'closed');
  });
});

describe('the switch as a process holds it', () => {
  it('is read once per interval, and again after a change through this process', async () => {
    await setSwitch(['LI']);
    expect(await incentivesOffCountries(t.db)).toEqual(['LI']);
    // written behind the process's back (another server): seen only after the interval
    await t.db.updateTable('operator_settings').set({ value: JSON.stringify(['NO']) }).where('key', '=', 'incentives.off_countries').execute();
    expect(await incentivesOffCountries(t.db)).toEqual(['LI']);
    expect(await incentivesOffCountries(t.db, Date.now() + SWITCH_CACHE_MS + 1)).toEqual(['NO']);
    await setSwitch([]);
    expect(await incentivesOffCountries(t.db)).toEqual([]);
  });
});
