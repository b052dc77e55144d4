import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatWheel } from './sse-heartbeat';

const PERIOD = 25_000;
const BUCKETS = 25;
const TICK = PERIOD / BUCKETS;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeatWheel', () => {
  it('spreads the beats of streams opened at once over the period, each stream once per period, on one timer', () => {
    const beats: number[][] = [];
    let current: number[] = [];
    const wheel = heartbeatWheel<number>((id) => current.push(id), { periodMs: PERIOD, buckets: BUCKETS });
    const n = 10_000;
    // every stream opens in the same instant: the case per-stream intervals turn into one burst
    for (let id = 0; id < n; id += 1) wheel.add(id);
    expect(vi.getTimerCount()).toBe(1);
    for (let tick = 0; tick < BUCKETS; tick += 1) {
      vi.advanceTimersByTime(TICK);
      beats.push(current);
      current = [];
    }
    const largest = Math.max(...beats.map((b) => b.length));
    expect(largest).toBeLessThanOrEqual(Math.ceil(n / BUCKETS) + 1);
    // over one period every stream beat exactly once
    const all = beats.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
    // and again in the next period, same spread
    vi.advanceTimersByTime(PERIOD);
    expect(current).toHaveLength(n);
  });

  it('beats a stream within one period of its opening, then once per period', () => {
    const beats: number[] = [];
    const wheel = heartbeatWheel<string>(() => beats.push(Date.now()), { periodMs: PERIOD, buckets: BUCKETS });
    const opened = Date.now();
    wheel.add('a');
    vi.advanceTimersByTime(3 * PERIOD);
    expect(beats).toHaveLength(3);
    expect(beats[0] - opened).toBeLessThanOrEqual(PERIOD);
    expect(beats[1] - beats[0]).toBe(PERIOD);
    expect(beats[2] - beats[1]).toBe(PERIOD);
  });

  it('removes a closed stream: no more beats, and no timer once the last one is gone', () => {
    const beaten = new Set<string>();
    const wheel = heartbeatWheel<string>((id) => beaten.add(id), { periodMs: PERIOD, buckets: BUCKETS });
    const removeA = wheel.add('a');
    const removeB = wheel.add('b');
    expect(wheel.size()).toBe(2);
    removeA();
    removeA(); // twice is harmless (the response's close and the shutdown both remove)
    expect(wheel.size()).toBe(1);
    expect(wheel.items()).toEqual(['b']);
    vi.advanceTimersByTime(PERIOD);
    expect([...beaten]).toEqual(['b']);
    removeB();
    expect(wheel.size()).toBe(0);
    expect(wheel.items()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    // a stream opened later starts the timer again
    wheel.add('c');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(PERIOD);
    expect(beaten.has('c')).toBe(true);
  });

  it('keeps beating the other streams when one throws (a socket gone bad)', () => {
    const beaten: string[] = [];
    const wheel = heartbeatWheel<string>(
      (id) => {
        if (id === 'bad') throw new Error('write after end');
        beaten.push(id);
      },
      { periodMs: PERIOD, buckets: 1 },
    );
    wheel.add('bad');
    wheel.add('good');
    vi.advanceTimersByTime(PERIOD);
    expect(beaten).toEqual(['good']);
  });

  it('streams opened one by one over time still fill the buckets evenly', () => {
    const wheel = heartbeatWheel<number>(() => {}, { periodMs: PERIOD, buckets: BUCKETS });
    const removals: Array<() => void> = [];
    for (let id = 0; id < 1000; id += 1) {
      removals.push(wheel.add(id));
      vi.advanceTimersByTime(37);
    }
    expect(wheel.largestBucket()).toBe(1000 / BUCKETS);
    // every other stream closes: no bucket grows
    removals.forEach((remove, i) => i % 2 === 0 && remove());
    expect(wheel.size()).toBe(500);
    expect(wheel.largestBucket()).toBeLessThanOrEqual(1000 / BUCKETS);
  });
});
