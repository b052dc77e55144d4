import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db';
import { intervalWhenReady } from '../../db/when-ready';
import { beginAttempt, lockedMessage, settleAttempt } from '../../domain/attempts';
import { checkPassword } from '../../domain/passwords';
import { toRefusal } from '../../http/errors';
import { parse } from '../../http/parse';
import { setAccountPassword } from './password';
import { chartOf, EXPIRIES, INSTRUMENTS, instrumentOf, pricesAt } from './prices';
import { accountOfCookie, createPlatformSession, destroyPlatformSession, findAccount, PLATFORM_SESSION_TTL_MS, type PlatformAccount } from './store';
import { tradePage, TRADE_CSP } from './trade-page';
import type { ListQuery } from '../../domain/ports';
import { accountState, listOrders, listTransactions, openTrade, settleDue, stakeLimits, userInfoOfAccount } from './trades';
import { formatMoney } from '../../../core/money';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

export interface PlatformOptions {
  db: Db;
  /** the broker's autologin tickets: accepts `password` once for `login` in place of the password */
  acceptTicket?: (login: string, password: string) => Promise<boolean>;
  /** how often due trades are settled in the background (0: only when an account is read) */
  settleEveryMs?: number;
  /** resolves when the database is migrated; the background settling waits for it */
  ready?: Promise<void>;
  /**
   * sandbox mode: a refusal scripted for the next sign-in as `login` (POST /api/sandbox/script
   * {platform}), used once; the platform then answers it instead of checking the password
   */
  scriptedRefusal?: (login: string) => Promise<'maintenance' | 'no_code' | undefined>;
  /**
   * the broker's word on whether the login may trade at all (issue 30 §6: the appropriateness
   * questionnaire not passed nor its risk accepted): a refusal answered before the trade is
   * opened, or null. A real platform holds this as the account's trade right that the broker's
   * manager API sets; the sandbox asks the broker's record at each trade, so the two never differ.
   */
  tradingRefusal?: (login: string) => Promise<Refusal | null>;
}

export const PLATFORM_COOKIE = 'pf_session';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LoginForm = z.object({
  login: z.string().check(z.minLength(1, 'login.email_required'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'login.password_required'), z.maxLength(200)),
});

const INVALID = 'Invalid login or password';
const MAINTENANCE = 'The trading platform is down for maintenance. Please try again in a few minutes.';

const digits = (max: number) => z.string().check(z.regex(new RegExp(`^\\d{1,${max}}$`), 'validation.format'));

const TradeRequest = z.object({
  symbol: z.string().check(z.maxLength(16)),
  direction: z.enum(['up', 'down']),
  amount: z.string().check(z.maxLength(24)),
  expiry: z.number().check(z.int()),
  key: z.string().check(z.minLength(8), z.maxLength(100)),
});

const ListParams = z.object({
  dateFrom: z.optional(digits(15)),
  dateTo: z.optional(digits(15)),
  limit: z.optional(digits(4)),
  offset: z.optional(digits(7)),
  status: z.optional(z.string().check(z.maxLength(16))),
  symbol: z.optional(z.string().check(z.maxLength(16))),
  trType: z.optional(z.string().check(z.maxLength(16))),
});

const PasswordChange = z.object({
  oldPassword: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(200)),
  newPassword: z.string().check(z.minLength(8, 'platform.password_short'), z.maxLength(200)),
  newPasswordConfirm: z.string().check(z.maxLength(200)),
});

const ORDER_STATUSES = ['open', 'won', 'lost', 'tie'];
const TX_STATUSES = ['completed', 'pending', 'cancelled'];
const TX_TYPES = ['deposit', 'withdrawal', 'trade', 'payout', 'refund'];

