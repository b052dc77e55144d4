// The server as one ES module bundle (esbuild), so `npm start` loads one file instead of
// transpiling every server source with tsx at start. Packages stay external (node_modules).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const OUT = join('.build', 'server.mjs');
const META = join('.build', 'server.meta.json');

/**
 * Each source keeps its own `import.meta.url` (files next to it, such as the sandbox platform's
 * page, are found where they are in the checkout, not next to the bundle).
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** True when the bundle is missing, was built in another directory, or any of its inputs changed since. */
export function serverIsStale(root = process.cwd()) {
  const out = join(root, OUT);
  const meta = join(root, META);
  if (!existsSync(out) || !existsSync(meta)) return true;
  const builtAt = statSync(out).mtimeMs;
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(meta, 'utf8'));
  } catch {
    return true;
  }
  if (recorded.root !== root) return true;
  return recorded.inputs.some((input) => !existsSync(join(root, input)) || statSync(join(root, input)).mtimeMs > builtAt);
}

/** Bundles server/main.ts into .build/server.mjs when stale; returns the bundle's path. */
export async function buildServerIfStale(root = process.cwd()) {
  const out = join(root, OUT);
  if (!serverIsStale(root)) return out;
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: out,
    metafile: true,
    logLevel: 'warning',
    plugins: [keepModuleUrls],
  });
  writeFileSync(join(root, META), JSON.stringify({ root, inputs: Object.keys(result.metafile.inputs) }));
  return out;
}
