import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AppropriatenessStatus } from '../../../core/contract/appropriateness';
import { appropriatenessMachine } from '../../../machines/appropriateness/appropriateness.machine';
import { STATUS } from '../../../machines/appropriateness/appropriateness.model';
import { formatDateTime } from '../shared/dates';
import { connectAppropriateness, TRADING_HREF } from './appropriateness.connect';

const settle = () => new Promise((r) => setTimeout(r, 0));
/** a form's submit event as React gives it (no DOM here) */
const SUBMIT = { preventDefault() {}, currentTarget: undefined } as never;

async function start(status: AppropriatenessStatus, submit: () => Promise<AppropriatenessStatus> = () => Promise.resolve(STATUS.passed)) {
  const actor = createActor(
    appropriatenessMachine.provide({
      actors: {
        loadStatus: fromPromise(() => Promise.resolve<AppropriatenessStatus>(status)),
        submitAnswers: fromPromise(() => submit()),
        acceptRisk: fromPromise(() => Promise.resolve<AppropriatenessStatus>(STATUS.accepted)),
      },
    }),
  ).start();
  await settle();
  return { actor, view: (lang = 'en') => connectAppropriateness(actor.getSnapshot(), actor.send, lang) };
}

describe('connectAppropriateness', () => {
  it('the questions as radio groups named by their texts; a refused Send marks the open ones and focuses the first open one’s first option', async () => {
    const { actor, view } = await start(STATUS.required);
    const page = view();
    expect([page.answering, page.loading, page.failed]).toEqual([true, false, false]);
    expect(page.intro).toEqual({ key: 'appropriateness.intro', params: { of: '2', passMark: '2' } });
    expect(page.questions.map((q) => [q.id, q.number, q.text.key, q.options.map((o) => o.text.key)])).toEqual([
      ['loss', { key: 'appropriateness.question_of', params: { n: '1', of: '2' } }, 'appropriateness.q.loss', ['appropriateness.q.loss.part', 'appropriateness.q.loss.stake']],
      ['odds', { key: 'appropriateness.question_of', params: { n: '2', of: '2' } }, 'appropriateness.q.odds', ['appropriateness.q.odds.win', 'appropriateness.q.odds.lose']],
    ]);
    expect(page.getOptionProps('loss', 'stake')).toMatchObject({ type: 'radio', id: 'appr-loss-stake', name: 'appr-loss', checked: false, 'data-focus-on': undefined });
    view().getOptionProps('loss', 'stake').onChange();
    expect(view().getOptionProps('loss', 'stake').checked).toBe(true);
    view().getFormProps().onSubmit(SUBMIT);
    const refused = view();
    expect(actor.getSnapshot().value).toBe('answering');
    expect(refused.questions[1]!.error).toEqual({ key: 'appropriateness.unanswered' });
    expect(refused.missing).toEqual({ key: 'appropriateness.missing', params: { count: '1' } });
    expect(refused.getQuestionProps('odds')).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'appr-odds-error' });
    expect(refused.getQuestionProps('loss')).toMatchObject({ 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(refused.getOptionProps('odds', 'win')['data-focus-on']).toBe('refused-1');
    expect(refused.getOptionProps('odds', 'lose')['data-focus-on']).toBeUndefined();
    expect(refused.getQuestionErrorProps('odds')).toEqual({ id: 'appr-odds-error', role: 'alert' });
  });

  it('sending: the button says so and rests; passed: the score and the way to trading', async () => {
    let answer!: (s: AppropriatenessStatus) => void;
    const { view } = await start(STATUS.required, () => new Promise((r) => (answer = r)));
    view().getOptionProps('loss', 'stake').onChange();
    view().getOptionProps('odds', 'lose').onChange();
    view().getFormProps().onSubmit(SUBMIT);
    expect(view().submitLabel).toEqual({ key: 'appropriateness.submitting' });
    expect(view().getSubmitProps()).toMatchObject({ 'aria-busy': true });
    expect(view().getOptionProps('loss', 'stake').disabled).toBe(true);
    answer({ ...STATUS.passed, score: 2, of: 2 });
    await settle();
    const done = view();
    expect([done.passed, done.answering]).toEqual([true, false]);
    expect(done.passedMessage).toEqual({ key: 'appropriateness.passed.body', params: { score: '2', of: '2', passMark: '2' } });
    expect(done.tradingHref).toBe(TRADING_HREF);
    expect(done.getDoneProps()['data-focus-on']).toBe('passed');
  });

  it('failed: the score, the cool-down’s end in the trader’s zone, the warning’s heading focused; after it, the box and Accept', async () => {
    const cooling = (await start(STATUS.failed)).view('ru');
    expect([cooling.failed, cooling.ready]).toEqual([true, false]);
    expect(cooling.scoreMessage).toEqual({ key: 'appropriateness.failed.score', params: { score: '1', of: '2', passMark: '2' } });
    expect(cooling.cooldownMessage).toEqual({ key: 'appropriateness.failed.cooldown', params: { retryAt: formatDateTime('2026-12-02T10:00:00.000Z') } });
    expect(cooling.getWarningTitleProps()['data-focus-on']).toBe('warning');
    const { actor, view } = await start(STATUS.ready);
    expect(view().cooldownMessage).toEqual({ key: 'appropriateness.failed.ready' });
    view().getAcceptFormProps().onSubmit(SUBMIT);
    const refused = view();
    expect(refused.understoodError).toEqual({ key: 'appropriateness.accept.required' });
    expect(refused.getUnderstoodProps()).toMatchObject({ type: 'checkbox', checked: false, 'aria-invalid': true, 'aria-describedby': 'appr-understood-error', 'data-focus-on': 'refused-1' });
    refused.getUnderstoodProps().onChange({ currentTarget: { checked: true } });
    expect(view().getUnderstoodProps()).toMatchObject({ checked: true, 'aria-invalid': undefined });
    view().getAcceptFormProps().onSubmit(SUBMIT);
    expect(view().acceptLabel).toEqual({ key: 'appropriateness.accepting' });
    await settle();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(view().acceptedMessage).toEqual({ key: 'appropriateness.accepted.body', params: { date: formatDateTime('2026-12-01T10:00:00.000Z') } });
  });
});
