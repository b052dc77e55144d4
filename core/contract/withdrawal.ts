import * as z from 'zod/mini';
import { Currency, Decimal } from './common';
import { FactorType } from './security';
import { WITHDRAWAL_CASE_NAMES, WITHDRAWAL_METHOD_NAMES } from '../withdrawal';

/**
 * Withdrawal (spec 002 §3, §4, §7). Payout methods: the ten tabs (1 Bitcoin … 10 USD); the EUR
 * and USD tabs pay out by card, bank wire or a wallet service (`core/withdrawal.ts`).
 */
export const WithdrawalMethod = z.enum(WITHDRAWAL_METHOD_NAMES);
export type WithdrawalMethod = z.infer<typeof WithdrawalMethod>;

/** POST /api/withdrawal: the check. `amount` is a decimal string in `currency`. */
export const WithdrawalRequest = z.object({
  amount: z.string().check(z.maxLength(40)),
  method: WithdrawalMethod,
  /** the payout address or account; '' for Credit Card, Ok Pay and Perfect Money */
  wallet: z.string().check(z.maxLength(200)),
  /** exchange (fixed) mode: the amount is taken from the exchange account in `currency` */
  fixed: z.boolean(),
  /** destination tag or memo (Ripple, Monero payment id); '' when none */
  alt: z.string().check(z.maxLength(64)),
  currency: Currency,
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

export const WithdrawalCase = z.enum(WITHDRAWAL_CASE_NAMES);
export type WithdrawalCase = z.infer<typeof WithdrawalCase>;

export const WithdrawalCheck = z.object({
  /** true: the session is gone; the client logs out */
  need_auth: z.boolean(),
  return: z.boolean(),
  case: z.optional(WithdrawalCase),
  current_turnover: z.optional(Decimal),
  need_turnover: z.optional(Decimal),
  turnover_currency: z.optional(Currency),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type WithdrawalCheck = z.infer<typeof WithdrawalCheck>;

/**
 * POST /api/withdrawal/final: the same fields, plus `is_bonus` (the trader accepts that the
 * bonus is cancelled when the turnover is not reached, case two) and `key`, the idempotency key
 * (a repeat with the same key returns the first answer and moves nothing).
 * The spec's `is_fixed` and `proc` are `fixed` and `method` here.
 */
export const WithdrawalFinalRequest = z.object({
  ...WithdrawalRequest.shape,
  is_bonus: z.boolean(),
  key: z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[\w-]+$/)),
});
export type WithdrawalFinalRequest = z.infer<typeof WithdrawalFinalRequest>;

export const WithdrawalFinal = z.object({
  return: z.boolean(),
  is_bonus: z.boolean(),
  message: z.string(),
  /** true: prove the second factor first (then send the same request again) */
  factor: z.boolean(),
  /** the factor to prove when `factor` is true */
  type: z.optional(FactorType),
  transactionId: z.optional(z.string()),
});
export type WithdrawalFinal = z.infer<typeof WithdrawalFinal>;

export const PendingWithdrawal = z.object({
  transactionId: z.string(),
  amount: Decimal,
  currency: Currency,
  method: WithdrawalMethod,
  /** the payout address, shortened for display */
  wallet: z.string(),
  createdAt: z.string(),
});
export type PendingWithdrawal = z.infer<typeof PendingWithdrawal>;

/** POST /api/us/pending */
export const PendingList = z.object({ hits: z.array(PendingWithdrawal) });
export type PendingList = z.infer<typeof PendingList>;

/** POST /api/us/reject: cancel a pending withdrawal (the held amount returns to the balance) */
export const RejectRequest = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export const RejectResponse = z.object({ return: z.boolean(), message: z.string() });
export type RejectResponse = z.infer<typeof RejectResponse>;

/** POST /api/triggers/wd and /api/triggers/wdr: the trader opened a method tab / sent a request */
export const WithdrawalTrigger = z.object({ method: WithdrawalMethod });
