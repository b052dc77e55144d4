import { useActorRef, useSelector } from '@xstate/react';
import { GIFT_COOKIE_MAX_AGE_S, visitorGiftMachine } from '../../machines/visitor-gift/visitor-gift.machine';
import { inspect } from './inspector';

/** the cookie that keeps the gift popup away for a day (001 §9) */
export const GIFT_COOKIE = 'gift_seen';

export const giftSeen = (cookies: string): boolean => cookies.split(';').some((c) => c.trim().startsWith(`${GIFT_COOKIE}=`));

const flow = visitorGiftMachine.provide({
  actions: {
    remember: () => {
      document.cookie = `${GIFT_COOKIE}=1; max-age=${GIFT_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
    },
  },
});

/** The landing page's gift popup: 15 s after arrival unless seen within a day. */
export function useVisitorGift() {
  const actor = useActorRef(flow, { input: { seen: giftSeen(document.cookie) }, inspect });
  const shown = useSelector(actor, (s) => s.matches('shown'));
  return { isShown: shown, onClose: () => actor.send({ type: 'close' }) };
}
