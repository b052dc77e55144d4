import { Ladder } from '../../core/contract/ladder';
import { ladderOf } from '../domain/contests/ladder';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** The ladder (spec 001 §7): GET /api/us/ladder, the trader's place in the running weekly contest. */
export const ladderRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform }) => {
  app.get('/api/us/ladder', { schema: api(TAGS.engagement, 'The ladder: the trader’s place in the current weekly contest', { response: Ladder }) }, async (request, reply): Promise<Ladder> => {
    const userId = requireUser(request);
    reply.header('cache-control', 'no-store');
    return ladderOf(db, platform, userId);
  });
};
