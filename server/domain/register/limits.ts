import { sql } from 'kysely';
import { REGISTER_LIMITS, type RegisterLimits } from '../../../core/register-limits';
import type { RegistrationAttemptKind, RegistrationOutcome } from '../../db/schema-register';
import { toCount } from '../../db/values';
import type { DbOrTx } from '../ledger';

/**
 * Registration limits (core/register-limits.ts), counted in the database (registration_attempts)
 * so they hold across restarts and instances. An attempt is recorded as 'pending' before the work
 * starts and counts until it is settled, so parallel requests cannot slip past a limit.
 */
export { REGISTER_LIMITS, type RegisterLimits };

export interface RegisterGate {
  attemptId: string;
  /** set when a limit refused the attempt (already settled as 'limited') */
  limited: { retryAfterSeconds: number; reason: 'ip' | 'email' | 'created' } | null;
}

const since = (at: Date, ms: number) => sql<Date>`${at}::timestamptz - make_interval(secs => ${ms / 1000})`;

async function count(
  db: DbOrTx,
  where: { kind: RegistrationAttemptKind; column: 'ip' | 'email'; value: string; outcomes: RegistrationOutcome[]; at: Date; ms: number; before: bigint | string },
): Promise<{ n: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('registration_attempts')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('at').as('oldest')])
    .where('kind', '=', where.kind)
    .where(where.column, '=', where.value)
    .where('outcome', 'in', where.outcomes)
    .where('id', '<', where.before)
    .where('at', '>', since(where.at, where.ms))
    .executeTakeFirstOrThrow();
  return { n: toCount(row.n as bigint | string | number), oldest: row.oldest ? new Date(row.oldest as Date) : null };
}

function retryAfter(oldest: Date | null, now: Date, ms: number): number {
  if (!oldest) return Math.ceil(ms / 1000);
  return Math.max(1, Math.ceil((oldest.getTime() + ms - now.getTime()) / 1000));
}

/** Records a registration submit and tells whether a limit refuses it. */
export async function beginRegistration(db: DbOrTx, email: string, ip: string, limits: RegisterLimits = REGISTER_LIMITS): Promise<RegisterGate> {
  const mine = await db
    .insertInto('registration_attempts')
    .values({ kind: 'submit', email, ip: ip.slice(0, 64), outcome: 'pending' })
    .returning(['id', 'at'])
    .executeTakeFirstOrThrow();
  const base = { kind: 'submit' as const, at: mine.at, before: mine.id };
  const live: RegistrationOutcome[] = ['pending', 'created', 'refused', 'limited'];
  const checks = [
    { reason: 'ip' as const, ...(await count(db, { ...base, column: 'ip', value: ip.slice(0, 64), outcomes: live, ms: limits.windowMs })), max: limits.submitsPerIp, ms: limits.windowMs },
    { reason: 'email' as const, ...(await count(db, { ...base, column: 'email', value: email, outcomes: live, ms: limits.windowMs })), max: limits.submitsPerEmail, ms: limits.windowMs },
    {
      reason: 'created' as const,
      ...(await count(db, { ...base, column: 'ip', value: ip.slice(0, 64), outcomes: ['pending', 'created'], ms: limits.createdWindowMs })),
      max: limits.createdPerIp,
      ms: limits.createdWindowMs,
    },
  ];
  const hit = checks.find((c) => c.n >= c.max);
  const attemptId = String(mine.id);
  if (!hit) return { attemptId, limited: null };
  await settleRegistration(db, attemptId, 'limited');
  return { attemptId, limited: { reason: hit.reason, retryAfterSeconds: retryAfter(hit.oldest, mine.at, hit.ms) } };
}

/** Records a field check; `allowed` is false when the IP is over its limit. */
export async function checkAllowed(db: DbOrTx, ip: string, limits: RegisterLimits = REGISTER_LIMITS): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const mine = await db
    .insertInto('registration_attempts')
    .values({ kind: 'check', ip: ip.slice(0, 64), outcome: 'pending' })
    .returning(['id', 'at'])
    .executeTakeFirstOrThrow();
  const found = await count(db, { kind: 'check', column: 'ip', value: ip.slice(0, 64), outcomes: ['pending', 'created', 'refused', 'limited'], at: mine.at, ms: limits.windowMs, before: mine.id });
  return { allowed: found.n < limits.checksPerIp, retryAfterSeconds: retryAfter(found.oldest, mine.at, limits.windowMs) };
}

export async function settleRegistration(db: DbOrTx, attemptId: string, outcome: Exclude<RegistrationOutcome, 'pending'>): Promise<void> {
  await db.updateTable('registration_attempts').set({ outcome }).where('id', '=', attemptId).execute();
}

/** Deletes attempts older than two days (they no longer decide anything); housekeeping. */
export async function purgeOldRegistrationAttempts(db: DbOrTx): Promise<void> {
  await db.deleteFrom('registration_attempts').where('at', '<', sql<Date>`now() - interval '2 days'`).execute();
}
