import { sql } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import { PASSKEY_MAX, passkeyNameOk, type Passkey, type PasskeyCredential, type PasskeyOptions } from '../../../core/contract/passkeys';
import '../../db/schema-security';
import type { DbOrTx } from '../ledger';
import { passkeyChangedMail, siteLink, userLang } from '../mail';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import type { Messenger } from '../ports';
import { Refusal } from '../refusal';

/**
 * Passkeys (issue 31 §5, docs/security-centre.md), WebAuthn through @simplewebauthn/server.
 *
 * - The relying party is the host of the site's address (SITE_URL; https://{SITE_HOST} by default
 *   in production) and only an answer made for the site's own origin verifies.
 * - Every ceremony starts with a challenge the server makes and keeps (passkey_challenges): it is
 *   spent by one conditional update (`… where used_at is null and expires_at > now returning`)
 *   before the answer is verified, so a challenge serves one answer, once, whatever runs at the
 *   same time. A registration's challenge belongs to its trader, a sign-in's to the session that
 *   asked for it.
 * - Registration asks for a discoverable credential ('none' attestation: the key is trusted as the
 *   trader's because the trader is signed in); the credential id is unique on the site.
 * - A sign-in verifies the signature with the stored public key, then the signature counter: an
 *   authenticator that keeps one must give a higher value each time, so a value not above the
 *   stored one (two copies of one key) is refused (`passkey.cloned`) and recorded; the counter moves
 *   by one conditional update from the value read, so of two sign-ins with one assertion only one
 *   goes on.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface RelyingParty {
  /** the RP ID: the site's host */
  id: string;
  /** the site's origin, the only one an answer may come from */
  origin: string;
  name: string;
}

/** The relying party of a site at `siteUrl` (config.siteUrl). */
export function relyingParty(siteUrl: string, name: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name };
}

const INVALID = () => new Refusal(400, 'passkeys.invalid', 'Your passkey’s answer could not be verified. Please try again.');
const CHALLENGE_GONE = () => new Refusal(410, 'passkeys.challenge', 'This passkey request has expired. Please try again.');
const NOT_FOUND = () => new Refusal(404, 'passkeys.not_found', 'This passkey is not one of yours.');
const BAD_NAME = () => new Refusal(400, 'passkeys.name', 'Give the passkey a name of 1 to 40 characters.', { fields: { name: 'passkeys.name' } });
export const SIGN_IN_INVALID = () => new Refusal(401, 'passkey.invalid', 'This passkey could not sign you in. Try again, or sign in with your password.');
export const CLONED = () => new Refusal(401, 'passkey.cloned', 'This passkey was refused: it looks copied. Sign in with your password and remove it from your security page.');

type Purpose = 'register' | 'sign_in' | 'factor';

async function keepChallenge(db: DbOrTx, challenge: string, purpose: Purpose, owner: { userId?: number; sessionId?: string }, now: Date): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({ challenge, purpose, user_id: owner.userId ?? null, session_id: owner.sessionId ?? null, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .execute();
}

/** the challenge the browser signed (from its clientDataJSON); '' when unreadable */
function challengeOf(credential: PasskeyCredential): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(credential.response.clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : '';
  } catch {
    return '';
  }
}

/** Spends the live challenge of this purpose and owner (its trader, its session, or both) the answer carries; null when there is none. */
async function spendChallenge(db: DbOrTx, credential: PasskeyCredential, purpose: Purpose, owner: { userId?: number; sessionId?: string }, now: Date): Promise<string | null> {
  const challenge = challengeOf(credential);
  if (challenge === '') return null;
  let query = db
    .updateTable('passkey_challenges')
    .set({ used_at: now })
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (owner.userId !== undefined) query = query.where('user_id', '=', owner.userId);
  if (owner.sessionId !== undefined || owner.userId === undefined) query = query.where('session_id', '=', owner.sessionId ?? '');
  const spent = await query.returning('id').executeTakeFirst();
  return spent ? challenge : null;
}

type Transport = NonNullable<Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']>[number]['transports'];
const transportsOf = (text: string): Transport => (text === '' ? [] : (text.split(',') as Transport));

