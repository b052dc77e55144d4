/**
 * The seeded pseudo-random numbers of the traffic plan (mulberry32): the same seed gives the same
 * traders, cards and choices on every machine. Each trader draws from its own stream (the run's
 * seed and the trader's number), so the plan does not depend on the order traders run in.
 */
import { seededRandom } from '../../machine-kit/walks';

export interface Rng {
  /** a number in [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** one of the keys, each as likely as its weight */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** hex digits, for idempotency keys */
  hex(length: number): string;
}

/** The stream of trader `n` (0 for the run's own draws) of the run seeded `seed`. */
export function rngFor(seed: number, n: number): Rng {
  // the two numbers mixed, so trader 1 of seed 2 is not trader 2 of seed 1
  const next = seededRandom(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35));
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let at = next() * total;
      for (const [key, w] of entries) {
        at -= w;
        if (at < 0) return key;
      }
      return entries[entries.length - 1][0];
    },
    hex: (length) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
  return rng;
}
