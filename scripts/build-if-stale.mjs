import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Sources that go into dist/: if any is newer than dist/index.html, the front end is rebuilt. */
const SOURCES = ['src', 'core', 'machines', 'index.html', 'vite.config.ts', 'package.json',
  // the explorer (explorer.html) also bundles the machine kit (path runner, fakes) and the diagram
  // code; it reads the coverage reports (docs/coverage) from the server when it loads, so a test run
  // that writes them does not make the front end stale
  'explorer.html', 'machine-kit', 'scripts/diagram', 'scripts/explorer',
  // how the build runs (vite build through its API, with the progress lines)
  'scripts/build-front-end.mjs'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function frontEndIsStale(root = process.cwd()) {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > builtAt);
}

/** Builds the front end when dist/ is missing or older than its sources. */
export function buildIfStale(root = process.cwd()) {
  if (!frontEndIsStale(root)) return false;
  console.log('Building the front end (vite build; a first start lays out the explorer diagrams too)…');
  // built beside dist/ and swapped in at the end: a server already running (another test run,
  // a second `npm start`) keeps serving the old build instead of an emptied folder
  const building = `dist.building-${process.pid}`;
  // scripts/build-front-end.mjs: vite build with source maps, printing its progress
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-front-end.mjs'), building], {
    cwd: root,
    stdio: 'inherit',
    // a build started from a test runner (NODE_ENV=test) must still be the production build
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    rmSync(join(root, building), { recursive: true, force: true });
    console.error('The front-end build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  const old = join(root, `dist.old-${process.pid}`);
  if (existsSync(join(root, 'dist'))) renameSync(join(root, 'dist'), old);
  renameSync(join(root, building), join(root, 'dist'));
  rmSync(old, { recursive: true, force: true });
  return true;
}
