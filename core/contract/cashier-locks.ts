import * as z from 'zod/mini';
import { LOCK_REASONS } from '../cashier-locks';

/**
 * What locks the cashier now (issue 30 §4; the reasons are core/cashier-locks.ts).
 *   GET /api/cashier/locks   CashierLocks   (signed in)
 */
export const CashierLock = z.object({
  reason: z.enum(LOCK_REASONS as [string, ...string[]]),
  /** what its message needs: `until` (ISO) of a break; `period`, `limit`, `used`, `currency`, `resets` (ISO, '' when only a raise frees it) of a deposit limit */
  params: z.record(z.string(), z.string()),
});
export type CashierLock = z.infer<typeof CashierLock>;

export const CashierLocks = z.object({
  /** each list in the table's order; empty: nothing locks it */
  deposit: z.array(CashierLock),
  withdrawal: z.array(CashierLock),
  trading: z.array(CashierLock),
});
export type CashierLocks = z.infer<typeof CashierLocks>;
