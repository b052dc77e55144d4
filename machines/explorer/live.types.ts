export { INSPECT_CHANNEL, REPLAY_EVENT, type InspectMessage, type TransitionMessage } from '../inspection/protocol';

/** One actor of an app page as the explorer follows it. */
export interface LiveActor {
  /** `<source>/<actorId>` */
  key: string;
  source: string;
  actorId: string;
  machineId: string;
  /** the src or invoke id (`platformLogin`) */
  name: string;
  parentKey: string | null;
  /** the page's path (`/en/login`) */
  page: string;
  value: unknown;
  status: string;
  /** the last event it received */
  event: string;
  /** the part of its context its machine's allow-list shares (machines/inspection/context-allow.ts); null: none */
  context: Record<string, unknown> | null;
  /** transitions its last event took */
  taken: string[];
  /** transitions of the macrostep in progress (microsteps come before the snapshot) */
  pending: string[];
  /** stopped, done, or its page went away */
  ended: boolean;
}

/** One step of a followed session: an actor's snapshot after an event, as the timeline lists it. */
export interface Moment {
  /** its place in the session, from 1 (kept when older moments are dropped) */
  seq: number;
  /** when the app published it (ms since the epoch, from the app's clock); 0 when the message had none */
  time: number;
  key: string;
  machineId: string;
  name: string;
  /** the event the actor received */
  event: string;
  value: unknown;
  status: string;
  context: Record<string, unknown> | null;
  /** the transitions that event took */
  taken: string[];
}

export interface LiveContext {
  actors: Record<string, LiveActor>;
  /** keys, oldest first */
  order: string[];
  selected: string | null;
  /** every snapshot after an event, in order (at most MAX_MOMENTS, the oldest dropped) */
  timeline: Moment[];
  /** the moment the analyst is looking at (its seq), or null: the present */
  moment: number | null;
}

/** A followed session saved as a file (Save session) and opened again (Open a saved session). */
export interface SessionFile {
  kind: 'brokerage-live-session';
  version: 1;
  actors: Record<string, LiveActor>;
  order: string[];
  timeline: Moment[];
}

export type LiveEvent =
  | { type: 'live.start' }
  | { type: 'live.stop' }
  /** ask every app page again for its running actors */
  | { type: 'live.refresh' }
  | { type: 'live.select'; key: string }
  /** look at one moment of the timeline (its seq): the diagram and context as they were */
  | { type: 'live.moment'; seq: number }
  /** back from a moment to the present */
  | { type: 'live.present' }
  /** open a saved session (parsed JSON): shown paused, in place of what was followed */
  | { type: 'live.load'; session: unknown }
  /** forget the actors that ended */
  | { type: 'live.clear' }
  | { type: 'live.message'; message: unknown };

/** what the live machine tells its channel */
export interface ChannelCommand {
  type: 'channel.hello';
}
