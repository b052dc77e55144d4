import type { CashierLock, CashierLocks } from '../../core/contract/cashier-locks';
import type { LockedAction } from '../../core/cashier-locks';
import type { Msg } from '../../core/message';

export interface CashierLocksInput {
  /** the page's action: its locks are the ones shown */
  action: LockedAction;
}

export interface CashierLocksContext {
  action: LockedAction;
  /** the locks of `action` as the server last said (empty: nothing locks it) */
  locks: CashierLock[];
  /** the locks could not be read: the page works as before, saying only that it could not check */
  error: Msg | null;
}

export type CashierLocksEvent =
  /** read them again (Try again, or the page came back into view after the trader settled one) */
  { type: 'locks.check' };

export type { CashierLock, CashierLocks };
