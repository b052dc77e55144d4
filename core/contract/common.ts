import * as z from 'zod/mini';

/**
 * Money on the wire is a decimal string ("1250.00", "0.00150000"), never a JSON number.
 * The server stores integer minor units (bigint); see server/domain/money.ts.
 */
export const Decimal = z.string().check(z.regex(/^-?\d{1,18}(\.\d{1,18})?$/, 'amount.invalid'));
export type Decimal = z.infer<typeof Decimal>;

export const Currency = z.enum(['USD', 'EUR', 'GBP', 'RUB', 'BTC', 'ETH', 'LTC', 'DASH', 'BCH', 'ZEC', 'USDT']);
export type Currency = z.infer<typeof Currency>;

/**
 * Every 4xx/5xx answer has this shape. `error` is a translation key the client knows
 * (e.g. "login.password", "auth.server_error"); `message` is an English human text the
 * client shows when it has no translation for the key.
 */
export const ApiError = z.object({
  error: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
  /** for validation failures: field name -> translation key */
  fields: z.optional(z.record(z.string(), z.string())),
  /** the values the translation of `error` puts in its text ({limit}, {resets}, …) */
  params: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof ApiError>;

export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;
