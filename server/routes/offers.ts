import type { FastifyPluginAsync } from 'fastify';
import { LastHost, OfferId, type AcceptResponse, type IgnoreResponse, type OffersResponse } from '../../core/contract/offers';
import { acceptOffer, currentOffer, ignoreOffer, recordLastHost } from '../domain/offers/offers';
import { onRiskFreeRefunded } from '../domain/offers/risk-free';
import { parse } from '../http/parse';
import { requireUser } from '../http/session';
import { sessionOf, type RouteDeps } from './deps';

/**
 * Timed offers (001 §7): the trader's current offer with its server-held deadline,
 * accept (once, through the ledger or a personal promo code), ignore (recorded), where the trader
 * came from (the testers' call that makes an offer appear now is registered by server/compose.ts).
 * An accepted offer notifies `offer.accepted` and pushes notification.new and user.updated; a
 * risk-free refund (paid by the settlement booking) pushes the same after the booking's commit.
 */
export const offerRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, settings, push }) => {
  const stopRefunds = onRiskFreeRefunded(db, (userId) => {
    push.publish(userId, { type: 'notification.new' });
    push.publish(userId, { type: 'user.updated' });
  });
  app.addHook('onClose', async () => {
    stopRefunds();
  });

  app.get('/api/us/offers', async (request, reply): Promise<OffersResponse> => {
    const userId = requireUser(request);
    reply.header('cache-control', 'no-store');
    return currentOffer(db, { userId, signedInAt: sessionOf(request).created_at, now: new Date(), settings });
  });

  app.post('/api/triggers/limited_yes', async (request): Promise<AcceptResponse> => {
    const userId = requireUser(request);
    const { id } = parse(OfferId, request.body ?? {});
    const { response, fresh } = await acceptOffer(db, userId, id, new Date());
    if (fresh) {
      push.publish(userId, { type: 'notification.new' });
      push.publish(userId, { type: 'user.updated' });
    }
    return response;
  });

  app.post('/api/triggers/limited_ignore', async (request): Promise<IgnoreResponse> => {
    const userId = requireUser(request);
    const { id } = parse(OfferId, request.body ?? {});
    return ignoreOffer(db, userId, id, new Date());
  });

  app.post('/api/triggers/last_host', async (request) => {
    const userId = requireUser(request);
    const { host } = parse(LastHost, request.body ?? {});
    await recordLastHost(db, userId, host, new Date());
    return { ok: true as const };
  });
};
