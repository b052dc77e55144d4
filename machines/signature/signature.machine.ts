import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { SaveSignatureInput, SaveSignatureOutput, SignatureContext, SignatureEvent, SignatureInput, SignatureOutput } from './signature.types';

/**
 * The drawn signature (spec 001 §3-8, 002 §4): the trader draws on the pad (clear and undo are
 * the pad's own), ticks the agreement when asked, and saves. An empty pad gets 'Cant save empty
 * sign!'; the image goes up as a PNG document of kind 'signature', which sets the user's sign
 * flag on the server. A failed save keeps the drawing and says why; a 401 logs out (spec 001 §8).
 */
export const signatureMachine = setup({
  types: {} as { context: SignatureContext; events: SignatureEvent; input: SignatureInput; output: SignatureOutput },
  actors: {
    saveSignature: fromPromise<SaveSignatureOutput, SaveSignatureInput>(notProvided('saveSignature')),
  },
  actions: {
    /** app effect: the session logs out (spec 001 §8: 401 on an upload call) */
    logout: () => {},
  },
  guards: {
    padEmpty: ({ context }) => context.empty,
    missesAgreement: ({ context }) => context.agreement && !context.agree,
    /** the session is gone: 401 */
    isAuthFailure: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.status === 401,
  },
}).createMachine({
  id: 'signature',
  context: ({ input }) => ({ agreement: input.agreement, empty: true, agree: false, error: null, documentId: null }),
  initial: 'drawing',
  states: {
    drawing: {
      on: {
        'pad.changed': { actions: assign(({ event }) => ({ empty: event.empty, error: null })) },
        'agree.set': { actions: assign(({ event }) => ({ agree: event.value, error: null })) },
        'sign.save': [
          { guard: 'padEmpty', meta: { spec: ['001 §5.13', '001 §8.13'] }, actions: assign({ error: msg('signature.empty') }) },
          { guard: 'missesAgreement', actions: assign({ error: msg('block.agree_required') }) },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveSignature',
        input: ({ event }) => ({ image: event.type === 'sign.save' ? event.image : '' }),
        onDone: { target: 'saved', meta: { spec: ['001 §4.18'] }, actions: assign(({ event }) => ({ documentId: event.output.documentId })) },
        onError: [
          {
            guard: { type: 'isAuthFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'drawing',
            actions: [assign(({ event }) => ({ error: failureMsg(event.error, 'signature.save_error') })), 'logout'],
          },
          { target: 'drawing', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'signature.save_error') })) },
        ],
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ documentId: context.documentId ?? '' }),
});
