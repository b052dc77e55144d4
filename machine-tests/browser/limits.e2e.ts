import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** A fresh trader with 1,000 USD, signed in, on the trading page in `lang`. */
async function trader(lang: 'en' | 'ru') {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '1000' }] });
  await signIn(tab.page, baseURL, user, lang);
  await tab.page.waitForURL(`${baseURL}/${lang}/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, user };
}

/** Sets the period's limit on the page, by the keyboard and the page's own controls. */
async function setLimit(page: Page, period: 'day' | 'week' | 'month', amount: string) {
  await page.getByTestId(`limit-${period}-edit`).click();
  await page.getByTestId('limit-amount').fill(amount);
  await page.getByTestId('limit-amount').press('Enter');
  await page.getByTestId(`limit-${period}-saved`).waitFor();
}

/** Reports a transfer on the bank tab (or, once one is open there, the fiat tab: a tab shows its open transfer). */
async function reportBank(page: Page, lang: 'en' | 'ru', amount: string, tabName = lang === 'ru' ? 'Банковский перевод' : 'Bank transfer') {
  await page.goto(`${baseURL}/${lang}/trading#/show/funding`);
  const tab = page.getByRole('tab', { name: tabName });
  const field = page.getByLabel(lang === 'ru' ? 'Сумма (USD)' : 'Amount (USD)');
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        await field.waitFor({ timeout: 2000 }).catch(() => undefined);
        return field.isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await field.fill(amount);
  await page.getByRole('button', { name: lang === 'ru' ? 'Получить реквизиты' : 'Get the bank details' }).click();
}

describe('deposit limits: set on the page, enforced by the server on every deposit', () => {
  it('a 24-hour limit set from the Security page applies at once; a raise waits 24 hours; a bank transfer over the limit is refused with the reason', async () => {
    const { page, errors } = await trader('en');
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.getByTestId('security-limits-link').click();
    await page.getByTestId('limits-page').waitFor();
    expect(await page.getByTestId('limit-day-value').textContent()).toContain('No limit');

    await setLimit(page, 'day', '300');
    expect(await page.getByTestId('limit-day-saved').textContent()).toContain('now');
    expect(await page.getByTestId('limit-day-value').textContent()).toContain('300.00');
    // what the server holds is what the page says
    const held = await page.evaluate(async () => ((await (await fetch('/api/limits')).json()) as { deposit: { period: string; amount: string | null }[] }).deposit[0]);
    expect(held).toMatchObject({ period: 'day', amount: '300.00' });

    // a raise waits: the old limit stays in force and the date it comes is shown
    await setLimit(page, 'day', '900');
    const pending = (await page.getByTestId('limit-day-pending').textContent()) ?? '';
    expect(pending).toContain('900.00');
    expect(await page.getByTestId('limit-day-value').textContent()).toContain('300.00');

    // the deposit over it is refused before anything is created, with the limit and what is used
    await reportBank(page, 'en', '250');
    await page.getByTestId('bank-pending').waitFor();
    await reportBank(page, 'en', '260', 'Fiat');
    const alert = page.getByRole('alert').filter({ hasText: 'deposit limit' });
    await alert.waitFor();
    const said = (await alert.textContent()) ?? '';
    expect(said).toContain('This deposit would pass your 24-hour deposit limit of 300.00 USD (250.00 USD used).');
    expect(said).toMatch(/fits again from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const open = await page.evaluate(async () => ((await (await fetch('/api/report/bank/open?method=bank')).json()) as { deposits: unknown[] }).deposits.length);
    expect(open).toBe(1);

    // the limits page counts the transfer under way
    await page.goto(`${baseURL}/en/trading#/show/limits`);
    await expect.poll(() => page.getByTestId('limit-day-used').textContent()).toContain('250.00');
    expect(errors).toEqual([]);
  });

  it('in Russian: the page, and the refusal of an amount over the limit by itself', async () => {
    const { page, errors } = await trader('ru');
    await page.goto(`${baseURL}/ru/trading#/show/limits`);
    await page.getByTestId('limits-page').waitFor();
    await setLimit(page, 'week', '280');
    expect(await page.getByTestId('limit-week-value').textContent()).toContain('280,00');
    await reportBank(page, 'ru', '300');
    const alert = page.getByRole('alert').filter({ hasText: 'лимит' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Эта сумма больше вашего лимита пополнений за 7 дней — 280.00 USD.');
    expect(errors).toEqual([]);
  });
});

describe('stake limits: set on the page, enforced by the trading platform', () => {
  it('a stake limit per trade set on the page: a trade over it on the embedded platform is refused with the reason; one within it opens', async () => {
    const { page, errors } = await trader('en');
    const platform = page.frameLocator('iframe.platform__frame');
    await expect.poll(() => platform.locator('#available').textContent(), { timeout: 20_000 }).toContain('1,000.00');

    await page.goto(`${baseURL}/en/trading#/show/limits`);
    await page.getByTestId('stake-limits').waitFor();
    await page.getByTestId('limit-stake-trade-edit').click();
    await page.getByTestId('limit-amount').fill('20');
    await page.getByTestId('limit-amount').press('Enter');
    expect(await page.getByTestId('limit-stake-trade-saved').textContent()).toBe('Saved: your limit is $20.00 from now on.');
    expect(await page.getByTestId('limit-stake-trade-value').textContent()).toContain('20.00');

    await page.goto(`${baseURL}/en/trading`);
    await platform.getByRole('radio', { name: '10 s' }).check();
    await platform.locator('#amount').fill('25');
    await platform.getByRole('button', { name: /Up/ }).click();
    await expect.poll(() => platform.locator('#ticket-error').textContent()).toContain('This stake is over your stake limit per trade of');
    expect(await platform.locator('#ticket-error').textContent()).toContain('20.00');
    expect(await platform.locator('#open li').count()).toBe(0);

    await platform.locator('#amount').fill('20');
    await platform.getByRole('button', { name: /Up/ }).click();
    await platform.locator('#open li').first().waitFor();
    expect(errors).toEqual([]);
  });
});
