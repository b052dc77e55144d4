import { sessionMachine } from './session.machine';
import type { MachineModel } from '../../machine-kit/types';

const user = { email: 'trader@example.com', available: '10000.00' };
const settings = { platform: '/platform', toastMs: 5000 };

export const sessionModel: MachineModel = {
  machine: sessionMachine,
  // `failures` and `updates` count without end
  maxDepth: 5,
  actors: {
    loadSession: [{ output: { user, settings } }, { output: { user: null, settings } }, { error: { kind: 'network' } }],
    loadUser: [{ output: { ...user, available: '9000.00' } }, { output: null }, { error: { kind: 'network' } }],
    logout: [{ output: undefined }, { error: { kind: 'network' } }],
    probeReady: [{ output: 'starting' }, { output: 'ready' }, { error: { kind: 'network' } }],
  },
};
