import { FastifyReply, FastifyRequest } from 'fastify';
import { FactorsCheckRequest, PasswordChangeRequest, TwoFactorsRequest, ValidationAttemptRequest, FactorsCheckResponse, MeResponse, PasswordChangeResponse, TwoFactorsResponse, ValidationAttemptResponse } from '../../core/contract';
import type { CodePurpose } from '../db/schema-security';
import { RecoveryCodesIssued, RecoveryCodesStatus } from '../../core/contract/recovery-codes';
import { PasskeyFactorRequest, PasskeyOptions } from '../../core/contract/passkeys';
import { factorOptions, relyingParty, verifyFactorAssertion } from '../domain/security/passkeys';
import { type FactorCheck, checkFactor, checkPasskeyFactor, checkRecoveryCode, continueSetup, disableFactor, findChallenge, grant, issueCode, setupOf, startSetup, consumeGrant } from '../domain/security/factors';
import { alertRecoveryCodeUsed, issueRecoveryCodes, recoveryCodesLeft } from '../domain/security/recovery-codes';
import { changePassword } from '../domain/security/password';
import { endOtherSessions } from '../domain/security/active-sessions';
import { Refusal } from '../domain/refusal';
import { attemptValidation, validationRequired } from '../domain/security/validation';
import { signInWithNotice } from '../domain/notifications/security';
import { factorUserOf, loadCurrentUser } from '../domain/users';

