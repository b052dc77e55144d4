import { promotionsMachine } from './promotions.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

export const promotion = (over: Record<string, unknown> = {}) => ({
  id: 'sandbox-deposit-plus-1',
  en: { title: 'Deposit bonus +1 %', gives: 'Adds 1 %', terms: 'Activate once.' },
  ru: { title: 'Бонус +1 %', gives: 'Добавляет 1 %', terms: 'Один раз.' },
  percent: '1',
  max: '50.00',
  currency: null,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2027-02-01T00:00:00.000Z',
  activatedAt: null,
  eligible: true,
  ...over,
});

const listed = {
  output: {
    currency: 'USD',
    promotions: [promotion(), promotion({ id: 'sandbox-euro-half', currency: 'EUR', eligible: false }), promotion({ id: 'done', activatedAt: '2026-11-20T00:00:00.000Z' })],
  },
};

/**
 * Promotions: the list loaded or failed and retried; a promotion opened (or an ineligible or
 * activated one not), its terms cancelled or confirmed; activated and the list reloaded (or
 * that read failed); refused by the server and dismissed; no answer, retried or left.
 */
export const promotionsModel: MachineModel = {
  machine: promotionsMachine,
  events: {
    'promotion.open': [{ id: 'sandbox-deposit-plus-1' }, { id: 'sandbox-euro-half' }, { id: 'done' }],
  },
  actors: {
    list: [listed, { error: { kind: 'network' } }],
    activate: [
      { output: { id: 'sandbox-deposit-plus-1', activatedAt: '2026-11-25T10:00:00.000Z' } },
      { error: http(409, 'promotions.already_activated', 'You have already activated this promotion.') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 7,
};
