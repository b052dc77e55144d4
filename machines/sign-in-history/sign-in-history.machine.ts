import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notMeMachine } from '../not-me/not-me.machine';
import type { NotMeOutput } from '../not-me/not-me.types';
import { notProvided } from '../shared/not-provided';
import type { SignInHistoryContext, SignInHistoryEvent, SignInPage } from './sign-in-history.types';

/**
 * The sign-in history on the security page (issue 31 §1, §3): the last 90 days of sign-ins read a
 * page at a time (with a retry), newest first, each with its method, outcome, device, IP and
 * country; "show more" while older ones exist (a failed page keeps what was read and says why). A
 * sign-in from a new device can be reported as not the trader's: the child `notMe` asks and
 * sends; once every session has ended, the page leaves for the sign-in page (`leave`).
 */
export const signInHistoryMachine = setup({
  types: {} as { context: SignInHistoryContext; events: SignInHistoryEvent },
  actors: {
    loadPage: fromPromise<SignInPage, { before: string | null }>(notProvided('loadPage')),
    notMe: notMeMachine,
  },
  actions: {
    take: assign((_, params: { page: SignInPage }) => ({ events: params.page.events, next: params.page.next, error: null })),
    append: assign(({ context }, params: { page: SignInPage }) => ({ events: [...context.events, ...params.page.events], next: params.page.next, error: null })),
    failure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'history.load_failed') })),
    ask: assign((_, params: { event: string }) => ({ asking: params.event, error: null })),
    done: assign({ asking: null }),
    /** app effect: every session ended; to the sign-in page, which says why */
    leave: () => {},
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    /** one of the listed sign-ins, from a new device */
    isNewDevice: ({ context }, params: { event: string }) => context.events.some((e) => e.id === params.event && e.newDevice),
    secured: (_, params: { output: NotMeOutput }) => params.output.secured,
  },
}).createMachine({
  id: 'signInHistory',
  context: { events: [], next: null, error: null, asking: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: () => ({ before: null }),
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** it could not be read: said so, with a retry */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'history.more': { guard: 'hasMore', target: 'loadingMore' },
        'history.notMe': { guard: { type: 'isNewDevice', params: ({ event }) => ({ event: event.event }) }, target: 'notMe', actions: { type: 'ask', params: ({ event }) => ({ event: event.event }) } },
      },
      states: {
        idle: {},
        /** a further page failed: what was read stays, with why */
        moreFailed: {},
      },
    },
    loadingMore: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ before: context.next }),
        onDone: { target: 'ready.idle', actions: { type: 'append', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'ready.moreFailed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** "this wasn't me": the child asks, sends, and says what happened */
    notMe: {
      invoke: {
        id: 'notMe',
        src: 'notMe',
        input: ({ context }) => ({ event: context.asking ?? '' }),
        onDone: [
          { guard: { type: 'secured', params: ({ event }) => ({ output: event.output }) }, target: 'secured' },
          { target: 'ready', actions: 'done' },
        ],
      },
    },
    /** every session ended: the page leaves */
    secured: { type: 'final', entry: 'leave' },
  },
});
