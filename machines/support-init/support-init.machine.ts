import { assign, fromPromise, setup } from 'xstate';
import type { SupportInit } from '../../core/contract/support';
import { isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { SupportInitContext, SupportInitEvent } from './support-init.types';

/** 002 §4, §9: support initialisation is tried up to 3 times */
export const SUPPORT_INIT_ATTEMPTS = 3;
/** the wait before the second attempt; each later wait doubles (1 s, 2 s) */
export const SUPPORT_INIT_BACKOFF_MS = 1_000;

/** worth another attempt: the server was not reached, was busy or failed; a refusal (4xx) will not change */
const transient = (error: unknown): boolean =>
  !isCallFailure(error) || error.kind === 'network' || error.status >= 500 || error.status === 429 || error.status === 408;

/**
 * Support initialisation (spec 002 §4, §9): GET /api/kayako/init, tried up to 3 times
 * with a growing wait between attempts; after the last it says so and offers a retry. Ends with
 * what the page needs (form options, tickets, unread count) as its output.
 */
export const supportInitMachine = setup({
  types: {} as { context: SupportInitContext; events: SupportInitEvent; output: SupportInit },
  actors: {
    init: fromPromise<SupportInit>(notProvided('init')),
  },
  actions: {
    /** to the parent (the support page) when composed: the attempts are used up */
    gaveUp: () => {},
  },
  guards: {
    canTryAgain: ({ context }, error: unknown) => context.attempt < SUPPORT_INIT_ATTEMPTS && transient(error),
  },
  delays: {
    initBackoff: ({ context }) => SUPPORT_INIT_BACKOFF_MS * 2 ** Math.max(0, context.attempt - 1),
  },
}).createMachine({
  id: 'supportInit',
  context: { attempt: 0, data: null, error: null },
  initial: 'loading',
  output: ({ context }) => context.data!,
  states: {
    loading: {
      entry: assign(({ context }) => ({ attempt: context.attempt + 1 })),
      invoke: {
        src: 'init',
        onDone: { target: 'done', actions: assign(({ event }) => ({ data: event.output, error: null })) },
        onError: [
          { guard: { type: 'canTryAgain', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'waiting', meta: { spec: ['002 §4.7', '002 §9.3'] } },
          {
            target: 'failed',
            meta: { spec: ['002 §4.7', '002 §9.3'] },
            actions: [assign(({ context }) => ({ error: msg('support.init_failed', undefined, { count: context.attempt }) })), 'gaveUp'],
          },
        ],
      },
    },
    /** the backoff before the next attempt */
    waiting: { after: { initBackoff: { target: 'loading', meta: { spec: ['002 §4.7'] } } } },
    /** 'Support is not available right now' with a retry: three more attempts */
    failed: { on: { retry: { target: 'loading', actions: assign({ attempt: 0, error: null }) } } },
    done: { type: 'final' },
  },
});
