import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { CodePurpose, FactorType, GrantPurpose } from '../../db/schema-security';
import type { Messenger } from '../ports';
import type { DbOrTx } from '../ledger';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import { hashToken } from '../tokens';
import { Refusal } from '../refusal';
import { newTotpSecret, totpStep, totpUri } from './totp';
import { issueRecoveryCodes, spendRecoveryCode, voidRecoveryCodes } from './recovery-codes';
import { codeMail, userLang } from '../mail';

/**
 * Second factors (spec 001 §4, 002 §4): emailed or SMS codes and TOTP (google).
 *
 * - codes: 6 digits, single use, 10 minutes; only a keyed SHA-256 is stored; a new code
 *   replaces the older ones of the same purpose; a resend waits 30 s.
 * - TOTP: one step of drift; the accepted step is stored, so a code never works twice.
 * - recovery codes (recovery-codes.ts): made when google is turned on; one signs in once in
 *   place of the authenticator; voided when google is turned off or replaced.
 * - attempts: 5 wrong codes lock the factor for 15 minutes (entry disabled), counted in the
 *   database per user; wrong recovery codes and refused passkeys (checkPasskeyFactor) count with them.
 * - a sign-in waits for its factor in two_factor_challenges (per session); a proven factor for
 *   a withdrawal or a method change is a single-use grant of a few minutes.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_WAIT_MS = 30_000;
export const CHALLENGE_TTL_MS = 10 * 60_000;
export const GRANT_TTL_MS = 5 * 60_000;
export const SETUP_TTL_MS = 15 * 60_000;
export const FACTOR_LIMIT = 5;
export const FACTOR_LOCK_MS = 15 * 60_000;

export interface FactorUser {
  id: number;
  email: string;
}

const codeHash = (userId: number, purpose: CodePurpose, code: string): string => hashToken(`${userId}:${purpose}:${code}`);

export async function ensureSecurityRow(db: DbOrTx, userId: number): Promise<void> {
  await db.insertInto('user_security').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

/**
 * Sends a new code (email or SMS) for `purpose`; older unused codes of that purpose stop working.
 * Refused (429 factor.resend_wait) within `waitMs` of the last code of that purpose: 30 s, or the
 * sandbox's shorter SANDBOX_2FA_RESEND_MS (config.twoFactorResendMs) for a resend on request.
 */
