import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { IqState } from '../../../core/contract/iq';
import { iqMiningMachine } from '../../../machines/iq-mining/iq-mining.machine';
import { IQ_SCOPE, connectIqMining, iqRewardFor } from './iq-mining.connect';

const texts = (en: string, ru: string) => ({ en, ru });
const base = { iq_start: '2026-11-25T09:00:00.000Z', reward: { amount: '1.62', currency: 'EUR' }, earnable: true, result: null };
const q1: IqState = { ...base, status: 'question', last: null, question: { n: 1, total: 5, text: texts('Q1?', 'В1?'), options: [{ id: 'a', text: texts('A', 'А') }, { id: 'b', text: texts('B', 'Б') }] } };
const q2wrong: IqState = {
  ...base,
  status: 'question',
  earnable: false,
  question: { ...q1.question!, n: 2, text: texts('Q2?', 'В2?') },
  last: { n: 1, chosen: 'a', correct: false, right: 'b', rightText: texts('B', 'Б'), explanation: texts('Because.', 'Потому что.') },
};
const done: IqState = { ...base, status: 'finished', earnable: false, question: null, last: null, result: { right: 4, total: 5, rewarded: false } };

describe('IQ mining view', () => {
  it('the reward is offered only in a bonus currency', () => {
    expect(iqRewardFor('USD')).toBe('1.62');
    expect(iqRewardFor('RUB')).toBe('1.62');
    expect(iqRewardFor('BTC')).toBeNull();
    expect(iqRewardFor(null)).toBeNull();
  });

  it('terms, a question in the language, a wrong answer explained (reward lost), a failed answer retried with the same answer, the result', async () => {
    const sent: { n: number; answer: string }[] = [];
    let fail = true;
    const answers = [q2wrong, done];
    const actor = createActor(
      iqMiningMachine.provide({
        actors: {
          start: fromPromise(async () => q1),
          next: fromPromise(async ({ input }: { input: { n: number; answer: string } }) => {
            sent.push(input);
            if (fail) {
              fail = false;
              throw { kind: 'network' };
            }
            return answers.shift()!;
          }),
        },
      }),
    ).start();
    let v = connectIqMining(actor.getSnapshot(), actor.send, 'ru');
    expect(v.isIntro).toBe(true);
    expect(v.total).toBe(5);
    v.start();
    await waitFor(actor, (s) => s.matches('question'));
    v = connectIqMining(actor.getSnapshot(), actor.send, 'ru');
    expect(v.question).toEqual({ n: 1, total: 5, text: 'В1?', options: [{ id: 'a', text: 'А' }, { id: 'b', text: 'Б' }] });
    expect(v.earnable).toBe(true);
    // no feedback yet: the question's text takes the focus, within the dialog's body
    expect(v.getRootProps()).toEqual({ 'data-focus-scope': IQ_SCOPE });
    expect(v.getQuestionTextProps()).toEqual({ tabIndex: -1, 'data-focus-on': 'question-1', 'data-focus-in': IQ_SCOPE });
    expect(v.getFeedbackProps()['data-focus-on']).toBeUndefined();
    v.answer('a');
    await waitFor(actor, (s) => s.matches('failed'));
    v = connectIqMining(actor.getSnapshot(), actor.send, 'ru');
    expect(v.error).toEqual({ key: 'iq.failed' });
    expect(v.getProblemProps()).toEqual({ role: 'alert' });
    v.retry();
    await waitFor(actor, (s) => s.matches('question'));
    expect(sent).toEqual([
      { n: 1, answer: 'a' },
      { n: 1, answer: 'a' },
    ]);
    v = connectIqMining(actor.getSnapshot(), actor.send, 'en');
    expect(v.question?.n).toBe(2);
    expect(v.feedback).toEqual({ n: 1, correct: false, rightText: 'B', explanation: 'Because.' });
    expect(v.earnable).toBe(false);
    // the feedback is shown: it takes the focus, the question's text does not
    expect(v.getFeedbackProps()).toEqual({ role: 'status', tabIndex: -1, 'data-focus-on': 'feedback-2', 'data-focus-in': IQ_SCOPE });
    expect(v.getQuestionTextProps()['data-focus-on']).toBeUndefined();
    expect(v.getSendingProps()).toEqual({ 'aria-live': 'polite' });
    expect(v.getStartingProps()).toEqual({ 'aria-busy': true });
    v.answer('b');
    await waitFor(actor, (s) => s.matches('result'));
    v = connectIqMining(actor.getSnapshot(), actor.send, 'en');
    expect(v.result).toEqual({ right: 4, total: 5, rewarded: false });
    expect(v.question).toBeNull();
  });
});
