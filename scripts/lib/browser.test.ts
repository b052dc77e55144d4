import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, OUR_DISABLED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from './browser';

/** the `disabledFeatures` list in the installed playwright-core's Chromium switches */
function playwrightsList(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  for (const file of ['lib/coreBundle.js', 'lib/server/chromium/chromiumSwitches.js']) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    const m = /disabledFeatures = \[([\s\S]*?)\]/.exec(text);
    if (m) return [...m[1].replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((x) => x[1]);
  }
  throw new Error('playwright-core no longer has a disabledFeatures list where this test looks: read its Chromium switches again');
}

describe('the headless Chromium switches', () => {
  it('repeat every feature Playwright turns off (Chromium keeps only the last --disable-features)', () => {
    const theirs = playwrightsList();
    expect(theirs.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...theirs].sort());
  });

  it('have one --disable-features, with ours and Playwright\'s', () => {
    const switches = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const listed = switches[0].slice('--disable-features='.length).split(',');
    for (const f of [...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES]) expect(listed).toContain(f);
  });
});
