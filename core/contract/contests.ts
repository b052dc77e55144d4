import * as z from 'zod/mini';
import { CONTEST_PRIZE_KINDS } from '../contest-prizes';

/**
 * Contests (spec 002 §2-3, §7-9): weekly and weekend trading contests held by the
 * server. The leaderboard is computed from real trades settled on the trading platform inside
 * the contest's window (rule `net_profit`: the sum of payout minus stake of every settled trade
 * in the contest's currency; ties: the earlier last trade ranks higher). Other traders appear
 * by initials and country only. Prizes are paid by the ledger when the contest closes.
 *
 * Calls:
 *   GET  /api/tourney/current            ContestList: the open contests with their leaderboards
 *   GET  /api/tourney/last               ContestList: the last closed contests (up to two) with winners
 *   POST /api/tourney/get  {id}          Contest (GET /api/tourney/get?id= too)
 *   POST /api/sandbox/contests           (sandbox operator) create a short contest
 *   POST /api/sandbox/contests/:id/close (sandbox operator) close now and pay the prizes
 */
export const CONTEST_ROWS = { weekly: 20, weekend: 10 } as const;
export const ContestType = z.enum(['weekly', 'weekend']);
export type ContestType = z.infer<typeof ContestType>;

/**
 * A prize as the pages show it (core/contest-prizes.ts): `cash` and `bonus` carry an amount in
 * the contest's currency (a bonus goes to the bonus balance); an `item` (the iPad) carries no
 * amount and is never credited as money.
 */
export const ContestPrize = z.object({
  kind: z.enum(CONTEST_PRIZE_KINDS),
  /** decimal string (cash, bonus), null for an item */
  amount: z.nullable(z.string()),
  /** the item's key ('ipad'), null for money */
  item: z.nullable(z.string()),
});
export type ContestPrize = z.infer<typeof ContestPrize>;

export const ContestEntry = z.object({
  rank: z.number(),
  /** "J.D." — never a full name */
  initials: z.string(),
  country: z.string(),
  /** net profit in the contest's currency, decimal string (may be negative) */
  profit: z.string(),
  trades: z.number(),
  /** the prize of this rank, or null */
  prize: z.nullable(ContestPrize),
  /** the signed-in trader's own row */
  you: z.boolean(),
});
export type ContestEntry = z.infer<typeof ContestEntry>;

export const Contest = z.object({
  id: z.string(),
  type: ContestType,
  /** ISO 8601 */
  date_start: z.string(),
  date_end: z.string(),
  status: z.enum(['open', 'closed']),
  rule: z.literal('net_profit'),
  currency: z.string(),
  /** prizes by rank (index 0 is rank 1) */
  prizes: z.array(ContestPrize),
  /** weekly 20 rows, weekend 10 */
  entries: z.array(ContestEntry),
  /** the signed-in trader's own row when outside the shown rows (or null: no trade in the window) */
  own: z.nullable(ContestEntry),
  participants: z.number(),
});
export type Contest = z.infer<typeof Contest>;

export const ContestList = z.object({ contests: z.array(Contest) });
export type ContestList = z.infer<typeof ContestList>;

export const ContestIdRequest = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const CreateContestRequest = z.object({
  type: ContestType,
  /** seconds from now until it closes (sandbox tests: short windows) */
  seconds: z.number().check(z.int(), z.minimum(1), z.maximum(60 * 60 * 24 * 14)),
  /** seconds before now it started (trades already made count) */
  startedSecondsAgo: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(60 * 60 * 24 * 14))),
  currency: z.optional(z.string().check(z.maxLength(8))),
  /** cash prizes by rank, decimal strings */
  prizes: z.array(z.string().check(z.maxLength(24))).check(z.minLength(1), z.maxLength(40)),
});
export type CreateContestRequest = z.infer<typeof CreateContestRequest>;

export const CloseContestResponse = z.object({
  contest: Contest,
  /** prizes newly paid by this call (0 when it had been closed already) */
  paid: z.number(),
});
export type CloseContestResponse = z.infer<typeof CloseContestResponse>;
