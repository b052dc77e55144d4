import { NotMeLinkRequest, NotMeRequest, NotMeResponse, SignInPage, SignInPageQuery } from '../../core/contract/sign-in-history';
import { notMeByEvent, notMeByLink } from '../domain/security/new-device';
import { signInCsv, signInPage } from '../domain/security/sign-in-history';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { clearSessionCookie, requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * Sign-in history and "this wasn't me" in the security centre (issue 31 §1, §3; contract
 * core/contract/sign-in-history.ts, domain server/domain/security/sign-in-history.ts and
 * new-device.ts). The history is the signed-in trader's own; the POSTs carry the CSRF header.
 */
export const signInHistoryRoutes: RoutePlugin<RouteDeps> = async (app, { db, ports, config }) => {
  app.get(
    '/api/security/sign_ins',
    { schema: api(TAGS.account, 'Security: the trader’s sign-ins of the last 90 days, newest first, a page at a time', { querystring: SignInPageQuery, response: SignInPage }) },
    async (request): Promise<SignInPage> => {
      const userId = requireUser(request);
      return signInPage(db, userId, new Date(), request.query.before);
    },
  );

  app.get('/api/security/sign_ins.csv', { schema: api(TAGS.account, 'Security: the trader’s sign-ins of the last 90 days as a CSV file', { produces: 'file' }) }, async (request, reply) => {
    const userId = requireUser(request);
    const now = new Date();
    const body = await signInCsv(db, userId, now);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sign-ins-${now.toISOString().slice(0, 10)}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  app.post('/api/security/not_me', { schema: api(TAGS.account, 'Security: a new-device sign-in was not the trader (ends every session, emails a reset link)', { body: NotMeRequest, response: NotMeResponse }) }, async (request, reply): Promise<NotMeResponse> => {
    const userId = requireUser(request);
    const done = await notMeByEvent(db, ports.messenger, userId, request.body.event, { ip: request.ip, siteUrl: config.siteUrl }, new Date());
    clearSessionCookie(request, reply);
    return done;
  });

  app.post(
    '/api/security/not_me_link',
    { schema: api(TAGS.session, 'Security: "this wasn’t me" from a new-device email (ends every session, emails a reset link)', { body: NotMeLinkRequest, response: NotMeResponse }) },
    async (request, reply): Promise<NotMeResponse> => {
      const done = await notMeByLink(db, ports.messenger, request.body.token, { ip: request.ip, siteUrl: config.siteUrl }, new Date());
      if (request.session?.user_id !== null && request.session?.user_id !== undefined) clearSessionCookie(request, reply);
      return done;
    },
  );
};
