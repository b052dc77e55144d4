import * as z from 'zod/mini';

/** a second factor: an emailed code, an authenticator app (TOTP), an SMS code */
export const FactorType = z.enum(['email', 'google', 'sms']);
export type FactorType = z.infer<typeof FactorType>;

/** POST /api/us/security (spec 002 §3, §7) */
export const PasswordChangeRequest = z.object({
  oldPassword: z.string().check(z.minLength(1, 'security.old_required'), z.maxLength(200)),
  /** the broker's password policy (machines/shared/password-policy.ts) is decided by the server: only a transport bound here */
  password: z.string().check(z.maxLength(200, 'register.password_long')),
  repeatPassword: z.string().check(z.maxLength(200)),
  /** sign out every other session of the account (issue 31 §2); absent: true, as before */
  endOthers: z.optional(z.boolean()),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;
export const PasswordChangeResponse = z.object({ message: z.string() });
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponse>;

/** what a second factor is asked for */
export const FactorPurpose = z.enum(['login', 'withdrawal', 'change', 'setup']);
export type FactorPurpose = z.infer<typeof FactorPurpose>;

/**
 * POST /api/fraud/two_factors: choose a method (`state` true) or turn the current one off
 * (`state` false); `email_resend` sends a new email/SMS code for `purpose`.
 */
export const TwoFactorsRequest = z.object({
  type: z.enum(['email', 'google', 'sms', 'email_resend']),
  state: z.boolean(),
  purpose: z.optional(FactorPurpose),
  /** sign out the trader's other devices when the change is saved (issue 31 §2); absent = true */
  endOthers: z.optional(z.boolean()),
});
export type TwoFactorsRequest = z.infer<typeof TwoFactorsRequest>;

export const TwoFactorsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** 'done': saved; 'code': a code was sent on `channel`, prove it with factors_check (purpose setup) */
  next: z.enum(['done', 'code']),
  channel: z.optional(z.enum(['email', 'sms'])),
});
export type TwoFactorsResponse = z.infer<typeof TwoFactorsResponse>;

/** POST /api/fraud/factors_check (spec 001 §7) */
export const FactorsCheckRequest = z.object({
  type: FactorType,
  /** six digits; a recovery code (`k7m2p-x9q4r`, spaces and dashes ignored) with `recovery` */
  code: z.string().check(z.maxLength(24)),
  purpose: FactorPurpose,
  /** sign-in only, authenticator only: `code` is a recovery code (core/contract/recovery-codes.ts), spent if right */
  recovery: z.optional(z.boolean()),
});
export type FactorsCheckRequest = z.infer<typeof FactorsCheckRequest>;

export const FactorsCheckResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** too many wrong codes: entry is disabled for a while */
  disabled: z.boolean(),
  /** translation key of a failure: 'factor.wrong' (with `left`), 'factor.recovery_invalid' (a wrong or used recovery code, with `left`), 'factor.passkey_invalid' (a refused passkey at sign-in, with `left`) or 'factor.locked' */
  error: z.optional(z.string()),
  /** attempts left after a wrong code */
  left: z.optional(z.number()),
  /** google setup, after the email step: the otpauth:// URI to show as a QR, and its secret */
  qr: z.optional(z.string()),
  secret: z.optional(z.string()),
  /** the authenticator was just turned on: its recovery codes, shown once (core/contract/recovery-codes.ts) */
  recoveryCodes: z.optional(z.array(z.string())),
});
export type FactorsCheckResponse = z.infer<typeof FactorsCheckResponse>;

/** POST /api/fraud/attemps: one transaction validation attempt (spec 002 §4) */
export const ValidationAttemptRequest = z.object({ value: z.string().check(z.maxLength(64)) });
export const ValidationAttemptResponse = z.object({
  return: z.boolean(),
  /** attempts used so far (5 locks) */
  attemps: z.number(),
});
export type ValidationAttemptResponse = z.infer<typeof ValidationAttemptResponse>;
