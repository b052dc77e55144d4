import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { selfExclusionMachine } from '../../../machines/self-exclusion/self-exclusion.machine';
import { platformLogout } from '../../api/platform';
import { exclude } from '../../api/self-exclusion';
import { useMoneyFlow } from '../attention/attention.flow';
import { selectSettings, sessionActor } from '../shell/app.flow';
import { currentLang, goTo, PAUSED_PARAM } from '../shell/navigation';
import { inspect } from '../shared/inspector';
import { connectSelfExclusion } from './self-exclusion.connect';

/** the page's clock: the end shown on the confirmation is computed from it (the machine reads none) */
const now = (): number => Date.now();

/**
 * In force: the way a logout leaves (src/flows/shell/app.flow.ts): the platform's own session is
 * ended too (ours the server ended with the answer), then a full page load of the sign-in page in
 * the trader's language, which says the break (or the self-exclusion) has begun (?paused=timeout or
 * ?paused=exclusion, as ?closed=1). The end date is not put in the address: the sign-in page says it
 * from the server's own refusal when the trader tries to sign in.
 */
export async function leaveForBreak(kind: string): Promise<void> {
  const base = selectSettings(sessionActor.getSnapshot())?.platform ?? '/platform';
  await Promise.allSettled([platformLogout(base)]);
  goTo(`/${currentLang()}/login?${PAUSED_PARAM}=${kind === 'exclusion' ? 'exclusion' : 'timeout'}`);
}

export const selfExclusionFlow = selfExclusionMachine.provide({
  actors: {
    exclude: fromPromise(({ input }) => exclude(input)),
  },
  actions: {
    leave: (_, params) => {
      void leaveForBreak(params.kind);
    },
  },
});

/** #/show/pause: the page's actor, connected (lengths and dates written in the view's language). */
export function useSelfExclusion(lang = 'en') {
  const actor = useActorRef(selfExclusionFlow, { inspect });
  const api = connectSelfExclusion(useSelector(actor, (s) => s), actor.send, lang, now);
  // nothing interrupts the confirmation (docs/attention.md): a promotion waits
  useMoneyFlow('self-exclusion', api.confirmStep);
  return api;
}
