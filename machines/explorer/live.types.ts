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

export interface LiveContext {
  actors: Record<string, LiveActor>;
  /** keys, oldest first */
  order: string[];
  selected: string | null;
}

export type LiveEvent =
  | { type: 'live.start' }
  | { type: 'live.stop' }
  /** ask every app page again for its running actors */
  | { type: 'live.refresh' }
  | { type: 'live.select'; key: string }
  /** forget the actors that ended */
  | { type: 'live.clear' }
  | { type: 'live.message'; message: unknown };

/** what the live machine tells its channel */
export interface ChannelCommand {
  type: 'channel.hello';
}
