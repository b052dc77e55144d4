import * as z from 'zod/mini';

/**
 * The ladder (spec 001 §2 modal "ladder", §7 /api/us/ladder: "returns a url"): the
 * trader's place in the weekly contest running now, from the same leaderboard the contests page
 * computes (server/domain/contests/contests.ts `standings`, rule net_profit).
 *
 *   GET /api/us/ladder   Ladder
 *
 * `state`: `none` (no weekly contest is running), `out` (one is running and the trader has no
 * settled trade in it yet, or trades in another currency), `in` (ranked). `url` is the contests
 * page (the running contest is on its first tab). Money as decimal strings in the contest's
 * currency; `toMoveUp` is how much more net profit puts the trader above the one ranked just
 * above (their profit minus the trader's, plus one minor unit: on equal profit the earlier last
 * trade stays ahead).
 */
export const LadderContest = z.object({
  id: z.string(),
  type: z.enum(['weekly', 'weekend']),
  currency: z.string(),
  rule: z.literal('net_profit'),
  date_start: z.string(),
  date_end: z.string(),
});
export type LadderContest = z.infer<typeof LadderContest>;

export const Ladder = z.object({
  url: z.string(),
  state: z.enum(['none', 'out', 'in']),
  contest: z.nullable(LadderContest),
  participants: z.number(),
  rank: z.nullable(z.number()),
  /** the trader's own net profit in the window */
  figure: z.nullable(z.string()),
  /** the one ranked just above (null at rank 1) */
  above: z.nullable(z.object({ rank: z.number(), figure: z.string() })),
  toMoveUp: z.nullable(z.string()),
});
export type Ladder = z.infer<typeof Ladder>;
