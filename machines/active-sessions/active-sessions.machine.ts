import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { ActiveSessions, ActiveSessionsContext, ActiveSessionsEvent } from './active-sessions.types';

/**
 * Where the trader is signed in, on the security page (issue 31 §2): the live sessions read from
 * the server (with a retry), each with its device, IP, sign-in and last use, this one marked; one
 * other session ended, or every other at once. Only a session in the list that is not this one
 * can be ended, and only when another exists for "every other"; one request at a time. The
 * answer is the list after it; a failed end keeps the list and says why.
 */
export const activeSessionsMachine = setup({
  types: {} as { context: ActiveSessionsContext; events: ActiveSessionsEvent },
  actors: {
    loadSessions: fromPromise<ActiveSessions>(notProvided('loadSessions')),
    endSession: fromPromise<ActiveSessions, { ref: string }>(notProvided('endSession')),
    endOthers: fromPromise<ActiveSessions>(notProvided('endOthers')),
  },
  actions: {
    take: assign((_, params: { answer: ActiveSessions }) => ({ sessions: params.answer.sessions, error: null })),
    loadFailure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'sessions.load_failed') })),
    mark: assign((_, params: { ending: string }) => ({ ending: params.ending, error: null })),
    ended: assign(({ context }, params: { answer: ActiveSessions }) => ({ sessions: params.answer.sessions, ending: null, error: null, answers: context.answers + 1 })),
    endFailure: assign(({ context }, params: { error: unknown }) => ({ ending: null, error: failureMsg(params.error, 'sessions.end_failed'), answers: context.answers + 1 })),
  },
  guards: {
    /** one of the listed sessions, not this one */
    isOther: ({ context }, params: { ref: string }) => context.sessions.some((s) => s.ref === params.ref && !s.current),
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
  },
}).createMachine({
  id: 'activeSessions',
  context: { sessions: [], ending: null, error: null, answers: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSessions',
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** it could not be read: said so, with a retry */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'sessions.end': {
          guard: { type: 'isOther', params: ({ event }) => ({ ref: event.ref }) },
          target: 'ending',
          actions: { type: 'mark', params: ({ event }) => ({ ending: event.ref }) },
        },
        'sessions.endOthers': { guard: 'hasOthers', target: 'endingOthers', actions: { type: 'mark', params: { ending: 'others' } } },
      },
      states: {
        idle: {},
        /** ended: the list after it */
        ended: {},
        /** the end failed: the list as it was, and why */
        failed: {},
      },
    },
    ending: {
      invoke: {
        src: 'endSession',
        input: ({ context }) => ({ ref: context.ending ?? '' }),
        onDone: { target: 'ready.ended', actions: { type: 'ended', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'ready.failed', actions: { type: 'endFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    endingOthers: {
      invoke: {
        src: 'endOthers',
        onDone: { target: 'ready.ended', actions: { type: 'ended', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'ready.failed', actions: { type: 'endFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
