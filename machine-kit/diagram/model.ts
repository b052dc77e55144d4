import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { createActor } from 'xstate';
import { actionLabel, guardName, visibleEntryExit } from './names';

/**
 * Layout-independent diagram model of one machine. Pure: no Node APIs, so the
 * browser explorer can reuse it.
 */
export type NodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type EdgeKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot';

export interface DiagramNode {
  /** the state node id, e.g. `cascade.listening.waiting` */
  id: string;
  label: string;
  kind: NodeKind;
  parent: string | null;
  /** child ids in document order */
  children: string[];
  /** the initial child of its compound parent */
  initial: boolean;
  /** a region of a parallel state */
  region: boolean;
  history?: 'shallow' | 'deep';
  entry: string[];
  exit: string[];
  /** the actors this state invokes; `machine` is the child machine's id when the src is a machine */
  invokes: DiagramInvoke[];
  description?: string;
}

export interface DiagramInvoke {
  id: string;
  src: string;
  machine?: string;
}

export interface DiagramEdge {
  /** unique per drawn edge: the transition id, plus `>n` for the n-th extra target */
  id: string;
  /** `<sourceStateId>:<eventType>:<index>` as the coverage runner counts it, see {@link transitionId} */
  transitionId: string;
  source: string;
  target: string;
  /** the raw event type ('' for always) */
  eventType: string;
  /** humanised event: `after listenInterval`, `done: startProcessor`, `always` */
  event: string;
  kind: EdgeKind;
  guard?: string;
  /** the named guard's type (`isOutcome`), for the rule tables that explain it; '' for inline or combined guards */
  guardType?: string;
  /** a delayed transition: the delay's name (if named) and its length in ms (for a delay computed from the context: on the model's first example input) */
  delay?: { name?: string; ms?: number; computed?: boolean };
  actions: string[];
  /** no target: actions only, the state is neither exited nor entered */
  internal: boolean;
  reenter: boolean;
}

export interface DiagramModel {
  id: string;
  root: string;
  /** every state node, document order (parents before children) */
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /** every event type the machine accepts (raw), sorted */
  events: string[];
}

type AnyTransition = AnyTransitionDefinition;

/**
 * The id the diagram and the coverage runner (machine-kit/inventory.ts) share for one
 * transition: `<sourceStateId>:<eventType>:<index>`, eventless ones as `always`, index = position
 * among the source's guarded alternatives for that event (`source.always` for eventless ones).
 */
export function transitionId(t: AnyTransition): string {
  const source = t.source;
  const always = t.eventType === '';
  const list: readonly AnyTransition[] = always ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  return `${source.id}:${always ? 'always' : t.eventType}:${index < 0 ? '?' : index}`;
}

function invokeSrc(node: AnyStateNode, invokeId: string): string {
  const index = node.invoke.findIndex((i) => i.id === invokeId);
  return index < 0 ? invokeId : toInvoke(node.machine, node, index).src;
}

/** `60 s`, `6 s`, `1 h`, `1.5 s`, `250 ms`, `2 min 30 s`: a delay as a person says it. */
export function durationText(raw: number): string {
  const ms = raw >= 10_000 ? Math.round(raw / 1000) * 1000 : raw;
  if (ms < 1000) return `${ms} ms`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms > 120_000 && ms % 1000 === 0) return `${Math.floor(ms / 60_000)} min ${(ms % 60_000) / 1000} s`;
  return `${Math.round(ms / 100) / 10} s`;
}

/** What the diagram needs to know of a run to read delays computed from the context. */
export interface ModelOptions {
  /** an example input (the test model's first): a delay computed from the context is shown with its length for it */
  input?: unknown;
}

type DelayOf = (name: string) => { ms?: number; computed?: boolean };

/** A named delay → its length: the number of `implementations.delays`, or the function run on the example's initial context. */
function delayReader(machine: AnyStateMachine, options: ModelOptions): DelayOf {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  let context: unknown;
  let contextRead = false;
  const initialContext = (): unknown => {
    if (!contextRead) {
      contextRead = true;
      try {
        context = createActor(machine, { input: options.input }).getSnapshot().context;
      } catch {
        context = undefined;
      }
    }
    return context;
  };
  return (name) => {
    const d = delays[name];
    if (typeof d === 'number') return { ms: d };
    if (typeof d !== 'function') return {};
    if (!('input' in options)) return { computed: true };
    try {
      const ms: unknown = (d as (arg: unknown) => unknown)({ context: initialContext(), event: { type: 'xstate.init', input: options.input } });
      return typeof ms === 'number' && Number.isFinite(ms) ? { ms, computed: true } : { computed: true };
    } catch {
      return { computed: true };
    }
  };
}

/** `after 60 s (invoicePoll)`, `after untilDeadline (e.g. 120 s)`: the length first, the name for finding it in the code. */
function afterText(delay: NonNullable<DiagramEdge['delay']>): string {
  if (delay.computed) return `after ${delay.name ?? 'delay'}${delay.ms === undefined ? '' : ` (e.g. ${durationText(delay.ms)})`}`;
  if (delay.ms === undefined) return `after ${delay.name ?? '?'}`;
  return `after ${durationText(delay.ms)}${delay.name ? ` (${delay.name})` : ''}`;
}

