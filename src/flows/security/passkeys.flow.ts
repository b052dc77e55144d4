import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passkeysMachine } from '../../../machines/passkeys/passkeys.machine';
import { addPasskey, loadPasskeys, passkeyRegistrationOptions, removePasskey } from '../../api/passkeys';
import { inspect } from '../shared/inspector';
import { createPasskey } from '../shared/webauthn';
import { connectPasskeys } from './passkeys.connect';

export const passkeysFlow = passkeysMachine.provide({
  actors: {
    loadPasskeys: fromPromise(() => loadPasskeys()),
    // the password and the server's challenge, the browser's and the authenticator's key, the server's check
    addPasskey: fromPromise(async ({ input }) => addPasskey(input.name, await createPasskey(await passkeyRegistrationOptions(input.password)))),
    removePasskey: fromPromise(({ input }) => removePasskey(input.id, input.password)),
  },
});

/** The passkeys section of the security page (issue 31 §5). */
export function usePasskeys() {
  const actor = useActorRef(passkeysFlow, { inspect });
  return connectPasskeys(useSelector(actor, (s) => s), actor.send, 'PublicKeyCredential' in window);
}
