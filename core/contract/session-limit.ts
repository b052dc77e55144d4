import * as z from 'zod/mini';

/**
 * The session-time limit (issue 30 §1; rules in core/session-limit.ts).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/limits/session                          SessionLimit
 *   POST /api/limits/session  SetSessionLimitRequest  SetSessionLimitResponse
 *        (400 limits.session_minutes for a value not offered)
 * A session past its limit is gone: its next call is 401 like any ended session; GET /api/me gave
 * its end (`user.sessionEndsAt`), so the page can say why.
 */
export const SessionLimit = z.object({
  /** the limit in force, in minutes; null: none */
  minutes: z.nullable(z.number()),
  /** a longer limit or a removal waiting for the cooling-off (minutes null: none), from its ISO date */
  pending: z.nullable(z.object({ minutes: z.nullable(z.number()), from: z.string() })),
  /** the limits offered, in minutes */
  choices: z.array(z.number()),
  /** when this session ends under the limit (ISO); null: it has no end of its own */
  session_ends_at: z.nullable(z.string()),
  /** the hours a longer limit or a removal waits */
  cooling_off_hours: z.number(),
});
export type SessionLimit = z.infer<typeof SessionLimit>;

export const SetSessionLimitRequest = z.object({ minutes: z.nullable(z.number()) });
export type SetSessionLimitRequest = z.infer<typeof SetSessionLimitRequest>;

export const SetSessionLimitResponse = z.object({
  limit: SessionLimit,
  /** 'now': in force at once (this session's end moved); 'later': from `limit.pending.from` */
  applied: z.enum(['now', 'later']),
});
export type SetSessionLimitResponse = z.infer<typeof SetSessionLimitResponse>;
