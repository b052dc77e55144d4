import { __unsafe_getAllOwnEventDescriptors, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { serializeEvent, serializeSnapshot } from './serialize';
import type { ActorCase, MachineModel } from './types';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
/** raised by XState itself, never sent from outside */
const INTERNAL = ['xstate.done.state.', 'xstate.snapshot.', 'xstate.init', 'xstate.stop'];

/** invoke id → src name, for the invokes of the active state nodes */
export function activeInvokes(snapshot: AnyMachineSnapshot): Map<string, string> {
  const map = new Map<string, string>();
  for (const node of snapshot._nodes) {
    for (const def of node.invoke) map.set(def.id, typeof def.src === 'string' ? def.src : def.id);
  }
  return map;
}

function matchesWildcard(type: string, descriptor: string): boolean {
  if (descriptor === '*') return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}

/** every event type some callback actor of the model may send back */
function emittedTypes(model: MachineModel): Set<string> {
  return new Set(Object.values(model.emitted ?? {}).flatMap((cases) => cases.map((e) => e.type)));
}

/** the running child `invokeId` of a snapshot: its src name and the input it was started with */
export function runningActor(snapshot: AnyMachineSnapshot, invokeId: string): { src: string; input: unknown } | undefined {
  const ref = (snapshot.children as Record<string, unknown>)[invokeId] as { src?: unknown; options?: { input?: unknown } } | undefined;
  if (!ref) return undefined;
  const src = typeof ref.src === 'string' ? ref.src : (activeInvokes(snapshot).get(invokeId) ?? invokeId);
  return { src, input: ref.options?.input };
}

/** may this case happen for an actor started with `input`? (a case without `when` always may) */
export const caseAllows = (c: ActorCase, input: unknown): boolean => c.when === undefined || c.when(input);

export interface EventSourceOptions {
  /** offer only outcomes whose `when` allows the running actor's input (default true; false: every case, as before outcomes were tied) */
  feasibleOnly?: boolean;
}

export interface EventSource {
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /** actor srcs the traversal needed but the model gives no outcome for */
  missingActorCases: Set<string>;
  /** the outcomes not offered because the running actor cannot produce them: `<snapshot> <event>`, each once */
  dropped: Set<string>;
  /** the same outcomes, for the snapshot given: what `events` left out (step mode's "force") */
  infeasible: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
}

/**
 * The events to try in a snapshot: what its active state nodes listen to, each expanded into
 * the model's cases (user payloads, actor outputs and errors, callback events); delayed events as is.
 */
export function eventSource(model: MachineModel, { feasibleOnly = true }: EventSourceOptions = {}): EventSource {
  const missingActorCases = new Set<string>();
  const dropped = new Set<string>();
  const childTypes = emittedTypes(model);
  const userCases = (type: string): AnyEventObject[] =>
    (model.events?.[type] ?? [{}]).map((payload) => ({ ...payload, type }));

  const collect = (snapshot: AnyMachineSnapshot, left: AnyEventObject[] | null): AnyEventObject[] => {
    const invokes = activeInvokes(snapshot);
    const out: AnyEventObject[] = [];
    const descriptors = __unsafe_getAllOwnEventDescriptors(snapshot) as string[];
    for (const d of descriptors) {
      if (INTERNAL.some((p) => d.startsWith(p))) continue;
      if (d.startsWith(DONE) || d.startsWith(ERROR)) {
        const done = d.startsWith(DONE);
        const invokeId = d.slice((done ? DONE : ERROR).length);
        const src = invokes.get(invokeId);
        if (src === undefined) continue;
        const cases = model.actors?.[src];
        if (!cases) missingActorCases.add(src);
        const input = runningActor(snapshot, invokeId)?.input;
        for (const c of cases ?? []) {
          const event = done && 'output' in c ? { type: d, output: c.output } : !done && 'error' in c ? { type: d, error: c.error } : null;
          if (!event) continue;
          if (!feasibleOnly || caseAllows(c, input)) out.push(event);
          else if (left) left.push(event);
          else dropped.add(`${serializeSnapshot(snapshot)} ${serializeEvent(event)}`);
        }
      } else if (d.startsWith(AFTER)) {
        out.push({ type: d });
      } else if (d === 'xstate.route') {
        for (const t of snapshot.machine.root.transitions.get(d) ?? []) {
          for (const target of t.target ?? []) out.push({ type: d, to: `#${target.id}` });
        }
      } else if (d.includes('*')) {
        // not concrete: only the model's listed event types that it matches
        for (const type of Object.keys(model.events ?? {})) {
          if (!descriptors.includes(type) && matchesWildcard(type, d)) out.push(...userCases(type));
        }
      } else if (childTypes.has(d)) {
        for (const [, src] of invokes) {
          for (const e of model.emitted?.[src] ?? []) if (e.type === d) out.push({ ...e });
        }
      } else {
        out.push(...userCases(d));
      }
    }
    return out;
  };
  const infeasible = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const left: AnyEventObject[] = [];
    const offered = new Set(collect(snapshot, left).map(serializeEvent));
    return left.filter((e) => !offered.has(serializeEvent(e)));
  };
  return { events: (snapshot) => collect(snapshot, null), missingActorCases, dropped, infeasible };
}
