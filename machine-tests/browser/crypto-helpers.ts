import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn, type Tab } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

/** The crypto browser tests' shared steps (crypto.e2e.ts, crypto-exceptions.e2e.ts). */

/** A fresh sandbox trader with USD 1000.00 (sandbox-only endpoint), signed in through the form. */
export async function freshTrader(tab: Tab, baseURL: string): Promise<void> {
  const { page } = tab;
  // the chat opens by itself once per browser beside the platform; these tests are about the invoice page
  await chatSeen(tab.context);
  // the one helper (sandbox-users.ts): made from a page with no app on it, whose own /api/me could
  // otherwise start a second anonymous session and leave this request's CSRF token stale
  const creds = await freshUser(page, baseURL);
  await signIn(page, baseURL, creds);
  await page.waitForURL(`${baseURL}/en/trading**`);
}

/** POST /api/{coin}/pay from the page (the ky client's CSRF header, by hand). */
export function createInvoice(page: Page, coin: string, body: Record<string, unknown> = { amount: '250' }): Promise<string> {
  return page.evaluate(
    async ({ coin, body }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch(`/api/${coin}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`pay: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { guid: string }).guid;
    },
    { coin, body },
  );
}

/** The sandbox chain pays the invoice from outside the page (as a wallet would), with the same session. */
export async function payFromOutside(context: BrowserContext, baseURL: string, guid: string, kind = 'full'): Promise<void> {
  const me = (await (await context.request.get(`${baseURL}/api/me`)).json()) as { csrf: string };
  const res = await context.request.post(`${baseURL}/api/sandbox/chain/pay`, { data: { guid, kind }, headers: { 'x-csrf-token': me.csrf } });
  expect(res.status()).toBe(200);
}
