import { getAdjacencyMap } from 'xstate/graph';
import { initialTransition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { transitionId } from './inventory';
import { eventSource, type EventSourceOptions } from './events';
import { formatValue, serializeEvent, serializeSnapshot, stableJson } from './serialize';
import type { MachineModel } from './types';

/** above this many explored transitions the traversal stops with an error that asks for cases or maxDepth */
export const DEFAULT_TRAVERSAL_LIMIT = 30_000;

export interface Traversal {
  machine: AnyStateMachine;
  input: unknown;
  initial: AnyMachineSnapshot;
  /** serialized snapshot → the snapshot and, per serialized event, the event and the next snapshot */
  adjacency: Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }>;
  /** options to hand to xstate/graph's path generators, so they see the same graph */
  options: {
    events: (s: AnyMachineSnapshot) => AnyEventObject[];
    serializeState: (s: AnyMachineSnapshot) => string;
    serializeEvent: (e: AnyEventObject) => string;
    fromState: AnyMachineSnapshot;
    stopWhen?: (s: AnyMachineSnapshot) => boolean;
    limit: number;
  };
  /** the logic the generators walk: the machine, with readable errors and depth tracking */
  logic: AnyStateMachine;
  missingActorCases: Set<string>;
  /** outcomes the event source dropped because the running actor cannot produce them (`<snapshot> <event>`) */
  dropped: Set<string>;
  /**
   * What each step of the graph covered, keyed by `stepKey(from, event)`: the transitions it took
   * (as the replay's CoverageRecorder names them) and the state nodes it ended in. The `cover`
   * path set picks from it; the coverage that counts is still measured on replay.
   */
  covered: Map<string, ReadonlySet<string>>;
}

/**
 * Builds the state graph of `model.machine` with xstate/graph: snapshots are value + context,
 * events come from what each snapshot listens to, expanded into the model's cases.
 */
export function traverse(model: MachineModel, input: unknown = model.input, limit = DEFAULT_TRAVERSAL_LIMIT, events: EventSourceOptions = {}): Traversal {
  const machine = model.machine;
  const depth = new WeakMap<AnyMachineSnapshot, number>();
  /** distinct values seen per context key, to name what grows when the traversal does not end */
  const seen = new Map<string, Set<string>>();
  const logic: AnyStateMachine = Object.create(machine);
  const covered = new Map<string, ReadonlySet<string>>();
  logic.transition = (snapshot: AnyMachineSnapshot, event: AnyEventObject, scope: unknown) => {
    let next: AnyMachineSnapshot;
    const taken = new Set<string>();
    try {
      next = (machine.transition as (s: unknown, e: unknown, sc: unknown) => AnyMachineSnapshot)(snapshot, event, recording(scope, taken));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`${machine.id}: ${serializeEvent(event)} in ${formatValue(snapshot.value)} threw: ${why}`);
    }
    if (next.status === 'error') {
      throw new Error(`${machine.id}: ${serializeEvent(event)} in ${formatValue(snapshot.value)} put the machine in error: ${String(next.error)}`);
    }
    depth.set(next, (depth.get(snapshot) ?? 0) + 1);
    for (const node of next._nodes) taken.add(node.id);
    covered.set(stepKey(snapshot, event), taken);
    for (const [key, value] of Object.entries((next.context ?? {}) as Record<string, unknown>)) {
      const values = seen.get(key) ?? new Set<string>();
      seen.set(key, values);
      if (values.size <= limit) values.add(stableJson(value));
    }
    return next;
  };

  const [initial] = initialTransition(machine, input as never);
  if (initial.status === 'error') throw new Error(`${machine.id}: the initial snapshot is an error: ${String(initial.error)}`);
  depth.set(initial, 0);
  const source = eventSource(model, events);
  const maxDepth = model.maxDepth;
  const options: Traversal['options'] = {
    events: source.events,
    serializeState: serializeSnapshot,
    serializeEvent,
    fromState: initial,
    stopWhen: maxDepth === undefined ? undefined : (s) => (depth.get(s) ?? 0) >= maxDepth,
    limit,
  };
  let adjacency: Traversal['adjacency'];
  try {
    adjacency = getAdjacencyMap(logic, options) as Traversal['adjacency'];
  } catch (err) {
    if (err instanceof Error && err.message === 'Traversal limit exceeded') {
      throw new Error(
        `${machine.id}: more than ${limit} transitions explored; the context grows without end ` +
          `(${growing(seen)}). Give fewer payload cases, or set maxDepth in the model.`,
      );
    }
    throw err;
  }
  return { machine, input, initial, adjacency, options, logic, missingActorCases: source.missingActorCases, dropped: source.dropped, covered };
}

/** one step of the graph: the snapshot it starts from and the event (the graph keeps one object per snapshot, so the target cannot name the step) */
export const stepKey = (from: AnyMachineSnapshot, event: AnyEventObject): string => `${serialized(from)} ${serializeEvent(event)}`;

const keys = new WeakMap<AnyMachineSnapshot, string>();
/** the graph hands the same snapshot object to many paths: serialize it once */
function serialized(snapshot: AnyMachineSnapshot): string {
  let key = keys.get(snapshot);
  if (key === undefined) keys.set(snapshot, (key = serializeSnapshot(snapshot)));
  return key;
}

/**
 * The actor scope xstate/graph passes in, with a system whose inspection events (the
 * `@xstate.microstep`s a step takes) add each transition taken to `taken`.
 */
function recording(scope: unknown, taken: Set<string>): unknown {
  if (typeof scope !== 'object' || scope === null) return scope;
  const { system } = scope as { system?: { _sendInspectionEvent?: (ev: InspectionEvent) => void } };
  if (!system) return scope;
  const watched = Object.create(system) as typeof system;
  watched._sendInspectionEvent = (ev: InspectionEvent) => {
    if (ev.type === '@xstate.microstep') for (const t of ev._transitions) taken.add(transitionId(t));
    system._sendInspectionEvent?.(ev);
  };
  return { ...scope, system: watched };
}

/** the context keys with the most distinct values, e.g. `context.shakes: 2406 values` */
function growing(seen: Map<string, Set<string>>): string {
  return [...seen]
    .map(([key, values]) => [key, values.size] as const)
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, n]) => `context.${key}: ${n} values`)
    .join(', ');
}
