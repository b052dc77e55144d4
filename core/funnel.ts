/**
 * The funnel's rules without zod (issue 34 §4): the app's reporter, the explorer and the server
 * read them here; the wire's shapes are in core/contract/funnel.ts, which re-exports these.
 */

/** a report holds at most this many steps (the app sends every 15 s and when the page goes) */
export const FUNNEL_MAX_STEPS = 200;
export const FUNNEL_BATCHES_PER_MINUTE = 20;
/** a date range the explorer may ask for, in days */
export const FUNNEL_MAX_DAYS = 92;

export const FUNNEL_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type FunnelDevice = (typeof FUNNEL_DEVICES)[number];
/** new: an account younger than FUNNEL_NEW_DAYS; returning: older; visitor: not signed in */
export const FUNNEL_COHORTS = ['new', 'returning', 'visitor'] as const;
export type FunnelCohort = (typeof FUNNEL_COHORTS)[number];
export const FUNNEL_NEW_DAYS = 7;
export const FUNNEL_LANGS = ['en', 'ru'] as const;

/**
 * What is wrong with a range of days, or null: the one rule the explorer's form and the server
 * apply (`YYYY-MM-DD`, real dates, the first on or before the last, at most FUNNEL_MAX_DAYS).
 */
export function funnelRangeError(from: string, to: string): 'funnel.range_invalid' | 'funnel.range_backwards' | 'funnel.range_long' | null {
  const day = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : Number.NaN);
  const a = day(from);
  const b = day(to);
  if (Number.isNaN(a) || Number.isNaN(b) || new Date(a).toISOString().slice(0, 10) !== from || new Date(b).toISOString().slice(0, 10) !== to) return 'funnel.range_invalid';
  if (b < a) return 'funnel.range_backwards';
  if ((b - a) / 86_400_000 + 1 > FUNNEL_MAX_DAYS) return 'funnel.range_long';
  return null;
}

