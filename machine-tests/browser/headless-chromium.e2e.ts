import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../scripts/lib/browser';

// The browser our suites and the bench launch (scripts/lib/browser.ts) opens a context with only
// the page in it: no WebUI of the browser's own (the omnibox pop-up cost ~1.5 s of CPU per context).
describe('the suites\' headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds no browser WebUI beside a new context\'s page', async () => {
    const cdp = await browser.newBrowserCDPSession();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('data:text/html,<p>hi</p>');
      // the pop-up's pages are created as the window opens; ask after a page has loaded in it
      await page.waitForFunction(() => document.readyState === 'complete');
      const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((t) => t.type === 'page').map((t) => t.url)).toContain('data:text/html,<p>hi</p>');
      expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
