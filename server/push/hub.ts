import type { ServerEvent } from '../../core/contract';

export type PushListener = (event: ServerEvent) => void;

/**
 * Pushes events to a user's open browser tabs (server-sent events). The in-memory hub serves
 * one instance; with several instances behind a load balancer, `pgNotifyHub` fans the same
 * events out through PostgreSQL LISTEN/NOTIFY. Push is a speed-up: every flow that listens
 * also polls, so a lost event costs only latency.
 */
export interface PushHub {
  publish(userId: number, event: ServerEvent): void;
  subscribe(userId: number, listener: PushListener): () => void;
  /** open subscriptions, for tests and metrics */
  size(): number;
  /**
   * Whether events published here reach every instance's subscribers (GET /readyz). The memory
   * hub always is; a hub on a shared channel (PostgreSQL LISTEN/NOTIFY) is while it listens.
   */
  connected(): boolean;
}

export function memoryHub(): PushHub {
  const listeners = new Map<number, Set<PushListener>>();
  return {
    publish(userId, event) {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch {
          // one broken stream must not stop the others
        }
      }
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<PushListener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    connected: () => true,
    size() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}
