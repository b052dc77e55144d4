import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { destroySession } from '../domain/sessions';
import { clearSessionCookie } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * GET /logout and GET /api/logout: end the session, clear the cookie and go to
 * /{lang}/login (lang from ?lang=, one of the site's languages, else the default).
 */
export const logoutRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, settings }) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = (request.query as Record<string, unknown> | undefined)?.lang;
    const lang = typeof asked === 'string' && settings.languages.includes(asked) ? asked : settings.defaultLanguage;
    if (request.session) await destroySession(db, request.session.id);
    request.session = null;
    clearSessionCookie(request, reply);
    return reply.redirect(`/${lang}/login`, 302);
  };
  app.get('/logout', handler);
  app.get('/api/logout', handler);
};
