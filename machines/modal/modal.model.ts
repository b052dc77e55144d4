import { modalMachine } from './modal.machine';
import type { MachineModel } from '../../machine-kit/types';

export const modalModel: MachineModel = {
  machine: modalMachine,
  // the queue can grow without end; three events deep reaches every state and transition
  maxDepth: 4,
  events: {
    'modal.open': [
      { request: { id: 'a1', kind: 'alert', text: { key: 'server_error' }, variant: 'error' } },
      { request: { id: 'c1', kind: 'confirm', text: { key: 'common.yes' } } },
      { request: { id: 'd1', kind: 'dynamic', name: 'add-account' } },
    ],
  },
};
