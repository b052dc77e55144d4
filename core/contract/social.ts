import * as z from 'zod/mini';
import { NAME_MAX } from './register';

/**
 * Social sign-in with OpenID Connect (docs/social-sign-in.md).
 * GET /api/oidc/start?lang=en redirects to the identity provider (it stores nothing but a signed,
 * short-lived, HttpOnly cookie with state, nonce and the PKCE verifier); the provider returns to
 * GET /api/oidc/callback, which redirects to:
 *   /{lang}/autologin?key=…   an account matched (by issuer and subject, else a verified email):
 *                             the ordinary sign-in runs, two-factor included;
 *   /{lang}/register?social=1 a new verified email: the registration's remaining questions;
 *   /{lang}/login?social=failed anything else ('Operation failed.Please try again.', spec 001 §8).
 */

/** Why a social sign-in was refused (the login page shows one text for all: spec 001 §8). */
export const SOCIAL_FAILED_PARAM = 'social';

/** GET /api/oidc/pending: the verified identity waiting for the registration's remaining questions. */
export const SocialPending = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** the identity provider's display name ("Sandbox ID", "Google") */
  provider: z.string(),
});
export type SocialPending = z.infer<typeof SocialPending>;

/**
 * POST /api/oidc/register: the remaining questions of a registration through social sign-in. The
 * email is the provider's verified one (from the signed cookie, never from the body); no password
 * (the account signs in through the provider, or sets one by "Forgot password").
 */
export const SocialRegisterRequest = z.object({
  country: z.string().check(z.maxLength(2, 'register.country_invalid')),
  currency: z.optional(z.string().check(z.maxLength(8, 'register.currency_invalid'))),
  firstName: z.string().check(z.maxLength(NAME_MAX, 'register.name_long')),
  lastName: z.string().check(z.maxLength(NAME_MAX, 'register.name_long')),
  phone_prefix: z.string().check(z.maxLength(8, 'register.phone_prefix_invalid')),
  phone: z.string().check(z.maxLength(40, 'register.phone_long')),
  state: z.optional(z.string().check(z.maxLength(2, 'register.state_invalid'))),
  usNotice: z.optional(z.boolean()),
  /** true: the trader ticked "I have read and accept the Client Agreement, Risk Disclosure and Privacy Notice" (required, as on the form) */
  terms: z.optional(z.boolean()),
  lang: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'validation.format'))),
});
export type SocialRegisterRequest = z.infer<typeof SocialRegisterRequest>;

/** 200: the account is open; `url` is the one-time autologin address (as /api/register answers). */
export const SocialRegisterResponse = z.object({ ok: z.literal(true), url: z.string() });
export type SocialRegisterResponse = z.infer<typeof SocialRegisterResponse>;
