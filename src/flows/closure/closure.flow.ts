import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { accountClosureMachine } from '../../../machines/account-closure/account-closure.machine';
import { closeAccount, getClosureStatus } from '../../api/closure';
import { platformLogout } from '../../api/platform';
import { useMoneyFlow } from '../attention/attention.flow';
import { selectSettings, sessionActor } from '../shell/app.flow';
import { CLOSED_PARAM, currentLang, goTo } from '../shell/navigation';
import { inspect } from '../shared/inspector';
import { connectAccountClosure, type ClosureRefusal } from './closure.connect';

/**
 * Closed: the way a logout leaves (src/flows/shell/app.flow.ts): the platform's own session is
 * ended too (ours the server ended with the closure), then a full page load of the sign-in page
 * in the trader's language, which says the account is closed (?closed=1, as ?autologin=failed).
 */
export async function leaveClosedAccount(): Promise<void> {
  const base = selectSettings(sessionActor.getSnapshot())?.platform ?? '/platform';
  await Promise.allSettled([platformLogout(base)]);
  goTo(`/${currentLang()}/login?${CLOSED_PARAM}=1`);
}

export const accountClosureFlow = accountClosureMachine.provide({
  actors: {
    loadStatus: fromPromise(() => getClosureStatus()),
    closeAccount: fromPromise(({ input }) => closeAccount(input)),
  },
  actions: {
    goToLogin: () => {
      void leaveClosedAccount();
    },
  },
});

/** #/show/close: the page's actor, connected (amounts written in the view's language). */
export function useAccountClosure(lang = 'en') {
  const actor = useActorRef(accountClosureFlow, { inspect });
  const snapshot = useSelector(actor, (s) => s);
  // a new refusal: its first bad field is where the focus goes (kept while the trader edits it)
  const [refusal, setRefusal] = useState<ClosureRefusal>({ shakes: snapshot.context.shakes, field: null });
  const api = connectAccountClosure(snapshot, actor.send, lang, refusal);
  if (api.shakes !== refusal.shakes) setRefusal({ shakes: api.shakes, field: api.firstBadField });
  // nothing interrupts the confirmation or the closure (docs/attention.md): a promotion waits
  useMoneyFlow('account-closure', api.confirmOpen);
  return api;
}
