import { referralTransferMachine } from './referral-transfer.machine';
import type { MachineModel } from '../../machine-kit/types';

/** A transfer: 'Wrong amount' for 0 or 1.5, sent, refused by the server, typed again. */
export const referralTransferModel: MachineModel = {
  machine: referralTransferMachine,
  input: { keySeed: 'seed0001' },
  events: { 'amount.change': [{ value: '10' }, { value: '1.5' }] },
  actors: {
    transfer: [
      { output: { amount: '10.00', account: '7', balance: { currency: 'USD', amount: '2.50' } } },
      { error: { kind: 'http', status: 409, error: 'referral.insufficient', message: 'The referral balance is lower than this amount.' } },
    ],
  },
  maxDepth: 5,
};
