/**
 * Pictures of the explorer for docs/explorer.md, at 1280x800 (a laptop screen), in Debian's
 * Chromium. Needs a running explorer: `npm start` (its URL), or `npx vite --port <free port>`.
 *   npx tsx scripts/explorer/screenshot.ts [baseURL] [machine id] [out file] [view]
 * view: `first` (default: the diagram as it opens, "Fit"), `step` (step mode after the first
 * enabled event), `path:<state or transition id>` (path mode with that target found),
 * `funnel[:<from=…&to=…>]` (the funnel tab once its counts are in; run `npm run traffic` first).
 * WIDTH and LANG (en, ru) in the environment change the viewport's width and the language.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/browser';

const [base = 'http://127.0.0.1:3000', id = 'cascade', out = 'docs/explorer-cascade.png', view = 'first'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--hide-scrollbars'] });
try {
  const page = await browser.newPage({ viewport: { width: Number(process.env.WIDTH ?? 1280), height: 800 }, deviceScaleFactor: 1 });
  const lang = process.env.LANG_UI === 'ru' ? '?lang=ru' : '';
  let said = `${id} as it opens`;
  if (view.startsWith('funnel')) {
    const query = view.slice('funnel:'.length);
    await page.goto(`${base}/explorer/${lang}#/m/${encodeURIComponent(id)}/funnel${query ? `/${encodeURIComponent(query)}` : ''}`);
    await page.locator('[data-testid="funnel-panel"][data-status="ready"]').waitFor({ timeout: 30_000 });
    said = `${id}: the funnel`;
  } else if (view === 'step') {
    await page.goto(`${base}/explorer/#/m/${encodeURIComponent(id)}/step`);
    const first = page.getByTestId('step-panel').locator('button[data-kind]').first();
    await first.waitFor();
    const sent = await first.getAttribute('title');
    await first.click();
    await page.locator('.x-stage g.transition.taken').first().waitFor();
    said = `${id} in step mode after ${sent}`;
  } else if (view.startsWith('path:')) {
    const target = view.slice('path:'.length);
    await page.goto(`${base}/explorer/#/m/${encodeURIComponent(id)}/path/${encodeURIComponent(target)}`);
    await page.getByTestId('path-steps').waitFor({ timeout: 30_000 });
    said = `${id}: the shortest path to ${target}`;
  } else {
    await page.goto(`${base}/explorer/#/m/${encodeURIComponent(id)}`);
    await page.locator('.x-stage svg').waitFor();
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  console.log(`${out}: ${said} (zoom ${await page.getByTestId('zoom').textContent()})`);
} finally {
  await browser.close();
}
