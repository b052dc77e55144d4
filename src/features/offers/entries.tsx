import { useEffect } from 'react';
import { watchOffers } from '../../flows/offers/offers-check';
import { lazyPage } from '../../ui/lazyPage';

/** the timed offer dialog (dynamic modal timed_offer), loaded with its own chunk when an offer is there */
export const OfferDialogEntry = lazyPage(() => import('./OfferDialog'), 'inline');

/** In the trading overlays: asks for an offer once the page has settled (renders nothing). */
export function OfferWatch() {
  useEffect(() => watchOffers(), []);
  return null;
}
