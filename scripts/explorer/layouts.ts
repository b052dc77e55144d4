/**
 * Precomputed diagram layouts for the explorer: every machine of machines/index.ts → its diagram
 * model and elkjs layout, so the explorer page needs no elkjs (~480 kB gzip) to show a diagram.
 * The Vite plugin (./vite-plugin.mjs) runs this in a child process at build time:
 *   npx tsx scripts/explorer/layouts.ts            JSON of every layout on stdout; on stderr,
 *                                                  `to lay out <missing>/<machines>` (those not in
 *                                                  the cache), then `laid out <done>/<missing>` each
 *   npx tsx scripts/explorer/layouts.ts --times    the time elkjs took per machine
 * The command line reuses the layouts cached on disk (./layout-cache.ts) and lays out the others
 * on worker threads (./layout-pool.ts); computeLayouts lays out everything in this thread.
 */
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { layoutModel } from '../../machine-kit/diagram/layout';
import { buildModel, type DiagramModel } from '../../machine-kit/diagram/model';
import type { PrecomputedDiagram } from '../../machine-kit/diagram/precomputed';
import { DEFAULT_CACHE_DIR, layoutCodeHash, layoutKey, readCached, writeCached } from './layout-cache';
import { layoutInPool } from './layout-pool';

export type { PrecomputedDiagram };

/** `models`: each machine's test model; its first example input gives the length of a delay computed from the context. */
export async function computeLayouts(registry: Record<string, { machine: AnyStateMachine }>, models: Record<string, { inputs?: unknown[] }> = {}): Promise<PrecomputedDiagram[]> {
  const out: PrecomputedDiagram[] = [];
  const first = Object.values(registry)[0];
  // elkjs's first run pays for the JIT: warm it up so the times are the steady ones
  if (first) await layoutModel(buildModel(first.machine));
  for (const [id, { machine }] of Object.entries(registry)) {
    const started = performance.now();
    const inputs = models[id]?.inputs;
    const model = buildModel(machine, inputs?.length ? { input: inputs[0] } : {});
    const layout = await layoutModel(model);
    out.push({ id, model, layout, layoutMs: Math.round((performance.now() - started) * 10) / 10 });
  }
  return out;
}

type Registry = Record<string, { machine: AnyStateMachine }>;

function modelsOf(registry: Registry, models: Record<string, { inputs?: unknown[] }>): { id: string; model: DiagramModel }[] {
  return Object.entries(registry).map(([id, { machine }]) => {
    const inputs = models[id]?.inputs;
    return { id, model: buildModel(machine, inputs?.length ? { input: inputs[0] } : {}) };
  });
}

export interface CachedRun {
  diagrams: PrecomputedDiagram[];
  /** how many were read from the cache, and how many laid out now */
  cached: number;
  laidOut: number;
}

/**
 * Every machine's diagram, each layout read from `cacheDir` when its key (model, layout code,
 * elkjs) is there, else laid out on `threads` worker threads and written there.
 */
export async function computeLayoutsCached(
  registry: Registry,
  models: Record<string, { inputs?: unknown[] }>,
  options: { root: string; cacheDir: string; threads?: number; onStart?: (missing: number, total: number) => void; onLaidOut?: (done: number, total: number) => void },
): Promise<CachedRun> {
  const codeHash = layoutCodeHash(options.root);
  const all = modelsOf(registry, models).map((d) => ({ ...d, key: layoutKey(d.model, codeHash) }));
  const found = all.map((d) => readCached(options.cacheDir, d.key));
  const missing = all.filter((_, i) => !found[i]);
  options.onStart?.(missing.length, all.length);
  const laid = await layoutInPool(missing.map((d) => d.model), options.threads, options.onLaidOut);
  missing.forEach((d, i) => writeCached(options.cacheDir, d.key, laid[i]));
  const fresh = new Map(missing.map((d, i) => [d.id, laid[i]]));
  const diagrams = all.map((d, i) => {
    const hit = found[i] ?? fresh.get(d.id);
    if (!hit) throw new Error(`no layout for ${d.id}`);
    return { id: d.id, model: d.model, layout: hit.layout, layoutMs: hit.layoutMs };
  });
  return { diagrams, cached: all.length - missing.length, laidOut: missing.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { machines } = await import('../../machines/index');
  const { models } = await import('../../machines/models');
  const root = process.cwd();
  const run = await computeLayoutsCached(machines, models, {
    root,
    cacheDir: process.env.EXPLORER_LAYOUT_CACHE ?? `${root}/${DEFAULT_CACHE_DIR}`,
    onStart: (missing, total) => process.stderr.write(`to lay out ${missing}/${total}\n`),
    onLaidOut: (done, total) => process.stderr.write(`laid out ${done}/${total}\n`),
  });
  const all = run.diagrams;
  if (process.argv.includes('--times')) {
    for (const d of all) {
      console.log(`${d.id.padEnd(16)} ${String(d.model.nodes.length).padStart(3)} states ${String(d.model.edges.length).padStart(3)} edges  ${d.layoutMs} ms`);
    }
  } else {
    process.stdout.write(JSON.stringify(all));
  }
}
