import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What we store instead of a secret: its SHA-256, hex. One-shot `hash` (every polled request hashes its
 *  cookie): a quarter of createHash().update().digest()'s time, the same digest. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/** Constant-time comparison of two strings (false when the lengths differ). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
