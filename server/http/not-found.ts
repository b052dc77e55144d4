import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, sendError } from './errors';
import { wantsPage, type FrontendFallback } from './frontend';

/**
 * Unknown URLs: a page request gets the front end; a known path with another method gets
 * 405 with Allow; anything else a 404 ApiError. Call before registering routes (it watches
 * them being added), then `install(fallback)` once the front end is known.
 */
export function watchRoutes(app: FastifyInstance): { install(fallback: FrontendFallback): void } {
  const methods = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
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
          return sendError(reply, new HttpError(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allow}.`, undefined, { allow }));
        }
        return sendError(reply, notFound(`No such address: ${request.method} ${url.slice(0, 200)}`));
      });
    },
  };
}
