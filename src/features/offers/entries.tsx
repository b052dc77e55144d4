import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { watchOffers } from '../../flows/offers/offers-check';
import { selectUser, sessionActor } from '../../flows/shell/app.flow';
import { lazyPage } from '../../ui/lazyPage';

/** the timed offer dialog (dynamic modal timed_offer), loaded with its own chunk when an offer is there */
export const OfferDialogEntry = lazyPage(() => import('./OfferDialog'), 'inline');

/** In the trading overlays: asks for an offer once the page has settled (renders nothing); not for a trader who is offered none (GET /api/me incentivesOff). */
export function OfferWatch() {
  const offered = useSelector(sessionActor, (s) => !selectUser(s)?.incentivesOff);
  useEffect(() => (offered ? watchOffers() : undefined), [offered]);
  return null;
}
