import type { FastifyPluginAsync } from 'fastify';
import type { Ladder } from '../../core/contract/ladder';
import { ladderOf } from '../domain/contests/ladder';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/** The ladder (spec 001 §7): GET /api/us/ladder, the trader's place in the running weekly contest. */
export const ladderRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, platform }) => {
  app.get('/api/us/ladder', async (request, reply): Promise<Ladder> => {
    const userId = requireUser(request);
    reply.header('cache-control', 'no-store');
    return ladderOf(db, platform, userId);
  });
};
