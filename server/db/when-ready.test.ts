import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { intervalWhenReady } from './when-ready';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a timer that waits for the migrated database', () => {
  it('ticks only after `ready`, every period from then on (no ticks queued during the wait)', async () => {
    let resolve = () => {};
    const ready = new Promise<void>((r) => (resolve = r));
    const tick = vi.fn();
    intervalWhenReady(ready, 1_000, tick);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tick).not.toHaveBeenCalled();
    resolve();
    await vi.advanceTimersByTimeAsync(999);
    expect(tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('stopped before `ready`, it never starts; without `ready`, it starts at once; a failed `ready` starts nothing', async () => {
    let resolve = () => {};
    const tick = vi.fn();
    const stop = intervalWhenReady(new Promise<void>((r) => (resolve = r)), 1_000, tick);
    stop();
    resolve();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tick).not.toHaveBeenCalled();

    const now = vi.fn();
    const stopNow = intervalWhenReady(undefined, 1_000, now);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(now).toHaveBeenCalledTimes(1);
    stopNow();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(now).toHaveBeenCalledTimes(1);

    const failed = vi.fn();
    intervalWhenReady(Promise.reject(new Error('migration failed')), 1_000, failed);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(failed).not.toHaveBeenCalled();
  });
});
