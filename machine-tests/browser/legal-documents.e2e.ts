import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { acceptTerms } from './legal';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** what the signed-in page's own calls answer (the server decides, not the page) */
const api = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<Record<string, unknown>>;
const lockReasons = async (page: Page, action: 'deposit' | 'trading') => ((await api(page, '/api/cashier/locks'))[action] as { reason: string }[]).map((l) => l.reason);

/**
 * The legal documents (issue 30 §5) in Chromium against the real server: a visitor opens a
 * document from the registration form in a new tab (the form keeps what was typed), is refused
 * without the box ticked, then registers with it; the documents are public pages in the page's
 * language. A trader who accepted an older version gets the dialog after sign-in, reads the text
 * by the keyboard and accepts: the deposit and trading locks go. One who puts it off sees the lock
 * on the funding page and accepts on the Documents page it leads to.
 */
describe('legal documents', () => {
  it('registers after opening the client agreement from the form; refused while the box is unticked; the documents are public pages', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(context);
    const email = `legal-${Date.now().toString(36)}@example.org`;
    await page.goto(`${baseURL}/en/register`);
    await page.getByLabel('Country of residence').selectOption('DE');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password *').fill('Long-enough-2026');
    await page.getByLabel('First name').fill('Lena');
    await page.getByLabel('Last name').fill('Recht');
    await page.getByLabel('Phone number').fill('1512 3456789');
    const box = page.getByRole('checkbox', { name: 'I have read and accept the Client Agreement, Risk Disclosure and Privacy Notice' });
    expect(await box.isChecked()).toBe(false);

    // unticked: refused beside the box, nothing opened
    await page.getByRole('button', { name: 'Open my account' }).click();
    await page.getByTestId('error-terms').waitFor();
    expect(await page.getByTestId('error-terms').textContent()).toContain('Please tick the box to accept');
    expect(page.url()).toBe(`${baseURL}/en/register`);

    // the Client Agreement opens in a new tab, in full
    const [doc] = await Promise.all([context.waitForEvent('page'), page.getByTestId('terms-link-client_agreement').click()]);
    await doc.waitForURL(`${baseURL}/en/legal/client-agreement`);
    await doc.getByRole('heading', { level: 1, name: 'Client Agreement' }).waitFor();
    await doc.getByRole('heading', { name: '1. Who we are' }).waitFor();
    expect(await doc.getByTestId('legal-text-client_agreement').textContent()).toContain('A real operator of this product states here its registered legal name');
    expect(await doc.locator('.legal-page__version').textContent()).toMatch(/^Version \d+, in effect from \d\d\.\d\d\.\d{4}$/);
    await doc.close();

    // the form kept what was typed
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Last name').inputValue()).toBe('Recht');
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Open my account' }).click();
    await page.waitForURL(`${baseURL}/en/trading?first=1#/home`, { timeout: 30_000 });
    // the acceptance was recorded with the account: nothing to accept again
    expect((await api(page, '/api/legal/status')).outdated).toEqual([]);
    expect(await lockReasons(page, 'deposit')).not.toContain('terms_outdated');

    // a public page in Russian, signed out, at 320 px: no wider than the screen
    const visitor = await openTab(chromium.current, { width: 320, height: 640 });
    await visitor.page.goto(`${baseURL}/ru/legal/privacy-notice`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Уведомление о конфиденциальности' }).waitFor();
    await visitor.page.getByRole('heading', { name: '6. Ваши права' }).waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // an unknown document is the 404 page
    expect((await visitor.page.goto(`${baseURL}/en/legal/cookie-policy`))?.status()).toBe(404);
    expect(visitor.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an older version: the dialog after sign-in shows what changed and the text (scrolled by the keyboard); accepted, the deposit and trading locks go', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { legal_version: 0 });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    const dialog = page.getByRole('dialog', { name: 'We have updated our terms' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await lockReasons(page, 'deposit')).toContain('terms_outdated');
    expect(await lockReasons(page, 'trading')).toContain('terms_outdated');
    expect(await dialog.getByTestId('terms-changes-client_agreement').textContent()).toContain('What changed:');
    await dialog.getByTestId('legal-text-privacy_notice').waitFor();
    // the text is a Tab stop of its own: the keyboard scrolls it
    const text = dialog.getByTestId('terms-text');
    await text.focus();
    expect(await text.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => text.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'I have read and accept' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => lockReasons(page, 'deposit')).not.toContain('terms_outdated');
    expect(await lockReasons(page, 'trading')).not.toContain('terms_outdated');
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    expect(await page.getByTestId('lock-terms_outdated').count()).toBe(0);
    // not asked again
    await page.reload();
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await page.waitForTimeout(1500);
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the trading block’s dialog shows the client agreement in full above the signature pad, its text scrolled by the keyboard', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(context);
    // under the trading block: deposited before, not verified, not signed
    const user = await freshUser(page, baseURL, { verification: 'None', last_count: 1, sign: false, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    const dialog = page.getByRole('dialog', { name: 'Client agreement' });
    await dialog.waitFor({ timeout: 30_000 });
    const text = dialog.getByRole('region', { name: 'The Client Agreement, full text' });
    await text.getByRole('heading', { name: '11. Contact' }).waitFor();
    expect(await dialog.getByTestId('agreement-text').textContent()).toMatch(/Version \d+, in effect from \d\d\.\d\d\.\d{4}/);
    // before the pad, in the dialog's Tab order, and scrolled by the keyboard
    const order = await dialog.evaluate((el) => {
      const region = el.querySelector('[data-testid="agreement-scroll"]')!;
      const canvas = el.querySelector('[data-testid="signature-canvas"]');
      return canvas ? region.compareDocumentPosition(canvas) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
    });
    expect(order).toBeGreaterThan(0);
    await text.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => text.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('put off with Later: the funding page says the lock in Russian and leads to the Documents page, where the trader accepts', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { legal_version: 0 });
    await signIn(page, baseURL, user, 'ru');
    await page.waitForURL(`${baseURL}/ru/trading**`);
    const dialog = page.getByRole('dialog', { name: 'Мы обновили условия' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Позже' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${baseURL}/ru/trading#/show/funding`);
    const lock = page.getByTestId('lock-terms_outdated');
    await lock.waitFor({ timeout: 30_000 });
    expect(await lock.textContent()).toContain('Примите обновлённые условия');
    await page.getByTestId('lock-next-terms_outdated').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/ru/trading#/show/terms`);
    await page.getByTestId('terms-page').waitFor();
    expect(await page.title()).toContain('Документы');
    await page.getByTestId('terms-text').waitFor();
    await page.getByRole('button', { name: 'Я прочитал(а) и принимаю' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('terms-outcome').filter({ hasText: 'Спасибо, принято.' }).waitFor();
    expect(await lockReasons(page, 'deposit')).not.toContain('terms_outdated');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
