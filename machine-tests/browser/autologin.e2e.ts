import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, sharedBrowser } from './browser';

const baseURL = inject('baseURL');
const sandboxOperator = inject('sandboxOperator');
const chromium = sharedBrowser();

/**
 * A tester's one-time sign-in link (sandbox-only endpoint), asked from inside the page with its
 * CSRF token and the sandbox operator token (a link for someone else's email needs it).
 */
async function autologinUrl(page: Page, email: string, redirect = ''): Promise<string> {
  await page.goto(`${baseURL}/en/login`);
  return page.evaluate(
    async ({ email, redirect, operator }) => {
      const ask = async () => {
        const me = (await (await fetch('/api/me')).json()) as { csrf: string };
        return fetch('/api/sandbox/autologin', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf, 'x-sandbox-operator': operator },
          body: JSON.stringify({ email, redirect }),
        });
      };
      let res = await ask();
      // the login page's own first /api/me, without a cookie, ran beside this one: the cookie kept
      // may be the other anonymous session's; asked again, the token is the kept session's
      // (machine-tests/ui-paths/sandbox.ts does the same)
      if (res.status === 403 && (await res.clone().text()).includes('"csrf"')) res = await ask();
      if (!res.ok) throw new Error(`autologin ${res.status} ${await res.text()}`);
      return ((await res.json()) as { url: string }).url;
    },
    { email, redirect, operator: sandboxOperator },
  );
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
