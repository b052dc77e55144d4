import { ErrorReport, NotifyLoginFail, Ok } from '../../core/contract';
import { recordLoginFail, storeErrorReport } from '../domain/reports';

import { sessionOf, type RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

const rateLimited = () =>
  new Refusal(429, 'rate_limited', 'Too many reports from this session. Try again in a minute.', { headers: { 'retry-after': '60' } });

/**
 * POST /api/us/handler: client error reports (spec 000 §7, §8).
 * POST /api/notify/login_fail: the client tells the server a sign-in failed (spec 000 §4).
 * Each at most 20 per session per minute.
 */
export const reportRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.post('/api/us/handler', { schema: api(TAGS.session, 'Client error report', { body: ErrorReport, response: Ok }) }, async (request): Promise<Ok> => {
    const report = request.body;
    const session = sessionOf(request);
    const who = { sessionId: session.id, userId: session.user_id, userAgent: String(request.headers['user-agent'] ?? '') };
    if (!(await storeErrorReport(db, who, report))) throw rateLimited();
    return { ok: true };
  });

  app.post('/api/notify/login_fail', { schema: api(TAGS.session, 'Tell the account owner of a failed sign-in', { body: NotifyLoginFail, response: Ok }) }, async (request): Promise<Ok> => {
    const { email } = request.body;
    const session = sessionOf(request);
    if (!(await recordLoginFail(db, { sessionId: session.id, ip: request.ip }, email))) throw rateLimited();
    return { ok: true };
  });
};
