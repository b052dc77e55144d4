import * as z from 'zod/mini';

/**
 * Taking a break and self-exclusion (issue 30 §3; rules in core/self-exclusion.ts, docs/limits.md).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/self-exclusion                         ExclusionStatus
 *   POST /api/self-exclusion   ExcludeRequest        ExcludeResponse: in force at once, every session
 *        ended (this one too: the answer clears its cookie)
 *        (400 exclusion.choice for an unknown choice; 401 exclusion.password for a wrong password,
 *         counted like a sign-in; 429 login.locked when too many)
 * While one runs: sign-in 403 login.excluded with params { until (ISO), kind }; a deposit by any
 * method 403 deposit.excluded with params { until, kind }; the platform refuses a trade
 * (trading.blocked). Withdrawals stay open: POST /api/login with `withdrawOnly: true` signs in a
 * session that can only withdraw (GET /api/me's `user.withdrawOnly`); any other call of that
 * session is 403 session.withdraw_only.
 */

export const ExclusionKind = z.enum(['timeout', 'exclusion']);

export const ExclusionPeriod = z.object({
  kind: ExclusionKind,
  /** ISO time it began and ends */
  since: z.string(),
  until: z.string(),
});
export type ExclusionPeriod = z.infer<typeof ExclusionPeriod>;

export const ExclusionStatus = z.object({
  /** the one running now (only seen by a session that began before it, which has ended: in practice null) */
  active: z.nullable(ExclusionPeriod),
});
export type ExclusionStatus = z.infer<typeof ExclusionStatus>;

/** GET /api/me's `user.withdrawOnly`: this session can only withdraw; the break it was signed in during */
export const WithdrawOnly = z.object({
  kind: ExclusionKind,
  /** ISO: when the break ends (or ended) */
  until: z.string(),
  /** it has ended since: signing in again gives a whole session */
  ended: z.boolean(),
});
export type WithdrawOnly = z.infer<typeof WithdrawOnly>;

export const ExcludeRequest = z.object({
  /** an ExclusionChoice: 24h 7d 30d 6w (timeout) or 6m 1y 2y 3y 5y (self-exclusion) */
  choice: z.string(),
  /** the account's password, to confirm */
  password: z.string(),
});
export type ExcludeRequest = z.infer<typeof ExcludeRequest>;

export const ExcludeResponse = z.object({
  kind: ExclusionKind,
  /** ISO time it ends */
  until: z.string(),
});
export type ExcludeResponse = z.infer<typeof ExcludeResponse>;
