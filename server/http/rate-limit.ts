import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from '../domain/refusal';

/**
 * Paths the global limit never counts: health checks (the orchestrator polls them), the
 * metrics scrape, the event stream (one long request per tab, reconnected by the browser) and
 * static files (the built front end's assets and any file with an extension outside the API).
 */
export function exemptFromRateLimit(url: string): boolean {
  const path = url.split('?')[0];
  if (/^\/(healthz|readyz|metrics)$/.test(path) || path === '/api/events') return true;
  if (/^\/(api|platform|upload|logout|sandbox)(\/|$)/.test(path)) return false;
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);
}

/**
 * The global per-IP limit (@fastify/rate-limit, in-memory per instance): `perMinute` requests
 * a minute from one address (request.ip: the proxy's X-Forwarded-For when TRUST_PROXY is on),
 * 0 = off. Beyond it: 429 with Retry-After (seconds) and the product's ApiError body
 * `{ error: 'rate_limited', message }`. The per-account limits (sign-in attempts, uploads,
 * tickets) live in the database and are unchanged. Install it before the other onRequest hooks.
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    // not per route: one hook on every request, before the session lookup and the CSRF check
    // (so a flood costs no database call) and for unknown URLs too
    global: false,
    max: perMinute,
    timeWindow: 60_000,
    allowList: (request: FastifyRequest) => exemptFromRateLimit(request.url),
    errorResponseBuilder: (_request, context) => {
      const seconds = String(Math.max(1, Math.ceil(context.ttl / 1000)));
      return new Refusal(429, 'rate_limited', `Too many requests from your address. Please try again in ${seconds} seconds.`, { headers: { 'retry-after': seconds } });
    },
  });
  app.addHook('onRequest', app.rateLimit());
}
