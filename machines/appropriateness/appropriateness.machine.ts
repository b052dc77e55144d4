import { assign, fromPromise, setup } from 'xstate';
import type { AppropriatenessStatus } from '../../core/contract/appropriateness';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { AcceptRiskRequest, AnswersRequest, AppropriatenessContext, AppropriatenessEvent } from './appropriateness.types';

/** The questions still without an answer, in the page's order. */
export const unanswered = (status: AppropriatenessStatus | null, answers: Readonly<Record<string, string>>): string[] =>
  (status?.questions ?? []).filter((q) => !Object.hasOwn(answers, q.id)).map((q) => q.id);

/** Whether `option` is one of the options of question `question` the server sent. */
export const isOffered = (status: AppropriatenessStatus | null, question: string, option: string): boolean =>
  (status?.questions ?? []).some((q) => q.id === question && q.options.some((o) => o.id === option));

/** the questions the server refused (`fields` of a 400), each with its key */
export function refusedQuestions(error: unknown): Record<string, Msg> {
  if (!isCallFailure(error) || error.kind !== 'http' || error.status !== 400) return {};
  return Object.fromEntries(Object.entries(error.fields ?? {}).map(([id, key]) => [id, msg(key)]));
}

/** a 409: the trader's standing changed elsewhere (passed or failed in another tab, the cool-down not over): read it again */
export const isConflict = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && error.status === 409;

const stateIs = (status: AppropriatenessStatus | null, state: AppropriatenessStatus['state']) => status?.state === state;

/**
 * Where an answer of the server leads (the read, the answers' score, the acceptance): its state
 * decides; a failed test's cool-down is over when the server says `ready`.
 */
const byStatus = [
  { guard: { type: 'is', params: { state: 'not_required' } }, target: '#appropriateness.notRequired' },
  { guard: { type: 'is', params: { state: 'passed' } }, target: '#appropriateness.passed' },
  { guard: { type: 'is', params: { state: 'accepted' } }, target: '#appropriateness.accepted' },
  { guard: 'failedReady', target: '#appropriateness.failed.ready' },
  { guard: { type: 'is', params: { state: 'failed' } }, target: '#appropriateness.failed.coolingDown' },
  { target: '#appropriateness.answering' },
] as const;

/**
 * The appropriateness questionnaire (issue 30 §6; the server holds the questions' answers and
 * scores them). Read where the trader stands: a demo account needs nothing; a trader who never
 * took it answers the questions (each picked; "Send" refused while one is open, each open one
 * marked); the server scores and records: passed, or failed with the risk warning and a 24-hour
 * cool-down (its end from the server; "Check again" reads it again). After the cool-down the
 * trader answers again or accepts the risk (a box to tick first). A call that fails keeps what was
 * picked and says so; a 409 (the standing changed elsewhere) reads the standing again.
 */
