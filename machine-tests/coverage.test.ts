/**
 * The coverage gate: every machine of machines/index.ts has a model, every generated path
 * (shortest + edge cover) replays on a real actor, and the paths reach 100% of the machine's
 * states and transitions. (coverage-empty.test.ts shows the gate on an empty registry.)
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
  if (!cache.has(id)) cache.set(id, runMachine(id, models[id], {}, machines[id].machine));
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

  it.each(modelled)('%s: every generated path replays', (id) => {
    const r = report(id);
    expect(r.errors, formatProblems([r], { warnings: false })).toEqual([]);
    expect(r.failures.map((f) => `${f.line}\n  ${f.failure?.message}`)).toEqual([]);
  });

  it.each(modelled)('%s: covers every state and transition', (id) => {
    const r = report(id);
    expect(r.errors, formatProblems([r], { warnings: false })).toEqual([]);
    expect(uncovered(r), `${id} is below 100%`).toBe('');
  });

  it('every model belongs to a registered machine', () => {
    expect(Object.keys(models).filter((id) => !(id in machines))).toEqual([]);
  });
});
