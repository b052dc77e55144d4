import { methodDepositMachine } from './method-deposit.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const base = { minDeposit: '250', currency: 'USD', amount: '' };

/** A wallet tab: Neteller's direct debit, Skrill's redirect, the return listening, demo, refusals. */
export const methodDepositModel: MachineModel = {
  machine: methodDepositMachine,
  inputs: [
    { ...base, method: 'neteller', flow: 'direct', demo: false },
    { ...base, method: 'skrill', flow: 'redirect', demo: false },
    { ...base, method: 'skrill', flow: 'redirect', demo: true },
    { ...base, method: 'skrill', flow: 'redirect', demo: false, depositId: 'd-1' },
  ],
  events: {
    'amount.change': [{ value: '300' }, { value: '100' }, { value: '0' }, { value: '12.345' }, { value: '' }],
    'deposit.submit': [
      { account: 'netellertest_USD@neteller.com', secureId: '411392' },
      { account: 'netellertest_USD@neteller.com', secureId: '41' },
      { account: '', secureId: '' },
    ],
  },
  actors: {
    start: [
      { output: { id: 'd-1', status: 'pending', redirectUrl: '/sandbox/wallets/skrill/d-1' } },
      { output: { id: 'd-1', status: 'paid' } },
      { output: { id: 'd-1', status: 'pending' } },
      { error: http(402, 'method.declined', 'Neteller declined the payment') },
      { error: http(400, 'method.min_deposit', 'Min deposit 250') },
      { error: { kind: 'network' } },
    ],
    checkDeposit: [{ output: { status: 'pending' } }, { output: { status: 'paid' } }, { output: { status: 'failed' } }, { error: { kind: 'network' } }],
  },
  maxDepth: 5,
};
