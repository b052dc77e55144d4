import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
/** SHOTS_DIR=/tmp/shots: also save a screenshot of each page (looked at by hand, never committed) */
const shotsDir = process.env.SHOTS_DIR;

/** the widest element sticking out to the right of the viewport, for the failure message */
async function overflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5 && culprits.length < 8) {
        culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} right=${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

async function inViewport(page: Page, testIdOrSelector: string): Promise<boolean> {
  const box = await page.locator(testIdOrSelector).first().boundingBox();
  const view = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
}

async function settle(page: Page, name: string, width: number): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: false });
  }
}

const TRADING = [
  ['home', '#/home'],
  ['funding', '#/show/funding'],
  ['withdrawal', '#/show/withdrawal'],
  ['reports', '#/show/reports'],
  ['accounts', '#/show/accounts'],
  ['security', '#/show/security'],
  ['support', '#/show/support'],
] as const;

/** Every width from 320 px: no page wider than the phone; the header keeps the menu and the balance. */
describe('every width from 320 px', () => {
  const widths = shotsDir ? [320, 390, 1280] : [320];
  for (const lang of ['en', 'ru'] as const) {
    for (const width of widths) {
      const viewport = { width, height: width === 1280 ? 800 : width === 390 ? 844 : 640 };
      it(`${lang} at ${width} px: the public pages, login and register, and the trading pages fit; the menu and the balance are on screen`, async () => {
        const { page, errors, context } = await openTab(chromium.current, viewport);
        for (const [name, path] of [
          ['landing', `/${lang}/`],
          ['login', `/${lang}/login`],
          ['register', `/${lang}/register`],
        ] as const) {
          await page.goto(`${baseURL}${path}`);
          await page.locator('main').first().waitFor();
          await settle(page, `${lang}-${name}`, width);
          const o = await overflow(page);
          expect(o.scrollWidth, `${lang} ${name}: ${o.culprits.join(', ')}`).toBeLessThanOrEqual(width);
        }
        await signIn(page, baseURL, undefined, lang);
        await page.waitForURL(/\/trading/);
        await page.getByTestId('balance').waitFor();
        for (const [name, hash] of TRADING) {
          await page.evaluate((h) => {
            window.location.hash = h;
          }, hash);
          await page.locator('.shell__main > *').first().waitFor();
          // the page's own chunk and data: no spinner left in the main area (or 10 s)
          await page.waitForFunction(() => !document.querySelector('.shell__main .spinner'), undefined, { timeout: 10_000 }).catch(() => {});
          await page.locator('.topbar__menu-button').waitFor({ state: 'attached' });
          await settle(page, `${lang}-trading-${name}`, width);
          const o = await overflow(page);
          expect(o.scrollWidth, `${lang} ${name}: ${o.culprits.join(', ')}`).toBeLessThanOrEqual(width);
          expect(await inViewport(page, '[data-testid="balance"]'), `${lang} ${name}: the balance`).toBe(true);
          if (width < 641) expect(await inViewport(page, '.topbar__menu-button'), `${lang} ${name}: the menu button`).toBe(true);
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('at 390 px an offer dialog shows its buttons without scrolling, whichever offer', async () => {
    for (const kind of ['risk_free', 'limited', 'giveaway'] as const) {
      const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
      await chatSeen(context);
      const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
      await signIn(page, baseURL, user);
      await page.waitForURL(/\/trading/);
      await page.getByTestId('balance').waitFor();
      const made = await page.evaluate(
        async ({ email, kind: k }) => {
          const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
          return (await fetch('/api/sandbox/offers/now', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ email, kind: k }) })).status;
        },
        { email: user.email, kind },
      );
      expect(made).toBe(200);
      await page.reload();
      const dialog = page.getByTestId('offer');
      await dialog.waitFor({ timeout: 20_000 });
      await settle(page, `en-offer-${kind}`, 390);
      expect(await inViewport(page, '[data-testid="offer-accept"]'), `${kind}: accept`).toBe(true);
      expect(await inViewport(page, '[data-testid="offer-ignore"]'), `${kind}: no thanks`).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the visitor gift is a pop-up in view at 320 and 1280 px, and its day-long cookie is set only once it was seen', async () => {
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 1280, height: 800 },
    ]) {
      const { page, errors, context } = await openTab(chromium.current, viewport);
      // the page starts in a background tab: document.visibilityState is 'hidden' until the test says otherwise
      await context.addInitScript(() => {
        const w = window as unknown as { __visibility: string };
        w.__visibility = 'hidden';
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => w.__visibility });
      });
      await page.clock.install();
      await page.goto(`${baseURL}/en/`);
      await page.getByTestId('site-tab-home').waitFor();
      const giftCookie = async () => (await context.cookies()).some((c) => c.name === 'gift_seen');
      await page.clock.runFor(15_500);
      const gift = page.getByTestId('site-gift');
      await gift.waitFor();
      // shown while nobody looks: not remembered yet
      expect(await giftCookie()).toBe(false);
      await page.evaluate(() => {
        (window as unknown as { __visibility: string }).__visibility = 'visible';
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await expect.poll(giftCookie).toBe(true);
      await settle(page, 'en-visitor-gift', viewport.width);
      expect(await inViewport(page, '[data-testid="site-gift"]'), `${viewport.width}: the gift`).toBe(true);
      expect(await inViewport(page, '[data-testid="site-gift-demo"]'), `${viewport.width}: its link`).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(1);
      const o = await overflow(page);
      expect(o.scrollWidth, o.culprits.join(', ')).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

