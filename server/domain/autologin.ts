import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from './ledger';
import { hashToken, newToken } from './tokens';
import { normalizeEmail } from './users';

/**
 * Autologin (spec 000 §2): a key (in a link) is exchanged once for pre-filled login values
 * whose password is a one-time ticket. The ticket is valid 5 minutes and is accepted once
 * by the trading platform's login and once by /api/login, in place of the password, so the
 * ordinary two-step login runs unchanged. Only SHA-256 hashes of keys and tickets are stored.
 */
export const KEY_TTL_MS = 30 * 60_000;
export const TICKET_TTL_MS = 5 * 60_000;

/** how an autologin key was made */
export type TicketVia = 'link' | 'social' | 'passkey';

export interface AutologinOptions {
  redirect: string;
  lang: string;
  mobile: boolean;
}

/**
 * `via`: how the key was made ('social': after an identity provider's sign-in; 'passkey': after a
 * passkey's verified assertion, which stands for both factors; the sign-in history says so)
 */
export async function createAutologinKey(db: DbOrTx, userId: number, options: AutologinOptions, via: TicketVia = 'link'): Promise<{ key: string; expiresAt: Date }> {
  const key = newToken();
  const expiresAt = new Date(Date.now() + KEY_TTL_MS);
  await db
    .insertInto('autologin_tickets')
    .values({ id: randomUUID(), user_id: userId, key_hash: hashToken(key), key_expires_at: expiresAt, via, ...options })
    .execute();
  return { key, expiresAt };
}

export interface RedeemedKey extends AutologinOptions {
  email: string;
  /** the one-time password */
  ticket: string;
}

/** Exchanges a live, unused key for a ticket; null when the key is unknown, used or expired. */
export async function redeemAutologinKey(db: DbOrTx, key: string): Promise<RedeemedKey | null> {
  if (!key || key.length > 100) return null;
  const ticket = newToken();
  const now = new Date();
  const row = await db
    .updateTable('autologin_tickets')
    .set({ key_used_at: now, ticket_hash: hashToken(ticket), ticket_expires_at: new Date(now.getTime() + TICKET_TTL_MS) })
    .where('key_hash', '=', hashToken(key))
    .where('key_used_at', 'is', null)
    .where('key_expires_at', '>', now)
    .returning(['user_id', 'redirect', 'lang', 'mobile'])
    .executeTakeFirst();
  if (!row) return null;
  const user = await db.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirst();
  if (!user) return null;
  return { email: user.email, ticket, redirect: row.redirect, lang: row.lang, mobile: row.mobile };
}

/**
 * Accepts `password` as a ticket of `email` for one side ('site' = /api/login, 'platform' =
 * the platform login), once: how its key was made ('link', 'social' or 'passkey'). Returns null for
 * anything else (then the caller checks the password as usual).
 */
export async function consumeTicket(db: DbOrTx, email: string, password: string, side: 'site' | 'platform'): Promise<TicketVia | null> {
  if (password.length < 40 || password.length > 100) return null;
  const now = new Date();
  const column = side === 'site' ? 'site_used_at' : 'platform_used_at';
  const row = await db
    .updateTable('autologin_tickets')
    .set({ [column]: now })
    .where('ticket_hash', '=', hashToken(password))
    .where(column, 'is', null)
    .where('ticket_expires_at', '>', now)
    .where('user_id', '=', (eb) => eb.selectFrom('users').select('users.id').where('users.email', '=', normalizeEmail(email)))
    .returning('via')
    .executeTakeFirst();
  return row === undefined ? null : row.via === 'social' || row.via === 'passkey' ? row.via : 'link';
}

/** Deletes autologin keys a day past their expiry (housekeeping in main.ts). */
export async function purgeExpiredAutologin(db: DbOrTx): Promise<void> {
  await db.deleteFrom('autologin_tickets').where('key_expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