/** Query of GET orders / transactions: dates in epoch ms (default: the last 30 days), at most 1000 rows. */
function listQuery(input: unknown): ListQuery {
  const q = parse(ListParams, input ?? {}, 'query');
  const now = Date.now();
  const query: ListQuery = {
    dateFrom: q.dateFrom !== undefined ? Number(q.dateFrom) : now - 30 * 86_400_000,
    dateTo: q.dateTo !== undefined ? Number(q.dateTo) : now,
    limit: Math.min(1000, q.limit !== undefined ? Number(q.limit) : 100),
    offset: q.offset !== undefined ? Number(q.offset) : 0,
  };
  if (q.status) {
    if (![...ORDER_STATUSES, ...TX_STATUSES].includes(q.status)) throw new Refusal(400, 'validation', 'Unknown status.', { fields: { status: 'validation.choice' } });
    query.status = q.status;
  }
  if (q.symbol) {
    if (!instrumentOf(q.symbol)) throw new Refusal(400, 'validation', 'Unknown symbol.', { fields: { symbol: 'validation.choice' } });
    query.symbol = q.symbol;
  }
  if (q.trType) {
    if (!TX_TYPES.includes(q.trType)) throw new Refusal(400, 'validation', 'Unknown transaction type.', { fields: { trType: 'validation.choice' } });
    query.trType = q.trType;
  }
  return query;
}

function cookieOptions(request: FastifyRequest, path: string) {
  return { httpOnly: true, sameSite: 'strict' as const, path, secure: request.protocol === 'https' };
}

/** Platform error answers carry the platform's success:false next to the ApiError fields. */
function platformErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = toRefusal(error, request);
  if (failure.headers) reply.headers(failure.headers);
  return reply.code(failure.status).type('application/json; charset=utf-8').send({ success: false, ...failure.body });
}

/**
 * The sandbox trading platform (a third party), mounted at /platform with its own accounts
 * and its own session cookie. Its state-changing calls need `X-Requested-With:
 * XMLHttpRequest`, which a cross-site form cannot send (CSRF for a cookie-authenticated API).
 */
