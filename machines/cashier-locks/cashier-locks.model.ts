import type { CashierLocks } from '../../core/contract/cashier-locks';
import type { MachineModel } from '../../machine-kit/types';
import { cashierLocksMachine } from './cashier-locks.machine';

const none: CashierLocks = { deposit: [], withdrawal: [], trading: [] };
const verify: CashierLocks = { ...none, withdrawal: [{ reason: 'not_verified', params: {} }] };

/** The cashier's locks: none, one, a failed read, each read again. */
export const cashierLocksModel: MachineModel = {
  machine: cashierLocksMachine,
  inputs: [{ action: 'withdrawal' }],
  events: { 'locks.check': [{}] },
  actors: { loadLocks: [{ output: none }, { output: verify }, { error: { kind: 'network' } }] },
  maxDepth: 4,
};
