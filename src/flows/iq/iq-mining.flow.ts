import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { iqMiningMachine } from '../../../machines/iq-mining/iq-mining.machine';
import { answerIq, startIq } from '../../api/iq';
import { sessionActor } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { connectIqMining } from './iq-mining.connect';

export const iqMiningFlow = iqMiningMachine.provide({
  actors: {
    start: fromPromise(async () => startIq()),
    next: fromPromise(async ({ input }) => answerIq(input.n, input.answer)),
  },
  actions: { refreshUser: () => sessionActor.send({ type: 'user.update' }) },
});

/** The IQ mining dialog's actor, connected in the trader's language. */
export function useIqMining(lang: 'en' | 'ru') {
  const actor = useActorRef(iqMiningFlow, { inspect });
  return connectIqMining(useSelector(actor, (s) => s), actor.send, lang);
}
