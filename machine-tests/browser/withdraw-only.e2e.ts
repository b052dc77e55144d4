import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatDateTime } from '../../core/format';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const IBAN = 'DE89 3704 0044 0532 0130 00';

/** A fresh trader (1,000 USD, Bank Wire used before) who has just taken a 7-day break: signed out, its end. */
async function onBreak(viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { wd_methods: 'Bank Wire' });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  // from a plain page of our origin: the trading page would navigate away as its session ends
  await tab.page.goto(`${baseURL}/robots.txt`);
  const started = await post(tab.page, '/api/self-exclusion', { choice: '7d', password: user.password });
  expect(started.status).toBe(200);
  return { ...tab, user, until: String(started.body.until) };
}

/** every call the server refused with 403 from now on (a withdraw-only page must make none) */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return refused;
}

describe('withdrawing during a break (issue 30 §3)', () => {
  it('the refused sign-in offers a session that can only withdraw: its end, a withdrawal, the history; other pages lead back; log out', async () => {
    const { page, context, errors, user, until } = await onBreak();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await signIn(page, baseURL, user);
    await page.getByTestId('login-excluded').waitFor();
    // Enter in the form is still the plain sign-in (refused again); the button asks for withdrawals only
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login');
    await page.getByLabel('Password').press('Enter');
    expect((await again).status()).toBe(403);
    await page.getByTestId('login-excluded').waitFor();
    const refused = refusedCalls(page);
    await page.getByRole('button', { name: 'Sign in to withdraw' }).click();
    await page.waitForURL(`${baseURL}/en/trading**`);
    const message = page.getByTestId('withdraw-only-message');
    await message.waitFor();
    expect(await message.textContent()).toBe(`Your account is paused until ${formatDateTime(until, zone)}.`);
    // no platform, no deposit link, no chat: the header has the balance, the language and log out
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Deposit' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');

    // a withdrawal, straight to the final request (Bank Wire was used before)
    await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
    await page.getByRole('tab', { name: '10 USD' }).click();
    await page.getByLabel('Pay out by').selectOption('Bank Wire');
    await page.getByLabel(/^Amount/).fill('250');
    await page.getByRole('textbox', { name: /IBAN/ }).fill(IBAN);
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByRole('heading', { name: 'Withdrawal requested' }).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$750.00');

    // the history, then a deposit's address: the withdrawal again
    const pages = page.getByRole('navigation', { name: 'Withdrawal pages' });
    await pages.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Account history' }).waitFor();
    expect(await pages.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
    expect(refused).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/en/login**`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Russian at 320 px: the refusal, its button and the page in Russian, nothing wider than the screen', async () => {
    const { page, context, errors, user } = await onBreak({ width: 320, height: 720 });
    await signIn(page, baseURL, user, 'ru');
    await page.getByTestId('login-excluded').waitFor();
    await page.getByRole('button', { name: 'Войти для вывода средств' }).click();
    await page.waitForURL(`${baseURL}/ru/trading**`);
    await page.getByRole('heading', { name: 'Только вывод средств' }).waitFor();
    expect(await page.getByTestId('withdraw-only-message').textContent()).toMatch(/^Ваш аккаунт приостановлен до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\.$/);
    await page.getByRole('link', { name: 'Вывод' }).first().waitFor();
    await page.screenshot({ path: '/tmp/withdraw-only-320-ru.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(errors).toEqual([]);
    await context.close();
  });
});
