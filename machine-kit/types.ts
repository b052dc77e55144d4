import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';

/** How a machine is exercised: its input, the payload cases of its events and the outcomes of its actors. */
export interface MachineModel {
  machine: AnyStateMachine;
  input?: unknown;
  /** several starts (e.g. the autologin page and the form): paths are generated from each; replaces `input` */
  inputs?: unknown[];
  /** payload cases per event type: each case is one event to try (the type is added). Events not listed are sent bare. */
  events?: Record<string, Array<Record<string, unknown>>>;
  /**
   * outcome cases per actor src (the name in setup({actors})): each {output} becomes a done event,
   * each {error} an error event. A case with `when` is tied to the running actor: it is offered only
   * while the invoked actor's input satisfies it (a processor answers only for itself).
   */
  actors?: Record<string, ActorCase[]>;
  /**
   * Independent feasibility rules per actor src, checked on every generated path (never used to
   * generate): may an actor started with this input produce this outcome? A rule written from the
   * domain (e.g. the reply's dialect is the processor's), so a wrong `when` is caught too.
   */
  feasible?: Record<string, (input: unknown, outcome: ActorOutcome) => boolean>;
  /** callback/observable actors: events they may send back to the parent, per src */
  emitted?: Record<string, Array<{ type: string; [k: string]: unknown }>>;
  /**
   * Optional bound for machines whose context can grow without end (queues, counters):
   * snapshots deeper than this many events are reached but not expanded further.
   */
  maxDepth?: number;
}

/** what an invoked actor ends with: a done event's output or an error event's error */
export type ActorOutcome = { output: unknown } | { error: unknown };

/** one outcome case of an actor; `when` ties it to the actor's input (omitted: any input) */
export type ActorCase = ActorOutcome & { when?: (input: unknown) => boolean };

export type PathSetName = 'shortest' | 'edge' | 'simple' | 'cover';

/** One step of a path: the event sent (xstate.init for the first) and the snapshot expected after it. */
export interface PathStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface TestPath {
  /** which generator produced it (`walk`: machine-kit/walks.ts) */
  set: PathSetName | 'walk';
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
  /** `<machine>#<n>`: n is the path's place in the machine's sorted paths (machine-kit/path-cover.ts sortPaths) */
  name?: string;
  /** the state node ids and transition ids this path's replay covered */
  states?: string[];
  transitions?: string[];
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
  /** feasible models: generated paths an actor could not have taken (must be 0), and what the filter dropped */
  feasibility: FeasibilityCount;
  /** the readable line of every path, in order */
  lines: string[];
  /** every replayed path with its name and what it covered, in order */
  results?: PathResult[];
  ms: number;
}

export interface ExpectedSnapshot {
  value: StateValue;
  context: unknown;
  status: string;
}

export interface FeasibilityCount {
  /** generated paths the independent check finds infeasible (must be 0), with the first reason */
  infeasible: Array<{ path: string; message: string }>;
  /** distinct (snapshot, outcome) pairs the generator's filter dropped: outcomes the running actor cannot produce */
  droppedOutcomes: number;
  /** infeasible paths the unfiltered generation produces (what the models gave before outcomes were tied) */
  before: number;
}
