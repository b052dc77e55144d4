import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

const NEW_PASSWORD = 'Browser-Reset-2026!';
const SAME_ANSWER = 'If an account exists for this email, we have sent it a link to choose a new password.';

/** The path of the newest reset link the sandbox "sent" to `email` (GET /api/sandbox/outbox). */
async function outboxLink(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const link = await page.evaluate(async (address) => {
      const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
      const body = (await res.json()) as { messages: { subject: string; body: string }[] };
      const mail = body.messages.find((m) => m.subject === 'Reset your password');
      return /\/[a-z]{2}\/reset\?token=[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
    }, email);
    if (link) return link;
    await page.waitForTimeout(100);
  }
  throw new Error(`no reset link in the outbox of ${email}`);
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect.poll(() => page.getByTestId('forgot-result').textContent()).toContain(SAME_ANSWER);
}

describe('forgot password', () => {
  it('from the login page: the link from the outbox sets a new password once, and it signs in', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    const user = await freshUser(page, baseURL);
    await page.goto(`${baseURL}/en/login`);
    await page.getByTestId('login-forgot').click();
    await page.waitForURL(`${baseURL}/en/forgot`);
    // the lazy page sets its title once it has loaded
    await expect.poll(() => page.title()).toContain('Forgot password');

    // a malformed email is refused before anything is sent
    await page.getByTestId('forgot-email').fill('not-an-email');
    await page.getByTestId('forgot-submit').click();
    await expect.poll(() => page.getByTestId('forgot-error').textContent()).toContain('Please enter a valid email address.');
    await askForLink(page, user.email);

    const link = await outboxLink(page, user.email);
    await page.goto(`${baseURL}${link}`);
    await page.getByTestId('reset-password').waitFor();
    // the rules as typed
    await page.getByTestId('reset-password').fill('short');
    await expect.poll(() => page.locator('#reset-rules li.reg-rules__ok').count()).toBe(1);
    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await expect.poll(() => page.locator('#reset-rules li.reg-rules__ok').count()).toBe(2);
    // two different passwords are refused before sending
    await page.getByTestId('reset-repeat').fill(`${NEW_PASSWORD}x`);
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-error').textContent()).toContain('The two passwords are not the same.');
    await page.getByTestId('reset-repeat').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-result').textContent()).toContain('Your password has been changed');

    // no automatic sign-in: the page points to the login, and the new password works there
    await page.getByTestId('reset-login').click();
    await page.waitForURL(`${baseURL}/en/login`);
    await signIn(page, baseURL, { email: user.email, password: NEW_PASSWORD });
    await page.waitForURL(`${baseURL}/en/trading**`);

    // the link works once
    const again = await openTab(chromium.current);
    await again.page.goto(`${baseURL}${link}`);
    await expect.poll(() => again.page.getByTestId('reset-invalid').textContent()).toContain('This link is no longer valid. Ask for a new one.');
    expect(await again.page.getByTestId('reset-password').count()).toBe(0);
    await again.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a link opened while the session answers late still checks (the page waits for its CSRF token, it is not refused)', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    const user = await freshUser(page, baseURL);
    await page.goto(`${baseURL}/en/forgot`);
    await askForLink(page, user.email);
    const link = await outboxLink(page, user.email);
    // a slow network for the session only: the reset page's check is sent before GET /api/me answers
    await page.route('**/api/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    const checks: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/forget/check')) checks.push(res.status());
    });
    await page.goto(`${baseURL}${link}`);
    await page.getByTestId('reset-password').waitFor();
    expect(checks).toEqual([200]);
    expect(await page.getByTestId('reset-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown email gets the same answer, on a phone', async () => {
    const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await page.goto(`${baseURL}/en/forgot`);
    await askForLink(page, `nobody-${Date.now()}@example.com`);
    // the page fits the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Russian: the page, its title and a link that is not valid', async () => {
    const { page, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await page.goto(`${baseURL}/ru/forgot`);
    await expect.poll(() => page.title()).toContain('Восстановление пароля');
    await page.goto(`${baseURL}/ru/reset?token=${'A'.repeat(43)}`);
    await expect.poll(() => page.getByTestId('reset-invalid').textContent()).toContain('Эта ссылка больше не действует');
    await context.close();
  });
});
