import { randomBytes } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ReferralRequest, type ReferralProgram, type ReferralStats, type ReferralTransferred } from '../../core/contract/referral';
import type { Db } from '../db';
import { companyOf } from '../domain/public-site/public-site';
import { bannerSvg, linkStats, recordVisit, saveLink, showProgram, transferBalance } from '../domain/referral/referral';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { windowLimiter } from './public-site';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** the cookie that names a visitor for the visit count (one visit per link, visitor and day) */
export const VISITOR_COOKIE = 'aff_v';
/** per client address: at most this many counted arrivals through links in the window */
export const VISIT_RATE = { max: 20, windowMs: 60_000 };

/**
 * Counts a visit when a public page is opened with ?aff= (server/http/public-html.ts calls it
 * where it keeps the aff cookie): the visitor cookie (set here, 30 days), one row per link,
 * visitor and day, at most VISIT_RATE per address. Fire and forget: the page never waits.
 */
export function visitCounter(db: Db, log: { warn(o: object, m: string): void }, now: () => number = Date.now) {
  const allow = windowLimiter(VISIT_RATE.max, VISIT_RATE.windowMs, now);
  return (request: FastifyRequest, reply: FastifyReply, code: string): void => {
    let visitor = request.cookies[VISITOR_COOKIE];
    if (!visitor || !/^[A-Za-z0-9_-]{8,64}$/.test(visitor)) {
      visitor = randomBytes(12).toString('base64url');
      reply.setCookie(VISITOR_COOKIE, visitor, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 30 * 24 * 3600, secure: request.protocol === 'https' });
    }
    if (!allow(request.ip)) return;
    recordVisit(db, code, visitor, new Date(now())).catch((error: unknown) => log.warn({ err: error }, 'referral visit not counted'));
  };
}

const originOf = (request: FastifyRequest) => new URL(`${request.protocol}://${request.host}`).origin;

/**
 * Referral and affiliate program: POST /api/us/refferal with action show, filter,
 * transfer or save (001 §7), and the materials' banners (GET /api/us/refferal/banner/{size}.svg).
 */
export const referralRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  const { db, config, settings, push } = deps;
  const langOf = (request: FastifyRequest) => {
    const lang = (request.query as { lang?: string }).lang ?? '';
    return settings.languages.includes(lang) ? lang : settings.defaultLanguage;
  };

  app.post('/api/us/refferal', { schema: api(TAGS.engagement, 'Referral program: the program, stats and transfers', { body: ReferralRequest }) }, async (request): Promise<ReferralProgram | ReferralStats | ReferralTransferred> => {
    const userId = requireUser(request);
    const body = request.body;
    const at = { origin: originOf(request), lang: langOf(request) };
    switch (body.action) {
      case 'show':
        return showProgram(db, userId, at);
      case 'filter':
        return linkStats(db, userId, { from: body.DateFrom, to: body.DateTo, ...(body.link && { link: body.link }) });
      case 'save':
        await saveLink(db, userId, body);
        return showProgram(db, userId, at);
      case 'transfer': {
        const done = await transferBalance(db, userId, body);
        // the header's balance changed: the owner's tabs reload the user
        push.publish(userId, { type: 'user.updated' });
        await deps.mirror.flush();
        return done;
      }
    }
  });

  app.get<{ Params: { size: string }; Querystring: { lang?: string } }>('/api/us/refferal/banner/:size.svg', { schema: api(TAGS.engagement, 'Referral banner', { produces: 'image/svg+xml' }) }, async (request, reply) => {
    requireUser(request);
    const svg = bannerSvg(request.params.size, companyOf(config).name, langOf(request));
    if (!svg) throw new Refusal(404, 'referral.material_not_found', 'No such banner.');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="banner-${request.params.size}.svg"`)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
};
