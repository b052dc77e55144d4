import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { traderLimitsMachine } from '../../../machines/trader-limits/trader-limits.machine';
import { getLimits, setDepositLimit } from '../../api/limits';
import { inspect } from '../shared/inspector';
import { connectTraderLimits } from './limits.connect';

export const traderLimitsFlow = traderLimitsMachine.provide({
  actors: {
    loadLimits: fromPromise(() => getLimits()),
    setDepositLimit: fromPromise(({ input }) => setDepositLimit(input)),
  },
});

/** #/show/limits: the page's actor, connected (amounts written in the view's language). */
export function useTraderLimits(lang = 'en') {
  const actor = useActorRef(traderLimitsFlow, { inspect });
  return connectTraderLimits(useSelector(actor, (s) => s), actor.send, lang);
}
