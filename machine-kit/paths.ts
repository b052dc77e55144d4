import { getShortestPaths } from 'xstate/graph';
import type { AnyEventObject } from 'xstate';
import { serializeEvent, serializeSnapshot } from './serialize';
import { stepKey, type Traversal } from './traversal';
import type { PathSetName, PathStep, TestPath } from './types';

const INIT: AnyEventObject = { type: 'xstate.init' };

/** shortest path to every reachable snapshot (value + context), keyed by that snapshot */
export function shortestPaths(tr: Traversal): Map<string, PathStep[]> {
  const byState = new Map<string, PathStep[]>();
  for (const p of getShortestPaths(tr.logic, tr.options)) {
    byState.set(serializeSnapshot(p.state), p.steps.map((s) => ({ event: s.event, state: s.state })));
  }
  return byState;
}

/**
 * Edge cover: for every (snapshot, event) pair of the graph, the shortest path to the snapshot plus
 * that edge. This is what reaches transitions back into a snapshot already reached (a retry).
 */
export function edgePaths(tr: Traversal, shortest: Map<string, PathStep[]>): PathStep[][] {
  const out: PathStep[][] = [];
  for (const [key, adj] of Object.entries(tr.adjacency)) {
    const head = shortest.get(key);
    if (!head) continue;
    for (const { event, state } of Object.values(adj.transitions)) out.push([...head, { event, state }]);
  }
  return out;
}

/** Simple paths (no snapshot twice), depth first, at most `maxPaths` of them and `maxLength` events long. */
export function simplePaths(tr: Traversal, maxPaths = 2_000, maxLength = 30): PathStep[][] {
  const out: PathStep[][] = [];
  const onPath = new Set<string>();
  const visit = (key: string, steps: PathStep[]): void => {
    if (out.length >= maxPaths) return;
    out.push(steps);
    if (steps.length > maxLength) return;
    onPath.add(key);
    for (const { event, state } of Object.values(tr.adjacency[key]?.transitions ?? {})) {
      const next = serializeSnapshot(state);
      if (!onPath.has(next)) visit(next, [...steps, { event, state }]);
    }
    onPath.delete(key);
  };
  visit(serializeSnapshot(tr.initial), [{ event: INIT, state: tr.initial }]);
  return out;
}

/**
 * Cover: the fewest edge paths, picked greedily shortest first, that together take every
 * transition and enter every state node the whole edge cover does (what each step covers comes
 * from the traversal: `Traversal.covered`). A step the traversal did not record keeps its path,
 * so nothing is dropped on a guess. `npm test` replays this set; `npm run test:model` replays
 * the whole edge cover. Either way the coverage that counts is measured on replay.
 */
export function coverPaths(tr: Traversal, shortest: Map<string, PathStep[]>): PathStep[][] {
  const candidates = [...shortest.values(), ...edgePaths(tr, shortest)].sort((a, b) => a.length - b.length);
  const seen = new Set<string>();
  const out: PathStep[][] = [];
  const stepsOf = (steps: PathStep[]) => steps.slice(1).map((step, i) => tr.covered.get(stepKey(steps[i]!.state, step.event)));
  for (const steps of candidates) {
    const covers = stepsOf(steps);
    // the first (the initial snapshot alone) stands for what entering the machine covers
    if (out.length > 0 && !covers.some((ids) => !ids || [...ids].some((id) => !seen.has(id)))) continue;
    out.push(steps);
    for (const ids of covers) ids?.forEach((id) => seen.add(id));
  }
  return out;
}

/** Drops every path whose events are a prefix of another path's events from the same input (it replays inside the longer one). */
export function dedupe(paths: TestPath[]): TestPath[] {
  interface Trie { next: Map<string, Trie> }
  const root: Trie = { next: new Map() };
  // paths from different inputs never contain each other: the input is the first key
  const keyed = paths.map((path, index) => ({ path, index, events: [JSON.stringify(path.input ?? null), ...path.steps.slice(1).map((s) => serializeEvent(s.event))] }));
  const longestFirst = [...keyed].sort((a, b) => b.events.length - a.events.length || a.index - b.index);
  const kept = new Set<number>();
  for (const k of longestFirst) {
    let node: Trie | undefined = root;
    for (const e of k.events) node = node?.next.get(e);
    if (node) continue; // already inside a longer (or equal) path
    kept.add(k.index);
    let at = root;
    for (const e of k.events) {
      let child = at.next.get(e);
      if (!child) at.next.set(e, (child = { next: new Map() }));
      at = child;
    }
  }
  return keyed.filter((k) => kept.has(k.index)).map((k) => k.path);
}

/** The requested path sets, merged and deduplicated. */
export function generatePaths(tr: Traversal, sets: PathSetName[]): TestPath[] {
  const shortest = shortestPaths(tr);
  const all: TestPath[] = [];
  for (const set of sets) {
    const steps =
      set === 'shortest' ? [...shortest.values()] : set === 'edge' ? edgePaths(tr, shortest) : set === 'cover' ? coverPaths(tr, shortest) : simplePaths(tr);
    all.push(...steps.map((s) => ({ set, input: tr.input, steps: s })));
  }
  return dedupe(all);
}
