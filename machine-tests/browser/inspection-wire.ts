import type { Page } from 'playwright-core';

/** From the page's next load on, every inspection message it receives is kept as JSON (the wire between app and explorer). */
export async function recordInspection(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new BroadcastChannel('brokerage-inspect').onmessage = (e: MessageEvent) => heard.push(JSON.stringify(e.data));
  });
}

/** what `recordInspection` kept, in order */
export const heardOn = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
