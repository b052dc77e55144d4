import type { Msg } from '../../core/message';

/** An event as plain JSON (what the step engine can replay). */
export interface JsonEvent {
  type: string;
  [key: string]: unknown;
}

/** user: sent by a person or the app; done / error: an invoked actor's outcome; after: a delay; emitted: a child actor's event */
export type EnabledKind = 'event' | 'done' | 'error' | 'after' | 'emitted';

/** One event the stepped machine listens to now, with one payload case of its test model. */
export interface EnabledEvent {
  event: JsonEvent;
  /** how the generated paths write it: `login.submit(email="…")`, `platformLogin.done({…})`, `after(listenInterval=5000ms)` */
  label: string;
  kind: EnabledKind;
  /** for delays: how long the simulated clock moves forward */
  delayMs?: number;
  /** set when the running actor cannot produce this outcome (its model ties it to another input): why; sent only by force */
  infeasible?: string;
}

/** The stepped machine as the view shows it: plain JSON. */
export interface StepView {
  /** the state value */
  value: unknown;
  status: 'active' | 'done' | 'error' | 'stopped';
  /** its context, as JSON */
  context: unknown;
  /** ids of the active state nodes (root first) */
  active: string[];
  /** ids of the transitions the last event took (`<state id>:<event type>:<index>`) */
  taken: string[];
  enabled: EnabledEvent[];
  /** outcomes the running actors cannot produce (a processor that is not being tried): offered only by "Force" */
  forcible?: EnabledEvent[];
  /** simulated time since the start, ms */
  now: number;
}

export interface StepRecord {
  event: JsonEvent;
  label: string;
  /** sent by "Force": an outcome the running actor cannot produce */
  forced?: boolean;
}

export interface StepContext {
  machineId: string | null;
  /** which of the test model's inputs the machine started from */
  inputIndex: number;
  /** the events sent since the start, in order: back and reset replay them */
  history: StepRecord[];
  /** the event on its way to the engine */
  pending: StepRecord | null;
  view: StepView | null;
  error: Msg | null;
}

export type StepEvent =
  | { type: 'step.start'; machineId: string; inputIndex: number }
  | { type: 'step.send'; event: JsonEvent; label: string; force?: boolean }
  | { type: 'step.back' }
  | { type: 'step.reset' }
  | { type: 'step.stop' }
  /** from the engine: started and replayed the history */
  | { type: 'engine.ready'; view: StepView }
  /** from the engine: delivered one event */
  | { type: 'engine.stepped'; view: StepView }
  /** from the engine: could not start, replay or deliver */
  | { type: 'engine.failed'; message: string };

export interface EngineInput {
  machineId: string;
  inputIndex: number;
  /** replayed before `engine.ready` */
  events: JsonEvent[];
  /** per event of `events`: it was forced (sent although the running actor cannot produce it) */
  forced?: boolean[];
}

/** what the step machine tells its engine */
export interface EngineCommand {
  type: 'engine.send';
  event: JsonEvent;
  /** deliver even an outcome the running actor cannot produce */
  force?: boolean;
}
