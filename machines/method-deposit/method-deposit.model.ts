import { methodDepositMachine } from './method-deposit.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const methodOf = (input: unknown): unknown => (input as { method?: unknown }).method;
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
    'deposit.submit': [
      { account: 'netellertest_USD@neteller.com', secureId: '411392', payment: { amount: '300', bonus: true, promo: 'SANDBOX1' } },
      { account: 'netellertest_USD@neteller.com', secureId: '411392', payment: { amount: '100', bonus: false, promo: '' } },
      { account: 'netellertest_USD@neteller.com', secureId: '411392', payment: { amount: '0', bonus: false, promo: '' } },
      { account: 'netellertest_USD@neteller.com', secureId: '411392', payment: { amount: '12.345', bonus: false, promo: '' } },
      { account: 'netellertest_USD@neteller.com', secureId: '41', payment: { amount: '300', bonus: false, promo: '' } },
      { account: '', secureId: '', payment: { amount: '300', bonus: false, promo: '' } },
      { payment: { amount: '', bonus: false, promo: '' } },
    ],
  },
  actors: {
    // each wallet answers for itself: Skrill sends the trader to its page; Neteller's direct debit is paid at once or declined
    start: [
      { output: { id: 'd-1', status: 'pending', redirectUrl: '/sandbox/wallets/skrill/d-1' }, when: (input) => methodOf(input) === 'skrill' },
      { output: { id: 'd-1', status: 'paid' }, when: (input) => methodOf(input) === 'neteller' },
      { output: { id: 'd-1', status: 'pending' } },
      { error: http(402, 'method.declined', 'Neteller declined the payment'), when: (input) => methodOf(input) === 'neteller' },
      { error: http(400, 'method.min_deposit', 'Min deposit 250') },
      { error: { kind: 'network' } },
    ],
    checkDeposit: [{ output: { status: 'pending' } }, { output: { status: 'paid' } }, { output: { status: 'failed' } }, { error: { kind: 'network' } }],
  },
  maxDepth: 5,
};
