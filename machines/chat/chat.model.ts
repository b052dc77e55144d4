import { chatMachine } from './chat.machine';
import type { MachineModel } from '../../machine-kit/types';

/** The chat panel: first visit (auto-opens), a later visit, a page where settings hide it; token, guest, failure. */
export const chatModel: MachineModel = {
  machine: chatMachine,
  inputs: [
    { autoOpened: false, hidden: false },
    { autoOpened: true, hidden: false },
    { autoOpened: false, hidden: true },
  ],
  events: {
    'chat.path': [{ hidden: true }, { hidden: false }],
  },
  actors: {
    loadConnection: [
      { output: { token: 'tok-1', url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true } },
      { output: { token: null, url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 6,
};
