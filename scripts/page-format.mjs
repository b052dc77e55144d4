// core/format.ts as a plain browser script for the sandbox's hosted pages, which are plain files
// under a CSP that allows only their own scripts (server/sandbox/platform/page): the same code the
// product writes money and dates with, bundled by esbuild into `window.BrokerFormat`.
// `node scripts/page-format.mjs` writes it; scripts/page-format.test.ts fails when the file is
// not what core/format.ts gives today.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const PAGE_FORMAT_FILE = fileURLToPath(new URL('../server/sandbox/platform/page/format.js', import.meta.url));

/** The script's text: core/format.ts bundled (with what it uses of core/decimal) as an IIFE setting `BrokerFormat`. */
export async function pageFormatSource() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../core/format.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'BrokerFormat',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return `// Generated from core/format.ts by scripts/page-format.mjs: do not edit.\n/* eslint-disable */\n${result.outputFiles[0].text}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PAGE_FORMAT_FILE, await pageFormatSource());
  console.log(`wrote ${PAGE_FORMAT_FILE}`);
}