export async function issueCode(db: DbOrTx, messenger: Messenger, user: FactorUser, purpose: CodePurpose, channel: 'email' | 'sms', waitMs = RESEND_WAIT_MS): Promise<void> {
  const latest = await db
    .selectFrom('two_factor_codes')
    .select('created_at')
    .where('user_id', '=', user.id)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (latest && Date.now() - latest.created_at.getTime() < waitMs) {
    const seconds = Math.ceil((waitMs - (Date.now() - latest.created_at.getTime())) / 1000);
    throw new Refusal(429, 'factor.resend_wait', `A code was sent a moment ago. You can ask for a new one in ${seconds} s.`, { headers: { 'retry-after': String(seconds) } });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.updateTable('two_factor_codes').set({ used_at: new Date() }).where('user_id', '=', user.id).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  await db
    .insertInto('two_factor_codes')
    .values({ user_id: user.id, purpose, channel, code_hash: codeHash(user.id, purpose, code), expires_at: new Date(Date.now() + CODE_TTL_MS) })
    .execute();
  await messenger.send({
    userId: user.id,
    channel,
    address: user.email,
    // in the trader's language (server/domain/mail.ts)
    ...codeMail(await userLang(db, user.id), purpose, code, CODE_TTL_MS / 60_000),
  });
}

/** Uses the newest valid code of `purpose` if it matches; single use even under concurrency. */
async function consumeCode(db: DbOrTx, userId: number, purpose: CodePurpose, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const used = await db
    .updateTable('two_factor_codes')
    .set({ used_at: new Date() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('two_factor_codes')
        .select('id')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('code_hash', '=', codeHash(userId, purpose, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** A TOTP code against `secret`: accepted once, only for a step later than the last accepted one. */
async function consumeTotp(db: DbOrTx, userId: number, secret: string, code: string): Promise<number | null> {
  const step = totpStep(secret, code);
  if (step === null) return null;
  const accepted = await db
    .updateTable('user_security')
    .set({ totp_last_step: BigInt(step) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
    .executeTakeFirst();
  return Number(accepted.numUpdatedRows) === 1 ? step : null;
}

export interface FactorCheck {
  success: boolean;
  disabled: boolean;
  message: string;
  key: string;
  left?: number;
}

const LOCKED: FactorCheck = { success: false, disabled: true, key: 'factor.locked', message: `Too many wrong codes. Code entry is disabled for ${FACTOR_LOCK_MS / 60_000} minutes.` };

/** Refuses while the factor is locked. */
async function lockState(db: DbOrTx, userId: number): Promise<boolean> {
  await ensureSecurityRow(db, userId);
  const row = await db.selectFrom('user_security').select('factor_locked_until').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.factor_locked_until !== null && row.factor_locked_until.getTime() > Date.now();
}

/** Counts a wrong code; the fifth in a row locks the factor. */
async function countFailure(db: DbOrTx, userId: number): Promise<FactorCheck> {
  const row = await db
    .updateTable('user_security')
    .set({
      factor_failures: sql`case when factor_failures + 1 >= ${FACTOR_LIMIT} then 0 else factor_failures + 1 end`,
      factor_locked_until: sql`case when factor_failures + 1 >= ${FACTOR_LIMIT} then now() + make_interval(secs => ${FACTOR_LOCK_MS / 1000}) else factor_locked_until end`,
    })
    .where('user_id', '=', userId)
    .returning(['factor_failures', 'factor_locked_until'])
    .executeTakeFirstOrThrow();
  if (row.factor_locked_until !== null && row.factor_locked_until.getTime() > Date.now()) return LOCKED;
  const left = FACTOR_LIMIT - row.factor_failures;
  return { success: false, disabled: false, key: 'factor.wrong', left, message: `Wrong code. ${left} attempt${left === 1 ? '' : 's'} left.` };
}

const OK: FactorCheck = { success: true, disabled: false, key: '', message: 'Confirmed.' };

async function succeed(db: DbOrTx, userId: number): Promise<FactorCheck> {
  await db.updateTable('user_security').set({ factor_failures: 0 }).where('user_id', '=', userId).execute();
  return OK;
}

/** Checks a code of the user's factor `type` for `purpose` (TOTP for google, else a sent code). */
export async function checkFactor(db: DbOrTx, userId: number, type: FactorType, purpose: CodePurpose, code: string): Promise<FactorCheck> {
  if (await lockState(db, userId)) return LOCKED;
  let ok: boolean;
  if (type === 'google') {
    const row = await db.selectFrom('user_security').select('totp_secret').where('user_id', '=', userId).executeTakeFirstOrThrow();
    ok = row.totp_secret !== null && (await consumeTotp(db, userId, row.totp_secret, code)) !== null;
  } else {
    ok = await consumeCode(db, userId, purpose, code);
  }
  return ok ? succeed(db, userId) : countFailure(db, userId);
}

/**
 * A recovery code in place of the authenticator (sign-in only; the caller checked the factor is
 * google): spent once if it is one of the trader's unused codes. Refused while the factor is
 * locked; a wrong, used or voided code counts as a wrong code (`factor.recovery_invalid`).
 */
export async function checkRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<FactorCheck> {
  if (await lockState(db, userId)) return LOCKED;
  if (await spendRecoveryCode(db, userId, code)) return succeed(db, userId);
  const failed = await countFailure(db, userId);
  if (failed.key !== 'factor.wrong') return failed;
  const left = failed.left ?? 0;
  return { ...failed, key: 'factor.recovery_invalid', message: `This recovery code is wrong or was already used. ${left} attempt${left === 1 ? '' : 's'} left.` };
}

/**
 * A passkey in place of the code at sign-in (issue 31 §5; the caller verifies its assertion in
 * `verify`): refused while the factor is locked, before the assertion is looked at; a refused
 * assertion counts as a wrong code (`factor.passkey_invalid`), the right one clears the count.
 */
export async function checkPasskeyFactor(db: DbOrTx, userId: number, verify: () => Promise<boolean>): Promise<FactorCheck> {
  if (await lockState(db, userId)) return LOCKED;
  if (await verify()) return succeed(db, userId);
  const failed = await countFailure(db, userId);
  if (failed.key !== 'factor.wrong') return failed;
  const left = failed.left ?? 0;
  return { ...failed, key: 'factor.passkey_invalid', message: `Your passkey could not confirm this sign-in. ${left} attempt${left === 1 ? '' : 's'} left.` };
}

// ---- sign-in challenges -------------------------------------------------------------------

/** `withdrawOnly`: the session made after the code can only withdraw (a break runs: protection/sign-in-gate.ts) */
export async function openChallenge(db: DbOrTx, messenger: Messenger, sessionId: string, user: FactorUser, type: FactorType, withdrawOnly = false): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('session_id', '=', sessionId).execute();
  await db.insertInto('two_factor_challenges').values({ session_id: sessionId, user_id: user.id, type, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS), withdraw_only: withdrawOnly }).execute();
  if (type !== 'google') await issueCode(db, messenger, user, 'login', type).catch((error: unknown) => {
    // a code sent less than 30 s ago is still valid: the trader uses that one
    if (!(error instanceof Refusal)) throw error;
  });
}

export async function findChallenge(db: DbOrTx, sessionId: string): Promise<{ userId: number; type: FactorType; withdrawOnly: boolean } | null> {
  const row = await db.selectFrom('two_factor_challenges').select(['user_id', 'type', 'withdraw_only']).where('session_id', '=', sessionId).where('expires_at', '>', new Date()).executeTakeFirst();
  return row ? { userId: row.user_id, type: row.type, withdrawOnly: row.withdraw_only } : null;
}

// ---- grants ------------------------------------------------------------------------------

export async function grant(db: DbOrTx, sessionId: string, userId: number, purpose: GrantPurpose): Promise<void> {
  await db.insertInto('two_factor_grants').values({ session_id: sessionId, user_id: userId, purpose, expires_at: new Date(Date.now() + GRANT_TTL_MS) }).execute();
}

/** Uses one live grant of `purpose` of this session; false when there is none. */
export async function consumeGrant(db: DbOrTx, sessionId: string, userId: number, purpose: GrantPurpose): Promise<boolean> {
  const used = await db
    .updateTable('two_factor_grants')
    .set({ used_at: new Date() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('two_factor_grants')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('id')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

// ---- choosing a method (setup) -------------------------------------------------------------

/**
 * Starts setting up `type`: a code goes to the email (google and email) or by SMS. `endOthers`
 * (default true) is kept with the setup: the trader's other sessions end when the method is saved.
 */
export async function startSetup(db: DbOrTx, messenger: Messenger, user: FactorUser, type: FactorType, endOthers = true): Promise<'email' | 'sms'> {
  await ensureSecurityRow(db, user.id);
  const channel = type === 'sms' ? 'sms' : 'email';
  await db
    .updateTable('user_security')
    .set({ setup_type: type, setup_stage: 'code', pending_totp_secret: null, setup_expires_at: new Date(Date.now() + SETUP_TTL_MS), setup_end_others: endOthers })
    .where('user_id', '=', user.id)
    .execute();
  await issueCode(db, messenger, user, 'setup', channel);
  return channel;
}

export interface SetupStep extends FactorCheck {
  /** google, after the email step: the otpauth:// URI and the secret to show */
  qr?: string;
  secret?: string;
  /** the method is now active */
  saved?: FactorType;
  /** google was turned on: its recovery codes, shown once */
  recoveryCodes?: string[];
  /** saved: the trader's other sessions are to end (the answer given when the setup started) */
  endOthers?: boolean;
}

/** One code of a setup in progress: the email/SMS code first, then (google) the first TOTP code. */
export async function continueSetup(db: DbOrTx, user: FactorUser, type: FactorType, code: string): Promise<SetupStep> {
  if (await lockState(db, user.id)) return LOCKED;
  const setup = await db
    .selectFrom('user_security')
    .select(['setup_type', 'setup_stage', 'setup_expires_at', 'pending_totp_secret', 'setup_end_others'])
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (!setup.setup_type || !setup.setup_stage || !setup.setup_expires_at || setup.setup_expires_at.getTime() <= Date.now()) {
    throw new Refusal(409, 'factor.no_setup', 'This setup has expired. Choose the method again.');
  }
  if (setup.setup_stage === 'code') {
    const channel = setup.setup_type === 'sms' ? 'sms' : 'email';
    if (type !== channel) throw new Refusal(400, 'factor.type', `Enter the code we sent by ${channel === 'sms' ? 'SMS' : 'email'}.`);
    if (!(await consumeCode(db, user.id, 'setup', code))) return countFailure(db, user.id);
    await succeed(db, user.id);
    if (setup.setup_type === 'google') {
      const secret = newTotpSecret();
      await db.updateTable('user_security').set({ setup_stage: 'google', pending_totp_secret: secret }).where('user_id', '=', user.id).execute();
      return { ...OK, qr: totpUri(secret, user.email), secret };
    }
    await activate(db, user.id, setup.setup_type, null);
    return { ...OK, message: 'Saving Successfully', saved: setup.setup_type, endOthers: setup.setup_end_others };
  }
  // stage google: the first code from the authenticator app proves the secret was saved
  if (type !== 'google' || !setup.pending_totp_secret) throw new Refusal(400, 'factor.type', 'Enter the code from your authenticator app.');
  const step = totpStep(setup.pending_totp_secret, code);
  if (step === null) return countFailure(db, user.id);
  await succeed(db, user.id);
  const recoveryCodes = await activate(db, user.id, 'google', { secret: setup.pending_totp_secret, step });
  return { ...OK, message: 'Saving Successfully', saved: 'google', recoveryCodes, endOthers: setup.setup_end_others };
}

/** Saves the method; google gets a new set of recovery codes (answered), any other method voids them. */
async function activate(db: DbOrTx, userId: number, type: FactorType, totp: { secret: string; step: number } | null): Promise<string[]> {
  await db
    .updateTable('user_security')
    .set({
      totp_secret: totp?.secret ?? null,
      totp_last_step: totp ? BigInt(totp.step) : null,
      pending_totp_secret: null,
      setup_type: null,
      setup_stage: null,
      setup_expires_at: null,
    })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('users').set({ two_factor: type }).where('id', '=', userId).execute();
  // the trader's bell: a second factor was set (the route pushes notification.new)
  await notify(db, { userId, kind: 'security.factor_on', params: { method: type }, key: notificationKey('factor', userId, type, Date.now()) });
  if (type === 'google') return issueRecoveryCodes(db, userId);
  await voidRecoveryCodes(db, userId);
  return [];
}

/** Turns the second factor off (its recovery codes are voided). */
export async function disableFactor(db: DbOrTx, userId: number): Promise<void> {
  await ensureSecurityRow(db, userId);
  await voidRecoveryCodes(db, userId);
  await db
    .updateTable('user_security')
    .set({ totp_secret: null, totp_last_step: null, pending_totp_secret: null, setup_type: null, setup_stage: null, setup_expires_at: null })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('users').set({ two_factor: '' }).where('id', '=', userId).execute();
  await notify(db, { userId, kind: 'security.factor_off', params: {}, key: notificationKey('factor', userId, 'off', Date.now()) });
}

/** The second-factor setup in progress, if any (its method and stage). */
export function setupOf(db: DbOrTx, userId: number) {
  return db.selectFrom('user_security').select(['setup_type', 'setup_stage']).where('user_id', '=', userId).executeTakeFirst();
}
