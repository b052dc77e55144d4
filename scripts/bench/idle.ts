import type { Browser } from 'playwright-core';
import { signedInTrader } from './session';

/** what a page costs while the trader only looks at it: rendering frames and main-thread work */
export interface IdleFigures {
  framesPerSecond: number;
  busyMsPerSecond: number;
}

const SETTLE_MS = 4_000;
const MEASURE_MS = 4_000;

/**
 * The trading page at rest (#/home, the platform's frame polling its prices once a second), signed
 * in as a fresh sandbox trader whose chat already opened once (nothing else moves): the frames
 * Chromium renders and the main thread's busy time over 4 s, read from a trace. A transition or
 * animation that runs on every price (a colour fading at 60 frames a second) shows here as frames,
 * on a phone as battery.
 */
export async function tradingAtRest(browser: Browser, base: string): Promise<IdleFigures> {
  const trader = await signedInTrader(base);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    // the signed-in session's cookies (a header's "name=value; …") on the server's address
    await context.addCookies(trader.cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base })));
    await context.addInitScript(() => localStorage.setItem('chat.autoOpened', '1'));
    const page = await context.newPage();
    await page.goto(`${base}/en/trading#/home`);
    await page.locator('iframe.platform__frame').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc'] });
    await page.waitForTimeout(MEASURE_MS);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Array<{ name: string; dur?: number }> }).traceEvents;
    const frames = events.filter((e) => e.name === 'ProxyMain::BeginMainFrame').length;
    const busyMs = events.filter((e) => e.name === 'RunTask' && e.dur).reduce((sum, e) => sum + e.dur! / 1000, 0);
    return { framesPerSecond: frames / (MEASURE_MS / 1000), busyMsPerSecond: busyMs / (MEASURE_MS / 1000) };
  } finally {
    await context.close();
  }
}
