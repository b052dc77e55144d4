import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * A fresh trader signed in on a page whose clock is Playwright's (installed before the sign-in,
 * so the session's 15 minutes pass with a fast-forward), with the reality check set to every 15
 * minutes on the limits page by the page's own select.
 */
async function trader() {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL);
  await tab.page.clock.install();
  await signIn(tab.page, baseURL, user, 'en');
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  const { page } = tab;
  await page.goto(`${baseURL}/en/trading#/show/limits`);
  const select = page.getByLabel('Show me how long I have been trading every:');
  await select.waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('reality-source').textContent()).toBe('This is the default for your country until you choose.');
  await select.selectOption('15');
  await page.getByTestId('reality-answer').filter({ hasText: 'Saved: every 15 minutes' }).waitFor();
  expect(await page.getByTestId('reality-source').textContent()).toBe('This is your choice.');
  return tab;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Reality check' });

describe('the reality check against the real server', () => {
  it('every 15 minutes of the session: the time in the session and this session’s trades; Continue closes it', async () => {
    const { page, errors } = await trader();
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    await page.clock.fastForward('15:00');
    await dialog(page).waitFor({ timeout: 10_000 });
    expect(await dialog(page).getByTestId('reality-time').textContent()).toMatch(/^15 min$/);
    await dialog(page).getByTestId('reality-trades').waitFor();
    expect(await dialog(page).getByTestId('reality-trades').textContent()).toBe('0 trades');
    expect(await dialog(page).getByTestId('reality-net').textContent()).toBe('$0.00 (even)');
    // Continue is where the focus goes; Enter on it closes the dialog
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reality-continue');
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('never over the card form being typed in: it waits, and shows once the trader leaves the funding page', async () => {
    const { page, errors } = await trader();
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await fillCard(page, CARDS.approved);
    await page.clock.fastForward('15:00');
    // the check is due, but the card form is a money flow in progress: nothing covers it
    await page.waitForTimeout(1500);
    expect(await dialog(page).isVisible()).toBe(false);
    expect(await page.getByLabel('Card number').isEditable()).toBe(true);
    await page.getByRole('navigation').getByRole('link', { name: 'Trade' }).click();
    await dialog(page).waitFor({ timeout: 10_000 });
    expect(await dialog(page).getByTestId('reality-time').textContent()).toMatch(/^15 min$/);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
