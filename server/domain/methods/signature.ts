import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one webhook signature of the payment providers and card processors (wallets'
 * payment events, both's refund and dispute events): `sha256=` + hex HMAC-SHA256 of the raw body
 * with the sender's secret, compared in constant time.
 */
export function signWebhook(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** the signature sent is the one `secret` makes of `rawBody` (constant time) */
export function signedBy(secret: string, rawBody: string, sent: string | undefined): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(signWebhook(secret, rawBody));
  return a.length === b.length && timingSafeEqual(a, b);
}
