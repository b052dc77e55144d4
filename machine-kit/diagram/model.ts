import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { actionLabel, guardName, visibleEntryExit } from './names';
import { delayReader, humaniseEvent, toInvoke, type DelayOf, type ModelOptions } from './event-text';

export { durationText, humaniseEvent, type ModelOptions } from './event-text';

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
