import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GeoLocator } from '../domain/ports';
import type { ClientFacts } from '../domain/security/sign-in-history';
import { hashToken, newToken } from '../domain/tokens';

/**
 * What a sign-in attempt knows of its client (issue 31 §1, §3): the IP the server sees (behind
 * TRUST_PROXY, the client's), the user agent (read into a device label, never stored), the
 * approximate country (the GeoLocator port), and which browser this is: a long-lived random
 * device cookie (`did`, HttpOnly, 400 days, the longest browsers keep), set here when missing;
 * only its SHA-256 is stored (`known_devices`).
 */
export const DEVICE_COOKIE = 'did';
const DEVICE_COOKIE_SECONDS = 400 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export function clientFacts(request: FastifyRequest, reply: FastifyReply, geo: GeoLocator): ClientFacts {
  let device = request.cookies[DEVICE_COOKIE];
  if (!device || !DEVICE_ID.test(device)) {
    device = newToken();
    reply.setCookie(DEVICE_COOKIE, device, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https', maxAge: DEVICE_COOKIE_SECONDS });
  }
  return { ip: request.ip, userAgent: request.headers['user-agent'], deviceKey: hashToken(device), country: geo.countryOf(request.ip) };
}
