import { sql } from 'kysely';
import type { NotMeResponse } from '../../../core/contract/sign-in-history';
import type { Db } from '../../db';
import '../../db/schema-sign-in-history';
import { askForReset } from '../forgot/reset';
import type { DbOrTx } from '../ledger';
import { newDeviceMail, siteLink, userLang } from '../mail';
import type { Messenger } from '../ports';
import { Refusal } from '../refusal';
import { endUserSessions } from '../sessions';
import { hashToken, newToken } from '../tokens';

/**
 * New-device alerts (issue 31 §3). A browser carries a long-lived random device cookie (`did`,
 * server/http/sign-in-facts.ts); the account remembers the SHA-256 of each one it signed in from
 * (`known_devices`). A sign-in from one it does not know, when it knows another, is a new device:
 * the trader gets an email in their language with a "this wasn't me" link and an in-app
 * notification (server/domain/notifications/security.ts). The first device an account ever signs
 * in from is not announced (nothing to compare with). A browser that refuses cookies is new each time.
 *
 * "This wasn't me" (from the link, or from the security centre's history while signed in) ends every
 * session of the account, the asking one too, and emails a password reset link.
 */
export const ALERT_TTL_MS = 7 * 86_400_000;

/** Remembers the device; whether it is new to an account that knew another. Inside the sign-in's transaction. */
export async function rememberDevice(trx: DbOrTx, userId: number, deviceKey: string | undefined): Promise<boolean> {
  if (!deviceKey) return false;
  const added = await trx
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceKey })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!added) return false;
  const other = await trx.selectFrom('known_devices').select('user_id').where('user_id', '=', userId).where('device_hash', '<>', deviceKey).limit(1).executeTakeFirst();
  return other !== undefined;
}

/** The alert's "this wasn't me" link token (only its hash is kept), for the sign-in event `eventId`. */
export async function openAlert(trx: DbOrTx, userId: number, eventId: string, now: Date): Promise<string> {
  const token = newToken();
  await trx.insertInto('device_alerts').values({ user_id: userId, event_id: eventId, token_hash: hashToken(token), expires_at: new Date(now.getTime() + ALERT_TTL_MS) }).execute();
  return token;
}

/** The path of the link ("/ru/not-me?token=…"); the site's origin goes before it in the email. */
export const notMePath = (lang: string, token: string): string => `/${lang}/not-me?token=${token}`;

export interface AlertMail {
  messenger: Messenger;
  siteUrl: string;
}

/** The alert email, sent after the sign-in's transaction committed. */
export async function sendAlertMail(db: DbOrTx, mail: AlertMail, userId: number, alert: { token: string; device: string | null; ip: string | null; at: Date }): Promise<void> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const lang = await userLang(db, userId);
  await mail.messenger.send({ userId, channel: 'email', address: user.email, ...newDeviceMail(lang, { link: siteLink(mail.siteUrl, notMePath(lang, alert.token)), device: alert.device, ip: alert.ip, at: alert.at }) });
}

export const NOT_ME_REFUSALS = {
  link: () => new Refusal(410, 'not_me.link', 'This link is no longer valid. If someone else signed in, sign in and end every session from the security centre, or reset your password.'),
  event: () => new Refusal(404, 'not_me.event', 'This sign-in is not one of your new-device sign-ins.'),
} as const;

export interface NotMeAsk {
  ip: string;
  siteUrl: string;
}

/** "This wasn't me" from the email's link: the link works once, within its week. */
export async function notMeByLink(db: Db, messenger: Messenger, token: string, ask: NotMeAsk, now: Date): Promise<NotMeResponse> {
  const claimed = await db
    .updateTable('device_alerts')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!claimed) throw NOT_ME_REFUSALS.link();
  return secure(db, messenger, claimed.user_id, ask, now);
}

/** "This wasn't me" from the security centre: `eventId` must be one of the trader's new-device sign-ins. */
export async function notMeByEvent(db: Db, messenger: Messenger, userId: number, eventId: string, ask: NotMeAsk, now: Date): Promise<NotMeResponse> {
  const event = await db.selectFrom('sign_in_events').select('id').where('id', '=', eventId).where('user_id', '=', userId).where('new_device', '=', true).executeTakeFirst();
  if (!event) throw NOT_ME_REFUSALS.event();
  return secure(db, messenger, userId, ask, now);
}

/**
 * Ends every session, removes every passkey (one added by whoever signed in would outlive the new
 * password), and emails a reset link (when the reset asks are not limited just now).
 */
async function secure(db: Db, messenger: Messenger, userId: number, ask: NotMeAsk, now: Date): Promise<NotMeResponse> {
  const ended = await endUserSessions(db, userId);
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await db.updateTable('device_alerts').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  let resetSent = true;
  try {
    await askForReset(db, messenger, { email: user.email, ip: ask.ip, lang: await userLang(db, userId), siteUrl: ask.siteUrl }, now);
  } catch (error) {
    if (!(error instanceof Refusal && error.status === 429)) throw error;
    resetSent = false;
  }
  const message = resetSent
    ? 'Every session of your account was signed out and its passkeys removed, and we emailed you a link to choose a new password.'
    : 'Every session of your account was signed out and its passkeys removed. Too many reset emails were asked just now: use “Forgot password” on the sign-in page a little later.';
  return { ended, resetSent, message };
}

/** for tests and the sandbox: how many devices an account knows */
export async function knownDeviceCount(db: DbOrTx, userId: number): Promise<number> {
  const row = await db.selectFrom('known_devices').select(sql<string>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}
