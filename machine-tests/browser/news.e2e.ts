import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const PHONE = { width: 390, height: 844 };

/** A fresh trader signed in on the trading page at 390 px, in the given language. */
async function trader(lang: 'en' | 'ru') {
  const tab = await openTab(chromium.current, PHONE);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user, lang);
  await tab.page.waitForURL(`${baseURL}/${lang}/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return tab;
}

describe('news and analysis, and a dynamic modal opened by name', () => {
  it('English at 390 px: News from the menu, the sandbox list, one item read as text, back', async () => {
    const { page, errors, context } = await trader('en');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('nav-news').click();
    const dialog = page.getByRole('dialog', { name: 'News' });
    await dialog.waitFor();
    await dialog.getByTestId('news-sandbox').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('news-sandbox').textContent()).toContain('Sandbox');
    const entries = dialog.getByTestId('news-entry');
    expect(await entries.count()).toBeGreaterThanOrEqual(3);
    expect(await entries.first().textContent()).toMatch(/\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);
    await entries.first().click();
    const item = dialog.getByTestId('news-item');
    await item.waitFor();
    expect(await item.textContent()).toContain('not advice');
    // the dialog fits the phone: nothing wider than the viewport
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole('button', { name: 'Back to the news' }).click();
    await entries.first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Russian at 390 px: the items and the dates in Russian', async () => {
    const { page, errors, context } = await trader('ru');
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByTestId('nav-news').click();
    const dialog = page.getByRole('dialog', { name: 'Новости' });
    await dialog.getByTestId('news-sandbox').waitFor({ timeout: 30_000 });
    const first = dialog.getByTestId('news-entry').first();
    expect(await first.textContent()).toMatch(/\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4}/);
    expect(await first.textContent()).toMatch(/[а-яё]{4,}/i);
    await first.click();
    const item = dialog.getByTestId('news-item');
    await item.waitFor();
    expect(await item.textContent()).toContain('песочниц');
    await dialog.getByRole('button', { name: 'Назад к новостям' }).click();
    await first.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('add_account by name (the withdrawal page opens it): choose a currency, the account is made, the dialog closes', async () => {
    const { page, errors, context } = await trader('en');
    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    await page.getByRole('button', { name: 'Add an account' }).click({ timeout: 50_000 });
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel('Currency').waitFor();
    const options = await dialog.getByLabel('Currency').locator('option').allTextContents();
    expect(options).toContain('EUR');
    expect(options).not.toContain('USD');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { balances: { currency: string }[] } }).user.balances.map((b) => b.currency)))
      .toContain('EUR');
    expect(errors).toEqual([]);
    await context.close();
  });
});
