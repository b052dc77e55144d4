import * as z from 'zod/mini';
import { FactorType } from './security';

/** Platform (third party) login form (spec 000 §7): form-encoded login, password. */
export const PlatformLoginRequest = z.object({ login: z.string(), password: z.string() });
export const PlatformLoginResponse = z.object({
  success: z.boolean(),
  data: z.optional(z.object({ token: z.string() })),
  message: z.optional(z.string()),
  /** why a login failed: 'invalid_credentials' or 'locked' (other codes: show the message) */
  code: z.optional(z.string()),
});
export type PlatformLoginResponse = z.infer<typeof PlatformLoginResponse>;

/** Platform GET userInfo */
export const PlatformUserInfo = z.object({ available: z.string(), currency: z.string(), login: z.string() });
export type PlatformUserInfo = z.infer<typeof PlatformUserInfo>;

/** POST /api/login (spec 000 §7). `csrf` is also sent as a header; the body copy is kept for the spec. */
export const LoginRequest = z.object({
  email: z.string().check(z.minLength(3, 'login.email_required'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'login.password_required'), z.maxLength(200)),
  /** platform token from the platform login */
  token: z.string().check(z.maxLength(200)),
  /** device fingerprint string ("captcha info string" in the spec) */
  captcha: z.string().check(z.maxLength(200)),
  /** the page url the login was made from */
  url: z.string().check(z.maxLength(2000)),
  csrf: z.optional(z.string()),
  recaptcha: z.optional(z.string()),
  /** during a break or self-exclusion: a session that can only withdraw (core/contract/self-exclusion.ts) */
  withdrawOnly: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * 200 on success. On failure a 4xx ApiError with
 *   error 'login.password' (wrong email or password; the client then posts /api/notify/login_fail),
 *   error 'login.locked' (too many attempts; `message` says when to retry),
 *   error 'login.platform_token' (platform token not valid for this email).
 */
export const LoginResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** the password was right and the account has a second factor: prove it with /api/fraud/factors_check (purpose login) */
  factor: z.optional(FactorType),
  /** with `factor`: the trader has a passkey, which may stand in for the code (/api/fraud/passkey/options, issue 31 §5) */
  passkey: z.optional(z.literal(true)),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const NotifyLoginFail = z.object({ email: z.string().check(z.maxLength(254)) });

/** Autologin values pre-filled by the server (GET /api/autologin?key=...). */
export const AutologinValues = z.object({
  email: z.string(),
  password: z.string(),
  redirect: z.string(),
  mobile: z.boolean(),
  lang: z.string(),
});
export type AutologinValues = z.infer<typeof AutologinValues>;
