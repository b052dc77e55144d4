import { voucherMachine } from './voucher.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Vload: demo block, the pin's shape, redeemed, the server's refusals (used, invalid, floor) and the generic error. */
export const voucherModel: MachineModel = {
  machine: voucherMachine,
  inputs: [{ demo: false }, { demo: true }],
  events: {
    'pin.change': [{ value: '1250 0000 0000 0001' }, { value: '1234' }],
  },
  actors: {
    redeem: [
      { output: { amount: '250.00', currency: 'USD', voucher: '0001' } },
      { error: http(409, 'vload.used', 'This voucher has already been used.') },
      { error: http(500, 'server_error', '') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 4,
};
