import { bankReportMachine } from './bank-report.machine';
import type { MachineModel } from '../../machine-kit/types';

const bank = { bankName: 'Sandbox Bank', beneficiary: 'Sandbox Brokerage Ltd', iban: 'MT84 SBOX 0000 0000 0000 0000 0001 234', bic: 'SBOXMTM0', address: 'Valletta', sandbox: true };
const deposit = (status: 'pending' | 'received') => ({
  id: '6f1c2b8e-2f0a-4f7e-9b55-0c3a1d2e4f50',
  method: 'bank',
  reference: 'BT-ACDE-FGHJ',
  amount: '300.00',
  currency: 'USD',
  status,
  receipt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  receivedAt: status === 'received' ? '2026-11-25T10:05:00.000Z' : null,
  bank,
});
const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const receipt = { id: 'a7d1c9e2-3b4f-4a5b-8c6d-7e8f9a0b1c2d', kind: 'receipt', status: 'uploaded', reason: null, mime: 'application/pdf', size: 900, sha256: 'b'.repeat(64), created_at: '2026-11-25T10:01:00.000Z', reviewed_at: null };

/** Bank and fiat: an open transfer shown again, the amount checks, the report and its refusals, the receipt, received by push or by the fallback check. */
export const bankReportModel: MachineModel = {
  machine: bankReportMachine,
  inputs: [
    { method: 'bank', currency: 'USD', minDeposit: '250', keySeed: 'seed' },
    { method: 'fiat', currency: 'EUR', minDeposit: '500', keySeed: 'seed' },
  ],
  events: {
    'report.submit': [
      { payment: { amount: '300', bonus: true, promo: 'SANDBOX1' } },
      { payment: { amount: '100', bonus: false, promo: '' } },
      { payment: { amount: 'abc', bonus: false, promo: '' } },
    ],
    'bank.updated': [
      { id: '6f1c2b8e-2f0a-4f7e-9b55-0c3a1d2e4f50', status: 'received' },
      { id: 'another', status: 'received' },
    ],
    'receipt.stored': [{ document: receipt }],
  },
  actors: {
    loadOpen: [{ output: [] }, { output: [deposit('pending')] }, { error: { kind: 'network' } }],
    report: [
      { output: deposit('pending') },
      { error: http(400, 'fiat.min_deposit', 'Wrong amount! Min deposit 500') },
      { error: http(400, 'bank.amount', 'Wrong amount!') },
      { error: { kind: 'network' } },
    ],
    loadDeposit: [{ output: deposit('received') }, { output: deposit('pending') }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};
