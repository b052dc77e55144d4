import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser } from './browser';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** The texts the visitor reads, in each language (src/features/chat-launcher, src/features/chat, the sandbox widget). */
const TEXT = {
  en: {
    launcher: 'Chat',
    close: 'Close chat',
    frame: 'Chat with Anna (sandbox chat provider)',
    sandboxTag: 'Sandbox',
    banner: 'Sandbox chat — replies are automated',
    guest: 'You are chatting as a guest.',
    reply: /This is the sandbox chat/,
    send: 'Send',
  },
  ru: {
    launcher: 'Чат',
    close: 'Закрыть чат',
    frame: 'Чат с ведущим Anna (чат-песочница)',
    sandboxTag: 'Песочница',
    banner: 'Чат-песочница — ответы автоматические',
    guest: 'Вы в чате как гость.',
    reply: /Это чат-песочница/,
    send: 'Отправить',
  },
} as const;

type Lang = keyof typeof TEXT;

/** the pages a visitor chats from: login, register and the landing page (each with what shows the page is ready) */
const PAGES: { name: string; path: string; lang: Lang; ready: (page: Page) => Locator; submit?: (page: Page) => Locator }[] = [
  { name: 'login', path: '/en/login', lang: 'en', ready: (p) => p.getByLabel('Email'), submit: (p) => p.getByRole('button', { name: 'Sign in', exact: true }) },
  { name: 'register', path: '/ru/register', lang: 'ru', ready: (p) => p.locator('form button[type="submit"]'), submit: (p) => p.locator('form button[type="submit"]') },
  { name: 'landing', path: '/en/', lang: 'en', ready: (p) => p.getByTestId('site-tab-home') },
  { name: 'landing', path: '/ru/', lang: 'ru', ready: (p) => p.getByTestId('site-tab-home') },
];

/** whether the element's centre shows the element itself (nothing lies over it) */
function topmostAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Tab from the top of the page until the launcher has the focus: how many presses it took (0: never) */
async function tabTo(page: Page, target: Locator, most = 12): Promise<number> {
  for (let i = 1; i <= most; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return i;
  }
  return 0;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2 A/AA serious and critical violations in every frame of the page (the chat's frame too), as a11y.e2e.ts runs it */
async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    if (!frame.url().startsWith('http')) continue;
    await frame.evaluate(AXE);
    const list = await frame.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, iframes: false, resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    found.push(...list.map((v) => `${frame.url().replace(baseURL, '')} ${v}`));
  }
  return found;
}

/** a visitor's browser: the gift popup (landing page, 15 s) already seen today, so it stays out of the way */
async function visitorTab(viewport: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  await tab.context.addCookies([{ name: 'gift_seen', value: '1', url: baseURL }]);
  return tab;
}

