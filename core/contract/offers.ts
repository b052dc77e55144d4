import * as z from 'zod/mini';

/**
 * Timed offers (spec 001 §2, §4, §7, §9). An offer is a server object per trader whose
 * deadline is fixed when it is first shown: the page counts to `expiresAt` (corrected by the
 * server's clock, `serverTime`), so a reload or a second tab shows the same deadline.
 *
 *   GET  /api/us/offers                         OffersResponse: the current offer (first show fixes its deadline) or none
 *   POST /api/triggers/limited_yes    OfferId   AcceptResponse (once; the same answer again; 410 after the deadline)
 *   POST /api/triggers/limited_ignore OfferId   IgnoreResponse (recorded)
 *   POST /api/triggers/last_host      LastHost  { ok: true } (where the trader came from; nothing else changes)
 *   POST /api/sandbox/offers/now      SandboxOfferRequest  SandboxOfferResponse (sandbox operator only)
 */

export const OFFER_KINDS = ['limited', 'giveaway', 'risk_free'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** What accepting gives, in numbers the page words in plain language. */
export const OfferTerms = z.object({
  /** limited: the extra bonus value of a personal promo code; giveaway: the credit into the bonus balance; risk_free: the most refunded */
  value: z.string(),
  currency: z.string(),
  /** limited: the hours the promo code stays valid after accepting; risk_free: the hours after accepting in which the next trade opened is covered (0 for a giveaway) */
  codeHours: z.number(),
  /** the bonus rules that still apply */
  turnoverMultiplier: z.string(),
  maxBonusValue: z.string(),
});
export type OfferTerms = z.infer<typeof OfferTerms>;

export const Offer = z.object({
  id: z.string(),
  kind: z.enum(OFFER_KINDS),
  /** ISO instant the offer was first shown and the deadline fixed then */
  shownAt: z.string(),
  expiresAt: z.string(),
  terms: OfferTerms,
});
export type Offer = z.infer<typeof Offer>;

export const OffersResponse = z.object({
  offer: z.nullable(Offer),
  /** the server's clock when it answered (the page's offset to it corrects the countdown) */
  serverTime: z.string(),
  /** when asking again may find an offer (the giveaway's time), or null */
  nextCheckAt: z.nullable(z.string()),
});
export type OffersResponse = z.infer<typeof OffersResponse>;

export const OfferId = z.object({ id: z.string().check(z.regex(/^[0-9]{1,18}$/, 'offer.id')) });
export type OfferId = z.infer<typeof OfferId>;

export const AcceptResponse = z.object({
  kind: z.enum(OFFER_KINDS),
  value: z.string(),
  currency: z.string(),
  /** limited: the personal promo code to enter with the next deposit */
  promoCode: z.nullable(z.string()),
  /** limited: the code's last moment; risk_free: the end of the window for opening the covered trade (ISO) */
  validUntil: z.nullable(z.string()),
});
export type AcceptResponse = z.infer<typeof AcceptResponse>;

export const IgnoreResponse = z.object({ outcome: z.enum(['ignored', 'expired']) });
export type IgnoreResponse = z.infer<typeof IgnoreResponse>;

export const LastHost = z.object({ host: z.string().check(z.regex(/^[a-z0-9.-]{1,253}$/i, 'offer.host')) });
export type LastHost = z.infer<typeof LastHost>;

export const SandboxOfferRequest = z.object({ email: z.string().check(z.maxLength(254)), kind: z.enum(OFFER_KINDS) });
export type SandboxOfferRequest = z.infer<typeof SandboxOfferRequest>;
export const SandboxOfferResponse = z.object({ id: z.string(), kind: z.enum(OFFER_KINDS) });
export type SandboxOfferResponse = z.infer<typeof SandboxOfferResponse>;
