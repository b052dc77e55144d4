import type { LimitsResponse } from '../../core/contract/limits';
import type { MachineModel } from '../../machine-kit/types';
import { traderLimitsMachine } from './trader-limits.machine';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

/** 24 hours from the model's moment: when a raise or removal asked then applies */
export const RAISE_FROM = '2026-12-01T12:00:00.000Z';

/**
 * A trader's limits: deposits 500 a day in force, 1,000 a week with a raise to 2,000 waiting, no
 * monthly limit; no stake limit per trade, 200 of stakes a day; a weekly loss limit of 300; what
 * each window holds (the platform's figures).
 */
export const limitsAnswer = (over: Partial<LimitsResponse> = {}): LimitsResponse => ({
  currency: 'USD',
  deposit: [
    { period: 'day', amount: '500.00', pending: null, used: '120.00' },
    { period: 'week', amount: '1000.00', pending: { amount: '2000.00', from: RAISE_FROM }, used: '120.00' },
    { period: 'month', amount: null, pending: null, used: '620.00' },
  ],
  trading: [
    { kind: 'stake', period: 'trade', amount: null, pending: null, used: '0.00' },
    { kind: 'stake', period: 'day', amount: '200.00', pending: null, used: '40.00' },
    { kind: 'loss', period: 'day', amount: null, pending: null, used: '15.00' },
    { kind: 'loss', period: 'week', amount: '300.00', pending: null, used: '15.00' },
    { kind: 'loss', period: 'month', amount: null, pending: null, used: '15.00' },
  ],
  cooling_off_hours: 24,
  ...over,
});

/** the answer after a raise or a removal of the day's limit: the old one in force until RAISE_FROM */
const dayWaiting = (amount: string | null): LimitsResponse => {
  const answer = limitsAnswer();
  return { ...answer, deposit: answer.deposit.map((d) => (d.period === 'day' ? { ...d, pending: { amount, from: RAISE_FROM } } : d)) };
};

const input = (value: unknown) => (value ?? {}) as { kind?: string; period?: string; amount?: string | null };
/** what the rules answer for the model's limits: above the day's deposit limit of 500 (or none) waits; a first or lower limit applies now */
const waits = (value: unknown): boolean => {
  const { kind, period, amount } = input(value);
  return kind === 'deposit' && period === 'day' && (amount === null || amount === '2000.00');
};
const isTrading = (value: unknown): boolean => input(value).kind !== 'deposit';

/** the answer after a first stake limit per trade: in force at once */
const stakeSet = (amount: string): LimitsResponse => {
  const answer = limitsAnswer();
  return { ...answer, trading: answer.trading.map((l) => (l.kind === 'stake' && l.period === 'trade' ? { ...l, amount } : l)) };
};

/**
 * The trader's limits: the limits read or not (and retried); a row opened (a deposit limit, or the
 * stake limit per trade), its amount typed (a good one, a lower one, one with too many decimals),
 * saved (now, or later with its date), removed (later), refused by the server (the amount marked)
 * or lost on its way (everything kept); another row opened from the editor or after a save; the
 * editor closed.
 */
export const traderLimitsModel: MachineModel = {
  machine: traderLimitsMachine,
  events: {
    'row.edit': [
      { kind: 'deposit', period: 'day' },
      { kind: 'deposit', period: 'month' },
      { kind: 'stake', period: 'trade' },
    ],
    'amount.change': [{ value: '250' }, { value: '2000' }, { value: '12.345' }],
  },
  actors: {
    loadLimits: [{ output: limitsAnswer() }, { error: { kind: 'network' } }],
    saveLimit: [
      { output: { limits: limitsAnswer(), applied: 'now' }, when: (i) => !waits(i) && !isTrading(i) },
      { output: { limits: stakeSet('250.00'), applied: 'now', platform: 'told' }, when: (i) => isTrading(i) },
      { output: { limits: dayWaiting('2000.00'), applied: 'later' }, when: (i) => waits(i) && input(i).amount !== null },
      { output: { limits: dayWaiting(null), applied: 'later' }, when: (i) => waits(i) && input(i).amount === null },
      { error: http(400, 'limits.amount', 'The amount is not a limit you can set.', { amount: 'limits.amount' }) },
      { error: { kind: 'network' } },
    ],
  },
  feasible: {
    saveLimit: (i, outcome) => !('output' in outcome) || ((outcome.output as { applied: string }).applied === 'later') === waits(i),
  },
  maxDepth: 8,
};
