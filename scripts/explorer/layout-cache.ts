/**
 * The explorer's layouts cached on disk by content hash (issue 33 §5): a machine whose diagram
 * model did not change is not laid out again. The key of a layout is the SHA-256 of its diagram
 * model (what elkjs is given), the layout code (machine-kit/diagram/ and layouts.ts) and the
 * elkjs version, so any change that can move a box lays that machine out again and nothing else.
 * The cache lives in node_modules/.cache/explorer-layouts/<key>.json (a fresh clone has none;
 * `npm ci` empties it with node_modules). Nothing generated is committed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiagramLayout } from '../../machine-kit/diagram/layout';
import type { DiagramModel } from '../../machine-kit/diagram/model';

export const DEFAULT_CACHE_DIR = join('node_modules', '.cache', 'explorer-layouts');

/** what a cached file holds */
export interface CachedLayout {
  layout: DiagramLayout;
  layoutMs: number;
}

/**
 * The sources a layout depends on besides its model: the diagram code (machine-kit/diagram/), the
 * script that builds the models (layouts.ts), elkjs's version. The cache's and the pool's own code
 * is not in it: how a layout is stored or which thread computed it does not change it.
 */
export function layoutCodeHash(root: string): string {
  const hash = createHash('sha256');
  const dir = 'machine-kit/diagram';
  const files = [...readdirSync(join(root, dir)).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).map((n) => `${dir}/${n}`), 'scripts/explorer/layouts.ts'].sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(root, file))).update('\0');
  const elk = JSON.parse(readFileSync(join(root, 'node_modules', 'elkjs', 'package.json'), 'utf8')) as { version: string };
  return hash.update(`elkjs@${elk.version}`).digest('hex');
}

/** The cache key of one model laid out by the code `codeHash` names. */
export function layoutKey(model: DiagramModel, codeHash: string): string {
  return createHash('sha256').update(codeHash).update('\0').update(JSON.stringify(model)).digest('hex').slice(0, 32);
}

export function readCached(dir: string, key: string): CachedLayout | null {
  const file = join(dir, `${key}.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CachedLayout;
  } catch {
    // a torn or foreign file: laid out again and rewritten
    return null;
  }
}

/** Written to a temporary name and renamed: two builds at once never read half a file. */
export function writeCached(dir: string, key: string, value: CachedLayout): void {
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `${key}.${process.pid}.tmp`);
  writeFileSync(temp, JSON.stringify(value));
  renameSync(temp, join(dir, `${key}.json`));
}
