import type { FastifyPluginAsync } from 'fastify';
import type { MeResponse } from '../../core/contract';
import { loadCurrentUser } from '../domain/users';
import { ensureSession } from '../http/session';
import type { RouteDeps } from './deps';

/** GET /api/me: the session as the browser may know it; creates an anonymous session when there is none. */
export const meRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.get('/api/me', async (request, reply): Promise<MeResponse> => {
    const session = await ensureSession(db, request, reply);
    const user = session.user_id === null ? null : await loadCurrentUser(db, session.user_id, config.siteHost);
    return { user, csrf: session.csrf };
  });
};
