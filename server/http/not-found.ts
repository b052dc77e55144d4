import type { FastifyInstance } from 'fastify';
import { notFound, sendError } from './errors';
import { wantsPage, type FrontendFallback } from './frontend';
import { Refusal } from '../domain/refusal';

export interface RegisteredRoute {
  method: string;
  /** the full path with its parameters, e.g. /api/btc/invoice/:guid */
  url: string;
  /** its declared schema (server/http/route-schema.ts `api()`): contract, tag, summary */
  schema?: Record<string, unknown>;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on `app` since watchRoutes(app), one entry per method (tests walk them). */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => registered.get(app) ?? [];

/**
 * Unknown URLs: a page request gets the front end; a known path with another method gets
 * 405 with Allow; anything else a 404 ApiError. Call before registering routes (it watches
 * them being added), then `install(fallback)` once the front end is known.
 */
export function watchRoutes(app: FastifyInstance): { install(fallback: FrontendFallback): void } {
  const methods = new Map<string, Set<string>>();
  const all: RegisteredRoute[] = [];
  registered.set(app, all);
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) all.push({ method: String(m).toUpperCase(), url: route.url, ...(route.schema && { schema: route.schema as Record<string, unknown> }) });
    if (/[:*]/.test(route.url)) return;
    const set = methods.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) set.add(String(m).toUpperCase());
    methods.set(route.url, set);
  });
  return {
    install(fallback) {
      app.setNotFoundHandler((request, reply) => {
        if (wantsPage(request)) return fallback(request, reply);
        const url = request.url.split('?')[0];
        const allowed = methods.get(url);
        if (allowed && allowed.size > 0 && !allowed.has(request.method)) {
          const allow = [...allowed].join(', ');
          return sendError(reply, new Refusal(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allow}.`, { headers: { allow } }));
        }
        return sendError(reply, notFound(`No such address: ${request.method} ${url.slice(0, 200)}`));
      });
    },
  };
}
