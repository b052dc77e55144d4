import { withdrawalPendingMachine } from './pending.machine';
import { withdrawalMachine } from './withdrawal.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const check = (kind: string) => ({ need_auth: false, return: true, case: kind, current_turnover: '1200.00', need_turnover: '5000.00', turnover_currency: 'USD' });

/** Withdrawal: form checks, every case, exchange mode, the second factor, need_auth and errors. */
export const withdrawalModel: MachineModel = {
  machine: withdrawalMachine,
  inputs: [
    { currency: 'USD', fixed: false },
    { currency: 'USD', fixed: true, tab: 'eur' },
  ],
  // `shakes` counts errors without end; five events deep reaches every state and transition
  maxDepth: 5,
  events: {
    'tab.select': [{ tab: 'usd' }],
    'form.submit': [
      { amount: '100,50', method: 'Bitcoin', wallet: 'bc1qexample', alt: '' },
      { amount: '0', method: 'Bitcoin', wallet: 'bc1qexample', alt: '' },
      { amount: '10', method: 'Bitcoin', wallet: '  ', alt: '' },
    ],
  },
  actors: {
    checkWithdrawal: [
      { output: check('five') },
      { output: check('verify') },
      { output: check('two') },
      { output: { need_auth: false, return: true, case: 'one' } },
      { output: { need_auth: true, return: false } },
      { output: { need_auth: false, return: false, error: 'funds.insufficient', message: 'Not enough' } },
      { error: http(401, 'auth.required') },
      { error: http(409, 'funds.insufficient', 'The amount is more than your balance.') },
    ],
    finalWithdrawal: [
      { output: { return: true, is_bonus: false, message: 'Requested', factor: false, transactionId: 'w-1' } },
      { output: { return: false, is_bonus: false, message: 'Confirm', factor: true, type: 'email' } },
      { output: { return: false, is_bonus: false, message: '', factor: false } },
      { error: http(401, 'auth.required') },
      { error: http(403, 'csrf', 'Your session changed or expired.') },
      { error: { kind: 'network' } },
    ],
    twoFactorEntry: [{ output: {} }],
  },
};

/** Pending withdrawals: load, cancel with Yes/No, success, refusal, failures. */
export const withdrawalPendingModel: MachineModel = {
  machine: withdrawalPendingMachine,
  actors: {
    loadPending: [
      { output: { hits: [{ transactionId: 'w-1', amount: '100.00', currency: 'USD', method: 'Bitcoin', wallet: 'bc1q…abcdef', createdAt: '2026-01-01T00:00:00Z' }] } },
      { output: { hits: [] } },
      { error: { kind: 'network' } },
    ],
    rejectWithdrawal: [
      { output: { return: true, message: 'Success' } },
      { output: { return: false, message: 'Refused' } },
      { error: http(409, 'withdrawal.not_pending', 'Already paid') },
      // no answer: 'Sorry some errors' (the server message only when there is one)
      { error: { kind: 'network' } },
    ],
  },
  events: { 'pending.cancel': [{ id: 'w-1' }] },
  maxDepth: 6,
};
