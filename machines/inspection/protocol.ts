/**
 * The inspection protocol between the app (src/flows/shared/inspector.ts, when inspection is on) and the
 * explorer, on the BroadcastChannel `brokerage-inspect`. Small JSON messages; every app message
 * names its page load (`source`) and actor (`actorId`, XState's session id, unique per page).
 */
export const INSPECT_CHANNEL = 'brokerage-inspect';

interface FromActor {
  /** one page load of the app (a random id) */
  source: string;
  /** the actor's session id, e.g. `x:3` */
  actorId: string;
  /** the machine's id (`login`), '' for actors that are not machines (promises, callbacks) */
  machineId: string;
}

export interface TransitionMessage {
  /** `<source state id>:<event type>:<index>` as the diagram and the coverage report name it */
  id: string;
  source: string;
  targets: string[];
  eventType: string;
}

export type InspectMessage =
  | (FromActor & { kind: '@xstate.actor'; name: string; parentId: string | null; page: string })
  /** `context`: what the machine's allow-list lets leave the page (machines/inspection/context-allow.ts), null when it shares none */
  | (FromActor & { kind: '@xstate.snapshot'; value: unknown; status: string; event: string; context?: Record<string, unknown> | null; /** the app's clock when it happened (ms since the epoch) */ time?: number })
  | (FromActor & { kind: '@xstate.microstep'; event: string; transitions: TransitionMessage[] })
  /** the page is going away: its actors end */
  | { kind: 'bye'; source: string }
  /** from an explorer: every app page answers with its running actors and their snapshots */
  | { kind: 'hello' };

/** the event type of the snapshots an app page sends in answer to `hello` */
export const REPLAY_EVENT = 'xstate.replay';
