import type { Kysely } from 'kysely';
import type { ServerEvent } from '../../core/contract';
import type { Database } from '../db/schema';

export type PushListener = (event: ServerEvent) => void;

/** A JSON value carried by an instance-wide signal (server/push/pg-hub.ts: it crosses PostgreSQL NOTIFY). */
export type SignalData = string | number | boolean | null | SignalData[] | { [key: string]: SignalData };
export type SignalListener = (data: SignalData) => void;

/** What `publishIn` leaves to do once the caller's transaction has committed (nothing on the PostgreSQL hub). */
export type AfterCommit = () => void;

/**
 * Pushes events to a user's open browser tabs (server-sent events). The in-memory hub serves
 * one instance (PGlite); with PostgreSQL, `pgNotifyHub` (server/push/pg-hub.ts) fans the same
 * events out to every instance through LISTEN/NOTIFY. Push is a speed-up: every flow that
 * listens also polls, so a lost event costs only latency.
 */
export interface PushHub {
  /** after the change committed (or with no transaction at hand): to every instance's streams of the user */
  publish(userId: number, event: ServerEvent): void;
  /**
   * Inside the transaction `trx` that made the change: sent when it commits, never if it rolls
   * back. The PostgreSQL hub runs `SELECT pg_notify(...)` in `trx` (PostgreSQL holds the
   * notification until COMMIT and drops it on ROLLBACK) and returns a no-op; the memory hub
   * sends nothing yet and returns the publish, which the caller runs after commit. Either way:
   * `const sent = await push.publishIn(trx, …)` inside the transaction, `sent()` after it.
   */
  publishIn(trx: Kysely<Database>, userId: number, event: ServerEvent): Promise<AfterCommit>;
  subscribe(userId: number, listener: PushListener): () => void;
  /**
   * Instance-wide signals between servers, not for browsers: every instance's listeners of
   * `topic` hear it, this one's included (the sandbox chain's activity: an address received
   * funds). Sent after the change committed.
   */
  signal(topic: string, data: SignalData): void;
  onSignal(topic: string, listener: SignalListener): () => void;
  /** open subscriptions, for tests and metrics */
  size(): number;
  /**
   * Whether events published here reach every instance's subscribers (GET /readyz). The memory
   * hub always is; a hub on a shared channel (PostgreSQL LISTEN/NOTIFY) is while it listens.
   */
  connected(): boolean;
  /** stops listening (shutdown); the memory hub has nothing to close */
  close?(): Promise<void>;
}

function fanOut<L extends (arg: never) => void>(map: Map<string | number, Set<L>>, key: string | number, arg: Parameters<L>[0]): void {
  for (const listener of map.get(key) ?? []) {
    try {
      listener(arg);
    } catch {
      // one broken stream must not stop the others
    }
  }
}

function add<L>(map: Map<string | number, Set<L>>, key: string | number, listener: L): () => void {
  const set = map.get(key) ?? new Set<L>();
  set.add(listener);
  map.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

/** One process's subscribers; also the local fan-out of `pgNotifyHub`. */
export function memoryHub(): PushHub {
  const listeners = new Map<string | number, Set<PushListener>>();
  const signals = new Map<string | number, Set<SignalListener>>();
  const publish = (userId: number, event: ServerEvent) => fanOut(listeners, userId, event);
  return {
    publish,
    // nothing leaves before the commit: the caller runs the returned publish once it has committed
    publishIn: async (_trx, userId, event) => () => publish(userId, event),
    subscribe: (userId, listener) => add(listeners, userId, listener),
    signal: (topic, data) => fanOut(signals, topic, data),
    onSignal: (topic, listener) => add(signals, topic, listener),
    connected: () => true,
    size() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}
