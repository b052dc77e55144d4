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
      // the server answers for the tip that was sent: its amount, not another
      { output: { amount: '5.00', currency: 'USD', message: 'Thank you! 5.00 USD went to Anna.' }, when: (input) => (input as { value: string }).value === '5.00' },
      { output: { amount: '50.00', currency: 'USD', message: 'Thank you! 50.00 USD went to Anna.' }, when: (input) => (input as { value: string }).value === '50.00' },
      { error: { kind: 'http', status: 409, error: 'tips.funds', message: 'Your balance is too low for this tip.' } },
      { error: { kind: 'http', status: 500, error: 'server_error', message: '' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 6,
};
