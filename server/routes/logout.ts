import { destroySession } from '../domain/sessions';
import { clearSessionCookie } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * POST /api/logout (with the session's x-csrf-token, like every state change under /api): ends
 * the session and clears the cookie; the page then goes to its login page itself. There is no
 * GET logout: a link or an image on another site must not sign a trader out.
 */
export const logoutRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.post('/api/logout', { schema: api(TAGS.session, 'Sign out') }, async (request, reply) => {
    if (request.session) await destroySession(db, request.session.id);
    request.session = null;
    clearSessionCookie(request, reply);
    return { ok: true as const };
  });
};
