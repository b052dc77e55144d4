import { sql } from 'kysely';
import { forgetEmailProblem, RESET_LINK_TTL_MINUTES, RESET_TOKEN } from '../../../core/contract/forgot';
import type { Db } from '../../db';
import '../../db/schema-password-reset';
import type { DbOrTx } from '../ledger';
import { passwordRefusal } from '../password-policy';
import { mailLang, passwordChangedMail, resetLinkMail, siteLink, userLang } from '../mail';
import type { Messenger, PlatformGateway } from '../ports';
import { applyNewPassword } from '../security/password';
import { Refusal } from '../refusal';
import { hashToken, newToken } from '../tokens';
import { findUserByEmail, normalizeEmail } from '../users';
import { beginForgot } from './limits';

/**
 * Forgot password (spec 001 §1-2, §7 `/api/forget`), after the OWASP Forgot Password Cheat Sheet
 * (docs/forgot-password.md):
 * - an ask answers the same whether or not the email has an account, and does the same work
 *   (a token is made and hashed either way); it is limited per email and per client address;
 * - the emailed link carries 32 random bytes (base64url); only their SHA-256 is stored; it works
 *   for 30 minutes, once (a conditional UPDATE claims it, so two parallel uses succeed once), and
 *   a newer ask or a reset stops the older links of that account;
 * - a reset sets the password like every other change (platform first, argon2id here), signs out
 *   every session of the account, leaves two-factor on, and tells the owner by email. It never
 *   signs anyone in.
 */
export const RESET_TTL_MS = RESET_LINK_TTL_MINUTES * 60_000;

export const ASKED_MESSAGE = `If an account exists for this email, we have sent it a link to choose a new password. The link works for ${RESET_LINK_TTL_MINUTES} minutes.`;
export const RESET_MESSAGE = 'Your password has been changed. Every session of your account was signed out: please sign in with the new password.';
const LINK_REFUSAL = (): Refusal => new Refusal(410, 'forget.link', 'This link is no longer valid. Ask for a new one.');

export interface ForgotAsk {
  email: string;
  ip: string;
  /** the page language the trader asked from: the language of the email and of its link */
  lang: string;
  /** the site's address (config.siteUrl): the link in the email is absolute */
  siteUrl: string;
}

const minutes = (seconds: number): string => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/** The path of a reset link (the site's origin goes before it in a real email). */
export const resetPath = (lang: string, token: string): string => `/${lang}/reset?token=${token}`;

/** POST /api/forget: records the ask, and when the email has an account, emails it a new link. */
export async function askForReset(db: Db, messenger: Messenger, ask: ForgotAsk, now: Date): Promise<void> {
  if (forgetEmailProblem(ask.email)) throw new Refusal(400, 'forget.email', 'Please enter a valid email address.');
  const email = normalizeEmail(ask.email);
  const gate = await beginForgot(db, email, ask.ip, now);
  if (gate.limited) {
    const { reason, retryAfterSeconds } = gate.limited;
    const what = reason === 'email' ? 'for this email' : 'from your network';
    throw new Refusal(429, 'forget.limited', `Too many password reset requests ${what}. Please try again in ${minutes(retryAfterSeconds)}.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
  // the same work whether or not the account exists: a token is made and hashed either way
  const token = newToken();
  const tokenHash = hashToken(token);
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction().execute(async (trx) => {
    await revokeLiveLinks(trx, user.id, now);
    await trx
      .insertInto('password_reset_tokens')
      .values({ user_id: user.id, token_hash: tokenHash, created_at: now, expires_at: new Date(now.getTime() + RESET_TTL_MS), ip: ask.ip.slice(0, 64) })
      .execute();
  });
  const lang = mailLang(ask.lang);
  await messenger.send({
    userId: user.id,
    channel: 'email',
    address: user.email,
    ...resetLinkMail(lang, siteLink(ask.siteUrl, resetPath(lang, token)), RESET_LINK_TTL_MINUTES),
  });
}

async function revokeLiveLinks(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).where('revoked_at', 'is', null).execute();
}

interface LiveLink {
  id: string;
  userId: number;
  email: string;
  expiresAt: Date;
}

/** The link of `token` when it still works at `now`; else the one refusal forget.link (used, replaced, expired or unknown alike). */
async function liveLink(db: DbOrTx, token: string, now: Date): Promise<LiveLink> {
  const tokenHash = hashToken(token);
  if (!RESET_TOKEN.test(token)) throw LINK_REFUSAL();
  const row = await db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.expires_at', 'u.email'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw LINK_REFUSAL();
  return { id: String(row.id), userId: row.user_id, email: row.email, expiresAt: row.expires_at };
}

/** POST /api/forget/check: whether the link still works (it is not used up). */
export async function checkLink(db: Db, token: string, now: Date): Promise<{ expiresAt: Date }> {
  const link = await liveLink(db, token, now);
  return { expiresAt: link.expiresAt };
}

/**
 * POST /api/forget/reset: the new password with the link. The password policy is checked before
 * the link is claimed (a refused password leaves the link usable). If the platform or our write
 * fails after the claim, the claim is released, so the same link can set both passwords again.
 * Returns whether the owner's notice was sent (the reset stands either way).
 */
export async function resetWithLink(
  db: Db,
  platform: PlatformGateway,
  messenger: Messenger,
  reset: { token: string; password: string },
  now: Date,
  siteUrl = '',
): Promise<{ notified: boolean }> {
  const link = await liveLink(db, reset.token, now);
  const refused = passwordRefusal(reset.password, link.email);
  if (refused) throw new Refusal(400, refused.key, refused.message);

  const claimed = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', link.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw LINK_REFUSAL();
  try {
    // the one way the broker sets a password: platform, our hash, every session signed out; two-factor stays
    await applyNewPassword(db, platform, { id: link.userId, email: link.email }, reset.password);
  } catch (error) {
    await db.updateTable('password_reset_tokens').set({ used_at: null }).where('id', '=', link.id).execute();
    throw error;
  }
  await revokeLiveLinks(db, link.userId, now);
  const lang = await userLang(db, link.userId);
  const notified = await messenger
    .send({
      userId: link.userId,
      channel: 'email',
      address: link.email,
      ...passwordChangedMail(lang, now, siteLink(siteUrl, `/${lang}/forgot`)),
    })
    .then(
      () => true,
      () => false,
    );
  return { notified };
}

/** Deletes asks older than two days and links that ended more than a day ago (they no longer decide anything); housekeeping. */
export async function purgeOldResets(db: DbOrTx): Promise<void> {
  await db.deleteFrom('password_reset_requests').where('at', '<', sql<Date>`now() - interval '2 days'`).execute();
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
