import type { LimitsResponse } from '../../core/contract/limits';
import type { MachineModel } from '../../machine-kit/types';
import { traderLimitsMachine } from './trader-limits.machine';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

/** 24 hours from the model's moment: when a raise or removal asked then applies */
export const RAISE_FROM = '2026-12-01T12:00:00.000Z';

/**
 * A trader's limits: 500 a day in force, 1,000 a week with a raise to 2,000 waiting, no monthly
 * limit; what each window holds.
 */
export const limitsAnswer = (over: Partial<LimitsResponse> = {}): LimitsResponse => ({
  currency: 'USD',
  deposit: [
    { period: 'day', amount: '500.00', pending: null, used: '120.00' },
    { period: 'week', amount: '1000.00', pending: { amount: '2000.00', from: RAISE_FROM }, used: '120.00' },
    { period: 'month', amount: null, pending: null, used: '620.00' },
  ],
  trading: [],
  cooling_off_hours: 24,
  ...over,
});

/** the answer after a raise or a removal of the day's limit: the old one in force until RAISE_FROM */
const dayWaiting = (amount: string | null): LimitsResponse => {
  const answer = limitsAnswer();
  return { ...answer, deposit: answer.deposit.map((d) => (d.period === 'day' ? { ...d, pending: { amount, from: RAISE_FROM } } : d)) };
};

const input = (value: unknown) => (value ?? {}) as { period?: string; amount?: string | null };
/** what the rules answer for the model's limits: above the day's 500 (or none) waits; a first or lower limit applies now */
const waits = (value: unknown): boolean => {
  const { period, amount } = input(value);
  return period === 'day' && (amount === null || amount === '2000.00');
};

/**
 * Deposit limits: the limits read or not (and retried); a row opened, its amount typed (a good
 * one, a lower one, one with too many decimals), saved (now, or later with its date), removed
 * (later), refused by the server (the amount marked) or lost on its way (everything kept);
 * another row opened from the editor or after a save; the editor closed.
 */
export const traderLimitsModel: MachineModel = {
  machine: traderLimitsMachine,
  events: {
    'row.edit': [{ period: 'day' }, { period: 'month' }],
    'amount.change': [{ value: '250' }, { value: '2000' }, { value: '12.345' }],
  },
  actors: {
    loadLimits: [{ output: limitsAnswer() }, { error: { kind: 'network' } }],
    setDepositLimit: [
      { output: { limits: limitsAnswer(), applied: 'now' }, when: (i) => !waits(i) },
      { output: { limits: dayWaiting('2000.00'), applied: 'later' }, when: (i) => waits(i) && input(i).amount !== null },
      { output: { limits: dayWaiting(null), applied: 'later' }, when: (i) => waits(i) && input(i).amount === null },
      { error: http(400, 'limits.amount', 'The amount is not a limit you can set.', { amount: 'limits.amount' }) },
      { error: { kind: 'network' } },
    ],
  },
  feasible: {
    setDepositLimit: (i, outcome) => !('output' in outcome) || ((outcome.output as { applied: string }).applied === 'later') === waits(i),
  },
  maxDepth: 8,
};
