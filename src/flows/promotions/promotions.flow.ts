import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { promotionsMachine } from '../../../machines/promotions/promotions.machine';
import { activatePromotion, getPromotions } from '../../api/promotions';
import { useT } from '../../i18n';
import { inspect } from '../shared/inspector';
import { connectPromotions } from './promotions.connect';

export const promotionsFlow = promotionsMachine.provide({
  actors: {
    list: fromPromise(() => getPromotions()),
    activate: fromPromise(({ input }) => activatePromotion(input.id)),
  },
});

/** #/show/promotions: its actor, connected in the page's language. */
export function usePromotions() {
  const { lang } = useT();
  const actor = useActorRef(promotionsFlow, { inspect });
  return connectPromotions(useSelector(actor, (s) => s), actor.send, lang);
}
