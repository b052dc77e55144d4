import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../password-policy';

/** The password rules are the broker's one policy (machines/shared/password-policy.ts), used wherever a password is set. */
export { PASSWORD_MAX, PASSWORD_MIN, passwordProblem };

/**
 * Registration (spec 001 §3, §4, §5, §8; 000 §5). The same rules run in the browser (field
 * errors as the trader types, before anything is sent) and on the server (which decides).
 * The country list (with calling codes) is in ./countries.ts, which is kept out of this index so
 * that only the register chunk and the server load it.
 */

/** Currencies a new trader may choose for the first account (spec: default USD). */
export const REGISTRATION_CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB'] as const;
export type RegistrationCurrency = (typeof REGISTRATION_CURRENCIES)[number];

export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PROMO_MAX = 32;
/** E.164: at most 15 digits with the country code */
export const PHONE_DIGITS_MAX = 15;
/** spec 001 §9: phone minimum 7 characters */
export const PHONE_MIN = 7;

/** The form's fields, named as on the wire. */
export type RegisterField = 'country' | 'currency' | 'login' | 'password' | 'firstName' | 'lastName' | 'phone_prefix' | 'phone' | 'promo' | 'usNotice' | 'demo' | 'state' | 'terms';

/**
 * POST /api/register. `login` is the email. `usNotice` is true when a US resident accepted the
 * notice for US residents (required for country US). `demo` is the spec's field: true opens a
 * demo account with virtual money whose login the server makes at the site host (spec 000 §6; the
 * `login` sent is then ignored). `csprint` is the device fingerprint string.
 * Unknown fields (the spec's cshex, google) are ignored.
 */
export const RegisterRequest = z.object({
  country: z.string().check(z.maxLength(2, 'register.country_invalid')),
  currency: z.optional(z.string().check(z.maxLength(8, 'register.currency_invalid'))),
  login: z.string().check(z.maxLength(EMAIL_MAX, 'register.email_long')),
  password: z.string().check(z.maxLength(PASSWORD_MAX, 'register.password_long')),
  firstName: z.string().check(z.maxLength(NAME_MAX, 'register.name_long')),
  lastName: z.string().check(z.maxLength(NAME_MAX, 'register.name_long')),
  phone_prefix: z.string().check(z.maxLength(8, 'register.phone_prefix_invalid')),
  phone: z.string().check(z.maxLength(40, 'register.phone_long')),
  promo: z.optional(z.string().check(z.maxLength(PROMO_MAX, 'register.promo_invalid'))),
  demo: z.optional(z.boolean()),
  usNotice: z.optional(z.boolean()),
  /**
   * true: the trader ticked "I have read and accept the Client Agreement, Risk Disclosure and
   * Privacy Notice" (issue 30 §5): required; the server records the documents' current versions
   * (core/legal/versions.ts) with the new user
   */
  terms: z.optional(z.boolean()),
  /** a US resident's state (two letters from core/contract/us-states.ts); required for country US */
  state: z.optional(z.string().check(z.maxLength(2, 'register.state_invalid'))),
  /** the page language: the autologin link and the welcome use it */
  lang: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'validation.format'))),
  csprint: z.optional(z.string().check(z.maxLength(200))),
  csrf: z.optional(z.string().check(z.maxLength(200))),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/**
 * 200: the account is open. `key` is a one-time autologin key: the client goes to
 * /{lang}/autologin?key=… (`url`), which signs in on the platform and here, then opens
 * /{lang}/trading#/home.
 * Refusals (ApiError): 400 validation (fields: field → key), 409 register.email_taken,
 * 429 register.limited, 503 platform.unavailable.
 */
