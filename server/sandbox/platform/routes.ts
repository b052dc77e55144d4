import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db';
import { beginAttempt, lockedMessage, settleAttempt } from '../../domain/attempts';
import { checkPassword } from '../../domain/passwords';
import { HttpError, toHttpError } from '../../http/errors';
import { parse } from '../../http/parse';
import { accountOfCookie, createPlatformSession, destroyPlatformSession, findAccount, PLATFORM_SESSION_TTL_MS, userInfoOf } from './store';
import { TRADE_CSP, TRADE_CSS, TRADE_HTML, TRADE_JS } from './trade-page';

export interface PlatformOptions {
  db: Db;
  /** the broker's autologin tickets: accepts `password` once for `login` in place of the password */
  acceptTicket?: (login: string, password: string) => Promise<boolean>;
}

export const PLATFORM_COOKIE = 'pf_session';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LoginForm = z.object({
  login: z.string().check(z.minLength(1, 'login.email_required'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'login.password_required'), z.maxLength(200)),
});

const INVALID = 'Invalid login or password';

function cookieOptions(request: FastifyRequest, path: string) {
  return { httpOnly: true, sameSite: 'strict' as const, path, secure: request.protocol === 'https' };
}

/** Platform error answers carry the platform's success:false next to the ApiError fields. */
function platformErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = toHttpError(error, request);
  if (failure.headers) reply.headers(failure.headers);
  return reply.code(failure.statusCode).type('application/json; charset=utf-8').send({ success: false, ...failure.body });
}

/**
 * The sandbox trading platform (a third party), mounted at /platform with its own accounts
 * and its own session cookie. Its state-changing calls need `X-Requested-With:
 * XMLHttpRequest`, which a cross-site form cannot send (CSRF for a cookie-authenticated API).
 */
export const platformRoutes: FastifyPluginAsync<PlatformOptions> = async (app, { db, acceptTicket }) => {
  /** the cookie is sent only to the platform's own paths */
  const cookiePath = app.prefix || '/';
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler(platformErrorHandler);
  app.addHook('onRequest', async (request) => {
    if (UNSAFE.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new HttpError(403, 'platform.csrf', 'The platform accepts this call only with the header X-Requested-With: XMLHttpRequest.');
    }
  });

  app.post('/login', async (request, reply) => {
    const form = parse(LoginForm, request.body);
    const gate = await beginAttempt(db, 'platform', form.login.trim().toLowerCase(), request.ip);
    if (gate.lockedUntil) return { success: false, code: 'locked', message: lockedMessage(gate.lockedUntil, gate.now) };
    const account = await findAccount(db, form.login);
    const ok =
      (account !== undefined && acceptTicket !== undefined && (await acceptTicket(account.login, form.password))) ||
      (await checkPassword(account?.passwordHash, form.password));
    if (!ok || !account) {
      await settleAttempt(db, gate.attemptId, 'fail');
      return { success: false, code: 'invalid_credentials', message: INVALID };
    }
    await settleAttempt(db, gate.attemptId, 'success');
    const previous = request.cookies[PLATFORM_COOKIE];
    if (previous) await destroyPlatformSession(db, previous);
    const session = await createPlatformSession(db, account.id);
    reply.setCookie(PLATFORM_COOKIE, session.cookie, { ...cookieOptions(request, cookiePath), maxAge: PLATFORM_SESSION_TTL_MS / 1000 });
    return { success: true, data: { token: session.token } };
  });

  app.post('/logout', async (request, reply) => {
    const cookie = request.cookies[PLATFORM_COOKIE];
    if (cookie) await destroyPlatformSession(db, cookie);
    reply.clearCookie(PLATFORM_COOKIE, cookieOptions(request, cookiePath));
    return { success: true };
  });

  app.get('/userInfo', async (request) => {
    const account = await accountOfCookie(db, request.cookies[PLATFORM_COOKIE] ?? '');
    if (!account) throw new HttpError(401, 'platform.not_auth', 'not_auth');
    return userInfoOf(account);
  });

  app.get('/trade', async (_request, reply) =>
    reply.header('content-security-policy', TRADE_CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(TRADE_HTML),
  );
  app.get('/trade.js', async (_request, reply) =>
    reply.header('content-security-policy', TRADE_CSP).header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(TRADE_JS),
  );
  app.get('/trade.css', async (_request, reply) =>
    reply.header('content-security-policy', TRADE_CSP).header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(TRADE_CSS),
  );
};
