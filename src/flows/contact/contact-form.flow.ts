import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { contactFormMachine } from '../../../machines/contact-form/contact-form.machine';
import { getSupportInfo, sendContact } from '../../api/contact';
import { sessionActor } from '../shell/app.flow';
import { connectContactForm } from './contact-form.connect';
import { inspect } from '../shared/inspector';

export const contactFormFlow = contactFormMachine.provide({
  actors: {
    loadInfo: fromPromise(() => getSupportInfo()),
    sendContact: fromPromise(async ({ input }) => {
      // the CSRF token comes with the session (GET /api/me, signed out too): a send waits for it
      await waitFor(sessionActor, (s) => !s.matches('loading'), { timeout: 20_000 });
      return sendContact(input);
    }),
  },
});

/** The contact page's actor, connected. */
export function useContactForm() {
  const actor = useActorRef(contactFormFlow, { inspect });
  return connectContactForm(useSelector(actor, (s) => s), actor.send);
}
