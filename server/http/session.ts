import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { SessionRow } from '../db/schema';
import { createSession, findSession, slideSession, type NewSession } from '../domain/sessions';
import { hashToken } from '../domain/tokens';
import { sameSecret } from '../domain/tokens';
import { sendError } from './errors';
import { Refusal } from '../domain/refusal';
import { withdrawOnlyRefusal } from './withdraw-only';

declare module 'fastify' {
  interface FastifyRequest {
    /** the live session of the `sid` cookie, loaded for /api, /upload and /logout */
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /** `false`: a GET route that answers the same to everyone (GET /api/settings) skips the
     *  session read, one round trip less on a polled route. `'joined'`: the route reads the session
     *  itself, joined to its own object in one select, and hands it to adoptSession() (the hook only
     *  refuses, with no query, an unsafe call that has no cookie or no CSRF header) */
    session?: false | 'joined';
  }
}

export const SESSION_COOKIE = 'sid';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths that use the site session (the platform under /platform has its own). */
const usesSession = (url: string): boolean => /^\/(api|upload|logout)(\/|\?|$)/.test(url);
/**
 * Signed instead of CSRF-checked: a payment provider's webhook (no browser, no session) carries
 * an HMAC over its raw body that server/domain/methods (a wallet) or server/domain/payments/reversal-webhook.ts
 * (a card processor's refund or dispute) verifies.
 */
const csrfExempt = (url: string): boolean => /^\/api\/(methods\/[a-z]{2,20}|processors\/[a-z0-9_]{2,20})\/webhook(\?|$)/.test(url);
/** Paths whose state-changing calls need the CSRF header. */
const needsCsrf = (url: string): boolean => /^\/(api|upload)(\/|\?|$)/.test(url) && !csrfExempt(url);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}

/** The request's session, or a new anonymous one (cookie set on the reply). */
export async function ensureSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
  if (request.session) return request.session;
  const created = await createSession(db, null);
  setSessionCookie(request, reply, created);
  request.session = created.row;
  return created.row;
}

/** The signed-in user's id, or 401 auth.required. */
export function requireUser(request: FastifyRequest): number {
  const userId = request.session?.user_id;
  if (userId === null || userId === undefined) throw new Refusal(401, 'auth.required', 'Please sign in.');
  return userId;
}

/**
 * Loads the session of the `sid` cookie and enforces CSRF: every POST/PUT/PATCH/DELETE under
 * /api and /upload needs the header x-csrf-token equal to the session's token; without it
 * the answer is 403 `csrf` before the body is read, so nothing happens. One select per request:
 * the expiry slides at most once a minute (server/domain/sessions.ts), so a poll writes nothing;
 * a safe route marked `config: { session: false }` reads no session at all. A session that can
 * only withdraw is answered only the routes of ./withdraw-only.ts (403 session.withdraw_only).
 */
export function installSessions(app: FastifyInstance, db: Db): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!usesSession(request.url)) return;
    const mode = request.routeOptions.config.session;
    if (mode === false && !UNSAFE.has(request.method)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (mode === 'joined') {
      request.session = null;
      if (UNSAFE.has(request.method) && (!token || typeof request.headers['x-csrf-token'] !== 'string' || !request.headers['x-csrf-token'])) return sendError(reply, csrfError());
      return;
    }
    request.session = token ? await findSession(db, token) : null;
    if (request.is404) return;
    if (UNSAFE.has(request.method) && needsCsrf(request.url)) {
      const header = request.headers['x-csrf-token'];
      const sent = typeof header === 'string' ? header : '';
      if (!request.session || !sent || !sameSecret(sent, request.session.csrf)) return sendError(reply, csrfError());
    }
    const refused = withdrawOnlyRefusal(request, request.session);
    if (refused) return sendError(reply, refused);
  });
}

const csrfError = () => new Refusal(403, 'csrf', 'Your session changed or expired. Reload the page and try again.');

/** A `session: 'joined'` route: the hash of its `sid` cookie, to join its object to (liveSession()); null without one. */
export function sessionIdOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? hashToken(token) : null;
}

/**
 * A `session: 'joined'` route hands over the session its select found (null: none live): the
 * same rules as the hook's, in the same order of refusals: an unsafe call needs the session's
 * CSRF token (403 `csrf` before anything changes), and the expiry slides at most once a minute.
 */
export async function adoptSession(db: Db, request: FastifyRequest, session: SessionRow | null): Promise<void> {
  if (UNSAFE.has(request.method)) {
    const header = request.headers['x-csrf-token'];
    if (!session || typeof header !== 'string' || !sameSecret(header, session.csrf)) throw csrfError();
  }
  const refused = withdrawOnlyRefusal(request, session);
  if (refused) throw refused;
  if (session) await slideSession(db, session);
  request.session = session;
}
