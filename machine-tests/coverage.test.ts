/**
 * The coverage gate: every machine of machines/index.ts has a model, the covering paths (the
 * fewest edge-cover paths that take every transition and enter every state: `cover` in
 * machine-kit/paths.ts) replay on a real actor, and together reach 100% of the machine's states
 * and transitions, as the replay measures it. `npm run test:model` (CI runs it too) replays the
 * whole edge cover, 20,000 paths; this set is about 1,000 and keeps `npm test` within 2 cores.
 * (coverage-empty.test.ts shows the gate on an empty registry.)
 */
import { describe, expect, it } from 'vitest';
import { machines } from '../machines/index';
import { models } from '../machines/models';
import { formatProblems } from '../machine-kit/report';
import { runMachine } from '../machine-kit/run';
import type { MachineReport } from '../machine-kit/types';

const ids = Object.keys(machines);
/** machines without a model fail once, in "has a model" */
const modelled = ids.filter((id) => id in models);
const cache = new Map<string, MachineReport>();
const report = (id: string): MachineReport => {
  if (!cache.has(id)) cache.set(id, runMachine(id, models[id], { sets: ['cover'], before: false }, machines[id].machine));
  return cache.get(id)!;
};

const uncovered = (r: MachineReport): string =>
  [
    r.states.uncovered.length ? `states not covered: ${r.states.uncovered.join(', ')}` : '',
    r.transitions.uncovered.length ? `transitions not covered: ${r.transitions.uncovered.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');

describe('coverage gate: machines/index.ts', () => {
  it('the registry is not empty', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  it.each(ids)('%s has a model', (id) => {
    expect(models[id], `add machines/<flow>/<flow>.model.ts beside the machine and register it as ${id} in machines/models.ts`).toBeDefined();
    expect(models[id].machine === machines[id].machine, `models.${id}.machine must be the registered machine`).toBe(true);
  });

  // the slowest machine takes 0.5 s here on a quiet 2-core machine and under 1 s beside the rest of `npm test`
  // (npx tsx machine-tests/cli.ts --paths cover prints each machine's time); 20 s leaves room for a machine twice as loaded
  it.each(modelled)('%s: every covering path replays', { timeout: 20_000 }, (id) => {
    const r = report(id);
    expect(r.errors, formatProblems([r], { warnings: false })).toEqual([]);
    expect(r.failures.map((f) => `${f.line}\n  ${f.failure?.message}`)).toEqual([]);
  });

  it.each(modelled)('%s: covers every state and transition', { timeout: 20_000 }, (id) => {
    const r = report(id);
    expect(r.errors, formatProblems([r], { warnings: false })).toEqual([]);
    expect(uncovered(r), `${id} is below 100%`).toBe('');
  });

  it('every model belongs to a registered machine', () => {
    expect(Object.keys(models).filter((id) => !(id in machines))).toEqual([]);
  });
});
