import type { DbOrTx } from '../ledger';
import { toCount } from '../../db/values';
import '../../db/schema-password-reset';

/**
 * Forgot-password limits, counted in the database (password_reset_requests) so they hold across
 * restarts and instances. Every ask is recorded before it is counted, so parallel asks cannot
 * slip past a limit; refused asks count too (someone hammering keeps being refused).
 *
 * - per email: 3 in 15 minutes (one mailbox is not flooded; the same whether or not it has an account);
 * - per client address: 20 in 15 minutes (one network cannot walk a list of emails).
 */
export const FORGOT_LIMITS = {
  windowMs: 15 * 60_000,
  perEmail: 3,
  perIp: 20,
} as const;

export interface ForgotGate {
  requestId: string;
  /** set when a limit refuses the ask */
  limited: { reason: 'email' | 'ip'; retryAfterSeconds: number } | null;
}

async function count(db: DbOrTx, column: 'email' | 'ip', value: string, from: Date, before: bigint | string): Promise<{ n: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('password_reset_requests')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('at').as('oldest')])
    .where(column, '=', value)
    .where('id', '<', before)
    .where('at', '>', from)
    .executeTakeFirstOrThrow();
  return { n: toCount(row.n as bigint | string | number), oldest: row.oldest ? new Date(row.oldest as Date) : null };
}

/** Records an ask for `email` from `ip` at `now` and tells whether a limit refuses it. */
export async function beginForgot(db: DbOrTx, email: string, ip: string, now: Date): Promise<ForgotGate> {
  const address = ip.slice(0, 64);
  const mine = await db.insertInto('password_reset_requests').values({ email, ip: address, outcome: 'sent', at: now }).returning('id').executeTakeFirstOrThrow();
  const from = new Date(now.getTime() - FORGOT_LIMITS.windowMs);
  const checks = [
    { reason: 'email' as const, max: FORGOT_LIMITS.perEmail, ...(await count(db, 'email', email, from, mine.id)) },
    { reason: 'ip' as const, max: FORGOT_LIMITS.perIp, ...(await count(db, 'ip', address, from, mine.id)) },
  ];
  const requestId = String(mine.id);
  const hit = checks.find((c) => c.n >= c.max);
  if (!hit) return { requestId, limited: null };
  await db.updateTable('password_reset_requests').set({ outcome: 'limited' }).where('id', '=', requestId).execute();
  const retryAfterSeconds = hit.oldest ? Math.max(1, Math.ceil((hit.oldest.getTime() + FORGOT_LIMITS.windowMs - now.getTime()) / 1000)) : FORGOT_LIMITS.windowMs / 1000;
  return { requestId, limited: { reason: hit.reason, retryAfterSeconds } };
}
