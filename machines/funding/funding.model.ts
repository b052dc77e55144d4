import { fundingMachine } from './funding.machine';
import type { FundingOptions } from './funding.types';
import type { MachineModel } from '../../machine-kit/types';

const options: FundingOptions = {
  currency: 'USD',
  minDeposit: '250',
  maxDeposit: '50000',
  fixedAmount: null,
  tiers: [
    { name: 'bronze', from: '250', percent: '1.2', value: '20' },
    { name: 'silver', from: '1000', percent: '1.5', value: '50' },
    { name: 'gold', from: '3000', percent: '2', value: '100' },
  ],
  maxBonusPercent: '3.5',
  maxBonusValue: '200',
  geo: 'MT',
  cardsToday: 0,
  dailyLimit: 3,
};
const base = { add: '', ng: '', demo: false, risk: false, mobile: false, exchange: false, tabs: ['card', 'jcb', 'bitcoin'] };

/**
 * The funding page: a plain start, a risk-flagged trader on a phone (bitcoin first, the risk
 * popup on the card tab), the add alert, a promo link, and a US trader with the fixed amount.
 */
export const fundingModel: MachineModel = {
  machine: fundingMachine,
  inputs: [
    base,
    { ...base, risk: true, mobile: true },
    { ...base, add: 'payment_success' },
    { ...base, add: 'promo', ng: 'WELCOME', exchange: true },
  ],
  events: {
    'tab.select': [{ tab: 'card' }, { tab: 'bitcoin' }, { tab: 'nope' }],
    'amount.change': [{ value: '1000' }],
    'amount.step': [{ value: '3 000' }],
    'bonus.toggle': [{ on: true }],
    'promo.change': [{ value: 'GOLD' }, { value: '' }],
  },
  actors: {
    loadOptions: [{ output: options }, { output: { ...options, fixedAmount: '250', minDeposit: '500' } }, { error: { kind: 'network' } }],
    checkPromo: [{ output: { percent: '0.5' } }, { error: { kind: 'http', status: 400, error: 'promo.invalid', message: 'Invalid promo code' } }],
  },
  maxDepth: 4,
};
