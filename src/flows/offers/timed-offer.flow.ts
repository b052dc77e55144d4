import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Offer } from '../../../core/contract/offers';
import { timedOfferMachine } from '../../../machines/timed-offer/timed-offer.machine';
import { acceptOffer, ignoreOffer } from '../../api/offers';
import { useT } from '../../i18n';
import { inspect } from '../shared/inspector';
import { connectTimedOffer, msUntil } from './timed-offer.connect';

export const timedOfferFlow = timedOfferMachine.provide({
  actors: {
    accept: fromPromise(async ({ input }) => acceptOffer(input.id)),
    ignore: fromPromise(async ({ input }) => ignoreOffer(input.id)),
  },
});

/** the countdown is redrawn each second from the deadline (display only: the machine holds the deadline) */
const REDRAW_MS = 1_000;

/** The offer dialog's actor: its deadline is the server's expiresAt corrected by the clock offset. */
export function useTimedOffer(offer: Offer, offsetMs: number) {
  const { lang } = useT();
  const [now, setNow] = useState(() => Date.now());
  const actor = useActorRef(timedOfferFlow, { input: { offer, remainingMs: msUntil(offer.expiresAt, offsetMs, now) }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  const counting = snapshot.status === 'active';
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => setNow(Date.now()), REDRAW_MS);
    return () => clearInterval(id);
  }, [counting]);
  return connectTimedOffer(snapshot, actor.send, now, offsetMs, lang);
}
