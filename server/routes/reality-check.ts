import { RealityCheck, SetRealityCheckRequest } from '../../core/contract/reality-check';
import { realityCheck, setRealityCheck, type RealityCheckDeps } from '../domain/protection/reality-check';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * The reality check (issue 30 §2, docs/limits.md#reality-check; contract
 * core/contract/reality-check.ts): the interval and this session's figures. Signed in only; the
 * POST with the CSRF header. The session's start is when this session signed in.
 */
export const realityCheckRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform }) => {
  const deps: RealityCheckDeps = { db, platform };
  app.get('/api/reality-check', { schema: api(TAGS.account, 'Reality check: the interval and this session’s time and result', { response: RealityCheck }) }, async (request): Promise<RealityCheck> => {
    const userId = requireUser(request);
    return realityCheck(deps, userId, request.session!.created_at);
  });
  app.post('/api/reality-check', { schema: api(TAGS.account, 'Reality check: pick the interval (0: off)', { body: SetRealityCheckRequest, response: RealityCheck }) }, async (request): Promise<RealityCheck> => {
    const userId = requireUser(request);
    return setRealityCheck(deps, userId, request.body.minutes, request.session!.created_at, new Date());
  });
};
