import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import '../../db/schema-social';
import type { DbOrTx } from '../ledger';

/**
 * Social sign-in (docs/social-sign-in.md): the link between an account and an identity
 * provider's subject, and the sealed (HMAC-signed, expiring) values the sign-in keeps in cookies
 * between the redirect and the return. Nothing of a sign-in in progress is stored on the server.
 */

/** The account linked to (issuer, subject), noting the use; undefined when none. */
export async function findLinkedUser(db: DbOrTx, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db
    .updateTable('social_links')
    .set({ last_used_at: new Date() })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Links (issuer, subject) to the account; an existing link of the pair stays as it is. */
export async function linkAccount(db: DbOrTx, userId: number, issuer: string, subject: string, email: string): Promise<void> {
  await db
    .insertInto('social_links')
    .values({ user_id: userId, issuer, subject, email })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
}

/** A key for sealing cookies of one purpose, derived from the client secret (HKDF-SHA-256). */
export function sealingKey(clientSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', clientSecret, 'brokerage social sign-in', `cookie:${purpose}`, 32));
}

/** `value` with its expiry, signed: base64url(JSON).base64url(HMAC). */
export function seal(key: Buffer, value: Record<string, unknown>, ttlMs: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...value, exp: now + ttlMs })).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The sealed value when its signature holds and it has not expired; otherwise null. */
export function unseal<T>(key: Buffer, sealed: string | undefined, now = Date.now()): T | null {
  if (!sealed || sealed.length > 4096) return null;
  const [body, mac] = sealed.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { exp?: unknown };
    return typeof value.exp === 'number' && value.exp > now ? value : null;
  } catch {
    return null;
  }
}

/** The sandbox identity provider's name (server/sandbox/idp), on its button. */
export const SANDBOX_PROVIDER_NAME = 'Sandbox ID';

/** The display name of a provider from its issuer (the button's text): Google for Google, else its host. */
export function providerName(issuer: string): string {
  const host = new URL(issuer).hostname;
  if (host === 'accounts.google.com') return 'Google';
  if (host === 'login.microsoftonline.com') return 'Microsoft';
  if (host === 'appleid.apple.com') return 'Apple';
  return host;
}
