/**
 * The picture in docs/explorer.png: a machine's statechart in the explorer's step mode, after its
 * first enabled event, in Debian's Chromium. Needs a running server (`npm start`).
 *   npx tsx scripts/explorer/screenshot.ts [baseURL] [machine id] [out file]
 */
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', id = 'login', out = 'docs/explorer.png'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 960 }, deviceScaleFactor: 1 });
  await page.goto(`${base}/explorer/#/m/${encodeURIComponent(id)}/step`);
  const first = page.getByTestId('step-panel').locator('button[data-kind]').first();
  await first.waitFor();
  const sent = await first.getAttribute('title');
  await first.click();
  await page.locator('.x-stage g.transition.taken').first().waitFor();
  await page.screenshot({ path: out });
  console.log(`${out}: ${id} in step mode after ${sent}`);
} finally {
  await browser.close();
}
