/**
 * Heartbeats of the server-sent event streams (routes/events.ts) on one timing wheel: one timer
 * for every stream of the app, ticking `buckets` times per period; each stream sits in one bucket
 * (the next one in rotation when it opens, so buckets stay within one stream of each other as
 * streams open) and gets its heartbeat when the wheel passes its bucket, once per period. At
 * 10,000 streams and 25 buckets a tick writes to about 400 streams, once a second, where one
 * `setInterval` per stream would keep 10,000 timers and wake them in bursts (every stream opened
 * in the same second beats in the same second, forever).
 *
 * The timer runs only while a stream is open and never keeps the process alive (`unref`).
 */
export interface HeartbeatWheel<T> {
  /** puts `item` on the wheel; its first beat comes within one period. Returns its removal. */
  add(item: T): () => void;
  /** the items on the wheel (shutdown ends their streams) */
  items(): T[];
  size(): number;
  /** the largest bucket, for tests */
  largestBucket(): number;
}

export interface HeartbeatWheelOptions {
  /** each item's beat comes once per period, ms */
  periodMs: number;
  /** ticks per period (default 25: one a second at a 25 s period) */
  buckets?: number;
}

export function heartbeatWheel<T>(beat: (item: T) => void, { periodMs, buckets: count = 25 }: HeartbeatWheelOptions): HeartbeatWheel<T> {
  const buckets = Array.from({ length: count }, () => new Set<T>());
  let size = 0;
  // where the next stream goes, and the bucket the next tick beats
  let next = 0;
  let cursor = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const tick = () => {
    const bucket = buckets[cursor];
    cursor = (cursor + 1) % count;
    for (const item of bucket) {
      try {
        beat(item);
      } catch {
        // one broken stream must not stop the others
      }
    }
  };

  return {
    add(item) {
      const bucket = buckets[next];
      next = (next + 1) % count;
      if (bucket.has(item)) return () => {};
      bucket.add(item);
      size += 1;
      if (timer === undefined) {
        timer = setInterval(tick, periodMs / count);
        timer.unref();
      }
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        bucket.delete(item);
        size -= 1;
        if (size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    items: () => buckets.flatMap((bucket) => [...bucket]),
    size: () => size,
    largestBucket: () => Math.max(...buckets.map((bucket) => bucket.size)),
  };
}
