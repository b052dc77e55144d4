import * as z from 'zod/mini';

/** POST /api/us/set_account (spec 001 §7): make one of the trader's accounts the current one */
export const SetAccountRequest = z.object({ account: z.string().check(z.regex(/^\d{1,12}$/, 'account.invalid')) });
/** POST /api/us/set_account and /api/us/set_account_exchange */
export const SetAccountResponse = z.object({ ok: z.literal(true), current_accountId: z.string() });
export type SetAccountResponse = z.infer<typeof SetAccountResponse>;

/** POST /api/us/create_account (spec 000 §7) */
export const CreateAccountRequest = z.object({ currency: z.string().check(z.maxLength(8)) });
export const CreateAccountResponse = z.object({ ok: z.literal(true), accountId: z.string(), message: z.string() });
export type CreateAccountResponse = z.infer<typeof CreateAccountResponse>;

/** Currencies offered for a new account (spec 000 §5), in this order. */
export const OFFERED_ACCOUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB', 'BTC', 'ETH', 'LTC', 'DASH'] as const;
