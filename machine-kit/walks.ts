import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CoverageRecorder } from './coverage';
import { inventory } from './inventory';
import { replayPath } from './replay';
import { serializeSnapshot } from './serialize';
import { stepKey, type Traversal } from './traversal';
import type { PathStep, TestPath } from './types';

/**
 * Walks over the traversal's state graph, as GraphWalker's generators do: a seeded random walk and
 * a weighted one, each until a stop condition holds (`random(edge_coverage(100) or length(500))`).
 * A walk is an ordinary path (set `walk`): it replays on real actors like the generated ones.
 *
 * Stop conditions, combined with `|` (or) and `&` (and, binds tighter):
 *   edges>=80%         the walk has taken 80% of the machine's transitions
 *   states>=100%       it has entered every state node
 *   length>=500        500 events
 *   reached=<state id> it is in that state node (e.g. cascade.finalizing)
 *   time>=30s          the injected clock (ms) says 30 s passed since the start (also `ms`, `m`)
 * e.g. `edges>=100%|length>=500`, `reached=login.success&length>=20|length>=1000`.
 */

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type StopCondition =
  | { kind: 'edges' | 'states'; percent: number }
  | { kind: 'length'; steps: number }
  | { kind: 'reached'; state: string }
  | { kind: 'time'; ms: number };

/** any of the alternatives, each all of its conditions */
export type StopRule = StopCondition[][];

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

function parseCondition(text: string): StopCondition {
  const t = text.trim();
  let m = /^(edges|states)\s*>=\s*(\d+(?:\.\d+)?)%$/.exec(t);
  if (m) return { kind: m[1] as 'edges' | 'states', percent: Number(m[2]) };
  m = /^length\s*>=\s*(\d+)$/.exec(t);
  if (m) return { kind: 'length', steps: Number(m[1]) };
  m = /^reached\s*=\s*(\S+)$/.exec(t);
  if (m) return { kind: 'reached', state: m[1] };
  m = /^time\s*>=\s*(\d+(?:\.\d+)?)(ms|s|m)$/.exec(t);
  if (m) return { kind: 'time', ms: Number(m[1]) * UNITS[m[2]] };
  throw new Error(`stop condition "${t}": use edges>=N%, states>=N%, length>=N, reached=<state id>, time>=N(ms|s|m)`);
}

/** `edges>=100%|length>=500` → [[edges 100%], [length 500]] */
export function parseStop(text: string): StopRule {
  const rule = text.split('|').map((alt) => alt.split('&').map(parseCondition));
  if (!rule.length || rule.some((alt) => !alt.length)) throw new Error(`empty stop rule "${text}"`);
  return rule;
}

export function formatStop(rule: StopRule): string {
  const one = (c: StopCondition): string =>
    c.kind === 'length' ? `length>=${c.steps}` : c.kind === 'reached' ? `reached=${c.state}` : c.kind === 'time' ? `time>=${c.ms}ms` : `${c.kind}>=${c.percent}%`;
  return rule.map((alt) => alt.map(one).join('&')).join('|');
}

export interface WalkSpec {
  kind: 'random' | 'weighted';
  seed: number;
  /** weighted: weight per event type (`xstate.after.*` matches by prefix); 1 when not listed */
  weights?: Record<string, number>;
  /** weighted: an edge that takes a transition the walk has not yet taken weighs this many times more */
  untaken?: number;
}

/** `random:seed=7`, `weighted:seed=3,untaken=10,weight:submit=5,weight:xstate.after.*=0.1` */
export function parseWalk(text: string): WalkSpec {
  const [kind, rest = ''] = text.split(/:(.*)/s, 2);
  if (kind !== 'random' && kind !== 'weighted') throw new Error(`--walk "${text}": random:seed=N or weighted:seed=N[,untaken=K][,weight:<event type>=W]`);
  const spec: WalkSpec = { kind, seed: 1 };
  for (const part of rest.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    const key = part.slice(0, eq);
    const value = Number(part.slice(eq + 1));
    if (eq < 1 || !Number.isFinite(value) || value < 0) throw new Error(`--walk: "${part}" is not key=number`);
    if (key === 'seed') spec.seed = value;
    else if (kind === 'weighted' && key === 'untaken') spec.untaken = value;
    else if (kind === 'weighted' && key.startsWith('weight:')) spec.weights = { ...spec.weights, [key.slice(7)]: value };
    else throw new Error(`--walk: unknown setting "${key}" for ${kind} (seed${kind === 'weighted' ? ', untaken, weight:<event type>' : ''})`);
  }
  return spec;
}

export interface WalkOptions {
  stop: StopRule;
  /** milliseconds, for `time>=`; the CLI passes performance.now, tests a fake */
  now?: () => number;
  /** a bound whatever the rule says, so a rule that never holds cannot loop forever (default 10,000 events) */
  maxLength?: number;
  /** at a snapshot no event leaves (a final state), start again from an initial snapshot (default); false: stop there */
  restart?: boolean;
  /**
   * Only edges this accepts are walked (the UI-path runner: events its binding can cause, through
   * no transition it says the UI cannot make); a snapshot with none left is a dead end.
   * `transitions`: the transition ids the edge takes.
   */
  allow?: (event: AnyEventObject, from: AnyMachineSnapshot, transitions: ReadonlySet<string>) => boolean;
}

