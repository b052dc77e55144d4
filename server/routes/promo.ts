import { FastifyRequest } from 'fastify';
import { PromoRequest, PromoResponse } from '../../core/contract';
import { checkPromo } from '../domain/promo/codes';
import { assertIncentivesOffered } from '../domain/protection/incentives';
import { fundingProfileOf } from '../domain/users';
import { parse } from '../http/parse';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Promo codes (spec 001 §3, §7):
 * - POST /api/promo and POST /api/triggers/promo `{ code }` → `{ percent, value, code }`: what the
 *   code adds to the deposit bonus for this trader and the current account's currency, checked
 *   against the promo codes table in every mode; a refusal is a 4xx with its key (unknown,
 *   withdrawn, not yet valid, expired, used up, already used by you, another currency).
 * The operator's console for the codes is registered by the composition root (server/compose.ts).
 */
export const promoRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  const check = async (request: FastifyRequest): Promise<PromoResponse> => {
    const userId = requireUser(request);
    const body = parse(PromoRequest, request.body);
    // a promo code adds a bonus: not for a trader who may not be offered one now (403 incentives.unavailable)
    await assertIncentivesOffered(db, userId, new Date());
    const profile = await fundingProfileOf(db, userId);
    const grant = await checkPromo(db, userId, body.code, profile.currency, new Date());
    return { percent: grant.percent, value: grant.value, code: grant.code };
  };
  app.post('/api/promo', { schema: api(TAGS.methods, 'Check a promo code', { body: PromoRequest, response: PromoResponse }) }, check);
  app.post('/api/triggers/promo', { schema: api(TAGS.methods, 'Check a promo code (spec alias)', { body: PromoRequest, response: PromoResponse }) }, check);
};
