import { toastMachine } from './toast.machine';
import type { MachineModel } from '../../machine-kit/types';

export const toastModel: MachineModel = {
  machine: toastMachine,
  input: { durationMs: 5000 },
  maxDepth: 6,
  events: {
    'toast.show': [{ toast: { id: 't1', text: { key: 'server_error' }, kind: 'error' } }],
    'toast.dismiss': [{ id: 't1' }],
    'toast.configure': [{ durationMs: 3000 }],
  },
};
