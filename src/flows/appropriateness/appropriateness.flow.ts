import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { appropriatenessMachine } from '../../../machines/appropriateness/appropriateness.machine';
import { acceptRisk, getAppropriateness, sendAnswers } from '../../api/appropriateness';
import { inspect } from '../shared/inspector';
import { connectAppropriateness } from './appropriateness.connect';

export const appropriatenessFlow = appropriatenessMachine.provide({
  actors: {
    loadStatus: fromPromise(() => getAppropriateness()),
    submitAnswers: fromPromise(({ input }) => sendAnswers(input)),
    acceptRisk: fromPromise(() => acceptRisk()),
  },
});

/** #/show/appropriateness: the page's actor, connected (numbers and dates written in the view's language). */
export function useAppropriateness(lang = 'en') {
  const actor = useActorRef(appropriatenessFlow, { inspect });
  return connectAppropriateness(useSelector(actor, (s) => s), actor.send, lang);
}
