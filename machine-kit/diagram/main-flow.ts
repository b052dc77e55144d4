import type { DiagramModel } from './model';

/**
 * The main flow of a machine: the path a diagram lays out first (top left, straight down), so
 * that a machine opens on what usually happens, not on a resume or error branch. By default the
 * shortest path from the initial state to the machine's success state (a final state named like
 * `approved`, `done`, `success`); a hint names the states it must pass through where the shortest
 * way is a side branch (the cascade's shortest way to `approved` is the resume of a reloaded run).
 */
export interface MainFlowHint {
  /** states (keys under the root, `a.b` for nested) the main flow passes through, in order */
  via?: string[];
  /** the state it ends in (key under the root) */
  to?: string;
}

export const MAIN_FLOW_HINTS: Readonly<Record<string, MainFlowHint>> = {
  // a new payment: fraud check, the stack's first processor, its answer (not the resume of a reload)
  cascade: { via: ['checking'], to: 'approved' },
  // a request checked by the server, confirmed (not exchange mode's direct request)
  withdrawal: { via: ['checking', 'confirming'], to: 'done' },
  // a new invoice waited on and paid (not one already settled when the page opens)
  invoice: { via: ['starting', 'waiting.checking'], to: 'paid' },
};

const SUCCESS = /^(approved|success|succeeded|done|paid|complete|completed|finished|accepted|confirmed|sent|saved|signed|signedIn|loggedIn|ready|open|shown|answered)$/i;

/** Edges of the main flow, in order (drawn edge ids); empty when the machine has no reachable end state. */
export function mainFlow(model: DiagramModel, hint: MainFlowHint = MAIN_FLOW_HINTS[model.id] ?? {}): string[] {
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const key = (k: string) => `${model.root}.${k}`;
  // the initial leaf: follow initial children from the root
  let start = model.root;
  for (;;) {
    const child = byId.get(start)?.children.map((c) => byId.get(c)!).find((c) => c.initial);
    if (!child) break;
    start = child.id;
  }
  const finals = model.nodes.filter((n) => n.kind === 'final' && n.parent === model.root);
  const end = hint.to ? key(hint.to) : (finals.find((n) => SUCCESS.test(n.label)) ?? finals[0])?.id;
  if (!end) return [];
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let n = byId.get(id); n; n = n.parent ? byId.get(n.parent) : undefined) out.push(n.id);
    return out;
  };
  // an edge leaves a state when its source is the state or one of its ancestors; it enters its target
  const allMoves = model.edges.filter((e) => !e.internal && e.source !== e.target);
  // the main flow avoids failures (an actor's error) where it can
  const bfs = (from: string, to: string): string[] | null => bfsOver(allMoves.filter((e) => e.kind !== 'error'), from, to) ?? bfsOver(allMoves, from, to);
  const bfsOver = (moves: typeof allMoves, from: string, to: string): string[] | null => {
    const prev = new Map<string, { edge: string; from: string }>();
    const seen = new Set([from]);
    const queue = [from];
    while (queue.length) {
      const at = queue.shift()!;
      if (at === to || ancestors(at).includes(to)) {
        const path: string[] = [];
        for (let n = at; n !== from; n = prev.get(n)!.from) path.unshift(prev.get(n)!.edge);
        return path;
      }
      const up = new Set(ancestors(at));
      for (const e of moves) {
        if (!up.has(e.source) || seen.has(e.target)) continue;
        seen.add(e.target);
        prev.set(e.target, { edge: e.id, from: at });
        queue.push(e.target);
      }
    }
    return null;
  };
  const stops = [start, ...(hint.via ?? []).map(key), end];
  const path: string[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const leg = bfs(stops[i], stops[i + 1]);
    if (!leg) return [];
    path.push(...leg);
  }
  return path;
}

/** The states of the main flow, in order (the initial state first). */
export function mainFlowStates(model: DiagramModel, edges: readonly string[] = mainFlow(model)): string[] {
  const byId = new Map(model.edges.map((e) => [e.id, e]));
  const out: string[] = [];
  for (const id of edges) {
    const e = byId.get(id)!;
    for (const s of [e.source, e.target]) if (!out.includes(s)) out.push(s);
  }
  return out;
}
