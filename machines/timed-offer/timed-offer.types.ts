import type { AcceptResponse, Offer } from '../../core/contract/offers';
import type { Msg } from '../../core/message';

export interface TimedOfferInput {
  offer: Offer;
  /** milliseconds from now to the server's deadline (expiresAt corrected by the server clock offset) */
  remainingMs: number;
}

export interface TimedOfferContext extends TimedOfferInput {
  accepted: AcceptResponse | null;
  error: Msg | null;
}

export type TimedOfferEvent = { type: 'accept' } | { type: 'ignore' };
