import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { notMeMachine } from '../../../machines/not-me/not-me.machine';
import { signInHistoryMachine } from '../../../machines/sign-in-history/sign-in-history.machine';
import { loadSignIns, notMeByEvent, notMeByLink } from '../../api/sign-in-history';
import { platformLogout } from '../../api/platform';
import { selectSettings, sessionActor } from '../shell/app.flow';
import { currentLang, ENDED_PARAM, goTo } from '../shell/navigation';
import { inspect } from '../shared/inspector';
import { connectNotMe, type NotMeRef } from './not-me.connect';
import { connectSignInHistory } from './sign-in-history.connect';

/** "This wasn't me" with its effect: the history's sign-in, or the email link's token. */
export const notMeFlow = notMeMachine.provide({
  actors: {
    secure: fromPromise(async ({ input }) => (input.token !== undefined ? notMeByLink(input.token) : notMeByEvent(input.event))),
  },
});

/**
 * Every session ended (ours by the server): the platform's own session too, then a full page load
 * of the sign-in page, which says why (?ended=not_me), as a logout leaves.
 */
export async function leaveSecured(): Promise<void> {
  const base = selectSettings(sessionActor.getSnapshot())?.platform ?? '/platform';
  await Promise.allSettled([platformLogout(base)]);
  goTo(`/${currentLang()}/login?${ENDED_PARAM}=not_me`);
}

export const signInHistoryFlow = signInHistoryMachine.provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => loadSignIns(input.before)),
    notMe: notMeFlow,
  },
  actions: {
    leave: () => {
      void leaveSecured();
    },
  },
});

/** The sign-in history (issue 31 §1, §3), for the security page. */
export function useSignInHistory(lang: string) {
  const actor = useActorRef(signInHistoryFlow, { inspect });
  return connectSignInHistory(
    useSelector(actor, (s) => s),
    actor.send,
    lang,
  );
}

/** The dialog's "this wasn't me" (the history's child actor). */
export function useNotMeChild(ref: NotMeRef) {
  return connectNotMe(
    useSelector(ref, (s) => s),
    ref.send,
  );
}

/** /{lang}/not-me?token=…: the email link's page, its own actor for the link's token (opening the page changes nothing). */
export function useNotMeLink() {
  const [input] = useState(() => ({ token: (new URLSearchParams(window.location.search).get('token') ?? '').slice(0, 200) }));
  const actor = useActorRef(notMeFlow, { input, inspect });
  return { ...connectNotMe(useSelector(actor, (s) => s), actor.send), lang: currentLang() };
}
