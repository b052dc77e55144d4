import { createActor, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import type { DiagramEdge, DiagramInvoke, EdgeKind } from './model';

/**
 * The words of a transition's event (`done: checkWithdrawal`, `after 60 s (invoicePoll)`) and of
 * an invoked actor, without the state graph: the explorer's coverage panel names transitions with
 * these and stays free of xstate/graph.
 */

type AnyTransition = AnyTransitionDefinition;

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

export type DelayOf = (name: string) => { ms?: number; computed?: boolean };

/** A named delay → its length: the number of `implementations.delays`, or the function run on the example's initial context. */
export function delayReader(machine: AnyStateMachine, options: ModelOptions): DelayOf {
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

function isMachine(logic: unknown): logic is { id: string; root: unknown } {
  return !!logic && typeof logic === 'object' && 'root' in logic && 'id' in logic;
}

/** Invoke definition → its src name (inline logic: the invoke's own id, else the child machine's id). */
export function toInvoke(machine: AnyStateMachine, sn: AnyStateNode, index: number): DiagramInvoke {
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

