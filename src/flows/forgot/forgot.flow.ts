import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { forgotMachine } from '../../../machines/forgot/forgot.machine';
import { askReset } from '../../api/forgot';
import { connectForgot } from './forgot.connect';
import { inspect } from '../shared/inspector';
import { currentLang } from '../shell/navigation';

/** The ask of the forgot-password page, bound to POST /api/forget (the link in the email opens this page's language). */
export const forgotFlow = forgotMachine.provide({
  actors: {
    askReset: fromPromise(async ({ input }) => {
      const answer = await askReset({ email: input.email, lang: currentLang() });
      return { message: answer.message };
    }),
  },
});

/** /{lang}/forgot: the actor, connected. */
export function useForgot() {
  const actor = useActorRef(forgotFlow, { inspect });
  return { ...connectForgot(useSelector(actor, (s) => s), actor.send), lang: currentLang() };
}
