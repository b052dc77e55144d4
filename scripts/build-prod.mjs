// `npm run build`: the production build, one self-contained folder (default build/; another with
// `node scripts/build-prod.mjs <dir>`) that runs from anywhere:
//
//   build/server.mjs       the server (esbuild bundle; packages stay in node_modules)
//   build/server/...       files the server reads next to its sources (sandbox pages, their scripts
//                          and styles minified; PGlite worker)
//   build/dist/            the front end (vite build, no source maps), each asset also .br and .gz
//   build/package.json     the packages the server imports, nothing else (no vite, esbuild, tsx)
//   build/package-lock.json the checkout's lockfile cut down to those packages
//
// Then, in that folder (or a copy anywhere): `npm ci --omit=dev && node server.mjs`. Nothing is
// built at start. scripts/test-prod-build.mjs (npm run test:prod) proves it; the Dockerfile runs
// the same steps.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { bundleServer } from './build-server.mjs';
import { minifyPages, PAGE_DIRS } from './minify-pages.mjs';

/**
 * Every source that reads files next to itself through `import.meta.url`, and what it reads
 * (paths from the checkout's root, copied to the same place under the output folder). A new
 * use of `import.meta.url` fails the build until it is listed here.
 */
export const RUNTIME_FILES = {
  // ../dist: the front end, built straight into <out>/dist
  'server/main.ts': [],
  'server/db/pglite-thread.ts': ['server/db/pglite-worker.mjs'],
  'server/sandbox/platform/trade-page.ts': ['server/sandbox/platform/page'],
  'server/sandbox/chat/widget-page.ts': ['server/sandbox/chat/page'],
  // the explorer's coverage reports (served only with EXPLORER on)
  'server/http/frontend.ts': ['docs/coverage'],
  // resolves the statement's font in node_modules (RUNTIME_PACKAGES), nothing beside itself
  'server/domain/statement/pdf.ts': [],
};

/**
 * Packages the server reads files from without importing them (the PDF statement's font, found by
 * require.resolve): production dependencies like the imported ones, though no import names them.
 */
export const RUNTIME_PACKAGES = ['dejavu-fonts-ttf'];

/** Files worth sending compressed (text); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|ico)$/;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The package name of an import ('@scope/name/sub' → '@scope/name', 'node:fs' → null). */
function packageOf(specifier) {
  if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages a plain .mjs file imports (the PGlite worker is not bundled: it runs in its own thread). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
}

/**
 * The lockfile cut down to what `dependencies` reach (Node's resolution: nested node_modules
 * first, then each parent's), so `npm ci --omit=dev` installs the same versions as the checkout.
 */
