import * as z from 'zod/mini';
import { Currency, Decimal } from './common';

/**
 * Sandbox only (SANDBOX=true): testers' helpers (security, withdrawal, validation).
 * POST /api/sandbox/fresh-user creates a new user (and its platform account) with the given
 * balances, so browser tests never depend on each other's data.
 */
export const FreshUserRequest = z.object({
  verification: z.optional(z.enum(['Full', 'None'])),
  currency: z.optional(Currency),
  /** trading and exchange balances to fund through the ledger */
  balances: z.optional(
    z.array(z.object({ currency: Currency, type: z.enum(['trading', 'exchange']), amount: Decimal })).check(z.maxLength(12)),
  ),
  /** comma list of methods already used for withdrawals */
  wd_methods: z.optional(z.string().check(z.maxLength(200))),
  /** turnover of the first account: current and needed (case two) */
  turnover: z.optional(z.object({ current: Decimal, need: Decimal })),
  /** the value the validate page expects; sets tr_validate */
  validationValue: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
  two_factor: z.optional(z.enum(['', 'email'])),
  /** the user's card cascade (comma list of processors) */
  cascade: z.optional(z.string().check(z.maxLength(200))),
  /** the trader's country (ISO alpha-2; DE by default): Skrill is hidden for 15 of them */
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
  /** may upload verification documents whatever else holds (spec 001 §5) */
  can_upload: z.optional(z.boolean()),
  /** flagged as a card risk (the card tab asks to verify first) */
  card_risk: z.optional(z.boolean()),
  /** has signed (a saved signature or document); false with verification None and a deposit: under the trading block */
  sign: z.optional(z.boolean()),
  /** trades so far (the trading block holds with last_count > 0 even without a deposit) */
  last_count: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  /** the user's fillCard ('1': the quick top-up is allowed once they have deposited) */
  fill_card: z.optional(z.enum(['', '1'])),
  /**
   * the version of each legal document (core/legal/versions.ts) the trader accepted: the current
   * ones when absent; 0 (or any older one): the trader is asked again after sign-in, and deposits
   * and trading are locked (`terms_outdated`) until they accept
   */
  legal_version: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1000))),
  /**
   * the appropriateness questionnaire (issue 30 §6) of a real-money trader: passed (the default),
   * required (never taken: the platform refuses a trade), failed a moment ago (in its 24-hour
   * cool-down), failed_earlier (failed 25 hours ago: the cool-down is over), accepted (failed, the
   * risk accepted)
   */
  appropriateness: z.optional(z.enum(['passed', 'required', 'failed', 'failed_earlier', 'accepted'])),
});
export type FreshUserRequest = z.infer<typeof FreshUserRequest>;

export const FreshUserResponse = z.object({ email: z.string(), password: z.string(), userId: z.string() });
export type FreshUserResponse = z.infer<typeof FreshUserResponse>;

export const OutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  address: z.string(),
  subject: z.string(),
  body: z.string(),
  /** the code in the message, when it carries one */
  code: z.optional(z.string()),
  createdAt: z.string(),
});
export const OutboxList = z.object({ messages: z.array(OutboxMessage) });
export type OutboxList = z.infer<typeof OutboxList>;

/** POST /api/sandbox/withdrawals/settle: the sandbox payout processor pays or rejects a pending withdrawal */
/** POST /api/sandbox/verification: the sandbox identity check decides on a trader (sandbox only) */
export const SandboxVerificationRequest = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(254)),
  verification: z.enum(['Full', 'None']),
});
export type SandboxVerificationRequest = z.infer<typeof SandboxVerificationRequest>;

export const SettleWithdrawalRequest = z.object({
  id: z.string().check(z.maxLength(64)),
  outcome: z.enum(['paid', 'rejected']),
});