export interface Walk {
  /**
   * The walk as paths: one per start (a final state ends a path, the walk goes on from an initial
   * snapshot in a new path, as a tester starts the flow again). Each replays on a fresh actor.
   */
  paths: TestPath[];
  /** events in all */
  length: number;
  /** what ended it: the condition that held, `dead end` (no event leaves the snapshot, no restart) or `max length` */
  stoppedBy: string;
  /** transitions and state nodes the traversal recorded for the steps taken (the replay measures again) */
  transitions: Set<string>;
  states: Set<string>;
}

const INIT: AnyEventObject = { type: 'xstate.init' };

const starts = new WeakMap<Traversal, CoverageRecorder>();
/** the transitions and states entering the machine covers, from a real actor (fakes for its actors) */
function startCover(tr: Traversal): CoverageRecorder {
  let rec = starts.get(tr);
  if (!rec) {
    rec = new CoverageRecorder();
    replayPath({ machine: tr.machine }, { set: 'walk', input: tr.input, steps: [{ event: INIT, state: tr.initial }] }, rec);
    starts.set(tr, rec);
  }
  return rec;
}

function weightOf(type: string, weights: Record<string, number> | undefined): number {
  if (!weights) return 1;
  if (type in weights) return weights[type];
  for (const [pattern, w] of Object.entries(weights)) if (pattern.endsWith('*') && type.startsWith(pattern.slice(0, -1))) return w;
  return 1;
}

/**
 * One walk over the traversals' graphs (one per model input; a start picks one at random) until
 * the stop rule holds: each step picks one of the events that leave the snapshot, evenly (random)
 * or by weight (weighted).
 */
export function walk(traversals: Traversal | Traversal[], spec: WalkSpec, options: WalkOptions): Walk {
  const trs = Array.isArray(traversals) ? traversals : [traversals];
  if (!trs.length) throw new Error('walk: no traversal');
  const random = seededRandom(spec.seed);
  const now = options.now ?? (() => 0);
  const started = now();
  const inv = inventory(trs[0].machine);
  const allTransitions = new Set(inv.transitions);
  const allStates = new Set(inv.states);
  const transitions = new Set<string>();
  const states = new Set<string>();
  const maxLength = options.maxLength ?? 10_000;
  const pct = (part: number, whole: number) => (whole === 0 ? 100 : (100 * part) / whole);
  const paths: TestPath[] = [];
  let length = 0;
  let tr = trs[0];
  let steps: PathStep[] = [];
  /** starts whose initial snapshot no event leaves (an input that ends at once): not chosen again */
  const deadStarts = new Set<Traversal>();
  const begin = (): boolean => {
    const live = trs.filter((t) => !deadStarts.has(t));
    if (!live.length) return false;
    tr = live.length === 1 ? live[0] : live[Math.floor(random() * live.length)];
    steps = [{ event: INIT, state: tr.initial }];
    paths.push({ set: 'walk', input: tr.input, steps });
    // what starting covers (eventless transitions taken on the way in): measured once per start
    const first = startCover(tr);
    first.transitions.forEach((id) => transitions.add(id));
    first.states.forEach((id) => states.add(id));
    return true;
  };
  begin();

  const holds = (c: StopCondition): boolean => {
    switch (c.kind) {
      case 'edges':
        return pct(transitions.size, allTransitions.size) >= c.percent;
      case 'states':
        return pct(states.size, allStates.size) >= c.percent;
      case 'length':
        return length >= c.steps;
      case 'reached':
        return steps[steps.length - 1].state._nodes.some((n) => n.id === c.state);
      case 'time':
        return now() - started >= c.ms;
    }
  };
  const end = (stoppedBy: string): Walk => ({ paths, length, stoppedBy, transitions, states });

  for (;;) {
    const alt = options.stop.find((all) => all.every(holds));
    if (alt) return end(formatStop([alt]));
    if (length >= maxLength) return end('max length');
    const from = steps[steps.length - 1].state;
    const allow = options.allow;
    const edges = Object.values(tr.adjacency[serializeSnapshot(from)]?.transitions ?? {}).filter(
      (e) => !allow || allow(e.event, from, tr.covered.get(stepKey(from, e.event)) ?? new Set<string>()),
    );
    if (!edges.length) {
      if (steps.length === 1) deadStarts.add(tr);
      if (options.restart === false || !begin()) return end('dead end');
      continue;
    }
    const taken = edges.map((e) => tr.covered.get(stepKey(from, e.event)) ?? new Set<string>());
    let chosen = 0;
    if (spec.kind === 'random') chosen = Math.floor(random() * edges.length);
    else {
      const weights = edges.map((e, i) => {
        const fresh = [...taken[i]].some((id) => allTransitions.has(id) && !transitions.has(id));
        return weightOf(e.event.type, spec.weights) * (fresh ? (spec.untaken ?? 1) : 1);
      });
      const total = weights.reduce((a, b) => a + b, 0);
      // all weigh nothing: pick evenly rather than stall
      let r = random() * (total > 0 ? total : edges.length);
      chosen = edges.length - 1;
      for (let i = 0; i < edges.length; i++) {
        r -= total > 0 ? weights[i] : 1;
        if (r < 0) {
          chosen = i;
          break;
        }
      }
    }
    const edge = edges[chosen];
    for (const id of taken[chosen]) {
      if (allTransitions.has(id)) transitions.add(id);
      else if (allStates.has(id)) states.add(id);
    }
    steps.push({ event: edge.event, state: edge.state });
    length++;
  }
}
