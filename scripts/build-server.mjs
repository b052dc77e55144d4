// The server as one ES module bundle (esbuild): `npm start` loads one file instead of
// transpiling every server source with tsx at start, and the production build (build-prod.mjs)
// ships the same bundle. Packages stay external (node_modules).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { build } from 'esbuild';

const OUT = join('.build', 'server.mjs');
const META = join('.build', 'server.meta.json');

/**
 * Each source keeps the URL of its own file, relative to the bundle: `import.meta.url` in
 * server/sandbox/platform/trade-page.ts becomes `new URL("../server/sandbox/platform/trade-page.ts",
 * import.meta.url).href` in .build/server.mjs. Files read next to a source (the sandbox pages,
 * the PGlite worker, ../dist) are found at the same relative place: in the checkout for
 * .build/server.mjs, in the output folder for the production build (which copies them there).
 * No absolute path is stored. `used` collects the sources that read their URL.
 */
function keepModuleUrls(root, sourcesAt, used) {
  return {
    name: 'keep-module-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        used?.add(args.path);
        const fromBundle = posix.join(sourcesAt, relative(root, args.path).split(sep).join('/'));
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles server/main.ts into `outfile` (absolute). `sourcesAt`: where the checkout's layout
 * is, seen from the bundle's folder ('..' for .build/server.mjs; '.' for the production build,
 * which copies the files the sources read to the same paths under its folder). Returns
 * esbuild's metafile and the absolute paths of the sources that use `import.meta.url`.
 */
export async function bundleServer(root, outfile, sourcesAt = relative(dirname(outfile), root).split(sep).join('/') || '.') {
  const used = new Set();
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    metafile: true,
    logLevel: 'warning',
    plugins: [keepModuleUrls(root, sourcesAt, used)],
  });
  return { metafile: result.metafile, moduleUrlSources: [...used].sort() };
}

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
  const { metafile } = await bundleServer(root, out);
  // this script is an input too: a change to how the bundle is made rebuilds it
  writeFileSync(join(root, META), JSON.stringify({ root, inputs: [...Object.keys(metafile.inputs), 'scripts/build-server.mjs'] }));
  return out;
}
