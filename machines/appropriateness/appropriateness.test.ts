import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnswersRequest, AppropriatenessStatus } from '../../core/contract/appropriateness';
import { appropriatenessMachine, isConflict, isOffered, refusedQuestions, unanswered } from './appropriateness.machine';
import { STATUS } from './appropriateness.model';

const http = (status: number, error: string, fields?: Record<string, string>) => ({ kind: 'http', status, error, message: 'm', ...(fields && { fields }) });

/** What the model does not check: what is sent, what is kept and marked, the helpers. */
describe('appropriateness: the helpers', () => {
  it('names the open questions in order, and knows the offered options', () => {
    expect(unanswered(STATUS.required, {})).toEqual(['loss', 'odds']);
    expect(unanswered(STATUS.required, { odds: 'win' })).toEqual(['loss']);
    expect(unanswered(STATUS.required, { loss: 'part', odds: 'win' })).toEqual([]);
    expect(unanswered(null, {})).toEqual([]);
    expect(isOffered(STATUS.required, 'loss', 'stake')).toBe(true);
    expect(isOffered(STATUS.required, 'loss', 'win')).toBe(false);
    expect(isOffered(STATUS.required, 'nope', 'stake')).toBe(false);
    expect(isOffered(null, 'loss', 'stake')).toBe(false);
  });

  it('reads the questions a 400 marks, and a 409 as a changed standing', () => {
    expect(refusedQuestions(http(400, 'validation', { loss: 'appropriateness.unanswered' }))).toEqual({ loss: { key: 'appropriateness.unanswered' } });
    expect(refusedQuestions(http(400, 'validation'))).toEqual({});
    expect(refusedQuestions(http(409, 'appropriateness.done', { loss: 'x' }))).toEqual({});
    expect(refusedQuestions({ kind: 'network' })).toEqual({});
    expect(isConflict(http(409, 'appropriateness.cooldown'))).toBe(true);
    expect(isConflict(http(400, 'validation'))).toBe(false);
    expect(isConflict({ kind: 'network' })).toBe(false);
  });
});

describe('appropriateness: one questionnaire', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const start = (load: () => Promise<AppropriatenessStatus>, submit: (input: AnswersRequest) => Promise<AppropriatenessStatus> = () => Promise.reject({ kind: 'network' }), accept: () => Promise<AppropriatenessStatus> = () => Promise.reject({ kind: 'network' })) => {
    const sent: AnswersRequest[] = [];
    let loads = 0;
    const actor = createActor(
      appropriatenessMachine.provide({
        actors: {
          loadStatus: fromPromise(() => {
            loads++;
            return load();
          }),
          submitAnswers: fromPromise(({ input }) => {
            sent.push(input);
            return submit(input);
          }),
          acceptRisk: fromPromise(() => accept()),
        },
      }),
    ).start();
    return { actor, sent, loads: () => loads };
  };

  it('refuses to send with a question open, marks each open one, ignores an option not offered; sends the picks', async () => {
    const { actor, sent } = start(() => Promise.resolve(STATUS.required), () => Promise.resolve(STATUS.passed));
    await settle();
    expect(actor.getSnapshot().value).toBe('answering');
    actor.send({ type: 'answer.pick', question: 'loss', option: 'win' });
    expect(actor.getSnapshot().context.answers).toEqual({});
    actor.send({ type: 'answers.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ loss: { key: 'appropriateness.unanswered' }, odds: { key: 'appropriateness.unanswered' } });
    expect(actor.getSnapshot().context.shakes).toBe(1);
    actor.send({ type: 'answer.pick', question: 'loss', option: 'stake' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ odds: { key: 'appropriateness.unanswered' } });
    actor.send({ type: 'answer.pick', question: 'odds', option: 'win' });
    actor.send({ type: 'answer.pick', question: 'odds', option: 'lose' });
    actor.send({ type: 'answers.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(sent).toEqual([{ answers: { loss: 'stake', odds: 'lose' } }]);
    expect(actor.getSnapshot().value).toBe('passed');
    expect(actor.getSnapshot().context.status).toEqual(STATUS.passed);
  });

  it('a lost connection keeps the answers and says so; a 400 marks the questions; a 409 reads the standing again', async () => {
    const answers = [Promise.reject({ kind: 'network' }), Promise.reject(http(400, 'validation', { odds: 'appropriateness.option' })), Promise.reject(http(409, 'appropriateness.cooldown'))];
    answers.forEach((p) => p.catch(() => undefined));
    let n = 0;
    const { actor, loads } = start(() => Promise.resolve(STATUS.required), () => answers[n++]!);
    await settle();
    actor.send({ type: 'answer.pick', question: 'loss', option: 'stake' });
    actor.send({ type: 'answer.pick', question: 'odds', option: 'lose' });
    actor.send({ type: 'answers.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.answers).toEqual({ loss: 'stake', odds: 'lose' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'appropriateness.failed_call' });
    actor.send({ type: 'answers.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ odds: { key: 'appropriateness.option' } });
    expect(actor.getSnapshot().context.answers).toEqual({ loss: 'stake', odds: 'lose' });
    actor.send({ type: 'answers.submit' });
    await settle();
    await settle();
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().value).toBe('answering');
  });

  it('a fail in the cool-down checks again; after it, answers again from nothing or accepts with the box ticked', async () => {
    const statuses = [STATUS.failed, STATUS.ready];
    const { actor } = start(() => Promise.resolve(statuses.shift()!), undefined, () => Promise.resolve(STATUS.accepted));
    await settle();
    expect(actor.getSnapshot().matches({ failed: 'coolingDown' })).toBe(true);
    actor.send({ type: 'test.retry' });
    actor.send({ type: 'risk.accept' });
    expect(actor.getSnapshot().matches({ failed: 'coolingDown' })).toBe(true);
    actor.send({ type: 'status.reload' });
    await settle();
    expect(actor.getSnapshot().matches({ failed: 'ready' })).toBe(true);
    actor.send({ type: 'risk.accept' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ understood: { key: 'appropriateness.accept.required' } });
    actor.send({ type: 'risk.understood', value: true });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.understood).toBe(true);
    actor.send({ type: 'risk.understood', value: false });
    actor.send({ type: 'risk.accept' });
    expect(actor.getSnapshot().matches({ failed: 'ready' })).toBe(true);
    actor.send({ type: 'risk.understood', value: true });
    actor.send({ type: 'risk.accept' });
    expect(actor.getSnapshot().value).toBe('accepting');
    await settle();
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('answering again starts from nothing; an acceptance that fails says so and stays', async () => {
    const { actor } = start(() => Promise.resolve(STATUS.ready), undefined, () => Promise.reject(http(500, 'server_error')));
    await settle();
    actor.send({ type: 'risk.understood', value: true });
    actor.send({ type: 'risk.accept' });
    await settle();
    expect(actor.getSnapshot().matches({ failed: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'server_error', fallback: 'm' });
    actor.send({ type: 'test.retry' });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context).toMatchObject({ answers: {}, fieldErrors: {}, error: null, understood: false });
  });

  it('a failed read says so and tries again', async () => {
    const reads = [Promise.reject({ kind: 'network' }), Promise.resolve(STATUS.notRequired)];
    reads[0]!.catch(() => undefined);
    const { actor } = start(() => reads.shift()!);
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'appropriateness.load_failed' });
    actor.send({ type: 'status.reload' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('notRequired');
  });
});
