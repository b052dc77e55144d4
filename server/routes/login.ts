import { refuseTradingIfBlocked } from '../domain/protection/country-block';
import { assertMaySignIn } from '../domain/protection/sign-in-gate';
import { LoginRequest, LoginResponse } from '../../core/contract';
import { beginAttempt, lockedMessage, settleAttempt } from '../domain/attempts';
import { consumeTicket } from '../domain/autologin';
import { openChallenge } from '../domain/security/factors';
import { hasPasskey } from '../domain/security/passkeys';
import { checkPassword } from '../domain/passwords';
import { signInWithNotice } from '../domain/notifications/security';
import { findUserByEmail, normalizeEmail } from '../domain/users';

import { setSessionCookie } from '../http/session';
import { clientFacts } from '../http/sign-in-facts';
import { recordSignIn } from '../domain/security/sign-in-history';
import { sessionOf, type RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * POST /api/login (spec 000 §7), after the platform login. In order:
 * 1. the per-email attempt limit (5 failures in 15 min lock 15 min), before anything else;
 * 2. the platform token must belong to a live platform session of the same login (so this
 *    endpoint is no password oracle for callers without a platform session);
 * 3. the password (or a one-time autologin ticket), argon2id, with a dummy verification
 *    when the email is unknown: the same answer and timing either way;
 * 4. with a second factor set (and not a passkey's ticket: a passkey is both factors): a challenge for this session (an email/SMS code is sent) and
 *    `factor` in the answer; the session signs in at /api/fraud/factors_check;
 * 5. otherwise a new session id and CSRF token (no fixation).
 * During a break or self-exclusion the sign-in is refused (403 login.excluded) unless the body asks
 * `withdrawOnly`: then the session can only withdraw (server/http/withdraw-only.ts).
 * Every attempt on a known account that the lock refuses or the platform confirmed goes into the sign-in
 * history (wrong password, locked, refused, second factor asked, signed in; a sign-in link's or a
 * social sign-in's ticket says so), and a sign-in from a browser the account had not used alerts
 * the trader (server/domain/security/sign-in-history.ts, new-device.ts).
 */
export const loginRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform, push, ports, config }) => {
  const { messenger, geo } = ports;
  app.post('/api/login', { schema: api(TAGS.session, 'Sign in (email and password, second factor when on)', { body: LoginRequest, response: LoginResponse }) }, async (request, reply): Promise<LoginResponse> => {
    const body = request.body;
    const session = sessionOf(request);
    const email = normalizeEmail(body.email);

    const gate = await beginAttempt(db, 'site', email, request.ip);
    const client = clientFacts(request, reply, geo);
    if (gate.lockedUntil) {
      const locked = await findUserByEmail(db, email);
      if (locked) await recordSignIn(db, locked.id, 'password', 'locked', client);
      const seconds = Math.max(1, Math.ceil((gate.lockedUntil.getTime() - gate.now.getTime()) / 1000));
      throw new Refusal(429, 'login.locked', lockedMessage(gate.lockedUntil, gate.now), { headers: { 'retry-after': String(seconds) } });
    }

    let platformLogin: { login: string } | null = null;
    try {
      platformLogin = body.token ? await platform.verifyToken(body.token) : null;
    } catch (error) {
      request.log.error({ err: error }, 'platform gateway failed');
      await settleAttempt(db, gate.attemptId, 'token');
      throw new Refusal(503, 'platform.unavailable', 'The trading platform is not reachable right now. Please try again shortly.');
    }
    if (!platformLogin || normalizeEmail(platformLogin.login) !== email) {
      await settleAttempt(db, gate.attemptId, 'token');
      throw new Refusal(401, 'login.platform_token', 'The trading platform did not confirm this sign-in. Please try again.');
    }

    const user = await findUserByEmail(db, email);
    const ticket = user !== undefined ? await consumeTicket(db, email, body.password, 'site') : null;
    const ok = ticket !== null || (await checkPassword(user?.password_hash, body.password));
    const method = ticket ?? 'password';
    if (!ok || !user) {
      if (user) await recordSignIn(db, user.id, method, 'wrong_password', client);
      await settleAttempt(db, gate.attemptId, 'fail');
      throw new Refusal(401, 'login.password', 'Wrong email or password.');
    }

    await settleAttempt(db, gate.attemptId, 'success');
    // a closed account, or a break (unless the trader asks to withdraw only): refused before a second factor is asked
    const withdrawOnly = await assertMaySignIn(db, user.id, new Date(), body.withdrawOnly === true).catch(async (error: unknown) => {
      if (error instanceof Refusal) await recordSignIn(db, user.id, method, 'refused', client);
      throw error;
    });
    // a country we no longer serve: the platform refuses the trader's trades from now on (withdrawals stay open)
    await refuseTradingIfBlocked({ db, platform }, user.id);
    // a passkey's ticket stands for both factors (server/routes/passkeys.ts): no second factor is asked
    if (user.two_factor !== '' && method !== 'passkey') {
      // the password is right; the session signs in only after the second factor (/api/fraud/factors_check)
      await openChallenge(db, messenger, session.id, user, user.two_factor, withdrawOnly);
      await recordSignIn(db, user.id, method, 'factor_asked', client);
      // a passkey may stand in for the code (issue 31 §5): said only now, after the right password
      return { ok: true, message: 'Enter your second factor.', factor: user.two_factor, ...((await hasPasskey(db, user.id)) && { passkey: true as const }) };
    }
    const next = await signInWithNotice(db, session.id, user.id, { ...client, withdrawOnly, method, alert: { messenger, siteUrl: config.siteUrl } });
    setSessionCookie(request, reply, next);
    request.session = next.row;
    push.publish(user.id, { type: 'notification.new' });
    return { ok: true, message: 'Signed in.' };
  });
};