export function pruneLockfile(lock, pkg) {
  const packages = lock.packages;
  const keep = new Set(['']);
  const resolveFrom = (location, name) => {
    let base = location;
    for (;;) {
      const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return null;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut === -1 ? '' : base.slice(0, cut);
    }
  };
  const visit = (location, deps, optional) => {
    for (const name of Object.keys(deps ?? {})) {
      const target = resolveFrom(location, name);
      if (!target) {
        if (optional) continue;
        throw new Error(`package-lock.json has no ${name} for ${location || 'the root'}: run npm install in the checkout`);
      }
      if (keep.has(target)) continue;
      keep.add(target);
      const entry = packages[target];
      visit(target, entry.dependencies, false);
      visit(target, entry.optionalDependencies, true);
      visit(target, entry.peerDependencies, true);
    }
  };
  visit('', pkg.dependencies, false);
  const out = {};
  for (const [location, entry] of Object.entries(packages)) {
    if (!keep.has(location)) continue;
    if (location === '') {
      out[''] = { name: pkg.name, version: pkg.version, dependencies: pkg.dependencies, engines: pkg.engines };
      continue;
    }
    // reached from a production dependency: no longer a dev-only package here
    const rest = { ...entry };
    delete rest.dev;
    delete rest.devOptional;
    out[location] = rest;
  }
  return { name: pkg.name, version: pkg.version, lockfileVersion: lock.lockfileVersion, requires: true, packages: out };
}

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes file.br and file.gz next to each compressible file, when smaller than the file. */
/** The overrides whose top-level package is still in the pruned lockfile (undefined when none). */
export function overridesFor(overrides, lock) {
  if (!overrides) return undefined;
  const kept = new Set(Object.keys(lock.packages ?? {}).map((location) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)));
  const entries = Object.entries(overrides).filter(([name]) => kept.has(name.replace(/(?<=.)@.*$/, '')));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export async function precompress(dir) {
  const files = [...filesUnder(dir)].filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  let i = 0;
  // zlib's async calls run on libuv's thread pool: a few at a time keep every core busy
  const worker = async () => {
    while (i < files.length) {
      const file = files[i++];
      const data = await readFile(file);
      if (data.length < 256) continue;
      const [br, gzipped] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      for (const [suffix, packed] of [['.br', br], ['.gz', gzipped]]) {
        if (packed.length >= data.length) continue;
        await writeFile(file + suffix, packed);
        written++;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files: files.length, written };
}

/** Builds the production folder `outDir` (replaced whole) from the checkout at `root`. */
export async function buildProduction(root = process.cwd(), outDir = join(root, 'build')) {
  const out = resolve(root, outDir);
  const times = {};
  const timed = async (label, work) => {
    const started = performance.now();
    const result = await work();
    times[label] = Math.round(performance.now() - started);
    return result;
  };
  // built beside the output and swapped in at the end: a failed build leaves the last good one
  const building = `${out}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  try {
    await timed('front end (vite build)', () => {
      const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', join(building, 'dist'), '--emptyOutDir'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (result.status !== 0) throw new Error('the front-end build (vite build) failed; see the messages above');
    });
    const maps = [...filesUnder(join(building, 'dist'))].filter((f) => f.endsWith('.map'));
    if (maps.length > 0) throw new Error(`the production front end has source maps (${relative(building, maps[0])}): vite.config.ts must keep build.sourcemap false`);

    const { metafile, moduleUrlSources } = await timed('server bundle (esbuild)', () => bundleServer(root, join(building, 'server.mjs'), '.'));
    for (const source of moduleUrlSources.map((s) => relative(root, s).split(sep).join('/'))) {
      if (!(source in RUNTIME_FILES)) throw new Error(`${source} reads files next to itself (import.meta.url): list them under RUNTIME_FILES in scripts/build-prod.mjs`);
      for (const file of RUNTIME_FILES[source]) cpSync(join(root, file), join(building, file), { recursive: true });
    }
    // the sandbox's framed pages (trading platform, chat widget): their scripts and styles minified
    const minified = await timed('framed pages minified (esbuild)', async () => (await Promise.all(PAGE_DIRS.map((dir) => minifyPages(join(building, dir))))).flat());

    // package.json: only the packages the server imports (the bundle and the copied .mjs files)
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const imported = new Set();
    for (const output of Object.values(metafile.outputs)) for (const { path } of output.imports) imported.add(path);
    for (const file of Object.values(RUNTIME_FILES).flat()) {
      const path = join(root, file);
      const scripts = statSync(path).isDirectory() ? [...filesUnder(path)] : [path];
      for (const script of scripts.filter((f) => f.endsWith('.mjs'))) for (const specifier of importsOf(script)) imported.add(specifier);
    }
    for (const name of RUNTIME_PACKAGES) imported.add(name);
    const dependencies = {};
    for (const name of [...imported].map(packageOf).filter(Boolean).sort()) {
      const version = pkg.dependencies?.[name];
      if (!version) throw new Error(`the server imports ${name}, which is not under "dependencies" in package.json (a package the server needs at run time is a dependency)`);
      dependencies[name] = version;
    }
    const prodPkg = {
      name: pkg.name,
      version: pkg.version,
      private: true,
      type: 'module',
      description: 'Production build: npm ci --omit=dev, then node server.mjs (see the README, "Run in production")',
      engines: pkg.engines,
      scripts: { start: 'node server.mjs' },
      dependencies,
    };
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const prunedLock = pruneLockfile(lock, prodPkg);
    // the checkout's overrides (versions that run on the Node in engines) for the packages the build keeps:
    // without them npm ci refuses the lockfile (an overridden version does not satisfy its dependent's range)
    const overrides = overridesFor(pkg.overrides, prunedLock);
    if (overrides) prodPkg.overrides = overrides;
    writeFileSync(join(building, 'package.json'), JSON.stringify(prodPkg, null, 2) + '\n');
    writeFileSync(join(building, 'package-lock.json'), JSON.stringify(prunedLock, null, 2) + '\n');

    const compressed = await timed('brotli and gzip', () => precompress(join(building, 'dist')));

    rmSync(out, { recursive: true, force: true });
    mkdirSync(dirname(out), { recursive: true });
    renameSync(building, out);
    return { out, times, dependencies: Object.keys(dependencies), compressed, minified };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const started = performance.now();
  try {
    const root = process.cwd();
    const result = await buildProduction(root, process.argv[2] ? resolve(process.argv[2]) : join(root, 'build'));
    const where = relative(root, result.out) || '.';
    console.log(`Production build in ${where}/ (${((performance.now() - started) / 1000).toFixed(1)} s: ${Object.entries(result.times).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')})`);
    console.log(`  ${result.dependencies.length} production packages; ${result.compressed.written} pre-compressed files for ${result.compressed.files} assets`);
    console.log(`  framed pages minified: ${result.minified.map(([name, before, after]) => `${name} ${(before / 1024).toFixed(1)} -> ${(after / 1024).toFixed(1)} kB`).join(', ')}`);
    console.log(`  Run it: cd ${where} && npm ci --omit=dev && NODE_ENV=production node server.mjs (the variables: README, "Run in production")`);
  } catch (error) {
    console.error(`The production build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
