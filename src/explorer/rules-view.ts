import { buildModel } from '../../machine-kit/diagram/model';
import type { CatalogEntry } from './catalog';
import { rules, type Rule } from './rules';

export interface MachineRules {
  rules: Rule[];
  /** rule id → the transitions (coverage ids) that read it, in diagram order */
  uses: Map<string, string[]>;
  /** every transition that reads a rule */
  ruled: string[];
}

let all: Rule[] | undefined;
const cache = new Map<string, MachineRules>();

/** The rule tables shown on machine `id`, and which of its transitions read each (loaded with the Rules tab and the diagram's marks). */
export function machineRules(catalog: readonly CatalogEntry[], id: string): MachineRules {
  const hit = cache.get(id);
  if (hit) return hit;
  all ??= rules(Object.fromEntries(catalog.map((e) => [e.id, e])));
  const entry = catalog.find((e) => e.id === id);
  const mine = all.filter((r) => r.machine === id);
  const uses = new Map<string, string[]>();
  if (entry && mine.length) {
    const edges = buildModel(entry.machine).edges;
    for (const r of mine) uses.set(r.id, [...new Set(edges.filter(r.uses).map((e) => e.transitionId))]);
  }
  const out = { rules: mine, uses, ruled: [...new Set([...uses.values()].flat())] };
  cache.set(id, out);
  return out;
}
