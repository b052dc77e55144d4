import type { AnyStateMachine } from 'xstate';
import { countCoverage, CoverageRecorder } from './coverage';
import { describePath } from './describe';
import { infeasibleStep } from './feasibility';
import { stableJson } from './serialize';
import { inventory } from './inventory';
import { generatePaths } from './paths';
import { sortPaths } from './path-cover';
import { replayPath } from './replay';
import { traverse } from './traversal';
import type { MachineModel, MachineReport, PathResult, PathSetName, TestPath } from './types';

export const DEFAULT_SETS: PathSetName[] = ['shortest', 'edge'];

export interface RunOptions {
  sets?: PathSetName[];
  /** replace the generated paths (tests use it to replay a tampered path) */
  paths?: (generated: TestPath[]) => TestPath[];
  /**
   * count the infeasible paths the unfiltered generation would have made (the report's "before";
   * default true). It generates a tied machine twice, so `npm test`'s coverage gate leaves it out.
   */
  before?: boolean;
}

function emptyReport(id: string, sets: PathSetName[], machine?: AnyStateMachine): MachineReport {
  const inv = machine ? inventory(machine) : { states: [], transitions: [] };
  const none = new Set<string>();
  return {
    id,
    paths: 0,
    pathSets: sets,
    states: countCoverage(inv.states, none),
    transitions: countCoverage(inv.transitions, none),
    failures: [],
    errors: [],
    warnings: [],
    feasibility: { infeasible: [], droppedOutcomes: 0, before: 0 },
    lines: [],
    ms: 0,
  };
}

/** Generates the paths of one machine, replays each, and measures what they covered. */
export function runMachine(
  id: string,
  model: MachineModel | undefined,
  options: RunOptions = {},
  /** the registered machine, to count what a missing model leaves uncovered */
  registered?: AnyStateMachine,
): MachineReport {
  const started = performance.now();
  const sets = options.sets ?? DEFAULT_SETS;
  const report = emptyReport(id, sets, model?.machine ?? registered);
  if (!model) {
    report.errors.push(`no model: add a test model beside the machine (machines/<flow>/<flow>.model.ts) and register it as ${id} in machines/models.ts`);
    return report;
  }
  const inv = inventory(model.machine);
  if (inv.inert.length) report.warnings.push(`not counted (they do nothing): ${inv.inert.join(', ')}`);
  let paths: TestPath[];
  try {
    const missing = new Set<string>();
    paths = [];
    for (const input of model.inputs ?? [model.input]) {
      const tr = traverse(model, input);
      tr.missingActorCases.forEach((src) => missing.add(src));
      paths.push(...generatePaths(tr, sets));
      report.feasibility.droppedOutcomes += tr.dropped.size;
      // before: the same generation with every outcome offered whatever actor runs, checked the same way
      if (tr.dropped.size && options.before !== false) {
        try {
          const unfiltered = generatePaths(traverse(model, input, undefined, { feasibleOnly: false }), sets);
          report.feasibility.before += unfiltered.filter((p) => infeasibleStep(model, p)).length;
        } catch (err) {
          report.warnings.push(`the unfiltered generation (the "before" count) failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
    for (const src of missing) {
      report.warnings.push(`actor src "${src}" has no outcome cases in the model: its done/error transitions are never tried`);
    }
  } catch (err) {
    report.errors.push(err instanceof Error ? err.message : String(err));
    report.ms = performance.now() - started;
    return report;
  }
  paths = sortPaths(paths);
  if (options.paths) paths = options.paths(paths);
  const label = (path: TestPath) => (model.inputs ? `[input ${stableJson(path.input)}] ` : '') + describePath(model.machine, path);
  for (const path of paths) {
    const bad = infeasibleStep(model, path);
    if (bad) report.feasibility.infeasible.push({ path: label(path), message: bad.message });
  }
  const recorder = new CoverageRecorder();
  const results: PathResult[] = paths.map((path, i) => {
    const line = label(path);
    // each path on its own recorder, so what it adds can be told; the machine's coverage is their union
    const own = new CoverageRecorder();
    let failure: PathResult['failure'];
    try {
      failure = replayPath(model, path, own);
    } catch (err) {
      failure = { step: -1, message: `replay threw: ${err instanceof Error ? err.message : String(err)}` };
    }
    own.states.forEach((s) => recorder.states.add(s));
    own.transitions.forEach((t) => recorder.transitions.add(t));
    return { path, line, failure, name: `${id}#${i + 1}`, states: [...own.states], transitions: [...own.transitions] };
  });
  report.paths = paths.length;
  report.results = results;
  report.lines = results.map((r) => r.line);
  report.failures = results.filter((r) => r.failure);
  report.states = countCoverage(inv.states, recorder.states);
  report.transitions = countCoverage(inv.transitions, recorder.transitions);
  report.ms = performance.now() - started;
  return report;
}

/** 100% of states and transitions, every path replayed and feasible, no error */
export function isGreen(r: MachineReport): boolean {
  return (
    r.errors.length === 0 &&
    r.feasibility.infeasible.length === 0 &&
    r.failures.length === 0 &&
    r.states.uncovered.length === 0 &&
    r.transitions.uncovered.length === 0
  );
}
