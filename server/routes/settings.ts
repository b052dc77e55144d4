import { Settings } from '../../core/contract';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * GET /api/settings: the one settings object (contract Settings). It is built from the config at
 * start-up (server/domain/settings.ts: settingsFor) and nothing in the database changes it, so it
 * is serialised once and served from memory without a session read: no round trip at all.
 */
export const settingsRoutes: RoutePlugin<RouteDeps> = async (app, { settings }) => {
  const body = JSON.stringify(settings);
  app.get('/api/settings', { schema: api(TAGS.session, 'The settings object', { response: Settings }), config: { session: false } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
};
