import * as z from 'zod/mini';

/**
 * Sign-in history in the security centre (issue 31 §1, §3; server/routes/sign-in-history.ts,
 * docs/security-centre.md). Signed in; the POST carries the CSRF header.
 *   GET  /api/security/sign_ins?before={id}        SignInPage (newest first, SIGN_IN_PAGE a page, the last 90 days)
 *   GET  /api/security/sign_ins.csv                 text/csv, the same 90 days (a download)
 *   POST /api/security/not_me       NotMeRequest    NotMeResponse: a sign-in the trader did not make
 *   POST /api/security/not_me_link  NotMeLinkRequest NotMeResponse: the same from the email's link (no session needed)
 *        410 not_me.link: the link is used, expired or unknown; 404 not_me.event: not one of the trader's new-device sign-ins
 * "This wasn't me" ends every session of the account (this one too) and emails a password reset link.
 */

/** How a sign-in was made. */
export const SIGN_IN_METHODS = ['password', 'link', 'social', 'passkey', 'recovery'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * What came of it. `signed_in` and `factor_passed` made a session. A passkey that did not sign in:
 * `key_failed` (its answer did not verify), `cloned` (its counter went back: a copied key).
 */
export const SIGN_IN_OUTCOMES = ['signed_in', 'wrong_password', 'locked', 'refused', 'factor_asked', 'factor_passed', 'factor_failed', 'key_failed', 'cloned'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** the rows a page holds */
export const SIGN_IN_PAGE = 20;
/** how far back the trader sees (and the server keeps) sign-ins */
export const SIGN_IN_HISTORY_DAYS = 90;

export const SignInEvent = z.object({
  id: z.string(),
  /** ISO */
  at: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  ip: z.nullable(z.string()),
  /** "Chrome on Linux"; null when the agent named neither */
  device: z.nullable(z.string()),
  /** ISO 3166 alpha-2 where the address tells one (approximate); null otherwise */
  country: z.nullable(z.string()),
  /** a sign-in from a device this account had not used before (an alert was sent) */
  newDevice: z.boolean(),
});
export type SignInEvent = z.infer<typeof SignInEvent>;

export const SignInPage = z.object({
  events: z.array(SignInEvent),
  /** the id to ask `before` for the next page; null: this was the last */
  next: z.nullable(z.string()),
});
export type SignInPage = z.infer<typeof SignInPage>;

export const SignInPageQuery = z.object({ before: z.optional(z.string().check(z.regex(/^\d{1,18}$/, 'sign_ins.before'))) });
export type SignInPageQuery = z.infer<typeof SignInPageQuery>;

export const NotMeRequest = z.object({ event: z.string().check(z.regex(/^\d{1,18}$/, 'not_me.event')) });
export type NotMeRequest = z.infer<typeof NotMeRequest>;

export const NotMeLinkRequest = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'not_me.link')) });
export type NotMeLinkRequest = z.infer<typeof NotMeLinkRequest>;

export const NotMeResponse = z.object({
  /** every session ended (how many) */
  ended: z.number(),
  /** the reset link was emailed (false: the reset asks were limited; the sign-in page's "Forgot password" works later) */
  resetSent: z.boolean(),
  message: z.string(),
});
export type NotMeResponse = z.infer<typeof NotMeResponse>;
