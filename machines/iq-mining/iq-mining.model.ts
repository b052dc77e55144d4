import type { IqState } from '../../core/contract/iq';
import type { MachineModel } from '../../machine-kit/types';
import { iqMiningMachine } from './iq-mining.machine';

const texts = (en: string) => ({ en, ru: en });
const base = { iq_start: '2026-11-25T09:00:00.000Z', reward: { amount: '1.62', currency: 'USD' }, earnable: true, last: null, result: null };
const question: IqState = { ...base, status: 'question', question: { n: 1, total: 5, text: texts('Q1'), options: [{ id: 'a', text: texts('A') }] } };
const finished: IqState = { ...base, status: 'finished', question: null, result: { right: 5, total: 5, rewarded: true } };

/** IQ mining: terms, start (a question, already finished, a refusal, no answer), answers (the next question, the result, a failure retried). */
export const iqMiningModel: MachineModel = {
  machine: iqMiningMachine,
  events: { 'iq.answer': [{ answer: 'a' }] },
  actors: {
    start: [{ output: question }, { output: finished }, { error: { kind: 'http', status: 409, error: 'iq.currency', message: 'IQ mining is for accounts in USD, EUR, GBP or RUB only.' } }],
    next: [{ output: question }, { output: finished }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};
