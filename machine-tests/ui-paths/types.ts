import type { BrowserContext, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MachineModel, TestPath } from '../../machine-kit/types';
import type { InspectLog } from './collector';

/**
 * What a UI binding's functions receive for one path: the page, the server, the path being
 * replayed and a per-path scratch object (`world`) for what `start` made (the user, its secret).
 */
export interface PathContext {
  page: Page;
  context: BrowserContext;
  /** http://127.0.0.1:<port> of the sandbox server */
  baseURL: string;
  /** the server's sandbox operator token (header x-sandbox-operator) */
  operator: string;
  /** the path's machine input (the model's `input` or one of its `inputs`) */
  input: unknown;
  path: TestPath;
  /** what the binding keeps between steps of this path (a fresh object per path) */
  world: Record<string, unknown>;
  /** every inspection message the app published so far in this path (all page loads) */
  log: InspectLog;
  /**
   * The first later step of this path whose event key is one of `keys`, e.g.
   * `ctx.upcoming('platformLogin.done', 'platformLogin.error')` in the submit that starts the call,
   * to arrange the outcome the path needs before the click (in `start`: from the first event).
   */
  upcoming: (...keys: string[]) => AnyEventObject | undefined;
}

export interface StepContext extends PathContext {
  /** the path event being caused, with its payload (`output`/`error` for an actor's outcome) */
  event: AnyEventObject;
  /** index of the step in path.steps (1 = the first event) */
  index: number;
}

/** How a person causes an event in the page; or why the UI cannot (the transitions it takes become `reasons`). */
export type EventHow = ((ctx: StepContext) => Promise<void>) | { reason: string };

/** What the screen must show in a state (throws, or lets a locator wait time out, when it does not). */
export type StateCheck = (ctx: PathContext & { expected: AnyMachineSnapshot }) => Promise<void>;

/**
 * A UI binding: the same generated paths as `npm run test:model`, caused through the real page.
 * One file per flow in machine-tests/ui-paths/bindings/<machineId>.ts, registered in bindings/index.ts.
 */
export interface UiBinding {
  /** the machine id in machines/index.ts (and machines/models.ts) whose paths are replayed */
  machine: string;
  /** the model the paths come from; default: models[machine] */
  model?: MachineModel;
  /**
   * Opens the page where the flow starts for this path's input (fresh sandbox user, sandbox
   * controls, page.goto). Return a string instead to skip paths of that input, saying why.
   */
  start: (ctx: PathContext) => Promise<void | string>;
  /**
   * Per event key: `login.submit`, `<src>.done` / `<src>.error` for an invoked actor's outcome
   * (usually already arranged by an earlier step: the function then only waits, or does nothing),
   * `after:<delay name or ms>` for a delayed transition. A key without an entry cuts the path there.
   */
  events: Record<string, EventHow>;
  /** per state node id (`login.editing`): what the screen shows while the machine is in it */
  states: Record<string, StateCheck>;
  /** transition key → why the UI cannot cause it (added to the reasons the `events` give) */
  reasons?: Record<string, string>;
  /** false for a generated path the sandbox cannot script end to end (say why in the binding); such paths are not picked */
  feasible?: (path: TestPath) => boolean;
  /**
   * false for a step the page cannot take from the state before it (an event the machine's guard
   * ignores there, with no button on the screen for it): the path is cut before that step, as at a
   * step with no way to cause it, and its prefix may still be picked
   */
  stepFeasible?: (step: TestPath['steps'][number], before: TestPath['steps'][number]) => boolean;
  /** other machines whose coverage this binding's runs also measure (a child: login invokes twoFactorEntry) */
  alsoMeasures?: string[];
  /**
   * true: each path's browser starts as a first browser (replay does not mark the weekend contest
   * closed today nor the chat opened by itself; `start` sets what the path needs)
   */
  firstBrowser?: boolean;
  /**
   * Why this binding's paths must not run beside other paths (`--concurrency`): it changes what
   * every trader on the server sees (a contest running for all). Its paths then run one at a time,
   * with nothing else in flight.
   */
  alone?: string;
  /**
   * Paths that change one thing every trader on the server shares (a sandbox processor's outage)
   * name it: paths with the same name run one at a time, and every other path may run beside
   * them. Cheaper than `alone` when only some paths touch the shared thing and no other path uses it.
   */
  exclusive?: (path: TestPath) => string | undefined;
  /** at most this many paths (default 40): the edge-cover selection stops there */
  maxPaths?: number;
}
