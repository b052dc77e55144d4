import { ClosureStatus, CloseAccountRequest, CloseAccountResponse } from '../../core/contract/closure';
import { closeAccount, closureStatus, type ClosureDeps } from '../domain/protection/closure';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { clearSessionCookie, requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * Closing the account (issue 30 §8, docs/closure.md; contract core/contract/closure.ts). Signed
 * in only; the POST with the CSRF header. On success every session of the trader has ended, this
 * one too: the answer clears its cookie.
 */
export const closureRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform }) => {
  const deps: ClosureDeps = { db, platform };
  app.get('/api/account/closure', { schema: api(TAGS.account, 'Closing the account: what stops it now', { response: ClosureStatus }) }, async (request): Promise<ClosureStatus> => {
    const userId = requireUser(request);
    return closureStatus(deps, userId, new Date());
  });

  app.post('/api/account/close', { schema: api(TAGS.account, 'Close the account (reason and password; refused while anything is left to settle)', { body: CloseAccountRequest, response: CloseAccountResponse }) }, async (request, reply): Promise<CloseAccountResponse> => {
    const userId = requireUser(request);
    const closed = await closeAccount(deps, userId, request.body, request.ip, new Date());
    clearSessionCookie(request, reply);
    return closed;
  });
};
