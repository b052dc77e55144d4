import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, describe, expect as vitestExpect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/browser';

/**
 * A small stand-in for `@playwright/test` (not installed here: its browsers are never downloaded)
 * with the same call shapes the explorer's exported specs use: `test(title, async ({ page }) => …)`,
 * `test.use({ baseURL })`, `test.describe(...)`, `test.describe.configure({ timeout })`, and
 * `expect(locator).toBeVisible()` / `toBeHidden()` / `toHaveText()` / `toContainText()` /
 * `toHaveValue()`, `expect(page).toHaveURL()`, retried until they hold or the timeout
 * (PW_EXPECT_TIMEOUT ms, default 10 000) passes; any other value goes to vitest's `expect`.
 * Built on vitest and playwright-core with Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * machine-tests/playwright/vitest.config.ts maps `@playwright/test` onto this file.
 */

export type { Page, Locator, BrowserContext };

const EXPECT_TIMEOUT = Number(process.env.PW_EXPECT_TIMEOUT ?? 10_000);
let options: BrowserContextOptions = {};
let timeout = 30_000;
let browser: Promise<Browser> | undefined;

function launch(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browser;
}

afterAll(async () => {
  if (browser) await (await browser).close();
});

export interface Fixtures {
  page: Page;
  context: BrowserContext;
  baseURL: string | undefined;
}

type Body = (fixtures: Fixtures) => Promise<void>;

function run(title: string, body: Body): void {
  it(title, { timeout }, async () => {
    const context = await (await launch()).newContext(options);
    const page = await context.newPage();
    try {
      await body({ page, context, baseURL: options.baseURL });
    } finally {
      await context.close();
    }
  });
}

export const test = Object.assign(run, {
  use(o: BrowserContextOptions): void {
    options = { ...options, ...o };
  },
  setTimeout(ms: number): void {
    timeout = ms;
  },
  describe: Object.assign((title: string, fn: () => void) => describe(title, fn), {
    configure(o: { timeout?: number }): void {
      if (o.timeout) timeout = o.timeout;
    },
  }),
});

async function until(what: string, check: () => Promise<boolean>, wait: number): Promise<void> {
  const end = Date.now() + wait;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`expected ${what} within ${wait} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const isLocator = (v: unknown): v is Locator => !!v && typeof (v as Locator).waitFor === 'function' && typeof (v as Locator).isVisible === 'function';
const isPage = (v: unknown): v is Page => !!v && typeof (v as Page).goto === 'function' && typeof (v as Page).url === 'function';
const like = (text: string, want: string | RegExp, whole: boolean) => (typeof want === 'string' ? (whole ? text.trim() === want : text.includes(want)) : want.test(text));

function locatorMatchers(l: Locator, not: boolean) {
  const check = (what: string, ok: () => Promise<boolean>, o?: { timeout?: number }) => until(`${l} ${not ? 'not ' : ''}${what}`, async () => (await ok()) !== not, o?.timeout ?? EXPECT_TIMEOUT);
  return {
    toBeVisible: (o?: { timeout?: number }) => check('to be visible', () => l.isVisible(), o),
    toBeHidden: (o?: { timeout?: number }) => check('to be hidden', () => l.isHidden(), o),
    toHaveText: (want: string | RegExp, o?: { timeout?: number }) => check(`to have text ${String(want)}`, async () => like((await l.textContent()) ?? '', want, true), o),
    toContainText: (want: string | RegExp, o?: { timeout?: number }) => check(`to contain text ${String(want)}`, async () => like((await l.textContent()) ?? '', want, false), o),
    toHaveValue: (want: string | RegExp, o?: { timeout?: number }) => check(`to have value ${String(want)}`, async () => like(await l.inputValue(), want, true), o),
  };
}

function pageMatchers(p: Page, not: boolean) {
  return {
    toHaveURL: (want: string | RegExp, o?: { timeout?: number }) =>
      until(`the page ${not ? 'not ' : ''}at ${String(want)} (it is at ${p.url()})`, async () => like(p.url(), want, true) !== not, o?.timeout ?? EXPECT_TIMEOUT),
  };
}

/** Playwright's web-first assertions on a locator or a page; vitest's `expect` for anything else. */
export function expect<T>(value: T) {
  if (isLocator(value)) return Object.assign(locatorMatchers(value, false), { not: locatorMatchers(value, true) });
  if (isPage(value)) return Object.assign(pageMatchers(value, false), { not: pageMatchers(value, true) });
  return vitestExpect(value);
}