/** The trader's passkeys, oldest first. */
export async function listPasskeys(db: DbOrTx, userId: number): Promise<Passkey[]> {
  const rows = await db.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({ id: String(r.id), name: r.name, createdAt: r.created_at.toISOString(), lastUsedAt: r.last_used_at?.toISOString() ?? null }));
}

/** A registration's options: a new challenge for the trader, their passkeys excluded (an authenticator is registered once). */
export async function registrationOptions(db: DbOrTx, rp: RelyingParty, user: { id: number; email: string }, now = new Date()): Promise<PasskeyOptions> {
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute();
  if (existing.length >= PASSKEY_MAX) throw full();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    userID: isoUint8Array.fromUTF8String(`u${user.id}`),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', { userId: user.id }, now);
  return options as unknown as PasskeyOptions;
}

const full = () => new Refusal(409, 'passkeys.full', `You can keep up to ${PASSKEY_MAX} passkeys. Remove one first.`, { params: { max: String(PASSKEY_MAX) } });

/** Verifies a registration's answer against the trader's challenge and keeps the passkey under `name`. */
export async function addPasskey(db: DbOrTx, rp: RelyingParty, userId: number, name: string, credential: PasskeyCredential, now = new Date()): Promise<void> {
  if (!passkeyNameOk(name)) throw BAD_NAME();
  if (credential.response.attestationObject === undefined) throw INVALID();
  const challenge = await spendChallenge(db, credential, 'register', { userId }, now);
  if (!challenge) throw CHALLENGE_GONE();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw INVALID();
  }
  if (!verified.verified) throw INVALID();
  const key = verified.registrationInfo.credential;
  const count = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count.n) >= PASSKEY_MAX) throw full();
  const added = await db
    .insertInto('passkeys')
    .values({
      user_id: userId,
      credential_id: key.id,
      public_key: key.publicKey,
      counter: String(key.counter),
      transports: (key.transports ?? credential.response.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)).join(','),
      name: name.trim(),
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) throw new Refusal(409, 'passkeys.exists', 'This passkey is already registered.');
}

/** Renames one of the trader's passkeys. */
export async function renamePasskey(db: DbOrTx, userId: number, id: string, name: string): Promise<void> {
  if (!passkeyNameOk(name)) throw BAD_NAME();
  const done = await db.updateTable('passkeys').set({ name: name.trim() }).where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
  if (!done) throw NOT_FOUND();
}

/** Removes one of the trader's passkeys (the caller confirmed the password); its name, for the notice. */
export async function removePasskey(db: DbOrTx, userId: number, id: string): Promise<string> {
  const gone = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
  if (!gone) throw NOT_FOUND();
  return gone.name;
}

/** A sign-in's options: a challenge for this session, any passkey of the site (discoverable). */
export async function signInOptions(db: DbOrTx, rp: RelyingParty, sessionId: string, now = new Date()): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CHALLENGE_TTL_MS });
  await keepChallenge(db, options.challenge, 'sign_in', { sessionId }, now);
  return options as unknown as PasskeyOptions;
}

export type PasskeyAssertion =
  | { ok: true; userId: number; email: string }
  /** the passkey is known but did not sign in: `cloned` when its counter went back */
  | { ok: false; userId: number; email: string; cloned: boolean }
  /** no passkey of this site, or no live challenge of this session: nothing to record */
  | { ok: false; userId: null };

/**
 * Verifies a sign-in's answer: the session's challenge (spent first), the passkey's signature and
 * its counter. Answers whose passkey it was; moves the counter and the last use only when it signs in.
 */
export function verifyAssertion(db: DbOrTx, rp: RelyingParty, sessionId: string, credential: PasskeyCredential, now = new Date()): Promise<PasskeyAssertion> {
  return verify(db, rp, credential, 'sign_in', { sessionId }, now);
}

