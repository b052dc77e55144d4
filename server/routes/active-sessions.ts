import { ActiveSessions, EndSessionRequest } from '../../core/contract/active-sessions';
import { endOtherSessions, endSession, listSessions } from '../domain/security/active-sessions';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import { sessionOf, type RouteDeps } from './deps';

/**
 * Active sessions in the security centre (issue 31 §2; contract core/contract/active-sessions.ts,
 * domain server/domain/security/active-sessions.ts). Signed in only; the POSTs with the CSRF header.
 */
export const activeSessionRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.get('/api/security/sessions', { schema: api(TAGS.account, 'Security: the trader’s live sessions (device, IP, sign-in, last use, this one)', { response: ActiveSessions }) }, async (request): Promise<ActiveSessions> => {
    const userId = requireUser(request);
    return listSessions(db, userId, sessionOf(request).id, new Date());
  });

  app.post(
    '/api/security/sessions/end',
    { schema: api(TAGS.account, 'Security: end one other session of the trader', { body: EndSessionRequest, response: ActiveSessions }) },
    async (request): Promise<ActiveSessions> => {
      const userId = requireUser(request);
      const current = sessionOf(request).id;
      await endSession(db, userId, current, request.body.ref);
      return listSessions(db, userId, current, new Date());
    },
  );

  app.post('/api/security/sessions/end_others', { schema: api(TAGS.account, 'Security: end every other session of the trader', { response: ActiveSessions }) }, async (request): Promise<ActiveSessions> => {
    const userId = requireUser(request);
    const current = sessionOf(request).id;
    await endOtherSessions(db, userId, current);
    return listSessions(db, userId, current, new Date());
  });
};
