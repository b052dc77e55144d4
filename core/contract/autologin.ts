import * as z from 'zod/mini';

/** POST /api/autologin: exchange an autologin key (from a link) for AutologinValues, once. */
export const AutologinRequest = z.object({ key: z.string().check(z.minLength(1, 'autologin.invalid'), z.maxLength(100)) });
export type AutologinRequest = z.infer<typeof AutologinRequest>;

/** POST /api/sandbox/autologin (sandbox mode only): testers create an autologin key for a user. */
export const SandboxAutologinRequest = z.object({
  email: z.string().check(z.minLength(3, 'login.email_required'), z.maxLength(254)),
  /** hash route to open after sign-in, e.g. "show/funding" ('' = the trading page) */
  redirect: z.optional(z.string().check(z.maxLength(200), z.regex(/^[A-Za-z0-9/_-]*$/, 'validation.format'))),
  lang: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'validation.format'))),
  mobile: z.optional(z.boolean()),
});
export type SandboxAutologinRequest = z.infer<typeof SandboxAutologinRequest>;

export const SandboxAutologinResponse = z.object({
  key: z.string(),
  /** the autologin page for this key, e.g. "/en/autologin?key=..." */
  url: z.string(),
  /** ISO time after which the key no longer works */
  expiresAt: z.string(),
});
export type SandboxAutologinResponse = z.infer<typeof SandboxAutologinResponse>;