export const appropriatenessMachine = setup({
  types: {} as { context: AppropriatenessContext; events: AppropriatenessEvent },
  actors: {
    loadStatus: fromPromise<AppropriatenessStatus, void>(notProvided('loadStatus')),
    submitAnswers: fromPromise<AppropriatenessStatus, AnswersRequest>(notProvided('submitAnswers')),
    acceptRisk: fromPromise<AppropriatenessStatus, AcceptRiskRequest>(notProvided('acceptRisk')),
  },
  actions: {
    takeStatus: assign((_, params: { status: AppropriatenessStatus }) => ({ status: params.status, error: null })),
    pick: assign(({ context }, params: { question: string; option: string }) => {
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[params.question];
      return { answers: { ...context.answers, [params.question]: params.option }, fieldErrors, error: null };
    }),
    /** each open question marked */
    refuseOpen: assign(({ context }) => ({
      fieldErrors: Object.fromEntries(unanswered(context.status, context.answers).map((id) => [id, msg('appropriateness.unanswered')])),
      shakes: context.shakes + 1,
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    /** a new test: nothing picked */
    restart: assign({ answers: {}, fieldErrors: {}, error: null, understood: false }),
    refuseFields: assign(({ context }, params: { error: unknown }) => ({ fieldErrors: refusedQuestions(params.error), error: null, shakes: context.shakes + 1 })),
    fail: assign(({ context }, params: { error: unknown; fallback: string }) => ({ error: failureMsg(params.error, params.fallback), shakes: context.shakes + 1 })),
    understand: assign(({ context }, params: { value: boolean }) => {
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors.understood;
      return { understood: params.value, fieldErrors };
    }),
    refuseUnderstood: assign(({ context }) => ({ fieldErrors: { understood: msg('appropriateness.accept.required') }, shakes: context.shakes + 1 })),
  },
  guards: {
    is: ({ event }, params: { state: AppropriatenessStatus['state'] }) => stateIs((event as unknown as { output: AppropriatenessStatus }).output, params.state),
    failedReady: ({ event }) => {
      const status = (event as unknown as { output: AppropriatenessStatus }).output;
      return status.state === 'failed' && status.ready;
    },
    offered: ({ context }, params: { question: string; option: string }) => isOffered(context.status, params.question, params.option),
    allAnswered: ({ context }) => unanswered(context.status, context.answers).length === 0,
    refusesFields: (_, params: { error: unknown }) => Object.keys(refusedQuestions(params.error)).length > 0,
    conflict: (_, params: { error: unknown }) => isConflict(params.error),
    understood: ({ context }) => context.understood,
  },
}).createMachine({
  id: 'appropriateness',
  context: { status: null, answers: {}, fieldErrors: {}, error: null, understood: false, shakes: 0 },
  initial: 'loading',
  states: {
    /** where the trader stands, and the questions without their answers */
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: byStatus.map((t) => ({ ...t, actions: { type: 'takeStatus' as const, params: ({ event }: { event: { output: AppropriatenessStatus } }) => ({ status: event.output }) } })),
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'appropriateness.load_failed' }) } },
      },
    },
    /** the read failed: said, with "Try again" */
    loadFailed: {
      on: { 'status.reload': { target: 'loading', actions: 'clearErrors' } },
    },
    /** a demo account: nothing to answer */
    notRequired: {},
    /** the questions; every one answered before they are sent */
    answering: {
      on: {
        'answer.pick': {
          guard: { type: 'offered', params: ({ event }) => ({ question: event.question, option: event.option }) },
          actions: { type: 'pick', params: ({ event }) => ({ question: event.question, option: event.option }) },
        },
        'answers.submit': [{ guard: 'allAnswered', target: 'submitting', actions: 'clearErrors' }, { actions: 'refuseOpen' }],
      },
    },
    /** one request: scored and recorded by the server */
    submitting: {
      invoke: {
        src: 'submitAnswers',
        input: ({ context }) => ({ answers: context.answers }),
        onDone: byStatus.map((t) => ({ ...t, actions: { type: 'takeStatus' as const, params: ({ event }: { event: { output: AppropriatenessStatus } }) => ({ status: event.output }) } })),
        onError: [
          // the server marks a question (not answered, an option it does not have): back to the questions, marked
          { guard: { type: 'refusesFields', params: ({ event }) => ({ error: event.error }) }, target: 'answering', actions: { type: 'refuseFields', params: ({ event }) => ({ error: event.error }) } },
          // passed or failed meanwhile (another tab), or still in the cool-down: where the trader stands now
          { guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) }, target: 'loading' },
          // a lost connection, a server error: said, the answers kept
          { target: 'answering', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'appropriateness.failed_call' }) } },
        ],
      },
    },
    /** trading opens */
    passed: {},
    /** the risk warning: the score, and the cool-down */
    failed: {
      initial: 'coolingDown',
      states: {
        /** until `retryAt`: its date, and "Check again" */
        coolingDown: {
          on: { 'status.reload': { target: '#appropriateness.loading', actions: 'clearErrors' } },
        },
        /** the cool-down is over: answer again, or accept the risk (the box ticked first) */
        ready: {
          on: {
            'test.retry': { target: '#appropriateness.answering', actions: 'restart' },
            'risk.understood': { actions: { type: 'understand', params: ({ event }) => ({ value: event.value }) } },
            'risk.accept': [{ guard: 'understood', target: '#appropriateness.accepting', actions: 'clearErrors' }, { actions: 'refuseUnderstood' }],
          },
        },
      },
    },
    /** one request: the acceptance recorded */
    accepting: {
      invoke: {
        src: 'acceptRisk',
        input: () => ({ understood: true as const }),
        onDone: byStatus.map((t) => ({ ...t, actions: { type: 'takeStatus' as const, params: ({ event }: { event: { output: AppropriatenessStatus } }) => ({ status: event.output }) } })),
        onError: [
          { guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) }, target: 'loading' },
          { target: 'failed.ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'appropriateness.accept_failed' }) } },
        ],
      },
    },
    /** the risk accepted after the warning: trading opens */
    accepted: {},
  },
});
