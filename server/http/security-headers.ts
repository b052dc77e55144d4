import type { FastifyInstance } from 'fastify';

/** The site's policy: scripts only from our origin, framed only by our own pages. */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Security headers on every answer; a route may set its own stricter CSP first.
 * Strict-Transport-Security (`hstsMaxAge` seconds, 0: never) only on a request that came over
 * https: request.protocol, which behind a TLS-terminating proxy reads X-Forwarded-Proto when
 * TRUST_PROXY is on. Never on plain http, where the browser would ignore it anyway and a proxy
 * misconfiguration would be hidden.
 */
export function installSecurityHeaders(app: FastifyInstance, { hstsMaxAge = 0 }: { hstsMaxAge?: number } = {}): void {
  const hsts = hstsMaxAge > 0 ? `max-age=${hstsMaxAge}; includeSubDomains` : '';
  app.addHook('onSend', async (request, reply, payload) => {
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', SITE_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (/^\/(api|platform|logout|upload)(\/|\?|$)/.test(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
