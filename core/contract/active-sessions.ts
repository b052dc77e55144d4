import * as z from 'zod/mini';

/**
 * Active sessions in the security centre (issue 31 §2; server/routes/active-sessions.ts,
 * docs/security-centre.md). Signed in; the POSTs carry the CSRF header.
 *   GET  /api/security/sessions                               ActiveSessions
 *   POST /api/security/sessions/end         EndSessionRequest  ActiveSessions (after it ended)
 *        404 sessions.not_found: not one of this trader's other live sessions
 *        409 sessions.current: this one (Log out ends it)
 *   POST /api/security/sessions/end_others                     ActiveSessions (this one left)
 * An ended session's next request is refused at once, on every instance (sessions live in the
 * database).
 */
export const ActiveSession = z.object({
  /** a reference to end it by (the start of its stored hash; never the cookie) */
  ref: z.string(),
  /** "Chrome on Linux"; null: the agent named neither */
  device: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  /** ISO */
  signedInAt: z.string(),
  /** ISO: its last use (to the minute), or its sign-in */
  lastSeenAt: z.string(),
  /** the session asking */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const ActiveSessions = z.object({ sessions: z.array(ActiveSession) });
export type ActiveSessions = z.infer<typeof ActiveSessions>;

export const EndSessionRequest = z.object({ ref: z.string().check(z.regex(/^[0-9a-f]{16}$/, 'sessions.not_found')) });
export type EndSessionRequest = z.infer<typeof EndSessionRequest>;
