import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';

/** How a machine is exercised: its input, the payload cases of its events and the outcomes of its actors. */
export interface MachineModel {
  machine: AnyStateMachine;
  input?: unknown;
  /** several starts (e.g. the autologin page and the form): paths are generated from each; replaces `input` */
  inputs?: unknown[];
  /** payload cases per event type: each case is one event to try (the type is added). Events not listed are sent bare. */
  events?: Record<string, Array<Record<string, unknown>>>;
  /** outcome cases per actor src (the name in setup({actors})): each {output} becomes a done event, each {error} an error event */
  actors?: Record<string, Array<{ output: unknown } | { error: unknown }>>;
  /** callback/observable actors: events they may send back to the parent, per src */
  emitted?: Record<string, Array<{ type: string; [k: string]: unknown }>>;
  /**
   * Optional bound for machines whose context can grow without end (queues, counters):
   * snapshots deeper than this many events are reached but not expanded further.
   */
  maxDepth?: number;
}

export type PathSetName = 'shortest' | 'edge' | 'simple' | 'cover';

/** One step of a path: the event sent (xstate.init for the first) and the snapshot expected after it. */
export interface PathStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface TestPath {
  /** which generator produced it */
  set: PathSetName;
  /** the machine input the path starts from */
  input: unknown;
  steps: PathStep[];
}

export interface StepFailure {
  /** index into path.steps (0 is the initial snapshot) */
  step: number;
  message: string;
}

export interface PathResult {
  path: TestPath;
  line: string;
  failure?: StepFailure;
}

export interface CoverageCount {
  total: number;
  covered: string[];
  uncovered: string[];
}

export interface MachineReport {
  id: string;
  paths: number;
  pathSets: PathSetName[];
  states: CoverageCount;
  transitions: CoverageCount;
  /** paths that did not replay, with the reason */
  failures: PathResult[];
  /** problems that are not path failures (no model, traversal error, actor src without cases) */
  errors: string[];
  warnings: string[];
  /** the readable line of every path, in order */
  lines: string[];
  ms: number;
}

export interface ExpectedSnapshot {
  value: StateValue;
  context: unknown;
  status: string;
}
