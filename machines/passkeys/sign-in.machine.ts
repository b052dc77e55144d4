import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { PasskeySignInContext, PasskeySignInEvent } from './passkeys.types';

/**
 * "Sign in with a passkey" on the sign-in page (issue 31 §5): the flow asks the server for a
 * challenge, lets the browser and the authenticator sign it (any passkey of this site: no email
 * is typed) and sends the answer; the server answers the autologin address, which the page opens
 * (an app effect): the ordinary sign-in goes on there, without the second factor. A refusal (or the
 * trader closing the browser's prompt) is said and the button works again.
 */
export const passkeySignInMachine = setup({
  types: {} as { context: PasskeySignInContext; events: PasskeySignInEvent },
  actors: {
    signIn: fromPromise<{ url: string }>(notProvided('signIn')),
  },
  actions: {
    /** app effect: the page opens the autologin address */
    open: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'passkeySignIn',
  context: { error: null, tries: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'passkey.start': 'signingIn' } },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        src: 'signIn',
        onDone: { target: 'leaving', actions: { type: 'open', params: ({ event }) => ({ url: event.output.url }) } },
        onError: { target: 'failed', actions: assign(({ context, event }) => ({ error: failureMsg(event.error, 'passkey.failed'), tries: context.tries + 1 })) },
      },
    },
    failed: { on: { 'passkey.start': 'signingIn' } },
    /** the autologin page is opening */
    leaving: { type: 'final' },
  },
});
