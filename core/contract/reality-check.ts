import * as z from 'zod/mini';

/**
 * The reality check (issue 30 §2; rules in core/reality-check.ts).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/reality-check                          RealityCheck: the interval and this session's figures
 *   POST /api/reality-check   SetRealityCheckRequest  RealityCheck (400 reality.minutes for a value not offered)
 */
export const RealityCheck = z.object({
  /** the interval in force (0: off) */
  minutes: z.number(),
  /** true when the trader picked it; false: their country's default */
  chosen: z.boolean(),
  /** the intervals offered, in minutes (0: off) */
  choices: z.array(z.number()),
  /** ISO time this session signed in */
  session_started_at: z.string(),
  /** trades settled since then, and their net result (payouts minus stakes), a decimal string in `currency` */
  trades: z.number(),
  net: z.string(),
  currency: z.string(),
});
export type RealityCheck = z.infer<typeof RealityCheck>;

export const SetRealityCheckRequest = z.object({ minutes: z.number() });
export type SetRealityCheckRequest = z.infer<typeof SetRealityCheckRequest>;
