import { ExcludeRequest, ExcludeResponse, ExclusionStatus } from '../../core/contract/self-exclusion';
import { excludeSelf, exclusionStatus, type ExclusionDeps } from '../domain/protection/self-exclusion';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { clearSessionCookie, requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * Taking a break and self-exclusion (issue 30 §3, docs/limits.md; contract
 * core/contract/self-exclusion.ts). Signed in only; the POST with the CSRF header. On success
 * every session of the trader has ended, this one too: the answer clears its cookie.
 */
export const selfExclusionRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform }) => {
  const deps: ExclusionDeps = { db, platform };
  app.get('/api/self-exclusion', { schema: api(TAGS.account, 'A break or self-exclusion in force', { response: ExclusionStatus }) }, async (request): Promise<ExclusionStatus> => {
    const userId = requireUser(request);
    return exclusionStatus(db, userId, new Date());
  });

  app.post('/api/self-exclusion', { schema: api(TAGS.account, 'Take a break or exclude yourself (choice and password; cannot be ended early)', { body: ExcludeRequest, response: ExcludeResponse }) }, async (request, reply): Promise<ExcludeResponse> => {
    const userId = requireUser(request);
    const started = await excludeSelf(deps, userId, request.body, request.ip, new Date());
    clearSessionCookie(request, reply);
    return started;
  });
};
