import type { AnyStateMachine } from 'xstate';
import { allStateNodes, inventory } from '../../machine-kit/inventory';
import type { MachineModel } from '../../machine-kit/types';
import { modelInputs, stepModel } from './step-engine';

/** One machine as the explorer lists it. */
export interface CatalogEntry {
  id: string;
  purpose: string;
  /** the purpose in each language the explorer has (English is `purpose`) */
  purposes: Partial<Record<string, string>>;
  machine: AnyStateMachine;
  /** what step mode runs it with: the test model, completed with default actor outcomes */
  model: MachineModel;
  /** the machine's own test model (machines/models.ts), when it has one: shortest paths come from it */
  testModel?: MachineModel;
  /** the inputs it can start from: the test model's, then (at `examples`) one the analyst typed */
  inputs: unknown[];
  /** how many of `inputs` are the model's examples */
  examples: number;
  /** every state node, the root included: the same count as the coverage report's states.total */
  stateCount: number;
  /** state paths without the machine id: `platformLogin`, `listening.waiting` */
  states: string[];
  /** the event types a caller sends (no timers, actor results or eventless transitions) */
  events: string[];
  transitions: number;
}

export function catalogEntry(id: string, entry: { machine: AnyStateMachine; purpose: string }, model?: MachineModel, translated: Partial<Record<string, string>> = {}): CatalogEntry {
  const { machine, purpose } = entry;
  const nodes = allStateNodes(machine);
  const events = new Set<string>();
  for (const node of nodes) for (const type of node.transitions.keys()) if (type && !type.startsWith('xstate.')) events.add(type);
  const own = model && model.machine === machine ? model : undefined;
  const full = stepModel(machine, own);
  const inputs = modelInputs(full);
  const inv = inventory(machine);
  return {
    id,
    purpose,
    purposes: { ...translated, en: purpose },
    machine,
    model: full,
    ...(own ? { testModel: own } : {}),
    inputs: [...inputs],
    examples: inputs.length,
    stateCount: inv.states.length,
    states: nodes.filter((n) => n !== machine.root).map((n) => n.path.join('.')),
    events: [...events].sort(),
    transitions: inv.transitions.length,
  };
}

/** Every machine of the registry, in its order, with its test model if it has one. */
export function buildCatalog(
  registry: Record<string, { machine: AnyStateMachine; purpose: string }>,
  models: Record<string, MachineModel>,
  /** language → machine id → purpose (machines/descriptions.ru.ts) */
  purposes: Record<string, Record<string, string>> = {},
): CatalogEntry[] {
  return Object.entries(registry).map(([id, entry]) =>
    catalogEntry(id, entry, models[id], Object.fromEntries(Object.entries(purposes).flatMap(([lang, byId]) => (byId[id] ? [[lang, byId[id]]] : [])))),
  );
}

/** The purposes in other languages, each its own chunk, loaded with that language. */
export const purposeLoaders: Record<string, () => Promise<Record<string, string>>> = {
  ru: () => import('../../machines/descriptions.ru').then((m) => m.purposesRu),
};

/** Adds the machines' purposes in `lang` to the catalog (nothing for English or an unknown language). */
export async function loadPurposes(catalog: readonly CatalogEntry[], lang: string, loaders = purposeLoaders): Promise<void> {
  const load = loaders[lang];
  if (!load) return;
  const byId = await load();
  for (const e of catalog) if (byId[e.id]) e.purposes[lang] = byId[e.id];
}

/** The machine's purpose in `lang`, English when it has none in that language. */
export const purposeIn = (entry: CatalogEntry, lang: string): string => entry.purposes[lang] ?? entry.purpose;

/**
 * Machines matching every word of the query in their id, purpose, state names or events
 * (case-insensitive); ids that start with the query come first.
 */
export function searchCatalog(entries: readonly CatalogEntry[], query: string): CatalogEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  const text = (e: CatalogEntry) => [e.id, ...Object.values(e.purposes), ...e.states, ...e.events].join(' ').toLowerCase();
  const hits = entries.filter((e) => words.every((w) => text(e).includes(w)));
  const first = words[0];
  return [...hits.filter((e) => e.id.toLowerCase().startsWith(first)), ...hits.filter((e) => !e.id.toLowerCase().startsWith(first))];
}
