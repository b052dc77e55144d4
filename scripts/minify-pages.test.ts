import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { minifyPages, PAGE_DIRS } from './minify-pages.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the sandbox's framed pages in the production build", () => {
  it('minifies each script and style, keeping the global the platform page reads (BrokerFormat)', async () => {
    for (const source of PAGE_DIRS) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pages-'));
      dirs.push(dir);
      cpSync(source, dir, { recursive: true });
      const sizes = await minifyPages(dir);
      expect(sizes.length, source).toBeGreaterThanOrEqual(2);
      for (const [name, before, after] of sizes) expect(after, `${source}/${name}`).toBeLessThan(before);
    }
    const dir = dirs[0];
    const format = readFileSync(path.join(dir, 'format.js'), 'utf8');
    const sandbox: { BrokerFormat?: { formatAmount(text: string, currency: string, lang: string): string } } = {};
    runInNewContext(format, sandbox);
    expect(sandbox.BrokerFormat?.formatAmount('1234.5', 'USD', 'en')).toContain('1,234.50');
    expect(readFileSync(path.join(dir, 'trade.js'), 'utf8')).toContain('BrokerFormat.formatAmount');
  });
});
