import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { NotMeContext, NotMeEvent, NotMeInput, NotMeOutput, NotMeResponse } from './not-me.types';

/**
 * "This wasn't me" (issue 31 §3): a sign-in from a new device the trader did not make. The
 * trader confirms (the answer ends every session of the account, this one too, and emails a
 * password reset link), or cancels; a failed try says why and can be confirmed again. Used on its
 * own by the email link's page (/{lang}/not-me?token=…) and as a child of the sign-in history.
 */
export const notMeMachine = setup({
  types: {} as { context: NotMeContext; events: NotMeEvent; input: NotMeInput; output: NotMeOutput },
  actors: {
    secure: fromPromise<NotMeResponse, NotMeInput>(notProvided('secure')),
  },
  actions: {
    failure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'not_me.failed') })),
    take: assign((_, params: { result: NotMeResponse }) => ({ result: params.result, error: null })),
  },
}).createMachine({
  id: 'notMe',
  context: ({ input }) => ({ input, error: null, result: null }),
  initial: 'asking',
  states: {
    /** the question, with what it will do */
    asking: {
      on: { 'notMe.confirm': 'sending', 'notMe.cancel': 'cancelled' },
    },
    sending: {
      invoke: {
        src: 'secure',
        input: ({ context }) => context.input,
        onDone: { target: 'secured', actions: { type: 'take', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'asking', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** every session ended; the answer says whether the reset link went out */
    secured: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ secured: context.result !== null }),
});
