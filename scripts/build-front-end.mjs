// The front end's build for `npm start` (scripts/build-if-stale.mjs runs this in a child process):
// `vite build` through Vite's API with one more plugin that prints how far it is, so a first
// start says what it is doing instead of staying silent for half a minute:
//
//   node scripts/build-front-end.mjs <outDir>     the vite.config.ts build, with source maps
//
// The percentage is the modules parsed over the modules known so far (each parsed module tells
// its imports), so it can only be an estimate until every import is seen; the explorer's layouts
// print their own lines (scripts/explorer/vite-plugin.mjs, EXPLORER_LAYOUT_PROGRESS).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/**
 * A line each time the build passes another tenth: "building the front end… 40% (412 modules)".
 * @param {(line: string) => void} print
 * @returns {import('vite').Plugin}
 */
export function buildProgress(print) {
  const known = new Set();
  const parsed = new Set();
  let shown = 0;
  return {
    name: 'front-end-progress',
    apply: 'build',
    moduleParsed(info) {
      parsed.add(info.id);
      known.add(info.id);
      for (const id of [...info.importedIds, ...info.dynamicallyImportedIds]) known.add(id);
      // parsing is most of the work; writing the chunks the last tenth
      const percent = Math.floor((90 * parsed.size) / known.size);
      if (parsed.size >= 50 && percent >= shown + 10 && percent < 90) print(`  building the front end… ${(shown = percent - (percent % 10))}% (${parsed.size} modules)`);
    },
    renderStart() {
      print(`  building the front end… 90% (${parsed.size} modules; writing the chunks)`);
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node scripts/build-front-end.mjs <outDir>');
    process.exit(2);
  }
  const started = performance.now();
  process.env.EXPLORER_LAYOUT_PROGRESS = '1';
  try {
    await build({
      mode: 'production',
      logLevel: 'warn',
      // source maps: the explorer's isolation check reads them (vite.config.ts keeps them off for npm run build)
      // not for a start's console: rolldown's advice on where the build's time went, and Vite's 500 kB
      // chunk warning, which only the explorer's elkjs (1.4 MB, loaded only to lay a diagram out in
      // the browser) reaches; the pages' own sizes have budgets (npm run budget)
      build: { outDir, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1600, rolldownOptions: { checks: { pluginTimings: false } } },
      plugins: [buildProgress((line) => console.log(line))],
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  console.log(`  building the front end… 100% (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
