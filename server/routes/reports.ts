import type { FastifyPluginAsync } from 'fastify';
import { ErrorReport, NotifyLoginFail, type Ok } from '../../core/contract';
import { recordLoginFail, storeErrorReport } from '../domain/reports';
import { parse } from '../http/parse';
import { sessionOf, type RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';

const rateLimited = () =>
  new Refusal(429, 'rate_limited', 'Too many reports from this session. Try again in a minute.', { headers: { 'retry-after': '60' } });

/**
 * POST /api/us/handler: client error reports (spec 000 §7, §8).
 * POST /api/notify/login_fail: the client tells the server a sign-in failed (spec 000 §4).
 * Each at most 20 per session per minute.
 */
export const reportRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.post('/api/us/handler', async (request): Promise<Ok> => {
    const report = parse(ErrorReport, request.body);
    const session = sessionOf(request);
    const who = { sessionId: session.id, userId: session.user_id, userAgent: String(request.headers['user-agent'] ?? '') };
    if (!(await storeErrorReport(db, who, report))) throw rateLimited();
    return { ok: true };
  });

  app.post('/api/notify/login_fail', async (request): Promise<Ok> => {
    const { email } = parse(NotifyLoginFail, request.body);
    const session = sessionOf(request);
    if (!(await recordLoginFail(db, { sessionId: session.id, ip: request.ip }, email))) throw rateLimited();
    return { ok: true };
  });
};
