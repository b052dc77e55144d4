import { balanceSyncMachine } from './balance-sync.machine';
import type { MachineModel } from '../../machine-kit/types';

/** Balance sync: a changed balance is sent, the minute passes, the same balance is not sent again, a refusal retries. */
export const balanceSyncModel: MachineModel = {
  machine: balanceSyncMachine,
  events: {
    'balance.seen': [
      { balance: '100.00', all: '100.00' },
      { balance: '90.00', all: '110.00' },
    ],
  },
  actors: {
    postBalance: [{ output: { booked: 1 } }, { error: { kind: 'network' } }],
  },
  // updates count without end; six events deep reaches every state and transition
  maxDepth: 6,
};