describe("the visitor's chat (spec 001 §6: a visitor chats without a token)", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const target of PAGES) {
      it(`${target.path} at ${viewport.width} px: the launcher is in the header, reached by Tab, opens the sandbox chat as a guest; Escape and Close close it`, async () => {
        const T = TEXT[target.lang];
        const { page, errors, context } = await visitorTab(viewport);
        await page.goto(`${baseURL}${target.path}`);
        await target.ready(page).waitFor();
        const launcher = page.getByRole('button', { name: T.launcher, exact: true });
        await launcher.waitFor();
        // it does not open by itself on these pages (docs/attention.md), not even in a first browser
        await page.waitForTimeout(600);
        expect(await page.getByTestId('chat-panel').count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem('chat.autoOpened'))).toBeNull();
        // in the header, over nothing, and nothing over it
        expect(await launcher.getAttribute('aria-expanded')).toBe('false');
        expect(await topmostAtCentre(launcher)).toBe(true);
        const box = (await launcher.boundingBox())!;
        expect(box.y).toBeLessThan(200);

        // by keyboard: Tab reaches it, Enter opens the panel
        expect(await tabTo(page, launcher)).toBeGreaterThan(0);
        const token = page.waitForResponse((r) => r.url().endsWith('/api/chat/token'));
        await page.keyboard.press('Enter');
        const panel = page.getByTestId('chat-panel');
        await panel.waitFor();
        // a visitor has no token: the sandbox chat as a guest, marked Sandbox, without tips
        expect((await (await token).json()).token).toBeNull();
        expect(await panel.getByRole('note').textContent()).toBe(T.sandboxTag);
        const frameElement = page.locator(`iframe[title="${T.frame}"]`);
        await frameElement.waitFor();
        expect(await frameElement.getAttribute('src')).not.toContain('token=');
        const frame = page.frameLocator(`iframe[title="${T.frame}"]`);
        await frame.getByText(T.banner).waitFor();
        expect(await panel.getByTestId('chat-guest').textContent()).toContain(T.guest);
        expect(await panel.locator('.tips').count()).toBe(0);
        expect(await launcher.getAttribute('aria-expanded')).toBe('true');
        // the focus went into the panel
        expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);

        if (viewport.width >= 1280) {
          // its own column: the page reflows beside it, and the form's submit is still the topmost element at its centre
          expect(await panel.getAttribute('class')).toContain('chat--column');
          const panelBox = (await panel.boundingBox())!;
          expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(viewport.width + 1);
          expect(await topmostAtCentre(launcher)).toBe(true);
          if (target.submit) {
            const submit = target.submit(page);
            await submit.scrollIntoViewIfNeeded();
            expect(await topmostAtCentre(submit)).toBe(true);
            const submitBox = (await submit.boundingBox())!;
            expect(submitBox.x + submitBox.width).toBeLessThanOrEqual(panelBox.x);
          } else {
            const register = page.getByTestId('site-register');
            expect(await topmostAtCentre(register)).toBe(true);
          }
        } else {
          // a phone: a bottom sheet across the width
          const panelBox = (await panel.boundingBox())!;
          expect(Math.round(panelBox.width)).toBe(viewport.width);
          expect(Math.round(panelBox.y + panelBox.height)).toBe(viewport.height);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // Escape closes it and the focus comes back to the launcher
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        expect(await launcher.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await launcher.getAttribute('aria-expanded')).toBe('false');
        // the close button too
        await launcher.click();
        await panel.waitFor();
        await panel.getByRole('button', { name: T.close }).click();
        await panel.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => localStorage.getItem('chat.autoOpened'))).toBeNull();
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('a guest writes in the sandbox chat and the sandbox host answers, in English on the login page and in Russian on the register page', async () => {
    for (const target of [PAGES[0], PAGES[1]]) {
      const T = TEXT[target.lang];
      const { page, errors, context } = await visitorTab({ width: 1280, height: 800 });
      await page.goto(`${baseURL}${target.path}`);
      await target.ready(page).waitFor();
      await page.getByRole('button', { name: T.launcher, exact: true }).click();
      const frame = page.frameLocator(`iframe[title="${T.frame}"]`);
      await frame.locator('textarea').fill('Hello from a visitor');
      await frame.getByRole('button', { name: T.send }).click();
      await frame.getByText('Hello from a visitor').waitFor();
      await frame.getByText(T.reply).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('axe-core finds no serious or critical violation with the chat open (its frame included): login at 1280 px, register in Russian at 390 px', async () => {
    for (const [target, viewport] of [
      [PAGES[0], { width: 1280, height: 800 }],
      [PAGES[1], { width: 390, height: 844 }],
    ] as const) {
      const T = TEXT[target.lang];
      const { page, errors, context } = await visitorTab(viewport);
      await page.goto(`${baseURL}${target.path}`);
      await target.ready(page).waitFor();
      await page.getByRole('button', { name: T.launcher, exact: true }).click();
      await page.frameLocator(`iframe[title="${T.frame}"]`).getByText(T.banner).waitFor();
      expect(await seriousViolations(page), target.path).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('no horizontal overflow at 320 px on login, register and the landing page, with the chat closed and open', async () => {
    for (const target of PAGES) {
      const T = TEXT[target.lang];
      const { page, errors, context } = await visitorTab({ width: 320, height: 640 });
      await page.goto(`${baseURL}${target.path}`);
      await target.ready(page).waitFor();
      const launcher = page.getByRole('button', { name: T.launcher, exact: true });
      await launcher.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${target.path} closed`).toBeLessThanOrEqual(320);
      const box = (await launcher.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(await topmostAtCentre(launcher)).toBe(true);
      await launcher.click();
      await page.getByTestId('chat-panel').waitFor();
      await page.locator(`iframe[title="${T.frame}"]`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${target.path} open`).toBeLessThanOrEqual(320);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
