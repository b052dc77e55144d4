import { quickTopUpMachine } from './quick-topup.machine';
import type { MachineModel } from '../../machine-kit/types';

const cards = { cards: [{ token: 'tok-1', brand: 'visa', last4: '0010' }, { token: 'tok-2', brand: 'mastercard', last4: '0028' }], can_load: true };
const answer = (status: 'approved' | 'declined' | 'pending', message?: string) => ({ status, payment: 'p-1', amount: '300.00', currency: 'USD', ...(message && { message }) });

/** Quick top-up: not offered (rule, no card, demo, load error), amount checks, the confirmation, approved, declined, pending, refusals. */
export const quickTopUpModel: MachineModel = {
  machine: quickTopUpMachine,
  inputs: [
    { demo: false, currency: 'USD', minDeposit: '250', keySeed: 'seed' },
    { demo: true, currency: 'USD', minDeposit: '250', keySeed: 'seed' },
    { demo: false, currency: 'EUR', minDeposit: '500', keySeed: 'seed' },
  ],
  events: {
    'amount.change': [{ value: '300' }, { value: '100' }, { value: '-' }],
    'card.select': [{ token: 'tok-2' }, { token: 'unknown' }],
  },
  actors: {
    loadCards: [{ output: cards }, { output: { cards: [], can_load: true } }, { output: { ...cards, can_load: false } }, { error: { kind: 'network' } }],
    charge: [
      { output: answer('approved') },
      { output: answer('declined', 'The card was declined.') },
      { output: answer('pending', 'Your bank asks to confirm this payment on its own page.') },
      { error: { kind: 'http', status: 403, error: 'quick.not_allowed', message: 'Quick top-up is not available.' } },
    ],
  },
  maxDepth: 5,
};
