import { assign, fromPromise, setup } from 'xstate';
import type { IqState } from '../../core/contract/iq';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { IqMiningContext, IqMiningEvent } from './iq-mining.types';

/**
 * IQ mining (spec 001 §2 modal "iq mining", §7 /api/iq/start, /api/iq/next): the terms
 * first (intro), then the server starts or resumes the quiz (starting), one question at a time
 * (question → answering: checked on the server, which answers with the right option and its
 * explanation and the next question), until the result. A failure says why, with a retry of what
 * failed (the same answer again: the server records an answer once).
 */
export const iqMiningMachine = setup({
  types: {} as { context: IqMiningContext; events: IqMiningEvent },
  actors: {
    start: fromPromise<IqState>(notProvided('start')),
    next: fromPromise<IqState, { n: number; answer: string }>(notProvided('next')),
  },
  actions: {
    /** the trader's balances read again (provided by the flow): a reward moved the bonus balance */
    refreshUser: () => {},
  },
  guards: {
    finished: (_, params: { state: IqState }) => params.state.status === 'finished',
    hasPending: ({ context }) => context.pending !== null,
  },
}).createMachine({
  id: 'iqMining',
  context: { state: null, pending: null, error: null },
  initial: 'intro',
  states: {
    intro: {
      on: { 'iq.start': 'starting' },
    },
    starting: {
      invoke: {
        src: 'start',
        onDone: [
          { guard: { type: 'finished', params: ({ event }) => ({ state: event.output }) }, target: 'result', actions: assign(({ event }) => ({ state: event.output, error: null })) },
          { target: 'question', actions: assign(({ event }) => ({ state: event.output, error: null })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'iq.failed') })) },
      },
    },
    question: {
      on: {
        'iq.answer': {
          target: 'answering',
          actions: assign(({ context, event }) => ({ pending: { n: context.state?.question?.n ?? 1, answer: event.answer } })),
        },
      },
    },
    answering: {
      invoke: {
        src: 'next',
        input: ({ context }) => context.pending ?? { n: 1, answer: '' },
        onDone: [
          { guard: { type: 'finished', params: ({ event }) => ({ state: event.output }) }, target: 'result', actions: assign(({ event }) => ({ state: event.output, pending: null, error: null })) },
          { target: 'question', actions: assign(({ event }) => ({ state: event.output, pending: null, error: null })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'iq.failed') })) },
      },
    },
    result: { entry: 'refreshUser' },
    failed: {
      on: {
        'iq.retry': [{ guard: 'hasPending', target: 'answering' }, { target: 'starting' }],
      },
    },
  },
});
