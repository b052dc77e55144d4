import { LastHost, OfferId, type AcceptResponse, type IgnoreResponse, OffersResponse } from '../../core/contract/offers';
import { acceptOffer, currentOffer, ignoreOffer, recordLastHost } from '../domain/offers/offers';
import { onRiskFreeRefunded } from '../domain/offers/risk-free';

import { requireUser } from '../http/session';
import { sessionOf, type RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Timed offers (001 §7): the trader's current offer with its server-held deadline,
 * accept (once, through the ledger or a personal promo code), ignore (recorded), where the trader
 * came from (the testers' call that makes an offer appear now is registered by server/compose.ts).
 * An accepted offer notifies `offer.accepted` and pushes notification.new and user.updated; a
 * risk-free refund (paid by the settlement booking) pushes the same after the booking's commit.
 */
export const offerRoutes: RoutePlugin<RouteDeps> = async (app, { db, settings, push }) => {
  const stopRefunds = onRiskFreeRefunded(db, (userId) => {
    push.publish(userId, { type: 'notification.new' });
    push.publish(userId, { type: 'user.updated' });
  });
  app.addHook('onClose', async () => {
    stopRefunds();
  });

  app.get('/api/us/offers', { schema: api(TAGS.engagement, 'Timed offers (deadlines held by the server)', { response: OffersResponse }) }, async (request, reply): Promise<OffersResponse> => {
    const userId = requireUser(request);
    reply.header('cache-control', 'no-store');
    return currentOffer(db, { userId, signedInAt: sessionOf(request).created_at, now: new Date(), settings });
  });

  app.post('/api/triggers/limited_yes', { schema: api(TAGS.engagement, 'Accept a timed offer', { body: OfferId }) }, async (request): Promise<AcceptResponse> => {
    const userId = requireUser(request);
    const { id } = request.body;
    const { response, fresh } = await acceptOffer(db, userId, id, new Date());
    if (fresh) {
      push.publish(userId, { type: 'notification.new' });
      push.publish(userId, { type: 'user.updated' });
    }
    return response;
  });

  app.post('/api/triggers/limited_ignore', { schema: api(TAGS.engagement, 'Ignore a timed offer', { body: OfferId }) }, async (request): Promise<IgnoreResponse> => {
    const userId = requireUser(request);
    const { id } = request.body;
    return ignoreOffer(db, userId, id, new Date());
  });

  app.post('/api/triggers/last_host', { schema: api(TAGS.engagement, 'Record the host the user came through', { body: LastHost }) }, async (request) => {
    const userId = requireUser(request);
    const { host } = request.body;
    await recordLastHost(db, userId, host, new Date());
    return { ok: true as const };
  });
};
