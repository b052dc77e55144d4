import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { JsonEvent } from '../../machines/explorer/step.types';
import { shortestPaths } from '../../machine-kit/paths';
import { serializeSnapshot, stableJson } from '../../machine-kit/serialize';
import { traverse, type Traversal } from '../../machine-kit/traversal';
import type { MachineModel } from '../../machine-kit/types';
import { StepEngine, toJson } from './step-engine';

import { parseTransition, type FoundPath, type PathTarget } from './path-text';

export { targetText, testFileName, uiPathTest, type FoundPath, type PathTarget } from './path-text';

interface Graph {
  tr: Traversal;
  heads: Map<string, { events: AnyEventObject[]; state: AnyMachineSnapshot }>;
}
const cache = new WeakMap<MachineModel, Map<string, Graph>>();

/** the model's state graph from `input` and the shortest event list to each snapshot in it (computed once per model and input) */
function graph(model: MachineModel, input: unknown): Graph {
  const byInput = cache.get(model) ?? new Map<string, Graph>();
  cache.set(model, byInput);
  const key = stableJson(input) ?? 'undefined';
  let g = byInput.get(key);
  if (!g) {
    const tr = traverse(model, input);
    const heads: Graph['heads'] = new Map();
    for (const [snap, steps] of shortestPaths(tr)) heads.set(snap, { events: steps.slice(1).map((s) => s.event), state: steps[steps.length - 1]?.state ?? tr.initial });
    if (!heads.has(serializeSnapshot(tr.initial))) heads.set(serializeSnapshot(tr.initial), { events: [], state: tr.initial });
    g = { tr, heads };
    byInput.set(key, g);
  }
  return g;
}

const isActive = (s: AnyMachineSnapshot, id: string) => s._nodes.some((n) => n.id === id);

/**
 * The shortest event list (the runner's generated-path graph: machine-kit/traversal + paths) that
 * brings `model.machine`, started with `input`, into a state, or through a transition. For a
 * transition, candidate edges are tried shortest first on the step engine (fakes, simulated clock)
 * until one takes it, so eventless and guarded transitions are found as they really fire.
 * Undefined when the model's graph never reaches it. `stepWith` is the model the step engine
 * replays on (the explorer's, with default actor outcomes), `model` the one paths come from.
 */
export function shortestPathTo(model: MachineModel, input: unknown, target: PathTarget, stepWith: MachineModel = model, maxTries = 500): FoundPath | undefined {
  const { tr, heads } = graph(model, input);
  let best: AnyEventObject[] | undefined;
  if (target.kind === 'state') {
    for (const head of heads.values()) {
      if (isActive(head.state, target.id) && (!best || head.events.length < best.length)) best = head.events;
    }
  } else {
    const { source, eventType } = parseTransition(target.id);
    const candidates: AnyEventObject[][] = [];
    if (eventType === 'always') candidates.push([]);
    for (const [key, adj] of Object.entries(tr.adjacency)) {
      const head = heads.get(key);
      if (!head) continue;
      for (const { event } of Object.values(adj.transitions)) {
        if (eventType !== 'always' && (event.type !== eventType || !isActive(adj.state, source))) continue;
        candidates.push([...head.events, event]);
      }
    }
    candidates.sort((a, b) => a.length - b.length);
    for (const events of candidates.slice(0, maxTries)) {
      if (takes(stepWith, input, events, target.id)) {
        best = events;
        break;
      }
    }
  }
  if (!best) return undefined;
  return describe(stepWith, input, best, target);
}

/** true when the last event of `events` (or the start, for none) takes `transition` */
function takes(model: MachineModel, input: unknown, events: AnyEventObject[], transition: string): boolean {
  const engine = new StepEngine(model, input);
  try {
    let view = engine.view();
    for (const e of events) view = engine.send(toJson(e) as JsonEvent);
    return view.taken.includes(transition);
  } catch {
    return false;
  } finally {
    engine.stop();
  }
}

function describe(model: MachineModel, input: unknown, events: AnyEventObject[], target: PathTarget): FoundPath {
  const engine = new StepEngine(model, input);
  try {
    const labels: string[] = [];
    let value: unknown = engine.view().value;
    for (const e of events) {
      const json = toJson(e) as JsonEvent;
      labels.push(engine.label(json));
      value = engine.send(json).value;
    }
    return { target, input, events: events.map((e) => toJson(e) as JsonEvent), labels, value };
  } finally {
    engine.stop();
  }
}

