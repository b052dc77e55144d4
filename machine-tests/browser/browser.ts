import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../../scripts/lib/browser';

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** script errors the page threw: a test fails on any */
  errors: string[];
}

/**
 * A fresh browser context (own cookies) at the given viewport. The weekend contest's modal (offered
 * once a day while a weekend contest runs) counts as seen today unless `tourneyWeekend`
 * is asked for: a test that opened a contest must not put a modal over every other test's page.
 */
export async function openTab(browser: Browser, viewport = { width: 1280, height: 900 }, options: { tourneyWeekend?: boolean } = {}): Promise<Tab> {
  const context = await browser.newContext({ viewport });
  if (!options.tourneyWeekend) {
    await context.addInitScript(() => {
      const now = new Date();
      localStorage.setItem('tourney_weekend_seen', `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

export const DEMO = { email: 'trader@example.com', password: 'Trader-2026' };

/** Signs in through the login form as a trader would. */
export async function signIn(page: Page, baseURL: string, creds = DEMO, lang = 'en'): Promise<void> {
  await page.goto(`${baseURL}/${lang}/login`);
  await page.getByLabel(lang === 'ru' ? 'Эл. почта' : 'Email').fill(creds.email);
  await page.getByLabel(lang === 'ru' ? 'Пароль' : 'Password').fill(creds.password);
  await page.getByRole('button', { name: lang === 'ru' ? 'Войти' : 'Sign in', exact: true }).click();
}

/** One Chromium for a test file: launched before its tests, closed after. Read `.current` inside tests. */
export function sharedBrowser(): { current: Browser } {
  const holder = {} as { current: Browser };
  beforeAll(async () => {
    holder.current = await launchBrowser();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** A JSON POST from the page, with the session's CSRF token (and any other headers): its status and body. */
export async function post(page: Page, url: string, body: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ url, body, headers }) => {
      const send = async () => {
        const me = (await (await fetch('/api/me')).json()) as { csrf: string };
        return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf, ...headers }, body: JSON.stringify(body) });
      };
      let res = await send();
      // a page just loaded without a cookie: its own first /api/me ran beside this one and the
      // cookie kept may be that other anonymous session's; asked again, the token is the kept one's
      if (res.status === 403 && (await res.clone().text()).includes('"csrf"')) res = await send();
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { url, body, headers },
  );
}
