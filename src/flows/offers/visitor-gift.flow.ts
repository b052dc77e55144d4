import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { GIFT_COOKIE_MAX_AGE_S, visitorGiftMachine } from '../../../machines/visitor-gift/visitor-gift.machine';
import { inspect } from '../shared/inspector';

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

/**
 * The landing page's gift popup: 15 s after arrival unless seen within a day. Seen (and so
 * remembered for a day) once it is shown while the page is in front: a popup that opened in a
 * background tab waits for the visitor to come back.
 */
export function useVisitorGift() {
  const actor = useActorRef(flow, { input: { seen: giftSeen(document.cookie) }, inspect });
  const shown = useSelector(actor, (s) => s.matches('shown'));
  useEffect(() => {
    if (!shown) return;
    const check = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'seen' });
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [actor, shown]);
  return { isShown: shown, onClose: () => actor.send({ type: 'close' }) };
}
