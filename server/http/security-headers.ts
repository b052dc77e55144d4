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
export function installSecurityHeaders(app: FastifyInstance, { hstsMaxAge = 0, sandbox = false }: { hstsMaxAge?: number; sandbox?: boolean } = {}): void {
  const hsts = hstsMaxAge > 0 ? `max-age=${hstsMaxAge}; includeSubDomains` : '';
  // sandbox mode only: a page keeps the windows it opens (Stately's inspector, `?inspect=stately`,
  // src/flows/shared/inspector-stately.ts, talks to its window by postMessage); pages that open
  // ours are still cut off. Production is always `same-origin`.
  const opener = sandbox ? 'same-origin-allow-popups' : 'same-origin';
  app.addHook('onSend', async (request, reply, payload) => {
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', SITE_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', opener);
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (/^\/(api|platform|logout|upload)(\/|\?|$)/.test(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
