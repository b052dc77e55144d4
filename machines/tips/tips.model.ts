import { tipsMachine } from './tips.machine';
import type { MachineModel } from '../../machine-kit/types';

/** Tips: a small tip, one over 40 (confirmed or not), stopped during the wait, refused, failed, an invalid amount. */
export const tipsModel: MachineModel = {
  machine: tipsMachine,
  input: { host: 'anna' },
  events: {
    'tip.change': [{ value: '5' }, { value: '50' }, { value: 'abc' }],
  },
  actors: {
    sendTip: [
      { output: { amount: '50.00', currency: 'USD', message: 'Thank you! 50.00 USD went to Anna.' } },
      { error: { kind: 'http', status: 409, error: 'tips.funds', message: 'Your balance is too low for this tip.' } },
      { error: { kind: 'http', status: 500, error: 'server_error', message: '' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 6,
};
