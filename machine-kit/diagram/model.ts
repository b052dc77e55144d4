import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { actionName, guardName, visibleEntryExit } from './names';

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

/** Event type → the words a diagram shows, and its kind. */
export function humaniseEvent(t: AnyTransition): { event: string; kind: EdgeKind } {
  const type = t.eventType;
  if (type === '') return { event: 'always', kind: 'always' };
  const delay = (t as AnyTransition & { delay?: string | number }).delay;
  if (type.startsWith('xstate.after.')) {
    const d = delay ?? type.slice('xstate.after.'.length).split('.')[0];
    return { event: `after ${typeof d === 'number' ? `${d}ms` : d}`, kind: 'after' };
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return { event: `${actor[1]}: ${invokeSrc(t.source, actor[2])}`, kind: actor[1] as 'done' | 'error' };
  if (type.startsWith('xstate.snapshot.')) {
    return { event: `snapshot: ${invokeSrc(t.source, type.slice('xstate.snapshot.'.length))}`, kind: 'snapshot' };
  }
  if (type.startsWith('xstate.done.state.')) return { event: 'done', kind: 'done' };
  return { event: type, kind: 'event' };
}

function toEdges(t: AnyTransition): DiagramEdge[] {
  const tid = transitionId(t);
  const { event, kind } = humaniseEvent(t);
  const targets: readonly AnyStateNode[] = t.target && t.target.length ? t.target : [t.source];
  const guard = t.guard === undefined ? undefined : guardName(t.guard);
  return targets.map((target, i) => ({
    id: i === 0 ? tid : `${tid}>${i}`,
    transitionId: tid,
    source: t.source.id,
    target: target.id,
    eventType: t.eventType,
    event,
    kind,
    ...(guard ? { guard } : {}),
    actions: t.actions.map(actionName),
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
export function buildModel(machine: AnyStateMachine): DiagramModel {
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
      entry: visibleEntryExit(sn.entry).map(actionName),
      exit: visibleEntryExit(sn.exit).map(actionName),
      invokes: sn.invoke.map((_, i) => toInvoke(machine, sn, i)),
      ...(sn.description ? { description: sn.description } : {}),
    });
    // the directed graph repeats each transition once per target; take each transition once
    const seen = new Set<AnyTransition>();
    for (const e of g.edges) {
      if (seen.has(e.transition)) continue;
      seen.add(e.transition);
      edges.push(...toEdges(e.transition));
    }
    for (const t of sn.always ?? []) edges.push(...toEdges(t));
    for (const type of sn.transitions.keys()) events.add(type);
    for (const c of g.children) visit(c, sn);
  };
  visit(toDirectedGraph(machine), null);
  return { id: machine.id, root: machine.root.id, nodes, edges, events: [...events].sort() };
}
