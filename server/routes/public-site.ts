import { FastifyReply, FastifyRequest } from 'fastify';
import { isPublicTab, PublicRunline, PublicSiteInfo, TabContent } from '../../core/contract/public-site';
import { affiliateId, companyOf, countryOfUser, marketingNumberFor, publicRunline, siteFacts, tabContent } from '../domain/public-site/public-site';
import { AFF_COOKIE } from '../http/public-html';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** the public ticker is computed at most once per this many ms, whoever asks */
export const RUNLINE_CACHE_MS = 5_000;
/** per client address: at most this many public reads in the window */
export const PUBLIC_RATE = { max: 60, windowMs: 60_000 };

/** A fixed-window counter per address, in memory: a public, read-only, cached call needs no more. */
export function windowLimiter(max: number, windowMs: number, now: () => number = Date.now) {
  const hits = new Map<string, { start: number; count: number }>();
  return (key: string): boolean => {
    const t = now();
    if (hits.size > 10_000) for (const [k, v] of hits) if (t - v.start >= windowMs) hits.delete(k);
    const entry = hits.get(key);
    if (!entry || t - entry.start >= windowMs) {
      hits.set(key, { start: t, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= max;
  };
}

const rateLimited = () =>
  new Refusal(429, 'rate_limited', 'Too many requests. Please try again in a minute.', { headers: { 'retry-after': String(PUBLIC_RATE.windowMs / 1000) } });

/**
 * The public site: the tab loader's content (GET /api/tb/{tab}, spec 000 §7), the
 * public ticker of real settled trades (GET /api/public/runline) and the company details with
 * the marketing number (GET /api/public/site). Signed out or in; no state changes.
 */
export const publicSiteRoutes: RoutePlugin<RouteDeps & { now?: () => number }> = async (app, deps) => {
  const { db, config, settings, platform } = deps;
  const now = deps.now ?? (() => Date.now());
  const allow = windowLimiter(PUBLIC_RATE.max, PUBLIC_RATE.windowMs, now);
  const limit = (request: FastifyRequest) => {
    if (!allow(request.ip)) throw rateLimited();
  };

  let cached: { at: number; entries: Promise<PublicRunline['entries']> } | null = null;
  app.get('/api/public/runline', { schema: api(TAGS.public, 'The public runline (prices ticker)', { response: PublicRunline }) }, async (request, reply: FastifyReply): Promise<PublicRunline> => {
    limit(request);
    const t = now();
    if (!cached || t - cached.at >= RUNLINE_CACHE_MS) {
      const entries = publicRunline(db, platform, t);
      cached = { at: t, entries };
      entries.catch(() => {
        if (cached?.entries === entries) cached = null;
      });
    }
    reply.header('cache-control', `public, max-age=${RUNLINE_CACHE_MS / 1000}`);
    return { entries: await cached.entries };
  });

  app.get<{ Params: { tab: string }; Querystring: { lang?: string } }>('/api/tb/:tab', { schema: api(TAGS.public, 'One public page tab’s content', { response: TabContent }) }, async (request): Promise<TabContent> => {
    limit(request);
    const { tab } = request.params;
    if (!isPublicTab(tab)) throw new Refusal(404, 'tab.not_found', 'No such page.');
    return tabContent(tab, String(request.query.lang ?? settings.defaultLanguage), siteFacts(config, settings.minDeposit));
  });

  app.get<{ Querystring: { aff?: string } }>('/api/public/site', { schema: api(TAGS.public, 'Public site facts', { response: PublicSiteInfo }) }, async (request): Promise<PublicSiteInfo> => {
    limit(request);
    const affiliate = affiliateId(request.query.aff) ?? affiliateId(request.cookies[AFF_COOKIE]);
    const country = await countryOfUser(db, request.session?.user_id);
    return { company: companyOf(config), marketingNumber: marketingNumberFor(config, { affiliate, country }) };
  });
};