export const platformRoutes: RoutePlugin<PlatformOptions> = async (app, { db, acceptTicket, settleEveryMs = 1000, ready = Promise.resolve(), scriptedRefusal, tradingRefusal }) => {
  /** the cookie is sent only to the platform's own paths */
  const cookiePath = app.prefix || '/';
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler(platformErrorHandler);
  app.addHook('onRequest', async (request) => {
    if (UNSAFE.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new Refusal(403, 'platform.csrf', 'The platform accepts this call only with the header X-Requested-With: XMLHttpRequest.');
    }
  });

  app.post('/login', { schema: api(TAGS.platform, 'Platform sign-in') }, async (request, reply) => {
    const form = parse(LoginForm, request.body);
    // a scripted refusal (sandbox mode) is answered before any check: it is no attempt at the password
    const scripted = await scriptedRefusal?.(form.login.trim().toLowerCase());
    if (scripted === 'maintenance') return { success: false, code: 'maintenance', message: MAINTENANCE };
    if (scripted === 'no_code') return { success: false };
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

  app.post('/logout', { schema: api(TAGS.platform, 'Platform sign-out') }, async (request, reply) => {
    const cookie = request.cookies[PLATFORM_COOKIE];
    if (cookie) await destroyPlatformSession(db, cookie);
    reply.clearCookie(PLATFORM_COOKIE, cookieOptions(request, cookiePath));
    return { success: true };
  });

  /** the signed-in platform account, or 401 not_auth (the embedded page then tells its parent) */
  async function signedIn(request: FastifyRequest): Promise<PlatformAccount> {
    const account = await accountOfCookie(db, request.cookies[PLATFORM_COOKIE] ?? '');
    if (!account) throw new Refusal(401, 'platform.not_auth', 'not_auth');
    return account;
  }

  app.get('/userInfo', { schema: api(TAGS.platform, 'Platform user') }, async (request) => {
    const account = await signedIn(request);
    return userInfoOfAccount(db, account.id, account.login);
  });

  /** instruments, payouts and expiries (public) */
  app.get('/instruments', { schema: api(TAGS.platform, 'Instruments') }, async () => ({
    instruments: INSTRUMENTS.map((i) => ({ symbol: i.symbol, name: i.name, decimals: i.decimals, payoutPercent: i.payoutPercent })),
    expiries: EXPIRIES,
    simulated: true,
  }));

  /** what the trading page polls once a second: prices, balance, open and recent trades */
  app.get('/state', { schema: api(TAGS.platform, 'Account state') }, async (request) => {
    const account = await signedIn(request);
    const now = Date.now();
    const state = await accountState(db, account.id, now);
    const limits = stakeLimits(state.currency);
    return {
      serverTime: now,
      login: account.login,
      ...state,
      minStake: formatMoney(limits.min, state.currency),
      maxStake: formatMoney(limits.max, state.currency),
      prices: pricesAt(now),
    };
  });

  app.get('/chart', { schema: api(TAGS.platform, 'Price chart') }, async (request) => {
    const q = parse(z.object({ symbol: z.string().check(z.maxLength(16)), seconds: z.optional(digits(4)) }), request.query, 'query');
    const instrument = instrumentOf(q.symbol);
    if (!instrument) throw new Refusal(400, 'validation', 'Unknown symbol.', { fields: { symbol: 'validation.choice' } });
    const seconds = Math.max(10, Math.min(900, q.seconds ? Number(q.seconds) : 300));
    const now = Date.now();
    return { symbol: instrument.symbol, decimals: instrument.decimals, serverTime: now, points: chartOf(instrument, now, seconds) };
  });

  app.post('/trades', { schema: api(TAGS.platform, 'Open a trade') }, async (request) => {
    const account = await signedIn(request);
    const body = parse(TradeRequest, request.body);
    const refused = await tradingRefusal?.(account.login);
    if (refused) throw refused;
    const trade = await openTrade(db, account.id, body);
    return { success: true, trade };
  });

  app.get('/orders', { schema: api(TAGS.platform, 'Orders') }, async (request) => {
    const account = await signedIn(request);
    return listOrders(db, account.id, listQuery(request.query));
  });

  app.get('/transactions', { schema: api(TAGS.platform, 'Transactions') }, async (request) => {
    const account = await signedIn(request);
    return listTransactions(db, account.id, listQuery(request.query));
  });

  /** platform POST password (spec 000 §7): the signed-in account's own password */
  app.post('/password', { schema: api(TAGS.platform, 'Platform password change') }, async (request) => {
    const account = await signedIn(request);
    const body = parse(PasswordChange, request.body);
    if (body.newPassword !== body.newPasswordConfirm) {
      throw new Refusal(400, 'validation', 'The new passwords do not match.', { fields: { newPasswordConfirm: 'platform.password_mismatch' } });
    }
    const gate = await beginAttempt(db, 'platform', account.login, request.ip);
    if (gate.lockedUntil) throw new Refusal(429, 'platform.locked', lockedMessage(gate.lockedUntil, gate.now));
    if (!(await checkPassword(account.passwordHash, body.oldPassword))) {
      await settleAttempt(db, gate.attemptId, 'fail');
      throw new Refusal(400, 'platform.old_password', 'The current password is wrong.', { fields: { oldPassword: 'platform.old_password' } });
    }
    await settleAttempt(db, gate.attemptId, 'success');
    await setAccountPassword(db, account.login, body.newPassword);
    return { success: true };
  });

  const page = await tradePage();
  const send = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('content-security-policy', TRADE_CSP).header('cache-control', 'no-cache').type(type).send(body);
  app.get('/trade', { schema: api(TAGS.platform, 'Platform page', { produces: 'text/html' }) }, send('text/html; charset=utf-8', page.html));
  app.get('/trade.js', { schema: api(TAGS.platform, 'Platform script', { produces: 'text/javascript' }) }, send('text/javascript; charset=utf-8', page.js));
  app.get('/format.js', { schema: api(TAGS.platform, 'Platform money formatter (core/format.ts, bundled)', { produces: 'text/javascript' }) }, send('text/javascript; charset=utf-8', page.format));
  app.get('/trade.css', { schema: api(TAGS.platform, 'Platform styles', { produces: 'text/css' }) }, send('text/css; charset=utf-8', page.css));

  if (settleEveryMs > 0) {
    let running = false;
    // started once the database is migrated (server/db/when-ready.ts)
    const stop = intervalWhenReady(ready, settleEveryMs, () => {
      if (running) return;
      running = true;
      settleDue(db)
        .catch((error: unknown) => app.log.warn({ err: error }, 'platform: settling due trades failed'))
        .finally(() => (running = false));
    });
    app.addHook('onClose', async () => stop());
  }
};
