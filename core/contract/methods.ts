import * as z from 'zod/mini';
import { METHODS } from '../methods';
import { Currency } from './common';

/** A wallet deposit's amount: a decimal string with at most two decimals. */
export const MethodAmount = z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, 'method.amount'));
export const MethodDepositId = z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'method.deposit'));
export const MethodIdSchema = z.enum(METHODS);
export const MethodStatus = z.enum(['pending', 'paid', 'failed', 'flagged']);
export type MethodStatus = z.infer<typeof MethodStatus>;

const Promo = z.optional(z.string().check(z.maxLength(40)));
/** the page language, for the provider's page */
const Lang = z.optional(z.string().check(z.maxLength(8)));

/** POST /api/neteller (spec 001 §7): the Neteller account and its secure id (never stored), the amount. */
export const NetellerRequest = z.object({
  net_account: z.string().check(z.minLength(1, 'method.required'), z.maxLength(100)),
  secure_id: z.string().check(z.regex(/^\d{6}$/, 'neteller.secure_id')),
  amount: MethodAmount,
  is_fixed: z.optional(z.boolean()),
  currency: z.optional(Currency),
  bonus: z.optional(z.boolean()),
  promo: Promo,
  lang: Lang,
});
export type NetellerRequest = z.infer<typeof NetellerRequest>;

/** POST /api/card/fast/skrill and /api/card/fast/orangeppl (spec 001 §7). */
export const FastMethodRequest = z.object({
  amount: MethodAmount,
  fixed: z.optional(z.boolean()),
  bonus: z.optional(z.boolean()),
  currency: z.optional(Currency),
  promo: Promo,
  lang: Lang,
});
export type FastMethodRequest = z.infer<typeof FastMethodRequest>;

/** POST /api/report/{perfect|webmoney|yandex|qiwi|okpay} (spec 001 §7). */
export const ReportMethodRequest = z.object({
  email: z.optional(z.string().check(z.maxLength(200))),
  amount: MethodAmount,
  currency: z.optional(Currency),
  random: z.optional(z.union([z.string().check(z.maxLength(64)), z.number()])),
  bonus: z.optional(z.boolean()),
  fixed: z.optional(z.boolean()),
  bitcoin: z.optional(z.union([z.boolean(), z.string().check(z.maxLength(16))])),
  promo: Promo,
  lang: Lang,
});
export type ReportMethodRequest = z.infer<typeof ReportMethodRequest>;

/**
 * A started method deposit: paid at once (Neteller), or `redirect_url` to the provider's page
 * (`status` pending); the trader comes back to `#/listen/funding/{method}/{id}/{uid}`.
 */
export const MethodStartResponse = z.object({
  return: z.literal(true),
  id: MethodDepositId,
  method: MethodIdSchema,
  status: MethodStatus,
  redirect_url: z.optional(z.string()),
});
export type MethodStartResponse = z.infer<typeof MethodStartResponse>;

/** GET /api/methods/deposits/{id}: the owner's view of one method deposit. */
export const MethodDepositView = z.object({
  id: MethodDepositId,
  method: MethodIdSchema,
  amount: z.string(),
  currency: z.string(),
  status: MethodStatus,
  createdAt: z.string(),
});
export type MethodDepositView = z.infer<typeof MethodDepositView>;
