import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { quickTopUpMachine } from '../../../machines/quick-topup/quick-topup.machine';
import { loadSavedCards, quickTopUp } from '../../api/deposits-offline';
import { nextId, selectSettings, selectUser, sessionActor } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { connectQuickTopUp } from './quick-topup.connect';

export const quickTopUpFlow = quickTopUpMachine.provide({
  actors: {
    loadCards: fromPromise(() => loadSavedCards()),
    charge: fromPromise(({ input }) => quickTopUp({ amount: input.amount, confirm: input.confirm, card: input.card, key: input.key, fixed: false, bonus: false })),
  },
  actions: { refreshUser: () => sessionActor.send({ type: 'user.update' }) },
});

/** The quick top-up panel's actor (the card tabs), created with the session's facts, connected. */
export function useQuickTopUp(lang = 'en') {
  const user = useSelector(sessionActor, selectUser);
  const settings = useSelector(sessionActor, selectSettings);
  const keySeed = useMemo(() => nextId('quick').replace(/[^A-Za-z0-9_-]/g, ''), []);
  const actor = useActorRef(quickTopUpFlow, { input: { demo: user?.isDemo ?? false, currency: user?.currency ?? 'USD', minDeposit: settings?.minDeposit ?? '250', keySeed }, inspect });
  return connectQuickTopUp(useSelector(actor, (s) => s), actor.send, lang);
}
