import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, post, sharedBrowser } from './browser';

const baseURL = inject('baseURL');
const sandboxOperator = inject('sandboxOperator');
const chromium = sharedBrowser();

/**
 * A tester's one-time sign-in link (sandbox-only endpoint), asked from inside the page with its
 * CSRF token and the sandbox operator token (a link for someone else's email needs it).
 */
async function autologinUrl(page: Page, email: string, redirect = ''): Promise<string> {
  await page.goto(`${baseURL}/en/login`);
  // the shared post(): it asks the CSRF token again if the login page's own first /api/me set the other anonymous session's cookie
  const res = await post(page, '/api/sandbox/autologin', { email, redirect }, { 'x-sandbox-operator': sandboxOperator });
  if (res.status < 200 || res.status >= 300) throw new Error(`autologin ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url as string;
}

describe('autologin', () => {
  it('signs in with a one-time link and opens the redirect; the link works once', async () => {
    const { page, context, errors } = await openTab(chromium.current);
    const url = await autologinUrl(page, DEMO.email, 'show/funding');
    await page.goto(`${baseURL}${url}`);
    await page.waitForURL(`${baseURL}/en/trading#/show/funding`);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$10,000.00');
    expect(errors).toEqual([]);
    // a second use of the same link fails and lands on the login page, which says so
    const other = await openTab(chromium.current);
    await other.page.goto(`${baseURL}${url}`);
    await other.page.waitForURL(`${baseURL}/en/login?autologin=failed`);
    await expect.poll(() => other.page.getByRole('status').first().textContent()).toContain('Automatic sign-in did not work');
    await other.context.close();
    await context.close();
  });

  it('a made-up key goes back to the login page', async () => {
    const { page, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/autologin?key=made-up`);
    await page.waitForURL(`${baseURL}/en/login?autologin=failed`);
    await context.close();
  });
});
