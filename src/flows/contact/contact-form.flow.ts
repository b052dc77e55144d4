import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { contactFormMachine } from '../../../machines/contact-form/contact-form.machine';
import { getSupportInfo, sendContact } from '../../api/contact';
import { sessionActor } from '../shell/app.flow';
import { useState } from 'react';
import { connectContactForm, type ContactRefusal } from './contact-form.connect';
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
  const snapshot = useSelector(actor, (s) => s);
  // a new refusal: its first bad field is where the focus goes (kept while the trader edits it)
  const [refusal, setRefusal] = useState<ContactRefusal>({ shakes: snapshot.context.shakes, field: null });
  const api = connectContactForm(snapshot, actor.send, refusal);
  if (api.shakes !== refusal.shakes) setRefusal({ shakes: api.shakes, field: api.firstBadField });
  return api;
}
