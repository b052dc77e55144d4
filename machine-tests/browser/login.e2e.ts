import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn, DEMO } from './browser';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

describe('signing in', () => {
  it('the demo trader signs in and sees the trading page with the balance', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await signIn(page, baseURL);
    await page.waitForURL(`${baseURL}/en/trading**`);
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent()).toContain('$10,000.00');
    // the embedded sandbox platform is on the home route and says it is simulated
    const frame = page.frameLocator('iframe[title="Trading platform"]');
    await expect.poll(() => frame.locator('body').textContent()).toMatch(/simulated/i);
    // the session cookie is not readable by scripts
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('sid=');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong password shows the error and keeps the email', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await signIn(page, baseURL, { email: DEMO.email, password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Wrong email or password');
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.email);
    expect(page.url()).toContain('/en/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown hash route lands on home', async () => {
    const { page, context } = await openTab(chromium.current);
    await signIn(page, baseURL);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.goto(`${baseURL}/en/trading#/no/such/route`);
    await page.waitForFunction(() => window.location.hash === '#/home');
    await expect.poll(() => page.locator('iframe[title="Trading platform"]').count()).toBe(1);
    await context.close();
  });

  it('the home message parameter is shown in an Error alert, as text', async () => {
    const { page, context } = await openTab(chromium.current);
    await signIn(page, baseURL);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.goto(`${baseURL}/en/trading?message=${encodeURIComponent('<b>Card expired</b>')}#/home`);
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('<b>Card expired</b>');
    expect(await dialog.locator('b').count()).toBe(0);
    await context.close();
  });

  it('signs in in Russian and logs out back to the login page', async () => {
    const { page, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await signIn(page, baseURL, DEMO, 'ru');
    await page.waitForURL(`${baseURL}/ru/trading**`);
    // on a phone the navigation and log out sit behind the menu button
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${baseURL}/ru/login**`);
    // the server session is gone: the trading page sends us back to login
    await page.goto(`${baseURL}/ru/trading#/home`, { waitUntil: 'commit' });
    await page.waitForURL(`${baseURL}/ru/login**`);
    expect(page.url()).toContain('rd=');
    await context.close();
  });

  it('when the platform session is gone, the embedded platform says not-auth and the trader is logged out', async () => {
    const { page, context } = await openTab(chromium.current);
    await signIn(page, baseURL);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await expect.poll(() => page.frameLocator('iframe[title="Trading platform"]').locator('body').textContent()).toMatch(/simulated/i);
    // the platform session ends (expiry, logout elsewhere); the embedded page notices on its next call
    await page.evaluate(() => fetch('/platform/logout', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } }));
    // (its own poll may notice first: then the page is already on its way to the sign-in page)
    await page
      .evaluate(() => {
        document.querySelector('iframe')?.contentWindow?.location.reload();
      })
      .catch((error: unknown) => {
        if (!String(error).includes('Execution context was destroyed')) throw error;
      });
    await page.waitForURL(`${baseURL}/en/login**`);
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { user: unknown });
    expect(me.user).toBeNull();
    await context.close();
  });
});
