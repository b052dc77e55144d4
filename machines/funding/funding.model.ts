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
  bonusTurnover: '30',
  geo: 'MT',
  cardsToday: 0,
  dailyLimit: 3,
};
const stack = { settings: [], user: 'PFS,ORANGE', country: 'MT', affsId: '', noVload: [] };
const base = { add: '', ng: '', demo: false, risk: false, mobile: false, exchange: false, tabs: ['card', 'jcb', 'bitcoin', 'neteller'], userId: 'u-1', stack };
const T = 1_700_000_000_000;
const opening = { resume: null, now: T, year: 2026, month: 11, keySeed: 'seed-0001' };
const visa = { digits: '4111111111111111', type: 'visa', lengths: [16, 18, 19], luhn: true };

/**
 * The funding page: a plain start, a risk-flagged trader on a phone (bitcoin first, the risk
 * popup on the card tab), the add alert, a promo link, and a US trader with the fixed amount.
 * On the card tabs the page opens the card form (a fake child here), forwards the trader's card
 * events and Deposit with its payment, and takes the tab the form asks for.
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
    'tab.select': [{ tab: 'card' }, { tab: 'jcb' }, { tab: 'bitcoin' }, { tab: 'neteller' }, { tab: 'nope' }],
    'card.submit': [{ card: visa, cvv: '123', now: T }],
    'field.change': [{ field: 'name', value: 'Jean Dupont' }],
    'dialog.tab': [{ tab: 'bitcoin' }],
    'amount.change': [{ value: '1000' }],
    'amount.step': [{ value: '3 000' }],
    'bonus.toggle': [{ on: true }],
    'promo.change': [{ value: 'GOLD' }, { value: '' }],
  },
  actors: {
    loadOptions: [{ output: options }, { output: { ...options, fixedAmount: '250', minDeposit: '500' } }, { error: { kind: 'network' } }],
    checkPromo: [{ output: { percent: '0.5' } }, { output: { percent: '0', value: '10.00' } }, { error: { kind: 'http', status: 400, error: 'promo.invalid', message: 'Invalid promo code' } }],
    openCard: [{ output: opening }],
  },
  emitted: {
    cardForm: [{ type: 'card.tab', tab: 'bitcoin' }],
  },
  maxDepth: 4,
};
