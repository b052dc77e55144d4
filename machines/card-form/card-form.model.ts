import { cardFormMachine } from './card-form.machine';
import type { MachineModel } from '../../machine-kit/types';

const T = 1_700_000_000_000;
const base = { settings: [], user: 'PFS,ORANGE', affsId: '', noVload: [], geo: 'MT', currency: 'USD', jcb: false, demo: false, year: 2026, month: 11, resume: null, now: T };
const visa = { digits: '4111111111111111', type: 'visa', lengths: [16, 18, 19], luhn: true };
const ask = { key: 'k-1', amount: '250', currency: 'USD', fixed: false, bonus: true, promo: '', amountError: null };
const out = (result: string, error: unknown = null, explained = false) => ({ output: { result, error, tab: result === 'tab' ? 'bitcoin' : '', amount: '250', currency: 'USD', stack: [], steps: [], explained } });

/**
 * The card form: a trader on the standard form (bad inputs, then a good card), a demo account,
 * the JCB form (a visa refused), and a stored unfinished run that resumes.
 */
export const cardFormModel: MachineModel = {
  machine: cardFormMachine,
  inputs: [
    base,
    { ...base, demo: true },
    { ...base, jcb: true },
    { ...base, resume: { payment: { id: 'p-1', key: 'k-0', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', card: 'tok' }, tried: ['PFS'], current: null, log: [], finished: false } },
  ],
  events: {
    'field.change': [{ field: 'name', value: 'Jean Dupont' }, { field: 'month', value: '12' }, { field: 'year', value: '2027' }],
    'card.submit': [
      { card: visa, cvv: '123', payment: ask, now: T },
      { card: visa, cvv: '123', payment: { ...ask, amountError: { key: 'funding.amount.min', params: { min: '250' } } }, now: T },
    ],
    'dialog.tab': [{ tab: 'bitcoin' }],
  },
  actors: {
    saveCard: [{ output: { token: 'tok-1', first6: '411111', last4: '1111', type: 'visa' } }, { error: { kind: 'network' } }],
    cascade: [out('approved'), out('failed', { key: 'cascade_card.failed' }), out('stopped', { key: 'cascade.do_not_honor' }, true), out('redirected'), out('tab'), out('cancelled')],
  },
  maxDepth: 8,
};