export const RegisterResponse = z.object({
  ok: z.literal(true),
  key: z.string(),
  url: z.string(),
  /** a demo registration: the login the server made (at the site host); keep it with the password */
  login: z.optional(z.string()),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/**
 * POST /api/register/check (spec 000 §5 "server validate"): one field's value under `em`.
 * For the phone, `prefix` is its calling code: with prefix 1 the number is checked as a North
 * American number (1 is prepended); other prefixes check the length only.
 */
export const RegisterCheckRequest = z.object({
  field: z.enum(['login', 'phone']),
  em: z.string().check(z.maxLength(EMAIL_MAX)),
  prefix: z.optional(z.string().check(z.maxLength(8))),
});
export type RegisterCheckRequest = z.infer<typeof RegisterCheckRequest>;

/** `error` true: the value is refused, `key` says why (a translation key) and `message` in English. */
export const RegisterCheckResponse = z.object({
  error: z.boolean(),
  message: z.string(),
  key: z.optional(z.string()),
});
export type RegisterCheckResponse = z.infer<typeof RegisterCheckResponse>;

export interface RegisterValues {
  country: string;
  currency: string;
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  phone_prefix: string;
  phone: string;
  promo: string;
  /** a US resident's state (core/contract/us-states.ts); '' or absent for other countries */
  state?: string;
}

/** A problem with one field: its translation key and, for some, parameters. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const NAME = /^\p{L}[\p{L}\p{M}' .\u2019-]*$/u;
const PROMO = /^[A-Za-z0-9_-]*$/;
/** a North American number after the 1: area code and exchange do not start with 0 or 1 */
const NANP = /^[2-9]\d{2}[2-9]\d{6}$/;

export const normalizeEmailInput = (email: string): string => email.trim().toLowerCase();

/** The digits of a phone number as typed: spaces, dashes, dots and brackets dropped. */
export const phoneDigits = (phone: string): string => phone.replace(/[\s\-().\u00a0]/g, '');

export function emailProblem(login: string): FieldProblem | null {
  const email = login.trim();
  if (email === '') return { key: 'register.required' };
  if (email.length > EMAIL_MAX) return { key: 'register.email_long' };
  if (!EMAIL.test(email)) return { key: 'register.email_invalid' };
  return null;
}

export function nameProblem(name: string): FieldProblem | null {
  const value = name.trim();
  if (value === '') return { key: 'register.required' };
  if (value.length > NAME_MAX) return { key: 'register.name_long', params: { max: NAME_MAX } };
  if (!NAME.test(value)) return { key: 'register.name_invalid' };
  return null;
}

/**
 * The phone number after its calling code (spec 000 §5): with prefix 1 the number must be a
 * 10-digit North American number (1 is prepended for the check); otherwise 7 digits or more,
 * at most 15 with the prefix.
 */
export function phoneProblem(prefix: string, phone: string): FieldProblem | null {
  const digits = phoneDigits(phone);
  if (digits === '') return { key: 'register.required' };
  if (!/^\d+$/.test(digits)) return { key: 'register.phone_digits' };
  if (prefix === '1') return NANP.test(digits) ? null : { key: 'register.phone_nanp' };
  if (digits.length < PHONE_MIN) return { key: 'register.phone_short', params: { min: PHONE_MIN } };
  if (prefix.length + digits.length > PHONE_DIGITS_MAX) return { key: 'register.phone_long', params: { max: PHONE_DIGITS_MAX - prefix.length } };
  return null;
}

export function prefixProblem(prefix: string): FieldProblem | null {
  if (prefix === '') return { key: 'register.required' };
  return /^[1-9]\d{0,3}$/.test(prefix) ? null : { key: 'register.phone_prefix_invalid' };
}

export function promoProblem(promo: string): FieldProblem | null {
  const value = promo.trim();
  if (value.length > PROMO_MAX || !PROMO.test(value)) return { key: 'register.promo_invalid' };
  return null;
}

/** The prefix as typed ("+49", "49 ") without its plus sign and spaces. */
export const prefixDigits = (prefix: string): string => prefix.replace(/[\s+]/g, '');

/**
 * Every problem of a filled-in form, by field (empty when it may be sent). The server adds what
 * only it knows: whether the country and calling code exist, whether the email is taken.
 */
export function registrationProblems(values: RegisterValues): Partial<Record<RegisterField, FieldProblem>> {
  const problems: Partial<Record<RegisterField, FieldProblem>> = {};
  const prefix = prefixDigits(values.phone_prefix);
  const checks: [RegisterField, FieldProblem | null][] = [
    ['country', values.country === '' ? { key: 'register.country_required' } : /^[A-Z]{2}$/.test(values.country) ? null : { key: 'register.country_invalid' }],
    ['currency', (REGISTRATION_CURRENCIES as readonly string[]).includes(values.currency) ? null : { key: 'register.currency_invalid' }],
    ['login', emailProblem(values.login)],
    ['password', passwordProblem(values.password, values.login)],
    ['firstName', nameProblem(values.firstName)],
    ['lastName', nameProblem(values.lastName)],
    ['phone_prefix', prefixProblem(prefix)],
    ['phone', prefixProblem(prefix) ? (phoneDigits(values.phone) === '' ? { key: 'register.required' } : null) : phoneProblem(prefix, values.phone)],
    ['promo', promoProblem(values.promo)],
  ];
  for (const [field, problem] of checks) if (problem) problems[field] = problem;
  return problems;
}

/** US residents must accept the notice for US residents (spec 001 §5, §8). */
export const needsUsNotice = (country: string): boolean => country === 'US';
