import { ActivateRequest, ActivateResponse, PromotionList, PromotionMax } from '../../core/contract/promotions';
import { activatePromotion, listPromotions, promotionTerms } from '../domain/promotions/promotions';
import { fundingProfileOf } from '../domain/users';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Promotions (spec 001 §2-4, §7; docs/engagement.md "Promotions"):
 * - GET /api/us/promotions: the promotions in their window, with this trader's activations.
 * - POST /api/us/promotions_activate {id}: the owner's activation, once; a `promotion.activated`
 *   notification pushed as `notification.new`.
 * - GET /api/us/promotions_max: what the activated promotions add to the deposit bonus (capped).
 * The operator's console for them is registered by the composition root (server/compose.ts).
 */
export const promotionsRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  const { db, settings, push } = deps;

  app.get('/api/us/promotions', { schema: api(TAGS.engagement, 'Promotions', { response: PromotionList }) }, async (request): Promise<PromotionList> => {
    const userId = requireUser(request);
    const profile = await fundingProfileOf(db, userId);
    return { promotions: await listPromotions(db, userId, new Date()), currency: profile.currency };
  });

  app.post('/api/us/promotions_activate', { schema: api(TAGS.engagement, 'Activate a promotion', { body: ActivateRequest, response: ActivateResponse }) }, async (request): Promise<ActivateResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    const activated = await activatePromotion(db, userId, body.id, new Date());
    push.publish(userId, { type: 'notification.new' });
    return activated;
  });

  app.get('/api/us/promotions_max', { schema: api(TAGS.engagement, 'The best promotion available', { response: PromotionMax }) }, async (request): Promise<PromotionMax> => {
    const userId = requireUser(request);
    const profile = await fundingProfileOf(db, userId);
    const grant = await promotionTerms(db, userId, profile.currency, new Date(), settings.maxBonusPercent);
    return { ...grant, currency: profile.currency };
  });
};