import { requireUser, setSessionCookie } from '../http/session';
import { clientFacts } from '../http/sign-in-facts';
import { recordSignIn } from '../domain/security/sign-in-history';
import { sessionOf, type RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** a factor check as the client reads it: success, or the failure's key, message and attempts left */
const answer = (check: FactorCheck): FactorsCheckResponse => ({
  success: check.success,
  disabled: check.disabled,
  message: check.message,
  ...(check.key && { error: check.key }),
  ...(check.left !== undefined && { left: check.left }),
});

const NO_CHALLENGE = () => new Refusal(401, 'factor.no_challenge', 'Your sign-in has expired. Please sign in again.');
const FACTOR_REQUIRED = () => new Refusal(403, 'factor.required', 'Confirm with your current second factor first.');
const RECOVERY_LOGIN_ONLY = () => new Refusal(400, 'factor.recovery_type', 'A recovery code replaces the authenticator app at sign-in only.');

/**
 * Security (spec 002 §3, §4, §7; 001 §4, §7): password change, the two-factor method, code entry
 * for sign-in / withdrawal / method change / setup, the transaction validation attempts and the
 * user refresh.
 */
export const securityRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform, config, push, ports }) => {
  const { messenger } = ports;
  const rp = relyingParty(config.siteUrl, config.companyName);

  app.post('/api/us/security', { schema: api(TAGS.account, 'Change the password', { body: PasswordChangeRequest, response: PasswordChangeResponse }) }, async (request): Promise<PasswordChangeResponse> => {
    const body = request.body;
    const session = sessionOf(request);
    const userId = requireUser(request);
    await changePassword(db, platform, userId, session.id, body);
    return { message: body.endOthers === false ? 'Your password has been changed. Your other devices stay signed in.' : 'Your password has been changed. Other devices were signed out.' };
  });

  app.post('/api/fraud/two_factors', { schema: api(TAGS.account, 'Turn the second factor on or off', { body: TwoFactorsRequest, response: TwoFactorsResponse }) }, async (request): Promise<TwoFactorsResponse> => {
    const body = request.body;
    const session = sessionOf(request);
    if (body.type === 'email_resend') return resend(request, body.purpose ?? 'login');
    const userId = requireUser(request);
    const user = await factorUserOf(db, userId);
    const current = user.two_factor;
    const saved: TwoFactorsResponse = { success: true, next: 'done', message: 'Saving Successfully' };
    if (!body.state) {
      if (current === '' || current !== body.type) return saved;
      if (!(await consumeGrant(db, session.id, userId, 'change'))) throw FACTOR_REQUIRED();
      await disableFactor(db, userId);
      // "sign out my other devices" (issue 31 §2): yes unless the trader unticked it
      if (body.endOthers !== false) await endOtherSessions(db, userId, session.id);
      push.publish(userId, { type: 'user.updated' });
      push.publish(userId, { type: 'notification.new' });
      return saved;
    }
    if (current === body.type) return saved;
    if (current !== '' && !(await consumeGrant(db, session.id, userId, 'change'))) throw FACTOR_REQUIRED();
    // the answer to "sign out my other devices" waits with the setup until the method is saved
    const channel = await startSetup(db, messenger, user, body.type, body.endOthers !== false);
    return { success: true, next: 'code', channel, message: channel === 'sms' ? 'We sent a code by SMS.' : 'We sent a code to your email.' };
  });

  /** a new email/SMS code for a step in progress */
  async function resend(request: FastifyRequest, purpose: CodePurpose): Promise<TwoFactorsResponse> {
    const session = sessionOf(request);
    let userId: number;
    let channel: string;
    if (purpose === 'login') {
      const challenge = await findChallenge(db, session.id);
      if (!challenge) throw NO_CHALLENGE();
      userId = challenge.userId;
      channel = challenge.type;
    } else {
      userId = requireUser(request);
      if (purpose === 'setup') {
        const setup = await setupOf(db, userId);
        if (!setup?.setup_type || setup.setup_stage !== 'code') throw new Refusal(409, 'factor.no_setup', 'This setup has expired. Choose the method again.');
        channel = setup.setup_type === 'sms' ? 'sms' : 'email';
      } else {
        channel = (await factorUserOf(db, userId)).two_factor;
      }
    }
    if (channel !== 'email' && channel !== 'sms') throw new Refusal(400, 'factor.no_code', 'Authenticator codes are not sent: open your authenticator app.');
    const user = await factorUserOf(db, userId);
    // the resend interval: 30 s, shorter only in sandbox mode (SANDBOX_2FA_RESEND_MS)
    await issueCode(db, messenger, user, purpose, channel, config.twoFactorResendMs);
    return { success: true, next: 'code', channel, message: 'We sent a new code.' };
  }

  app.post('/api/fraud/factors_check', { schema: api(TAGS.account, 'Check a second-factor code', { body: FactorsCheckRequest, response: FactorsCheckResponse }) }, async (request, reply): Promise<FactorsCheckResponse> => {
    const body = request.body;
    const session = sessionOf(request);
    if (body.purpose === 'login') return checkLogin(request, reply, body);
    const userId = requireUser(request);
    const user = await factorUserOf(db, userId);
    if (body.purpose === 'setup') {
      const step = await continueSetup(db, user, body.type, body.code.trim());
      if (step.saved && step.endOthers) await endOtherSessions(db, userId, session.id);
      if (step.saved) {
        push.publish(userId, { type: 'user.updated' });
        push.publish(userId, { type: 'notification.new' });
      }
      return { ...answer(step), ...(step.qr && { qr: step.qr, secret: step.secret }), ...(step.recoveryCodes && step.recoveryCodes.length > 0 && { recoveryCodes: step.recoveryCodes }) };
    }
    if (user.two_factor === '' || user.two_factor !== body.type) throw new Refusal(400, 'factor.type', 'This second factor is not the one set for your account.');
    if (body.recovery) throw RECOVERY_LOGIN_ONLY();
    const result = await checkFactor(db, userId, body.type, body.purpose, body.code.trim());
    if (result.success) await grant(db, session.id, userId, body.purpose);
    return answer(result);
  });

  async function checkLogin(request: FastifyRequest, reply: FastifyReply, body: FactorsCheckRequest): Promise<FactorsCheckResponse> {
    const session = sessionOf(request);
    const challenge = await findChallenge(db, session.id);
    if (!challenge) throw NO_CHALLENGE();
    if (challenge.type !== body.type) throw new Refusal(400, 'factor.type', 'This second factor is not the one set for your account.');
    const recovery = body.recovery === true;
    if (recovery && challenge.type !== 'google') throw RECOVERY_LOGIN_ONLY();
    // a recovery code is spent here, by one conditional update: it signs in once, whatever runs at the same time
    const result = recovery ? await checkRecoveryCode(db, challenge.userId, body.code) : await checkFactor(db, challenge.userId, challenge.type, 'login', body.code.trim());
    if (!result.success) await recordSignIn(db, challenge.userId, recovery ? 'recovery' : 'asked', 'factor_failed', clientFacts(request, reply, ports.geo));
    if (result.success) {
      await signInAfterFactor(request, reply, challenge, recovery ? 'recovery' : 'factor');
      if (recovery) {
        const user = await factorUserOf(db, challenge.userId);
        // the trader hears of it at once (the bell, then an email); a mail that fails does not undo the sign-in
        await alertRecoveryCodeUsed(db, messenger, user, { ip: request.ip, siteUrl: config.siteUrl }).catch((error: unknown) => request.log.error({ err: error }, 'the recovery code alert failed'));
      }
      push.publish(challenge.userId, { type: 'notification.new' });
    }
    return answer(result.success ? { ...result, message: 'Signed in.' } : result);
  }

  /**
   * A passkey as the second factor (issue 31 §5): only the session whose sign-in waits for its factor
   * may ask (nobody else learns whether the trader has one); the challenge is this session's and
   * this trader's, and only the trader's own passkeys are allowed.
   */
  app.post('/api/fraud/passkey/options', { schema: api(TAGS.session, 'Sign-in: a passkey in place of the second factor’s code, the options (and challenge) of its assertion', { response: PasskeyOptions }) }, async (request): Promise<PasskeyOptions> => {
    const challenge = await findChallenge(db, sessionOf(request).id);
    if (!challenge) throw NO_CHALLENGE();
    const options = await factorOptions(db, rp, sessionOf(request).id, challenge.userId);
    if (!options) throw new Refusal(404, 'passkeys.none', 'There is no passkey on this account.');
    return options;
  });

  /**
   * The passkey's assertion in place of the code: its trader's, on this session's challenge (spent
   * once), its signature and counter. Refused: 'factor_failed' in the history and one wrong code
   * against the factor's limit; the right one signs in like the factor (the history's 'passkey').
   */
  app.post('/api/fraud/passkey/check', { schema: api(TAGS.session, 'Sign-in: a passkey’s assertion in place of the second factor’s code', { body: PasskeyFactorRequest, response: FactorsCheckResponse }) }, async (request, reply): Promise<FactorsCheckResponse> => {
    const session = sessionOf(request);
    const challenge = await findChallenge(db, session.id);
    if (!challenge) throw NO_CHALLENGE();
    let cloned = false;
    const result = await checkPasskeyFactor(db, challenge.userId, async () => {
      const assertion = await verifyFactorAssertion(db, rp, session.id, challenge.userId, request.body.credential);
      cloned = !assertion.ok && assertion.userId !== null && assertion.cloned;
      return assertion.ok;
    });
    if (!result.success) {
      await recordSignIn(db, challenge.userId, 'passkey', cloned ? 'cloned' : 'factor_failed', clientFacts(request, reply, ports.geo));
      return answer(result);
    }
    await signInAfterFactor(request, reply, challenge, 'passkey');
    push.publish(challenge.userId, { type: 'notification.new' });
    return answer({ ...result, message: 'Signed in.' });
  });

  /**
   * The session signs in only now, after its second factor: a new session id and CSRF token (the
   * challenge ends with the old session). `how`: the factor itself (the history names the method of
   * the step that asked for it), a recovery code in place of the authenticator, or a passkey in
   * place of the code.
   */
  async function signInAfterFactor(request: FastifyRequest, reply: FastifyReply, challenge: { userId: number; withdrawOnly: boolean }, how: 'factor' | 'recovery' | 'passkey'): Promise<void> {
    const session = sessionOf(request);
    const next = await signInWithNotice(db, session.id, challenge.userId, {
      ...clientFacts(request, reply, ports.geo),
      withdrawOnly: challenge.withdrawOnly,
      method: how === 'factor' ? 'asked' : how,
      outcome: 'factor_passed',
      alert: { messenger, siteUrl: config.siteUrl },
    });
    setSessionCookie(request, reply, next);
    request.session = next.row;
  }

  app.get('/api/security/recovery_codes', { schema: api(TAGS.account, 'Security: how many recovery codes of the authenticator are left (never a code)', { response: RecoveryCodesStatus }) }, async (request): Promise<RecoveryCodesStatus> => {
    const userId = requireUser(request);
    const on = (await factorUserOf(db, userId)).two_factor === 'google';
    if (!on) return { on, left: 0, createdAt: null };
    const { left, createdAt } = await recoveryCodesLeft(db, userId);
    return { on, left, createdAt: createdAt?.toISOString() ?? null };
  });

  app.post('/api/security/recovery_codes', { schema: api(TAGS.account, 'Security: new recovery codes (the old ones stop working); an authenticator code confirmed first', { response: RecoveryCodesIssued }) }, async (request): Promise<RecoveryCodesIssued> => {
    const session = sessionOf(request);
    const userId = requireUser(request);
    if ((await factorUserOf(db, userId)).two_factor !== 'google') throw new Refusal(409, 'recovery.not_on', 'Recovery codes come with the authenticator app: turn it on first.');
    if (!(await consumeGrant(db, session.id, userId, 'change'))) throw FACTOR_REQUIRED();
    return { codes: await issueRecoveryCodes(db, userId) };
  });

  app.post('/api/fraud/attemps', { schema: api(TAGS.account, 'Check a validation code', { body: ValidationAttemptRequest, response: ValidationAttemptResponse }) }, async (request): Promise<ValidationAttemptResponse> => {
    const { value } = request.body;
    const userId = requireUser(request);
    if (!(await validationRequired(db, userId))) throw new Refusal(409, 'validation.not_required', 'There is no transaction to validate.');
    const attempt = await attemptValidation(db, userId, value);
    if (attempt.ok && !attempt.already) push.publish(userId, { type: 'user.updated' });
    return { return: attempt.ok, attemps: attempt.attempts };
  });

  app.post('/api/fraud/user', { schema: api(TAGS.account, 'The user, re-read after a security change', { response: MeResponse }) }, async (request): Promise<MeResponse> => {
    const session = sessionOf(request);
    const userId = requireUser(request);
    return { user: await loadCurrentUser(db, userId, config.siteHost), csrf: session.csrf };
  });
};
