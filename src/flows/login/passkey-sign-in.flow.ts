import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passkeySignInMachine } from '../../../machines/passkeys/sign-in.machine';
import { passkeySignIn, passkeySignInOptions } from '../../api/passkeys';
import { inspect } from '../shared/inspector';
import { signWithPasskey } from '../shared/webauthn';
import { currentLang, goTo } from '../shell/navigation';
import { connectPasskeySignIn } from './passkey-sign-in.connect';

/** "Sign in with a passkey" bound to the server: this session's challenge, the browser's assertion, the autologin address. */
export const passkeySignInFlow = passkeySignInMachine.provide({
  actors: {
    signIn: fromPromise(async () => passkeySignIn(await signWithPasskey(await passkeySignInOptions()), currentLang())),
  },
  actions: {
    // the autologin page signs in through the ordinary path (the platform's login, then ours)
    open: (_, { url }) => goTo(url),
  },
});

/** The sign-in page's passkey button (loaded with its own chunk). */
export function usePasskeySignIn() {
  const actor = useActorRef(passkeySignInFlow, { inspect });
  return connectPasskeySignIn(useSelector(actor, (s) => s), actor.send);
}
