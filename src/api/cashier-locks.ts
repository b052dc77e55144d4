import type { CashierLocks } from '../../core/contract/cashier-locks';
import { call } from './http';
import { contractOf } from './contracts';

const cashierLocksContract = () => import('../../core/contract/cashier-locks');

/** What locks the cashier now (core/contract/cashier-locks.ts): read by the funding and withdrawal pages. */
export const getCashierLocks = (): Promise<CashierLocks> => call(contractOf(cashierLocksContract, 'CashierLocks'), '/api/cashier/locks', { cache: 'no-store' });
