import type { AnyStateMachine } from 'xstate';
import { CoverageRecorder } from '../../machine-kit/coverage';
import { inventory } from '../../machine-kit/inventory';
import { generatePaths } from '../../machine-kit/paths';
import { greedyCover } from '../../machine-kit/path-cover';
import { replayPath } from '../../machine-kit/replay';
import { DEFAULT_SETS } from '../../machine-kit/run';
import { traverse } from '../../machine-kit/traversal';
import { walk, type StopRule, type WalkSpec } from '../../machine-kit/walks';
import { eventKey, transitionEventKey } from '../../machine-kit/ui-script/event-key';
import type { MachineModel, TestPath } from '../../machine-kit/types';
import type { UiBinding } from './types';

export { eventKey, transitionEventKey };

export interface SelectedPath {
  path: TestPath;
  /** model transitions the path takes (as replayed on the model) */
  transitions: Set<string>;
  /** the path was cut before this step: its event has no binding or a reason (index into the full path) */
  cutAt?: number;
}

/**
 * The paths `npm run test:model` generates for the machine (shortest + edge cover), each cut before
 * the first event its binding cannot cause, then a greedy edge cover: the path adding the most
 * not yet covered transitions first (the shorter on a tie), until nothing new or `maxPaths`.
 */
export function selectPaths(binding: UiBinding, model: MachineModel, skipInputs: Set<string>): { selected: SelectedPath[]; generated: number } {
  const all: TestPath[] = [];
  for (const input of model.inputs ?? [model.input]) {
    if (skipInputs.has(JSON.stringify(input ?? null))) continue;
    all.push(...generatePaths(traverse(model, input), DEFAULT_SETS));
  }
  const candidates: SelectedPath[] = [];
  const seen = new Set<string>();
  for (const path of all) {
    let cutAt: number | undefined;
    for (let i = 1; i < path.steps.length; i++) {
      const how = binding.events[eventKey(path.steps[i].event, path.steps[i - 1].state)];
      if (typeof how !== 'function' || binding.stepFeasible?.(path.steps[i], path.steps[i - 1]) === false) {
        cutAt = i;
        break;
      }
    }
    const steps = cutAt === undefined ? path.steps : path.steps.slice(0, cutAt);
    const cut: TestPath = { ...path, steps };
    const recorder = new CoverageRecorder();
    const failure = replayPath(model, cut, recorder);
    if (failure) throw new Error(`${binding.machine}: a generated path does not replay on the model: ${failure.message}`);
    const id = JSON.stringify([path.input ?? null, steps.map((s) => s.event)]);
    if (seen.has(id)) continue;
    // a path through a transition the binding says the UI cannot cause is not replayed
    if ([...recorder.transitions].some((t) => binding.reasons?.[t])) continue;
    if (binding.feasible && !binding.feasible(cut)) continue;
    seen.add(id);
    candidates.push({ path: cut, transitions: recorder.transitions, cutAt });
  }
  const { picked: selected } = greedyCover(candidates, binding.maxPaths ?? 40);
  return { selected, generated: all.length };
}

/**
 * `--walk`: one seeded walk over the model (machine-kit/walks.ts) that takes only the events the
 * binding can cause, through no transition it gives a reason for, until the stop rule holds. Each
 * start of the walk is a path (a fresh sandbox trader in the browser), as long as the flow lets it
 * run: a soak through the real pages, not a cover.
 */
export function walkPaths(binding: UiBinding, model: MachineModel, spec: WalkSpec, stop: StopRule, now?: () => number): { selected: SelectedPath[]; generated: number; stoppedBy: string; length: number } {
  const traversals = (model.inputs ?? [model.input]).map((input) => traverse(model, input));
  const w = walk(traversals, spec, {
    stop,
    now,
    allow: (event, from, transitions) =>
      typeof binding.events[eventKey(event, from)] === 'function' && ![...transitions].some((t) => binding.reasons?.[t]),
  });
  const selected: SelectedPath[] = [];
  for (const path of w.paths) {
    if (path.steps.length < 2 || (binding.feasible && !binding.feasible(path))) continue;
    const recorder = new CoverageRecorder();
    const failure = replayPath(model, path, recorder);
    if (failure) throw new Error(`${binding.machine}: a walk does not replay on the model: ${failure.message}`);
    selected.push({ path, transitions: recorder.transitions });
  }
  return { selected, generated: w.paths.length, stoppedBy: w.stoppedBy, length: w.length };
}

/** every transition of the machine, for the totals (the same inventory as machines.json) */
export const totals = (machine: AnyStateMachine) => inventory(machine);

/**
 * The k-th of n shares (1-based): the heaviest binding (most paths) first, each to the share with
 * the fewest paths so far (the earlier on a tie), kept in the bindings' own order within a share.
 */
export function shareOf<T>(items: readonly T[], weight: (item: T) => number, k: number, n: number): T[] {
  const load = Array.from({ length: n }, () => 0);
  const owner = new Map<T, number>();
  for (const item of [...items].sort((a, b) => weight(b) - weight(a))) {
    const to = load.indexOf(Math.min(...load));
    owner.set(item, to);
    load[to] += weight(item);
  }
  return items.filter((item) => owner.get(item) === k - 1);
}
