/**
 * The clock the machines run on. `realClock()`: the wall clock and real timers, as in a browser
 * (the listen check every 5 s, its 120 s deadline). `virtualClock()`: a simulated clock for tests
 * and quick runs: time stands still while any HTTP call is on its way (`busy`), and when nothing
 * is, it jumps to the next timer. So the machines see the same timer order whatever the load of
 * the machine (no race between a 5 s check and a slow answer), and a run takes as long as its
 * HTTP calls.
 */
export interface TrafficClock {
  /** ms since the epoch, as the page's `Date.now()` */
  now(): number;
  /** XState's clock (createActor's `clock` option) */
  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  /** wraps real work (an HTTP call): a virtual clock holds time while it runs */
  busy<T>(work: () => Promise<T>): Promise<T>;
  /** waits `ms` of this clock's time (a trader's pause) */
  sleep(ms: number): Promise<void>;
}

export function realClock(): TrafficClock {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    busy: (work) => work(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

/** A simulated clock starting at `start` (ms since the epoch). */
export function virtualClock(start: number): TrafficClock {
  let now = start;
  let nextId = 1;
  let inFlight = 0;
  let checking = false;
  const timers: Timer[] = [];

  // after every settled call and every timer: once no call is on its way (setImmediate lets the
  // promise chains that follow a response run first, which may start the next call), the earliest
  // timer fires, its time becomes now
  function advance(): void {
    if (checking) return;
    checking = true;
    setImmediate(() => {
      checking = false;
      if (inFlight > 0 || timers.length === 0) return;
      timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const timer = timers.shift()!;
      now = Math.max(now, timer.at);
      timer.fn();
      advance();
    });
  }

  const clock: TrafficClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const timer = { id: nextId++, at: now + Math.max(0, ms), fn: () => fn() };
      timers.push(timer);
      advance();
      return timer.id;
    },
    clearTimeout: (id) => {
      const at = timers.findIndex((t) => t.id === id);
      if (at >= 0) timers.splice(at, 1);
    },
    busy: async (work) => {
      inFlight++;
      try {
        return await work();
      } finally {
        inFlight--;
        advance();
      }
    },
    sleep: (ms) => new Promise((resolve) => clock.setTimeout(() => resolve(), ms)),
  };
  return clock;
}
