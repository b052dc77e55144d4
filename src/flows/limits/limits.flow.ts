import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { traderLimitsMachine } from '../../../machines/trader-limits/trader-limits.machine';
import { getLimits, setDepositLimit, setTradingLimit } from '../../api/limits';
import { inspect } from '../shared/inspector';
import { connectTraderLimits } from './limits.connect';

export const traderLimitsFlow = traderLimitsMachine.provide({
  actors: {
    loadLimits: fromPromise(() => getLimits()),
    // a deposit limit to its own call (unchanged), a stake or loss limit to the trading one
    saveLimit: fromPromise(({ input: { kind, period, amount } }) => (kind === 'deposit' ? setDepositLimit({ period, amount }) : setTradingLimit({ kind, period, amount }))),
  },
});

/** #/show/limits: the page's actor, connected (amounts written in the view's language). */
export function useTraderLimits(lang = 'en') {
  const actor = useActorRef(traderLimitsFlow, { inspect });
  return connectTraderLimits(useSelector(actor, (s) => s), actor.send, lang);
}
