import { PasskeyAddRequest, PasskeyList, PasskeyOptions, PasskeyOptionsRequest, PasskeyRemoveRequest, PasskeyRenameRequest, PasskeySignInRequest, PasskeySignInResponse } from '../../core/contract/passkeys';
import { beginAttempt, lockedMessage, settleAttempt } from '../domain/attempts';
import { createAutologinKey } from '../domain/autologin';
import { confirmPassword } from '../domain/protection/confirm-password';
import { Refusal } from '../domain/refusal';
import { CLONED, SIGN_IN_INVALID, addPasskey, alertPasskeyChanged, listPasskeys, registrationOptions, relyingParty, removePasskey, renamePasskey, signInOptions, verifyAssertion } from '../domain/security/passkeys';
import { recordSignIn } from '../domain/security/sign-in-history';
import { factorUserOf } from '../domain/users';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import { clientFacts } from '../http/sign-in-facts';
import { sessionOf, type RouteDeps } from './deps';

/**
 * Passkeys (issue 31 §5; contract core/contract/passkeys.ts, domain server/domain/security/passkeys.ts).
 * The trader's own passkeys: listed, added (a registration ceremony on the server's challenge),
 * renamed, removed after the password (counted like a sign-in); an addition or removal tells the
 * trader (the bell and an email).
 *
 * A passkey sign-in verifies the assertion here (the session's challenge, once; the signature; the
 * counter) under the account's attempt limit, then hands the browser a one-use autologin key made
 * `via: 'passkey'`: the autologin page signs in through the ordinary path (the platform login and
 * /api/login with its ticket), so the sign-in gate, the history (method 'passkey') and the
 * new-device alert apply as to any sign-in, and the ticket skips the second factor (a passkey is
 * both). A refused passkey is written to the history ('key_failed', or 'cloned' when its counter
 * went back).
 */
export const passkeyRoutes: RoutePlugin<RouteDeps> = async (app, { db, config, settings, push, ports }) => {
  const rp = relyingParty(config.siteUrl, config.companyName);
  const langOf = (value: string | undefined) => (value !== undefined && settings.languages.includes(value) ? value : settings.defaultLanguage);

  app.get('/api/security/passkeys', { schema: api(TAGS.account, 'Security: the trader’s passkeys', { response: PasskeyList }) }, async (request): Promise<PasskeyList> => {
    return { passkeys: await listPasskeys(db, requireUser(request)) };
  });

  app.post('/api/security/passkeys/options', { schema: api(TAGS.account, 'Security: the options (and challenge) of a new passkey’s registration (the password first)', { body: PasskeyOptionsRequest, response: PasskeyOptions }) }, async (request): Promise<PasskeyOptions> => {
    const userId = requireUser(request);
    // a passkey signs in without the password: whoever holds this session must also know it
    await confirmPassword(db, userId, request.body.password, request.ip, 'passkeys.password');
    const user = await factorUserOf(db, userId);
    return registrationOptions(db, rp, user);
  });

  app.post('/api/security/passkeys', { schema: api(TAGS.account, 'Security: add a passkey (its registration answer, verified) under a name', { body: PasskeyAddRequest, response: PasskeyList }) }, async (request): Promise<PasskeyList> => {
    const userId = requireUser(request);
    await addPasskey(db, rp, userId, request.body.name, request.body.credential);
    const user = await factorUserOf(db, userId);
    await alertPasskeyChanged(db, ports.messenger, user, 'added', { name: request.body.name.trim(), ip: request.ip, siteUrl: config.siteUrl }).catch((error: unknown) => request.log.error({ err: error }, 'the passkey alert failed'));
    push.publish(userId, { type: 'notification.new' });
    return { passkeys: await listPasskeys(db, userId) };
  });

  app.post('/api/security/passkeys/rename', { schema: api(TAGS.account, 'Security: rename a passkey', { body: PasskeyRenameRequest, response: PasskeyList }) }, async (request): Promise<PasskeyList> => {
    const userId = requireUser(request);
    await renamePasskey(db, userId, request.body.id, request.body.name);
    return { passkeys: await listPasskeys(db, userId) };
  });

  app.post('/api/security/passkeys/remove', { schema: api(TAGS.account, 'Security: remove a passkey (the password first)', { body: PasskeyRemoveRequest, response: PasskeyList }) }, async (request): Promise<PasskeyList> => {
    const userId = requireUser(request);
    const { id, password } = request.body;
    // another trader's (or no) passkey: 404 before the password is tried
    if (!(await listPasskeys(db, userId)).some((p) => p.id === id)) throw new Refusal(404, 'passkeys.not_found', 'This passkey is not one of yours.');
    await confirmPassword(db, userId, password, request.ip, 'passkeys.password');
    const name = await removePasskey(db, userId, id);
    const user = await factorUserOf(db, userId);
    await alertPasskeyChanged(db, ports.messenger, user, 'removed', { name, ip: request.ip, siteUrl: config.siteUrl }).catch((error: unknown) => request.log.error({ err: error }, 'the passkey alert failed'));
    push.publish(userId, { type: 'notification.new' });
    return { passkeys: await listPasskeys(db, userId) };
  });

  app.post('/api/passkey/options', { schema: api(TAGS.session, 'Sign in with a passkey: the options (and challenge) of this session’s assertion', { response: PasskeyOptions }) }, async (request): Promise<PasskeyOptions> => {
    return signInOptions(db, rp, sessionOf(request).id);
  });

  app.post(
    '/api/passkey/sign_in',
    { schema: api(TAGS.session, 'Sign in with a passkey: its assertion, verified; answers the autologin address that signs in', { body: PasskeySignInRequest, response: PasskeySignInResponse }) },
    async (request, reply): Promise<PasskeySignInResponse> => {
      const session = sessionOf(request);
      const { credential } = request.body;
      const client = clientFacts(request, reply, ports.geo);
      const owner = await db.selectFrom('passkeys').innerJoin('users', 'users.id', 'passkeys.user_id').select(['users.id', 'users.email']).where('passkeys.credential_id', '=', credential.id).executeTakeFirst();
      if (!owner) throw SIGN_IN_INVALID();
      // the account's attempt limit, as for a password
      const gate = await beginAttempt(db, 'site', owner.email, request.ip);
      if (gate.lockedUntil) {
        await recordSignIn(db, owner.id, 'passkey', 'locked', client);
        const seconds = Math.max(1, Math.ceil((gate.lockedUntil.getTime() - gate.now.getTime()) / 1000));
        throw new Refusal(429, 'login.locked', lockedMessage(gate.lockedUntil, gate.now), { headers: { 'retry-after': String(seconds) } });
      }
      const result = await verifyAssertion(db, rp, session.id, credential);
      if (!result.ok) {
        await settleAttempt(db, gate.attemptId, 'fail');
        const cloned = result.userId !== null && result.cloned;
        if (result.userId !== null) await recordSignIn(db, result.userId, 'passkey', cloned ? 'cloned' : 'key_failed', client);
        throw cloned ? CLONED() : SIGN_IN_INVALID();
      }
      await settleAttempt(db, gate.attemptId, 'success');
      const lang = langOf(request.body.lang);
      const { key } = await createAutologinKey(db, result.userId, { redirect: 'home', lang, mobile: false }, 'passkey');
      return { url: `/${lang}/autologin?key=${encodeURIComponent(key)}` };
    },
  );
};
