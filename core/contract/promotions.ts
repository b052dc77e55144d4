import * as z from 'zod/mini';
import { Decimal } from './common';

/**
 * Promotions (spec 001 §2-4, §7; docs/engagement.md "Promotions"). Imported directly
 * (not through ./index): only the promotions chunk and the server need it.
 *
 *   GET  /api/us/promotions                          PromotionList: the promotions in their window now
 *   POST /api/us/promotions_activate  ActivateRequest ActivateResponse (refusals: promotions.unknown,
 *        promotions.not_started, promotions.ended, promotions.already_activated, promotions.currency, promotions.demo)
 *   GET  /api/us/promotions_max                      PromotionMax: what the activated promotions add to the deposit bonus
 */

export const PromotionText = z.object({ title: z.string(), gives: z.string(), terms: z.string() });
export type PromotionText = z.infer<typeof PromotionText>;

export const Promotion = z.object({
  /** the spec's `name` */
  id: z.string(),
  en: PromotionText,
  ru: PromotionText,
  /** the percent it adds to the deposit bonus (the total at most the maximum bonus percent) */
  percent: Decimal,
  /** the largest bonus it adds to one deposit, in the deposit's currency */
  max: Decimal,
  /** null: any currency */
  currency: z.nullable(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  /** when this trader activated it; null: not activated */
  activatedAt: z.nullable(z.string()),
  /** this trader's current account may activate it */
  eligible: z.boolean(),
});
export type Promotion = z.infer<typeof Promotion>;

export const PromotionList = z.object({ promotions: z.array(Promotion), currency: z.string() });
export type PromotionList = z.infer<typeof PromotionList>;

export const PROMOTION_ID = /^[a-z0-9-]{1,40}$/;
export const ActivateRequest = z.object({ id: z.string().check(z.regex(PROMOTION_ID, 'promotions.unknown')) });
export type ActivateRequest = z.infer<typeof ActivateRequest>;

export const ActivateResponse = z.object({ id: z.string(), activatedAt: z.string() });
export type ActivateResponse = z.infer<typeof ActivateResponse>;

/** What the trader's activated promotions add to a deposit bonus in the current account's currency. */
export const PromotionMax = z.object({
  /** the percent added, capped at the maximum bonus percent; '0' when none */
  percent: Decimal,
  /** the largest bonus it adds to one deposit; '0' when none */
  max: Decimal,
  /** the promotion that gives it; null when none */
  id: z.nullable(z.string()),
  currency: z.string(),
});
export type PromotionMax = z.infer<typeof PromotionMax>;
