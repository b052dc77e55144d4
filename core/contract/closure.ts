import * as z from 'zod/mini';
import { CLOSURE_BLOCKER_KINDS, CLOSURE_REASONS } from '../account-closure';

/**
 * Closing the account (issue 30 §8; rules in core/account-closure.ts).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/account/closure                      ClosureStatus: what stops a closure now
 *   POST /api/account/close   CloseAccountRequest  CloseAccountResponse: closed, every session ended
 *        (409 closure.blocked with the blockers in `params.kinds` (comma separated) while anything is left;
 *         400 closure.reason / closure.text; 401 closure.password for a wrong password, counted like a
 *         sign-in; 429 login.locked when too many)
 * A closed account's sign-in: 403 login.closed.
 */

export const ClosureBlockerKind = z.enum(CLOSURE_BLOCKER_KINDS as [string, ...string[]]);

export const ClosureBlocker = z.object({
  kind: ClosureBlockerKind,
  /** what it is about: the account's currency and amount (balance, open_trade), the withdrawal's or deposit's amount */
  amount: z.string(),
  currency: z.string(),
  /** how many of this kind in this currency (e.g. two pending withdrawals) */
  count: z.number(),
});
export type ClosureBlocker = z.infer<typeof ClosureBlocker>;

export const ClosureStatus = z.object({
  /** empty: the account can be closed now */
  blockers: z.array(ClosureBlocker),
});
export type ClosureStatus = z.infer<typeof ClosureStatus>;

export const CloseAccountRequest = z.object({
  reason: z.string(),
  /** the trader's own words (optional; needed with "other") */
  text: z.string(),
  /** the account's password, to confirm */
  password: z.string(),
});
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>;

export const CloseAccountResponse = z.object({
  closed: z.literal(true),
  /** ISO time of the closure */
  closed_at: z.string(),
});
export type CloseAccountResponse = z.infer<typeof CloseAccountResponse>;

export const ClosureReason = z.enum(CLOSURE_REASONS);
