import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** three processors that answer directly (no hosted page), in this order */
const STACK = 'ORANGE,MEIKO,ZOOM';

/** A fresh trader with a 0.00 USD balance, signed in on the funding page's card tab. */
async function fundingPage() {
  const tab = await openTab(chromium.current);
  const user = await freshUser(tab.page, baseURL, { cascade: STACK, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  await tab.page.goto(`${baseURL}/en/trading#/show/funding`);
  await tab.page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
  return { ...tab, user };
}

/** What the server says the trader holds as bonus (GET /api/me). */
const bonusesOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { bonuses?: { currency: string; amount: string; turnoverNeed: string }[] } }).user.bonuses ?? []);

const applyPromo = async (page: Page, code: string) => {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
};

describe('the deposit bonus and promo codes', () => {
  it('a card deposit with the bonus and SANDBOX1: the exact bonus shown before paying is credited, with its terms', async () => {
    const { page, errors, context } = await fundingPage();
    await page.getByRole('button', { name: '1000', exact: true }).click();
    await page.getByLabel('Add the deposit bonus').check();
    await applyPromo(page, 'sandbox1');
    await page.getByText('Promo code adds 1%.').waitFor();
    // the bonus and its terms, before the trader pays: (1.5% + 1%) of 1000 + 50
    const tier = page.locator('.fund-tier');
    await expect.poll(() => tier.textContent()).toBe('Silver tier: 2.5% + $50.00 = bonus $75.00');
    const terms = await page.getByTestId('bonus-terms').textContent();
    expect(terms).toMatch(/it asks \$2,250\.00 of trading turnover first \(30 × the bonus\)/);
    const shown = /bonus \$([\d,.]+)$/.exec((await tier.textContent()) ?? '')![1];

    await fillCard(page, CARDS.approved);
    await page.getByRole('button', { name: 'Deposit $1,000.00' }).click();
    await page.locator('#card-done').waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');
    // the server credited exactly what the page showed, with the turnover it stated
    await expect.poll(() => bonusesOf(page)).toEqual([{ currency: 'USD', amount: shown, turnoverDone: '0.00', turnoverNeed: '2250.00' }]);

    // the accounts page shows it as Bonus, apart from the balances, not withdrawable
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    const bonus = page.getByTestId('bonus-balance');
    await expect.poll(() => bonus.textContent()).toContain('75.00');
    expect(await bonus.textContent()).toContain('cannot be withdrawn or traded until it moves to your trading account');
    expect(await page.getByTestId('account').count()).toBe(1);

    // the code was used: a second time it is refused with its message
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
    await applyPromo(page, 'SANDBOX1');
    await expect.poll(() => page.locator('.fund-promo [role="alert"]').textContent()).toBe('You have already used this promo code.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Neteller deposit with the bonus: the amount line on the wallet tab shows the exact bonus before paying, and the accounts page shows exactly it', async () => {
    const { page, errors, context } = await fundingPage();
    await page.getByRole('tab', { name: 'Neteller', exact: true }).click();
    await page.getByRole('heading', { name: 'Deposit with Neteller' }).waitFor();
    // the same amount line as the card tabs: amount, bonus, tier, terms, promo code
    await page.getByRole('button', { name: '1000', exact: true }).click();
    await page.getByLabel('Add the deposit bonus').check();
    const tier = page.locator('.fund-tier');
    // silver: 1.5% of 1000 + 50
    await expect.poll(() => tier.textContent()).toBe('Silver tier: 1.5% + $50.00 = bonus $65.00');
    expect(await page.getByTestId('bonus-terms').textContent()).toMatch(/it asks \$1,950\.00 of trading turnover first \(30 × the bonus\)/);
    const shown = /bonus \$([\d,.]+)$/.exec((await tier.textContent()) ?? '')![1];

    await page.getByTestId('method-account').fill('netellertest_USD@neteller.com');
    await page.getByTestId('method-secure-id').fill('411392');
    await page.getByTestId('method-submit').click();
    await page.getByRole('heading', { name: 'Deposit successful' }).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');
    // the server credited exactly what the page showed, with the turnover it stated
    await expect.poll(() => bonusesOf(page)).toEqual([{ currency: 'USD', amount: shown, turnoverDone: '0.00', turnoverNeed: '1950.00' }]);

    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    const bonus = page.getByTestId('bonus-balance');
    await expect.poll(() => bonus.textContent()).toContain(shown);
    expect(await bonus.textContent()).toContain('cannot be withdrawn or traded until it moves to your trading account');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired promo code is refused with its message and adds nothing to the bonus shown', async () => {
    const { page, errors, context } = await fundingPage();
    await page.getByLabel('Add the deposit bonus').check();
    const tier = page.locator('.fund-tier');
    await expect.poll(() => tier.textContent()).toBe('Bronze tier: 1.2% + $20.00 = bonus $23.00');
    await applyPromo(page, 'EXPIRED2025');
    await expect.poll(() => page.locator('.fund-promo [role="alert"]').textContent()).toBe('This promo code has expired.');
    expect(await tier.textContent()).toBe('Bronze tier: 1.2% + $20.00 = bonus $23.00');
    await applyPromo(page, 'USEDUP');
    await expect.poll(() => page.locator('.fund-promo [role="alert"]').textContent()).toBe('This promo code has been used up.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
