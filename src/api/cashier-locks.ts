import { CashierLocks } from '../../core/contract/cashier-locks';
import { call } from './http';

/** What locks the cashier now (core/contract/cashier-locks.ts): read by the funding and withdrawal pages. */
export const getCashierLocks = (): Promise<CashierLocks> => call(CashierLocks, '/api/cashier/locks', { cache: 'no-store' });
