import { createHash } from 'node:crypto';

/** An idempotency key within the column's 128 characters: long event ids are hashed (a key too long would refuse the producer's whole transaction). */
export function notificationKey(...parts: (string | number)[]): string {
  const key = parts.join(':');
  return key.length <= 120 ? key : `h:${createHash('sha256').update(key).digest('hex')}`;
}
