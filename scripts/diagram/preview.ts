/**
 * Dev aid: renders the fixture machines (and the registry) to SVG and PNG under
 * an output folder (default /tmp/diagram-preview) with Debian's Chromium, to look at.
 *   npx tsx scripts/diagram/preview.ts [outDir]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/browser';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { fixtures } from './fixtures/index';
import { readFile } from 'node:fs/promises';
import { buildModel } from '../../machine-kit/diagram/model';
import { toMermaid } from './mermaid';
import { renderMachine } from './render';

/** optional: a mermaid.min.js to also render the Mermaid text with (checks that Mermaid parses it) */
const mermaidJs = process.env.MERMAID_JS;

const outDir = process.argv[2] ?? '/tmp/diagram-preview';
/** ELK option overrides to try, as JSON: ELK_OPTIONS='{"elk.direction":"RIGHT"}' */
const options = JSON.parse(process.env.ELK_OPTIONS ?? '{}') as Record<string, string>;
const only = process.env.ONLY?.split(',');

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof chromium.launch>>['newPage']>>;

async function renderMermaid(page: Page, id: string, text: string): Promise<void> {
  await page.setViewportSize({ width: 1600, height: 1200 });
  await page.setContent('<html><body style="margin:0"><div id="out"></div></body></html>');
  await page.addScriptTag({ content: await readFile(mermaidJs!, 'utf8') });
  const result = await page.evaluate(async (src) => {
    const m = (window as unknown as { mermaid: { initialize(o: object): void; render(id: string, t: string): Promise<{ svg: string }> } }).mermaid;
    m.initialize({ startOnLoad: false });
    try {
      document.getElementById('out')!.innerHTML = (await m.render('m', src)).svg;
      return 'ok';
    } catch (err) {
      return String(err);
    }
  }, text);
  if (result !== 'ok') throw new Error(`Mermaid rejects ${id}: ${result}\n${text}`);
  await page.locator('#out svg').screenshot({ path: join(outDir, `${id}.mermaid.png`) });
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const all: Array<[string, AnyStateMachine]> = [
    ...Object.entries(fixtures),
    ...Object.entries(machines).map(([id, e]): [string, AnyStateMachine] => [id, e.machine]),
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const [id, machine] of all) {
      if (only && !only.includes(id)) continue;
      const { svg, ms, layout } = await renderMachine(machine, id, options);
      await writeFile(join(outDir, `${id}.svg`), svg);
      await page.setViewportSize({ width: Math.ceil(layout.width), height: Math.ceil(layout.height) });
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      await page.screenshot({ path: join(outDir, `${id}.png`), fullPage: true });
      if (mermaidJs) await renderMermaid(page, id, toMermaid(buildModel(machine)));
      console.log(`${id}: ${Math.round(ms)} ms, ${Math.round(layout.width)}×${Math.round(layout.height)} → ${join(outDir, `${id}.png`)}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
