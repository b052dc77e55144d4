import { ForgetCheckRequest, ForgetRequest, ForgetResetRequest, ForgetCheckResponse, ForgetResponse, ForgetResetResponse } from '../../core/contract/forgot';
import { ASKED_MESSAGE, askForReset, checkLink, RESET_MESSAGE, resetWithLink } from '../domain/forgot/reset';

import { sessionOf, type RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Forgot password (spec 001 §7 `/api/forget`; docs/forgot-password.md). Three POSTs, each with
 * the CSRF header of the visitor's (signed-out) session; a GET of the reset page changes nothing.
 * - POST /api/forget {email, lang?}: the same answer for any well-formed email; 400 forget.email,
 *   429 forget.limited (Retry-After);
 * - POST /api/forget/check {token}: 200 while the link works, else 410 forget.link; uses nothing up;
 * - POST /api/forget/reset {token, password}: 200 once per link; 410 forget.link, 400 the password policy.
 */
export const forgotRoutes: RoutePlugin<RouteDeps> = async (app, { db, settings, platform, config, ports }) => {
  const { messenger } = ports;

  app.post('/api/forget', { schema: api(TAGS.session, 'Forgotten password: send a reset code', { body: ForgetRequest, response: ForgetResponse }) }, async (request): Promise<ForgetResponse> => {
    const body = request.body;
    sessionOf(request);
    const lang = body.lang && settings.languages.includes(body.lang) ? body.lang : settings.defaultLanguage;
    await askForReset(db, messenger, { email: body.email, ip: request.ip, lang, siteUrl: config.siteUrl }, new Date());
    return { return: true, message: ASKED_MESSAGE };
  });

  app.post('/api/forget/check', { schema: api(TAGS.session, 'Forgotten password: check the code', { body: ForgetCheckRequest, response: ForgetCheckResponse }) }, async (request): Promise<ForgetCheckResponse> => {
    const body = request.body;
    sessionOf(request);
    const link = await checkLink(db, body.token, new Date());
    return { return: true, expiresAt: link.expiresAt.toISOString() };
  });

  app.post('/api/forget/reset', { schema: api(TAGS.session, 'Forgotten password: set a new password', { body: ForgetResetRequest, response: ForgetResetResponse }) }, async (request): Promise<ForgetResetResponse> => {
    const body = request.body;
    sessionOf(request);
    const done = await resetWithLink(db, platform, messenger, body, new Date(), config.siteUrl);
    if (!done.notified) request.log.error('password reset: the owner could not be told by email');
    return { return: true, message: RESET_MESSAGE };
  });
};
