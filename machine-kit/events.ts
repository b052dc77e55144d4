import { __unsafe_getAllOwnEventDescriptors, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from './types';

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

export interface EventSource {
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /** actor srcs the traversal needed but the model gives no outcome for */
  missingActorCases: Set<string>;
}

/**
 * The events to try in a snapshot: what its active state nodes listen to, each expanded into
 * the model's cases (user payloads, actor outputs and errors, callback events); delayed events as is.
 */
export function eventSource(model: MachineModel): EventSource {
  const missingActorCases = new Set<string>();
  const childTypes = emittedTypes(model);
  const userCases = (type: string): AnyEventObject[] =>
    (model.events?.[type] ?? [{}]).map((payload) => ({ ...payload, type }));

  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const invokes = activeInvokes(snapshot);
    const out: AnyEventObject[] = [];
    const descriptors = __unsafe_getAllOwnEventDescriptors(snapshot) as string[];
    for (const d of descriptors) {
      if (INTERNAL.some((p) => d.startsWith(p))) continue;
      if (d.startsWith(DONE) || d.startsWith(ERROR)) {
        const done = d.startsWith(DONE);
        const src = invokes.get(d.slice((done ? DONE : ERROR).length));
        if (src === undefined) continue;
        const cases = model.actors?.[src];
        if (!cases) missingActorCases.add(src);
        for (const c of cases ?? []) {
          if (done && 'output' in c) out.push({ type: d, output: c.output });
          if (!done && 'error' in c) out.push({ type: d, error: c.error });
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
  return { events, missingActorCases };
}
