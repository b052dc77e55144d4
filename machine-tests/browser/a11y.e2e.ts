import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

/**
 * Accessibility, in Chromium at 1280x800: axe-core's WCAG 2 A and AA rules find no
 * serious or critical violation on the landing page, login, register, the trading page (its
 * platform frame included), funding, withdrawal, support and security; and a dialog keeps the
 * focus: Tab and Shift+Tab stay inside, Escape closes it, the focus returns to its opener.
 */
const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const LAPTOP = { width: 1280, height: 800 };
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; frame: string; nodes: string[] }

/** axe in every frame of the page (evaluated, so no page's CSP stops it); the serious and critical ones */
async function violations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const frame of page.frames()) {
    const url = frame.url();
    if (!url.startsWith('http')) continue;
    await frame.evaluate(AXE);
    const list = await frame.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, iframes: false, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`) }));
    });
    found.push(...list.map((v) => ({ ...v, frame: url.replace(baseURL, '') })));
  }
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** what opened by itself (an offer, a welcome) is closed, so axe reads the page, not an inert one */
async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 4 && (await page.locator('[aria-modal="true"]').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), hash);
  await page.waitForFunction((h) => window.location.hash === h, hash);
}

describe('axe-core: no serious or critical WCAG 2 A/AA violation', () => {
  it('signed out: the landing page, login and register', async () => {
    const { page, errors, context } = await openTab(chromium.current, LAPTOP);
    await page.goto(`${baseURL}/en/`);
    await page.getByTestId('site-tab-home').waitFor();
    await page.getByTestId('site-video-open').waitFor();
    const landing = await violations(page);
    await page.goto(`${baseURL}/en/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const login = await violations(page);
    await page.goto(`${baseURL}/en/register`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('form input').first().waitFor();
    const register = await violations(page);
    expect({ landing, login, register }).toEqual({ landing: [], login: [], register: [] });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('signed in: trading (with the platform frame), funding, withdrawal, support and security', async () => {
    const { page, errors, context } = await openTab(chromium.current, LAPTOP);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { verification: 'Full', sign: true, balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    const found: Record<string, Violation[]> = {};

    await go(page, '#/home');
    await page.frameLocator('iframe').first().locator('#up').waitFor({ timeout: 30_000 });
    await closeDialogs(page);
    found.trading = await violations(page);

    await go(page, '#/show/funding');
    await page.getByRole('tab', { selected: true }).first().waitFor({ timeout: 50_000 });
    await page.locator('#fund-panel input').first().waitFor({ timeout: 20_000 });
    await closeDialogs(page);
    found.funding = await violations(page);

    await go(page, '#/show/withdrawal');
    await page.getByRole('tablist').waitFor({ timeout: 30_000 });
    await closeDialogs(page);
    found.withdrawal = await violations(page);

    // a dialog of the trading shell (the modal manager's add-account, a lazy chunk): the focus is
    // kept inside both ways, Escape closes it, the focus returns to the button that opened it
    const add = page.getByRole('button', { name: 'Add an account' }).first();
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.waitFor();
    await dialog.locator('select, input, button[type="submit"]').first().waitFor();
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[aria-modal="true"]')));
    expect(await inside()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);

    await go(page, '#/show/support');
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await closeDialogs(page);
    found.support = await violations(page);

    await go(page, '#/show/security');
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await closeDialogs(page);
    found.security = await violations(page);

    expect(found).toEqual({ trading: [], funding: [], withdrawal: [], support: [], security: [] });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('a dialog keeps the focus', () => {
  it('the skip link comes first; in the video dialog Tab and Shift+Tab stay inside, Escape closes it and the focus returns', async () => {
    const { page, errors, context } = await openTab(chromium.current, LAPTOP);
    await page.goto(`${baseURL}/en/`);
    await page.getByTestId('site-tab-home').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    const open = page.getByTestId('site-video-open');
    await open.click();
    const dialog = page.getByRole('dialog', { name: /How it works/ });
    await dialog.waitFor();
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await inside()).toBe(true);
    // the page behind is inert while the dialog is open
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    // Escape closes it even with the focus on the dialog's frame, not on a control
    await page.evaluate(() => (document.querySelector('[role="dialog"]') as HTMLElement).focus());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('site-video-open');
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
