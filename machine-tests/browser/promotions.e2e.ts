import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** What the server says the trader holds as bonus (GET /api/me). */
const bonusesOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { bonuses?: { currency: string; amount: string }[] } }).user.bonuses ?? []);

async function cardTab(page: Page) {
  await page.goto(`${baseURL}/en/trading#/show/funding`);
  await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
  await page.getByRole('button', { name: '1000', exact: true }).click();
  await page.getByLabel('Add the deposit bonus').check();
}

describe('promotions', () => {
  it('activating a promotion after its terms reloads the list, raises the bonus percent on the funding page, and the server credits that bonus with a card deposit', async () => {
    const { page, context, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { cascade: 'ORANGE,MEIKO,ZOOM', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    // before: the silver tier alone
    await cardTab(page);
    const tier = page.locator('.fund-tier');
    await expect.poll(() => tier.textContent()).toBe('Silver tier: 1.5% + $50.00 = bonus $65.00');
    expect(await page.getByTestId('bonus-promotion').count()).toBe(0);

    // the Promotions link beside the bonus: the list with window, terms and maximum
    await page.getByTestId('promotions-link').click();
    await page.getByTestId('promotions-table').waitFor({ timeout: 30_000 });
    const row = page.locator('tr[data-promotion="sandbox-deposit-plus-1"]');
    expect(await row.textContent()).toContain('+1% to the deposit bonus');
    expect(await row.textContent()).toContain('at most $50.00 per deposit');
    expect(await page.locator('tr[data-promotion="sandbox-euro-half"]').textContent()).toContain('Not for this account');
    expect(await page.locator('tr[data-promotion="sandbox-next-month"]').count()).toBe(0);

    // the terms first; cancel activates nothing; confirm activates and the list reloads
    await row.getByTestId('promotion-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('promotion-terms').waitFor();
    expect(await dialog.getByTestId('promotion-terms').textContent()).toContain('Activate once.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('promotion-open').click();
    await page.getByTestId('promotion-confirm').click();
    await page.getByTestId('promotions-activated').waitFor();
    expect(await page.getByTestId('promotions-activated').textContent()).toBe('“Deposit bonus +1 %” is activated: deposits with the bonus get +1%.');
    await row.getByTestId('promotion-activated').waitFor();
    expect(await row.getByTestId('promotion-open').count()).toBe(0);
    expect(await page.evaluate(async () => (await fetch('/api/us/promotions_max')).json())).toMatchObject({ percent: '1', max: '50.00', id: 'sandbox-deposit-plus-1' });

    // after: the funding page shows the higher percent, and says why
    await cardTab(page);
    await expect.poll(() => tier.textContent()).toBe('Silver tier: 2.5% + $50.00 = bonus $75.00');
    expect(await page.getByTestId('bonus-promotion').textContent()).toBe('Your activated promotion adds 1% (at most $50.00 per deposit), included above.');
    const shown = /bonus \$([\d,.]+)$/.exec((await tier.textContent()) ?? '')![1];

    // the server credits exactly that bonus with the deposit
    await fillCard(page, CARDS.approved);
    await page.getByRole('button', { name: 'Deposit $1,000.00' }).click();
    await page.locator('#card-done').waitFor({ timeout: 30_000 });
    await expect.poll(() => bonusesOf(page)).toMatchObject([{ currency: 'USD', amount: shown }]);
    expect(shown).toBe('75.00');
    expect(errors).toEqual([]);
    await context.close();
  });
});
