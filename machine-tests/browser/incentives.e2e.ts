import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/**
 * Incentives switched off for a regulated country (issue 30 §5, docs/eligibility.md): the operator
 * switches Malta off (no other test file has a trader there: they run on this server at once, mostly
 * from DE); a trader from Malta sees no contest, ladder or promotions entry, no bonus or promo code on
 * the funding page, and the pages opened by their address say why, in English and Russian, at 320 px;
 * a trader from Germany still sees them all.
 */
const setSwitch = (page: Page, countries: string[]) => post(page, '/api/sandbox/incentives', { countries }, { 'x-sandbox-operator': operator });

/** the page is no wider than the window (nothing to scroll sideways) */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('incentives by country', () => {
  let switchedOff = false;
  afterAll(async () => {
    // the server is shared: Malta back on for whoever comes next, even when the test failed half-way
    if (!switchedOff) return;
    const { page, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/robots.txt`);
    await setSwitch(page, []);
    await context.close();
  });

  it('a trader from a switched-off country (MT) sees no bonus, offer or contest entries, and is told why; a DE trader still sees them', async () => {
    const { page, context, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { country: 'MT', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
    const switched = await setSwitch(page, ['MT']);
    expect(switched, JSON.stringify(switched.body)).toMatchObject({ status: 200, body: { countries: ['MT'] } });
    switchedOff = true;

    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    // the header: the other links are there, the incentives' are not
    await page.getByTestId('nav-support').waitFor({ state: 'attached' });
    for (const id of ['nav-contest', 'nav-ladder', 'nav-promotions']) expect(await page.getByTestId(id).count(), id).toBe(0);

    // the funding page: no bonus to tick and no promo code field, with the reason
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await page.getByText('Deposits earn no bonus for you: bonuses are not offered to you now.').waitFor();
    expect(await page.getByLabel('Add the deposit bonus').count()).toBe(0);
    expect(await page.getByTestId('promotions-link').count()).toBe(0);
    expect(await page.locator('#fund-promo-code').count()).toBe(0);

    // a page of incentives opened by its address says why instead, and leads back
    for (const address of ['#/show/promotions', '#/show/contest']) {
      await page.goto(`${baseURL}/en/trading${address}`);
      const notice = page.getByTestId('incentives-off');
      await notice.waitFor();
      expect(await notice.getAttribute('data-reason')).toBe('regulated');
      expect(await notice.textContent()).toContain('not offered to retail traders in your country');
      expect(await page.getByTestId('promotions-table').count()).toBe(0);
    }
    // by the keyboard: the way back is a link that Tab reaches and Enter follows
    const back = page.getByRole('link', { name: 'Back to trading' });
    await back.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/home/);

    // in Russian, on a phone
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`${baseURL}/ru/trading#/show/contest`);
    const ru = page.getByTestId('incentives-off');
    await ru.waitFor();
    expect(await ru.textContent()).toContain('не предлагаются розничным трейдерам в вашей стране');
    expect(await fitsWidth(page)).toBe(true);

    // the server agrees: the promo code and the promotions are refused with the reason
    const promo = await post(page, '/api/promo', { code: 'SANDBOX1' });
    expect(promo).toMatchObject({ status: 403, body: { error: 'incentives.unavailable', params: { reason: 'regulated' } } });
    expect(errors).toEqual([]);
    await context.close();

    // a trader from Germany (regulated, not switched off) still has every entry and the bonus
    const de = await openTab(chromium.current);
    await chatSeen(de.context);
    const other = await freshUser(de.page, baseURL, { country: 'DE', balances: [{ currency: 'USD', type: 'trading', amount: '100' }] });
    await signIn(de.page, baseURL, other);
    await de.page.waitForURL(`${baseURL}/en/trading**`);
    await de.page.getByTestId('balance').waitFor();
    for (const id of ['nav-contest', 'nav-ladder', 'nav-promotions']) await de.page.getByTestId(id).waitFor({ state: 'attached' });
    await de.page.goto(`${baseURL}/en/trading#/show/promotions`);
    await de.page.getByTestId('promotions-table').waitFor({ timeout: 30_000 });
    expect(await de.page.getByTestId('incentives-off').count()).toBe(0);
    await de.page.goto(`${baseURL}/en/trading#/show/funding`);
    await de.page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await de.page.getByLabel('Add the deposit bonus').waitFor();
    await de.page.locator('#fund-promo-code').waitFor();
    expect(de.errors).toEqual([]);
    await de.context.close();
  });
});
