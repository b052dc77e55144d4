import * as z from 'zod/mini';
import { PASSWORD_MAX } from '../password-policy';
import { EMAIL_MAX, emailProblem } from './register';

/**
 * Forgot password (spec 001 §1-2 visitor, §7 `/api/forget`, §8 a `return` of false shows its error
 * or message). Three calls, all state-changing POSTs with the CSRF header (a GET never changes
 * anything): ask for a link, check a link without using it, set the new password with it.
 * docs/forgot-password.md explains the flow and the OWASP choices.
 */

/** How long a reset link works. */
export const RESET_LINK_TTL_MINUTES = 30;

/** A reset token as it travels in the link: 32 random bytes, base64url (43 characters). */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/forget: the email the link should go to; `lang` picks the link's page language. */
export const ForgetRequest = z.object({
  email: z.string().check(z.maxLength(EMAIL_MAX, 'forget.email')),
  lang: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'validation.format'))),
});
export type ForgetRequest = z.infer<typeof ForgetRequest>;

/**
 * The same answer whether or not the email has an account (no enumeration).
 * Refusals (ApiError): 400 forget.email (not an email address), 429 forget.limited (Retry-After), 403 csrf.
 */
export const ForgetResponse = z.object({ return: z.literal(true), message: z.string() });
export type ForgetResponse = z.infer<typeof ForgetResponse>;

/** POST /api/forget/check: is this link still good? Uses nothing up. */
export const ForgetCheckRequest = z.object({ token: z.string().check(z.maxLength(200, 'forget.link')) });
export type ForgetCheckRequest = z.infer<typeof ForgetCheckRequest>;

/** 200 when the link works; a used, replaced, expired or unknown link is 410 forget.link. */
export const ForgetCheckResponse = z.object({ return: z.literal(true), expiresAt: z.string() });
export type ForgetCheckResponse = z.infer<typeof ForgetCheckResponse>;

/** POST /api/forget/reset: the link's token and the new password (the broker's one password policy). */
export const ForgetResetRequest = z.object({
  token: z.string().check(z.maxLength(200, 'forget.link')),
  password: z.string().check(z.maxLength(PASSWORD_MAX, 'register.password_long')),
});
export type ForgetResetRequest = z.infer<typeof ForgetResetRequest>;

/**
 * 200: the password is changed everywhere, every session of the account is signed out, the
 * owner is told by email; the visitor signs in again (two-factor still asked).
 * Refusals: 410 forget.link, 400 register.password_* (the policy), 502 security.platform, 403 csrf.
 */
export const ForgetResetResponse = z.object({ return: z.literal(true), message: z.string() });
export type ForgetResetResponse = z.infer<typeof ForgetResetResponse>;

/** The email field's problem (the registration's email rule), as the key `forget.email`, or null. */
export const forgetEmailProblem = (email: string): 'forget.email' | null => (emailProblem(email) ? 'forget.email' : null);