/** Whether the trader has a passkey (the sign-in's answer after the password offers it as the second factor). */
export async function hasPasskey(db: DbOrTx, userId: number): Promise<boolean> {
  return (await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * A second factor's options (the password was right, the session waits for its factor): a
 * challenge for this session and this trader, only the trader's own passkeys allowed. Null when
 * the trader has none.
 */
export async function factorOptions(db: DbOrTx, rp: RelyingParty, sessionId: string, userId: number, now = new Date()): Promise<PasskeyOptions | null> {
  const keys = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).orderBy('id').execute();
  if (keys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k.transports) })),
  });
  await keepChallenge(db, options.challenge, 'factor', { userId, sessionId }, now);
  return options as unknown as PasskeyOptions;
}

/**
 * Verifies a second factor's answer as verifyAssertion does, on the challenge of this session and
 * this trader: only one of this trader's passkeys passes (another trader's is refused like a wrong
 * one: `userId` null).
 */
export function verifyFactorAssertion(db: DbOrTx, rp: RelyingParty, sessionId: string, userId: number, credential: PasskeyCredential, now = new Date()): Promise<PasskeyAssertion> {
  return verify(db, rp, credential, 'factor', { sessionId, userId }, now);
}

/** one assertion on the challenge of `purpose` and `owner`; with `owner.userId`, that trader's passkeys only */
async function verify(db: DbOrTx, rp: RelyingParty, credential: PasskeyCredential, purpose: 'sign_in' | 'factor', owner: { sessionId: string; userId?: number }, now: Date): Promise<PasskeyAssertion> {
  if (credential.response.authenticatorData === undefined || credential.response.signature === undefined) return { ok: false, userId: null };
  let found = db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .select(['passkeys.id', 'passkeys.user_id', 'passkeys.credential_id', 'passkeys.public_key', 'passkeys.counter', 'passkeys.transports', 'users.email'])
    .where('passkeys.credential_id', '=', credential.id);
  if (owner.userId !== undefined) found = found.where('passkeys.user_id', '=', owner.userId);
  const key = await found.executeTakeFirst();
  if (!key) return { ok: false, userId: null };
  const challenge = await spendChallenge(db, credential, purpose, owner, now);
  const refused = { ok: false as const, userId: key.user_id, email: key.email, cloned: false };
  if (!challenge) return refused;
  // the signature first (the library's own counter check is off: it is ours, below)
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: key.credential_id, publicKey: new Uint8Array(key.public_key), counter: 0, transports: transportsOf(key.transports) },
      requireUserVerification: false,
    });
  } catch {
    return refused;
  }
  if (!verified.verified) return refused;
  const stored = BigInt(key.counter);
  const given = BigInt(parseAuthenticatorData(isoBase64URL.toBuffer(credential.response.authenticatorData)).counter);
  if ((given > 0n || stored > 0n) && given <= stored) return { ...refused, cloned: true };
  const moved = await db
    .updateTable('passkeys')
    .set({ counter: String(given), last_used_at: now })
    .where('id', '=', key.id)
    .where('counter', '=', String(stored))
    .returning('id')
    .executeTakeFirst();
  if (!moved) return { ...refused, cloned: true };
  return { ok: true, userId: key.user_id, email: key.email };
}

/**
 * Tells the trader a passkey was added or removed: the bell (security.passkey_added /
 * security.passkey_removed, with its name) and an email in their language. The caller pushes
 * notification.new.
 */
export async function alertPasskeyChanged(db: DbOrTx, messenger: Messenger, user: { id: number; email: string }, change: 'added' | 'removed', facts: { name: string; ip: string | null; siteUrl: string; at?: Date }): Promise<void> {
  const at = facts.at ?? new Date();
  await notify(db, { userId: user.id, kind: change === 'added' ? 'security.passkey_added' : 'security.passkey_removed', params: { name: facts.name.slice(0, 40) }, key: notificationKey('passkey', change, user.id, at.getTime()) });
  const lang = await userLang(db, user.id);
  await messenger.send({ userId: user.id, channel: 'email', address: user.email, ...passkeyChangedMail(lang, change, { at, ip: facts.ip, name: facts.name, link: siteLink(facts.siteUrl, `/${lang}/trading#/show/security`) }) });
}

/** Deletes passkey challenges a day past their expiry (housekeeping in main.ts). */
export async function purgeExpiredPasskeyChallenges(db: DbOrTx): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
