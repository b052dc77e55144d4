/**
 * Simulated prices of the sandbox platform. A price is a pure function of the instrument and
 * the second, so every instance of the server, the chart and the settlement of a trade agree on
 * it without storing ticks. Prices are integer units (price × 10^decimals): comparisons at
 * settlement never touch floats. Nothing here is a market price; every screen says so.
 */
export interface Instrument {
  symbol: string;
  /** shown next to the symbol */
  name: string;
  /** the level the simulation moves around */
  base: number;
  /** digits after the decimal point */
  decimals: number;
  /** profit on a winning trade, percent of the stake */
  payoutPercent: number;
  /** relative size of the moves */
  volatility: number;
  seed: number;
}

export const INSTRUMENTS: readonly Instrument[] = [
  { symbol: 'EURUSD', name: 'Euro / US dollar', base: 1.0842, decimals: 5, payoutPercent: 82, volatility: 1, seed: 11 },
  { symbol: 'GBPUSD', name: 'British pound / US dollar', base: 1.2718, decimals: 5, payoutPercent: 80, volatility: 1.2, seed: 23 },
  { symbol: 'USDJPY', name: 'US dollar / Japanese yen', base: 151.24, decimals: 3, payoutPercent: 78, volatility: 1.1, seed: 37 },
  { symbol: 'XAUUSD', name: 'Gold / US dollar', base: 2348.5, decimals: 2, payoutPercent: 75, volatility: 1.6, seed: 41 },
  { symbol: 'BTCUSD', name: 'Bitcoin / US dollar', base: 64250, decimals: 2, payoutPercent: 70, volatility: 3, seed: 53 },
];

/** Fixed-time trade durations in seconds; 10 s is the sandbox's short one for testers. */
export const EXPIRIES: readonly number[] = [10, 30, 60, 300];

export function instrumentOf(symbol: string): Instrument | undefined {
  return INSTRUMENTS.find((i) => i.symbol === symbol);
}

/** A deterministic pseudo-random number in [-1, 1] for (seed, n) (integer hash, no state). */
function noise(seed: number, n: number): number {
  let h = (Math.imul(n ^ (seed * 0x9e3779b1), 0x85ebca6b) ^ (seed << 7)) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return (h / 0xffffffff) * 2 - 1;
}

/** Smooth value noise: knots every `step` seconds, cosine-interpolated. */
function smooth(seed: number, second: number, step: number): number {
  const k = Math.floor(second / step);
  const f = (second - k * step) / step;
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return noise(seed, k) * (1 - w) + noise(seed, k + 1) * w;
}

/** The simulated price of `symbol` during the second that contains `ms`, in integer units. */
export function priceAt(instrument: Instrument, ms: number): bigint {
  const s = Math.floor(ms / 1000);
  const v = instrument.volatility;
  const drift =
    0.0025 * v * Math.sin((2 * Math.PI * s) / 5400 + instrument.seed) +
    0.0012 * v * smooth(instrument.seed, s, 240) +
    0.0006 * v * smooth(instrument.seed + 1, s, 45) +
    0.00025 * v * smooth(instrument.seed + 2, s, 7) +
    0.00008 * v * noise(instrument.seed + 3, s);
  const price = instrument.base * (1 + drift);
  return BigInt(Math.round(price * 10 ** instrument.decimals));
}

/** 108421n with 5 decimals -> "1.08421" */
export function formatPrice(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** The current price of every instrument, as decimal strings. */
export function pricesAt(ms: number): Record<string, string> {
  return Object.fromEntries(INSTRUMENTS.map((i) => [i.symbol, formatPrice(priceAt(i, ms), i.decimals)]));
}

/** One point per second over the last `seconds` seconds (the chart). */
export function chartOf(instrument: Instrument, endMs: number, seconds: number): [number, string][] {
  const end = Math.floor(endMs / 1000) * 1000;
  const points: [number, string][] = [];
  for (let t = end - (seconds - 1) * 1000; t <= end; t += 1000) points.push([t, formatPrice(priceAt(instrument, t), instrument.decimals)]);
  return points;
}
