import type { AnyStateMachine } from 'xstate';
import { allStateNodes, inventory } from '../../machine-kit/inventory';
import type { MachineModel } from '../../machine-kit/types';
import { modelInputs, stepModel } from './step-engine';

/** One machine as the explorer lists it. */
export interface CatalogEntry {
  id: string;
  purpose: string;
  machine: AnyStateMachine;
  /** what step mode runs it with: the test model, completed with default actor outcomes */
  model: MachineModel;
  /** the inputs it can start from (the test model's) */
  inputs: unknown[];
  /** state paths without the machine id: `platformLogin`, `listening.waiting` */
  states: string[];
  /** the event types a caller sends (no timers, actor results or eventless transitions) */
  events: string[];
  transitions: number;
}

export function catalogEntry(id: string, entry: { machine: AnyStateMachine; purpose: string }, model?: MachineModel): CatalogEntry {
  const { machine, purpose } = entry;
  const nodes = allStateNodes(machine);
  const events = new Set<string>();
  for (const node of nodes) for (const type of node.transitions.keys()) if (type && !type.startsWith('xstate.')) events.add(type);
  const full = stepModel(machine, model && model.machine === machine ? model : undefined);
  return {
    id,
    purpose,
    machine,
    model: full,
    inputs: modelInputs(full),
    states: nodes.filter((n) => n !== machine.root).map((n) => n.path.join('.')),
    events: [...events].sort(),
    transitions: inventory(machine).transitions.length,
  };
}

/** Every machine of the registry, in its order, with its test model if it has one. */
export function buildCatalog(
  registry: Record<string, { machine: AnyStateMachine; purpose: string }>,
  models: Record<string, MachineModel>,
): CatalogEntry[] {
  return Object.entries(registry).map(([id, entry]) => catalogEntry(id, entry, models[id]));
}

/**
 * Machines matching every word of the query in their id, purpose, state names or events
 * (case-insensitive); ids that start with the query come first.
 */
export function searchCatalog(entries: readonly CatalogEntry[], query: string): CatalogEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  const text = (e: CatalogEntry) => [e.id, e.purpose, ...e.states, ...e.events].join(' ').toLowerCase();
  const hits = entries.filter((e) => words.every((w) => text(e).includes(w)));
  const first = words[0];
  return [...hits.filter((e) => e.id.toLowerCase().startsWith(first)), ...hits.filter((e) => !e.id.toLowerCase().startsWith(first))];
}