/** Event type → the words a diagram shows, and its kind. */
export function humaniseEvent(t: AnyTransition, delayOf: DelayOf = () => ({})): { event: string; kind: EdgeKind; delay?: DiagramEdge['delay'] } {
  const type = t.eventType;
  if (type === '') return { event: 'always', kind: 'always' };
  const raw = (t as AnyTransition & { delay?: string | number }).delay;
  if (type.startsWith('xstate.after.')) {
    const d = raw ?? type.slice('xstate.after.'.length).split('.')[0];
    const numeric = typeof d === 'number' || /^\d+$/.test(d);
    const delay = numeric ? { ms: Number(d) } : { name: d, ...delayOf(d) };
    return { event: afterText(delay), kind: 'after', delay };
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return { event: `${actor[1]}: ${invokeSrc(t.source, actor[2])}`, kind: actor[1] as 'done' | 'error' };
  if (type.startsWith('xstate.snapshot.')) {
    return { event: `snapshot: ${invokeSrc(t.source, type.slice('xstate.snapshot.'.length))}`, kind: 'snapshot' };
  }
  if (type.startsWith('xstate.done.state.')) return { event: 'done', kind: 'done' };
  return { event: type, kind: 'event' };
}

/** The type of a named guard (`'isCase'`, `{ type: 'isCase', params }`); '' for inline functions and combinators. */
function guardTypeOf(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return '';
}

/** The last unguarded alternative of guarded ones reads `[else]`, so arrows of one event are told apart. */
function isElse(t: AnyTransition): boolean {
  if (t.guard !== undefined) return false;
  const always = t.eventType === '';
  const list: readonly AnyTransition[] = always ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return list.length > 1 && list.indexOf(t) > 0 && list.slice(0, list.indexOf(t)).some((o) => o.guard !== undefined);
}

function toEdges(t: AnyTransition, delayOf: DelayOf): DiagramEdge[] {
  const tid = transitionId(t);
  const { event, kind, delay } = humaniseEvent(t, delayOf);
  const targets: readonly AnyStateNode[] = t.target && t.target.length ? t.target : [t.source];
  const guard = t.guard === undefined ? (isElse(t) ? 'else' : undefined) : guardName(t.guard);
  const guardType = guardTypeOf(t.guard);
  return targets.map((target, i) => ({
    id: i === 0 ? tid : `${tid}>${i}`,
    transitionId: tid,
    source: t.source.id,
    target: target.id,
    eventType: t.eventType,
    event,
    kind,
    ...(guard ? { guard } : {}),
    ...(guardType ? { guardType } : {}),
    ...(delay ? { delay } : {}),
    actions: t.actions.map(actionLabel),
    internal: !t.target || t.target.length === 0,
    reenter: t.reenter,
  }));
}

function isMachine(logic: unknown): logic is { id: string; root: unknown } {
  return !!logic && typeof logic === 'object' && 'root' in logic && 'id' in logic;
}

/** Invoke definition → its src name (inline logic: the invoke's own id, else the child machine's id). */
function toInvoke(machine: AnyStateMachine, sn: AnyStateNode, index: number): DiagramInvoke {
  const def = sn.invoke[index];
  const src = String(def.src);
  const inline = src.startsWith('xstate.invoke.');
  const configs: unknown[] = [sn.config.invoke ?? []].flat();
  const logic: unknown = inline ? (configs[index] as { src?: unknown } | undefined)?.src : machine.implementations.actors[src];
  const child = isMachine(logic) ? logic.id : undefined;
  const ownId = (configs[index] as { id?: unknown } | undefined)?.id;
  const name = inline ? (typeof ownId === 'string' ? ownId : (child ?? 'inline actor')) : src;
  return { id: def.id, src: name, ...(child ? { machine: child } : {}) };
}

/** Machine → diagram model. `toDirectedGraph` gives the tree and the event edges; the rest comes from the state nodes. */
export function buildModel(machine: AnyStateMachine, options: ModelOptions = {}): DiagramModel {
  const delayOf = delayReader(machine, options);
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  const events = new Set<string>();

  const visit = (g: DirectedGraphNode, parent: AnyStateNode | null): void => {
    const sn = g.stateNode as AnyStateNode;
    const initialTargets: readonly AnyStateNode[] = parent?.type === 'compound' ? (parent.initial?.target ?? []) : [];
    nodes.push({
      id: sn.id,
      label: parent ? sn.key : machine.id,
      kind: sn.type as NodeKind,
      parent: parent ? parent.id : null,
      children: g.children.map((c) => c.id),
      initial: initialTargets.some((t) => t.id === sn.id),
      region: parent?.type === 'parallel',
      ...(sn.type === 'history' ? { history: sn.history === 'deep' ? 'deep' : 'shallow' } : {}),
      entry: visibleEntryExit(sn.entry).map(actionLabel),
      exit: visibleEntryExit(sn.exit).map(actionLabel),
      invokes: sn.invoke.map((_, i) => toInvoke(machine, sn, i)),
      ...(sn.description ? { description: sn.description } : {}),
    });
    // the directed graph repeats each transition once per target; take each transition once
    const seen = new Set<AnyTransition>();
    for (const e of g.edges) {
      if (seen.has(e.transition)) continue;
      seen.add(e.transition);
      edges.push(...toEdges(e.transition, delayOf));
    }
    for (const t of sn.always ?? []) edges.push(...toEdges(t, delayOf));
    for (const type of sn.transitions.keys()) events.add(type);
    for (const c of g.children) visit(c, sn);
  };
  visit(toDirectedGraph(machine), null);
  return { id: machine.id, root: machine.root.id, nodes, edges, events: [...events].sort() };
}
