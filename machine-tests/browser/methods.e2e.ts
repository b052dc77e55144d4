import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * The wallet methods in Chromium against the real server and its sandbox providers:
 * Neteller's direct debit and Skrill's hosted page and return, each crediting once.
 */

/** A fresh trader (0.00 USD, in the Netherlands: Skrill is offered there) signed in on the funding page's tab. */
async function methodTab(tabName: string, viewport?: { width: number; height: number }, lang = 'en') {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { country: 'NL', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  await openMethod(tab.page, tabName, lang);
  return tab;
}

/** The funding page on the method's tab. */
async function openMethod(page: Page, tabName: string, lang = 'en'): Promise<void> {
  await page.goto(`${baseURL}/${lang}/trading#/show/funding`);
  await page.getByRole('tab', { name: tabName, exact: true }).click({ timeout: 50_000 });
  await page.getByRole('heading', { name: lang === 'ru' ? `Пополнение через ${tabName}` : `Deposit with ${tabName}` }).waitFor({ timeout: 30_000 });
}

const balanceText = (page: Page) => page.getByTestId('balance').textContent();
/** the trader's deposits as the ledger shows them (history), counted from the server */
const creditedOnce = (page: Page, id: string) =>
  page.evaluate(async (pid) => ((await (await fetch(`/api/methods/deposits/${pid}`)).json()) as { status: string }).status, id);

describe('wallet methods through the sandbox providers', () => {
  it('Neteller: the form checks, then the test wallet pays at once; the balance rises by the amount, once', async () => {
    const { page, errors, context } = await methodTab('Neteller');
    await expect.poll(() => balanceText(page)).toContain('$0.00');
    // the spec's messages: required fields, then the minimum
    await page.getByTestId('method-submit').click();
    await page.getByText('Please fill the required fields').waitFor();
    await page.getByTestId('method-account').fill('netellertest_USD@neteller.com');
    await page.getByTestId('method-secure-id').fill('411392');
    await page.getByLabel('Amount (USD)').fill('100');
    await page.getByTestId('method-submit').click();
    // said under the amount and, after Deposit, in the form's alert
    await page.getByRole('alert').getByText('Min deposit 250').waitFor();
    // a declining wallet: refused, nothing credited
    await page.getByTestId('method-account').fill('netellertest_decline@neteller.com');
    await page.getByLabel('Amount (USD)').fill('300');
    await page.getByTestId('method-submit').click();
    await page.getByText('The payment was declined.').waitFor();
    // the approving test wallet
    await page.getByTestId('method-account').fill('netellertest_USD@neteller.com');
    await page.getByTestId('method-secure-id').fill('411392');
    await page.getByTestId('method-submit').click();
    await page.getByRole('heading', { name: 'Deposit successful' }).waitFor();
    await expect.poll(() => balanceText(page), { timeout: 5000 }).toContain('$300.00');
    // nothing more arrives later
    await page.waitForTimeout(1500);
    expect(await balanceText(page)).toContain('$300.00');
    // the secure id is in no browser storage
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain('411392');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Skrill: to the sandbox page (a phone, in Russian), Pay, back to the app; the balance rises by the amount, once', async () => {
    const { page, errors, context } = await methodTab('Skrill', { width: 390, height: 844 });
    await page.getByLabel('Amount (USD)').fill('275.50');
    await page.getByTestId('method-submit').click();
    await page.waitForURL(/\/sandbox\/wallets\/skrill\/[0-9a-f-]{36}\?lang=en$/);
    const id = /skrill\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    await page.getByText('Sandbox — no real payment').waitFor();
    expect(await page.getByTestId('sandbox-amount').textContent()).toBe('$275.50');
    // fits a 390 px phone: nothing wider than the viewport
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${baseURL}/sandbox/wallets/skrill/${id}?lang=ru`);
    await page.getByText('Песочница — реального платежа нет').waitFor();
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(new RegExp(`/ru/trading#/listen/funding/skrill/${id}/`));
    await page.getByRole('heading', { name: 'Депозит зачислен' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => balanceText(page), { timeout: 5000 }).toMatch(/275,50/);
    expect(await creditedOnce(page, id)).toBe('paid');
    // the back button to the provider's page: it sends the trader back, nothing is paid twice
    await page.goto(`${baseURL}/sandbox/wallets/skrill/${id}?lang=en`);
    await page.waitForURL(new RegExp(`/en/trading#/listen/funding/skrill/${id}/`));
    await page.getByRole('heading', { name: 'Deposit successful' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => balanceText(page)).toContain('$275.50');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Perfect Money and OKPay (English), WebMoney, ЮMoney (Yandex) and QIWI (Russian): each by its sandbox page, each crediting once', async () => {
    const { page, errors, context } = await methodTab('Perfect Money');
    const available = () => page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { available: string } }).user.available);
    let expected = 0;
    for (const [name, lang] of [['Perfect Money', 'en'], ['OKPay', 'en'], ['WebMoney', 'ru'], ['ЮMoney', 'ru'], ['QIWI', 'ru']] as const) {
      if (expected > 0) await openMethod(page, name, lang);
      await page.getByTestId('method-submit').click();
      await page.waitForURL(/\/sandbox\/wallets\/[a-z]+\/[0-9a-f-]{36}\?lang=(en|ru)$/);
      // written by core/format in the page's language
      expect(await page.getByTestId('sandbox-amount').textContent(), name).toBe(lang === 'ru' ? '250,00\u00a0$' : '$250.00');
      await page.getByTestId('sandbox-pay').click();
      await page.waitForURL(new RegExp(`/${lang}/trading#/listen/funding/`));
      await page.getByRole('heading', { name: lang === 'ru' ? 'Депозит зачислен' : 'Deposit successful' }).waitFor({ timeout: 10_000 });
      expected += 250;
      await expect.poll(available, { timeout: 5000 }).toBe(`${expected}.00`);
    }
    await expect.poll(() => balanceText(page)).toMatch(/1[\s,.\u00a0]?250[.,]00/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
