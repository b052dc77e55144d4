import { MeResponse } from '../../core/contract';
import { countryReason, incentivesOffCountries } from '../domain/protection/incentives';
import { withdrawOnlyOf } from '../domain/protection/self-exclusion';
import { loadSessionUser } from '../domain/users';
import { adoptSession, ensureSession, sessionIdOf } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * GET /api/me: the session as the browser may know it; creates an anonymous session when there is
 * none. Polled: the session and its user in one select (loadSessionUser).
 */
export const meRoutes: RoutePlugin<RouteDeps> = async (app, { db, config }) => {
  app.get('/api/me', { schema: api(TAGS.session, 'The signed-in user', { response: MeResponse }), config: { session: 'joined' } }, async (request, reply): Promise<MeResponse> => {
    const sessionId = sessionIdOf(request);
    const found = sessionId === null ? undefined : await loadSessionUser(db, sessionId, config.siteHost);
    await adoptSession(db, request, found?.session ?? null);
    const session = await ensureSession(db, request, reply);
    const user = found?.user ?? null;
    if (user && session.withdraw_only) {
      // a session that can only withdraw (a break runs: server/http/withdraw-only.ts): its break, no incentives
      const paused = await withdrawOnlyOf(db, session.user_id ?? 0, new Date());
      return { user: { ...user, ...(paused ? { withdrawOnly: paused } : {}) }, csrf: session.csrf };
    }
    // incentives off by the trader's country (a whole session's trader is neither on a break nor closed:
    // they cannot sign in); the switch is held in memory (server/domain/protection/incentives.ts), so the poll stays one select
    const off = user ? countryReason(user.country, await incentivesOffCountries(db)) : null;
    return { user: user && off ? { ...user, incentivesOff: { reason: off } } : user, csrf: session.csrf };
  });
};
