/**
 * Precomputed diagram layouts for the explorer: every machine of machines/index.ts → its diagram
 * model and elkjs layout, so the explorer page needs no elkjs (~480 kB gzip) to show a diagram.
 * The Vite plugin (./vite-plugin.ts) runs this in a child process at build time:
 *   npx tsx scripts/explorer/layouts.ts            JSON of every layout on stdout
 *   npx tsx scripts/explorer/layouts.ts --times    the time elkjs took per machine
 */
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { layoutModel } from '../../machine-kit/diagram/layout';
import { buildModel } from '../../machine-kit/diagram/model';
import type { PrecomputedDiagram } from '../../machine-kit/diagram/precomputed';

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { machines } = await import('../../machines/index');
  const { models } = await import('../../machines/models');
  const all = await computeLayouts(machines, models);
  if (process.argv.includes('--times')) {
    for (const d of all) {
      console.log(`${d.id.padEnd(16)} ${String(d.model.nodes.length).padStart(3)} states ${String(d.model.edges.length).padStart(3)} edges  ${d.layoutMs} ms`);
    }
  } else {
    process.stdout.write(JSON.stringify(all));
  }
}
