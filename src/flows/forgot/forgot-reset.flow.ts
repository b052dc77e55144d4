import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../../machines/password-reset/password-reset.machine';
import { checkResetLink, resetPassword } from '../../api/forgot';
import { connectPasswordReset } from './forgot-reset.connect';
import { inspect } from '../shared/inspector';
import { currentLang } from '../shell/navigation';

/** The reset page's machine bound to POST /api/forget/check and /api/forget/reset. */
export const passwordResetFlow = passwordResetMachine.provide({
  actors: {
    checkLink: fromPromise(async ({ input }) => {
      const answer = await checkResetLink(input.token);
      return { expiresAt: answer.expiresAt };
    }),
    resetPassword: fromPromise(async ({ input }) => {
      const answer = await resetPassword({ token: input.token, password: input.password });
      return { message: answer.message };
    }),
  },
});

/** /{lang}/reset?token=…: the actor with the link's token (opening the page changes nothing on the server), connected. */
export function usePasswordReset() {
  const [input] = useState(() => ({ token: (new URLSearchParams(window.location.search).get('token') ?? '').slice(0, 200) }));
  const actor = useActorRef(passwordResetFlow, { input, inspect });
  return { ...connectPasswordReset(useSelector(actor, (s) => s), actor.send), lang: currentLang() };
}
