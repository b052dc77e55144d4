import { cryptoDepositMachine } from './crypto-deposit.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const options = {
  currency: 'USD',
  minDeposit: '250',
  rateSource: 'sandbox',
  altcoinDefault: '1.5',
  sandbox: true,
  assets: [
    { coin: 'btc', symbol: 'BTC', name: 'Bitcoin', decimals: 8, price: '64250.00000000', available: true },
    { coin: 'token', symbol: 'LINK', name: 'Chainlink', decimals: 8, price: '14.20000000', available: true },
  ],
};

/** A crypto tab: demo block, options loading, amount checks in fiat and fixed mode, pay, refusals. */
export const cryptoDepositModel: MachineModel = {
  machine: cryptoDepositMachine,
  inputs: [
    { tab: 'bitcoin', coin: 'btc', demo: false },
    { tab: 'bitcoin', coin: 'btc', demo: true },
    // an asset the server cannot take right now
    { tab: 'dash', coin: 'dash', demo: false },
  ],
  events: {
    'amount.change': [{ value: '300' }, { value: '100' }, { value: '0' }, { value: '12.345' }],
    'mode.change': [{ fixed: true }, { fixed: false }],
    'token.change': [{ token: 'LINK' }],
  },
  actors: {
    loadOptions: [{ output: options }, { error: { kind: 'network' } }],
    pay: [
      { output: { guid: 'g-1' } },
      { error: http(400, 'crypto.min_deposit', 'Wrong amount! Min deposit 250') },
      { error: http(500, 'server_error', 'Something went wrong') },
      { error: { kind: 'network' } },
    ],
  },
  // the amount can be edited without end; three events deep reaches every state and transition
  maxDepth: 4,
};
