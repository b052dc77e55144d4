import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { acceptTerms } from './legal';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * A demo account (spec 001 §3 `demo`, 000 §6): opened from the register page with the
 * trader's own password, its login made by the server at the site host and shown, signed in on
 * the trading page marked DEMO; deposits refused.
 */

/** Fills the demo form as a person would (no email: the server makes the login). */
async function fillDemo(page: Page, password: string): Promise<void> {
  await page.getByLabel('Country of residence').selectOption('DE');
  await page.getByLabel('Account currency').selectOption('EUR');
  await page.getByLabel('Password *').fill(password);
  await page.getByLabel('First name').fill('Dora');
  await page.getByLabel('Last name').fill('Demo');
  await page.getByLabel('Phone number').fill('1512 3456789');
}

describe('demo account', () => {
  it('opens from the register page: the login is shown, the trading page says DEMO with virtual money, the deposit page refuses, and the login signs in again', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/register`);
    await page.getByRole('button', { name: 'Open a demo account' }).click();
    await page.getByRole('heading', { name: 'Open a demo account' }).waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    const password = 'Practice-only-2026';
    await fillDemo(page, password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Open my demo account' }).click();

    // the login the server made, and how to sign in again; the password is not shown back
    const login = (await page.getByTestId('demo-login').textContent({ timeout: 30_000 })) ?? '';
    expect(login).toMatch(/^demo-[0-9a-f]{10}@/);
    const opened = (await page.getByTestId('demo-opened').textContent()) ?? '';
    expect(opened).toContain('use this login and the password you chose');
    expect(opened).not.toContain(password);
    await page.getByRole('button', { name: 'Go to trading' }).click();

    await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toContain('10,000.00');
    expect(await balance.textContent()).toContain('DEMO');
    expect(await balance.textContent()).toContain('€');

    // the deposit page: the demo warning, and a card deposit is refused
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByText('You are funding a DEMO account.').waitFor();
    await page.getByRole('tab', { name: 'Card' }).click();
    await fillCard(page, CARDS.approved);
    await page.getByRole('button', { name: /^Deposit/ }).click();
    await page.getByRole('alertdialog').getByText('card deposits are blocked').waitFor();
    await expect.poll(() => balance.textContent()).toContain('10,000.00');

    // signing in again with the shown login and the password chosen on the form
    await page.keyboard.press('Escape');
    const again = await openTab(chromium.current);
    await signIn(again.page, baseURL, { email: login, password });
    await again.page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });
    await expect.poll(() => again.page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('DEMO');
    expect(again.errors).toEqual([]);
    await again.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the login page links to it (Russian): ?demo=1 opens the demo form', async () => {
    const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await page.goto(`${baseURL}/ru/login`);
    await page.getByRole('link', { name: 'или демо-счёт' }).click();
    await page.waitForURL(`${baseURL}/ru/register?demo=1`);
    await page.getByRole('heading', { name: 'Открыть демо-счёт' }).waitFor();
    expect(await page.getByLabel('Эл. почта').count()).toBe(0);
    await page.getByRole('button', { name: 'Открыть реальный счёт' }).click();
    await page.getByLabel('Эл. почта').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
