import { invoiceMachine } from './invoice.machine';
import type { MachineModel } from '../../machine-kit/types';

const start = { coin: 'btc', guid: 'g-1', now: 1_700_000_000_000, expiresAt: 1_700_003_600_000 };

/** Invoice: waiting, partial payment, paid, expired, the final check, voucher loads, pages opened late. */
export const invoiceModel: MachineModel = {
  machine: invoiceMachine,
  inputs: [
    start,
    { ...start, voucher: true },
    { ...start, status: 'su' },
    { ...start, status: 'ex' },
  ],
  actors: {
    checkInvoice: [
      { output: { status: 'wt' } },
      { output: { status: 'wt', paid: '0.0005', due: '0.0005' } },
      { output: { status: 'wt', pending: '0.001', confirming: 1 } },
      { output: { status: 'su', hash: 'ab12' } },
      { output: { status: 'ex' } },
      { output: { status: 'ex', paid: '0.0005', exceptions: [{ id: 'x-1', kind: 'short', status: 'credited', amount: '0.0005', asset: 'BTC', invoiceRate: '64250', arrivalRate: '', rateCurrency: 'USD', credit: '125.00', creditCurrency: 'USD', autoCreditAt: null, chooseUntil: null, mayClaim: false, mayCredit: false, refundAddress: '', refundTxid: '', refundTxUrl: '', rejected: false }] } },
      { error: { kind: 'network' } },
    ],
  },
  // polls are repeatable without end; four events deep reaches every state and transition
  maxDepth: 5,
};
