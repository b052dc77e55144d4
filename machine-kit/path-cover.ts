import type { InspectionEvent } from 'xstate';
import { CoverageRecorder } from './coverage';
import { transitionId } from './inventory';
import { serializeEvent, stableJson } from './serialize';
import type { PathResult, TestPath } from './types';

/**
 * The paths in a fixed order, so `<machine>#<n>` names the same path on every run of the same
 * model: by input (in the order the inputs come), then shorter first, then by their events.
 */
export function sortPaths(paths: TestPath[]): TestPath[] {
  const inputOrder = new Map<string, number>();
  const keyed = paths.map((path) => {
    const input = stableJson(path.input ?? null);
    if (!inputOrder.has(input)) inputOrder.set(input, inputOrder.size);
    return { path, input: inputOrder.get(input)!, events: path.steps.slice(1).map((s) => serializeEvent(s.event)).join('\n') };
  });
  keyed.sort((a, b) => a.input - b.input || a.path.steps.length - b.path.steps.length || (a.events < b.events ? -1 : a.events > b.events ? 1 : 0));
  return keyed.map((k) => k.path);
}

/** `cascade#17` → { machine: 'cascade', n: 17 }; undefined when it is not such a name */
export function parsePathName(name: string): { machine: string; n: number } | undefined {
  const m = /^([^#\s]+)#(\d+)$/.exec(name.trim());
  if (!m || Number(m[2]) < 1) return undefined;
  return { machine: m[1], n: Number(m[2]) };
}

/** What a path covers that the paths before it did not. */
export interface Added {
  name: string;
  states: string[];
  transitions: string[];
}

const items = (r: PathResult): string[] => [...(r.transitions ?? []).map((t) => `t ${t}`), ...(r.states ?? []).map((s) => `s ${s}`)];

/** For each result in the given order: the transitions and states it covers that no earlier one covered. */
export function additions(results: PathResult[]): Added[] {
  const seen = new Set<string>();
  return results.map((r, i) => {
    const added: Added = { name: r.name ?? `#${i + 1}`, states: [], transitions: [] };
    for (const t of r.transitions ?? []) if (!seen.has(`t ${t}`)) added.transitions.push(t);
    for (const s of r.states ?? []) if (!seen.has(`s ${s}`)) added.states.push(s);
    items(r).forEach((k) => seen.add(k));
    return added;
  });
}

/**
 * A minimal set of the replayed paths that covers every transition and state they cover together:
 * greedy (each round the path that adds the most, the lower number on a tie), then any picked path
 * the others make redundant is dropped. In the order picked: the first covers the most.
 */
export function minimalCover(results: PathResult[]): PathResult[] {
  const sets = results.map((r) => new Set(items(r)));
  const covered = new Set<string>();
  const picked: number[] = [];
  for (;;) {
    let best = -1;
    let gain = 0;
    sets.forEach((set, i) => {
      let g = 0;
      for (const k of set) if (!covered.has(k)) g++;
      if (g > gain) [best, gain] = [i, g];
    });
    if (best < 0) break;
    picked.push(best);
    sets[best].forEach((k) => covered.add(k));
  }
  // drop a pick whose every item another pick also covers (latest picks first: they add least)
  const kept = new Set(picked);
  for (const i of [...picked].reverse()) {
    const others = new Set<string>();
    for (const j of kept) if (j !== i) sets[j].forEach((k) => others.add(k));
    if ([...sets[i]].every((k) => others.has(k))) kept.delete(i);
  }
  return picked.filter((i) => kept.has(i)).map((i) => results[i]);
}

/** `+3 transitions: a, b, c; +1 state: x` (or `adds nothing new`) */
export function formatAdded(added: Added, max = 6): string {
  const list = (ids: string[]) => (ids.length > max ? `${ids.slice(0, max).join(', ')}, … ${ids.length - max} more` : ids.join(', '));
  const parts = [
    added.transitions.length ? `+${added.transitions.length} transition${added.transitions.length === 1 ? '' : 's'}: ${list(added.transitions)}` : '',
    added.states.length ? `+${added.states.length} state${added.states.length === 1 ? '' : 's'}: ${list(added.states)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'adds nothing new';
}

/**
 * A coverage recorder that also keeps, per event the machine received, the transitions it took:
 * `steps[0]` is the start, then one entry per path step (for `--path`'s step listing).
 */
export class StepRecorder extends CoverageRecorder {
  readonly steps: string[][] = [[]];

  protected override recordEvent(ev: InspectionEvent): void {
    super.recordEvent(ev);
    if (ev.actorRef.sessionId !== ev.rootId) return;
    if (ev.type === '@xstate.event' && ev.event.type !== 'xstate.init') this.steps.push([]);
    if (ev.type === '@xstate.microstep') for (const t of ev._transitions) this.steps[this.steps.length - 1].push(transitionId(t));
  }
}

/**
 * Greedy set cover over candidate paths: repeatedly the one taking the most transitions not yet
 * covered (the shorter on a tie), until none adds any or `max` are picked. The UI-path runner and
 * the Playwright export pick their sets with it.
 */
export function greedyCover<T extends { path: TestPath; transitions: ReadonlySet<string> }>(candidates: readonly T[], max = Infinity): { picked: T[]; covered: Set<string> } {
  const covered = new Set<string>();
  const picked: T[] = [];
  while (picked.length < max) {
    let best: T | undefined;
    let gain = 0;
    for (const c of candidates) {
      let g = 0;
      for (const t of c.transitions) if (!covered.has(t)) g++;
      if (g > gain || (g === gain && g > 0 && best && c.path.steps.length < best.path.steps.length)) {
        best = c;
        gain = g;
      }
    }
    if (!best || gain === 0) break;
    picked.push(best);
    best.transitions.forEach((t) => covered.add(t));
  }
  return { picked, covered };
}
