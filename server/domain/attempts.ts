import { sql } from 'kysely';
import type { AttemptScope } from '../db/schema';
import type { DbOrTx } from './ledger';

/**
 * Per-account sign-in limit: 5 failures within 15 minutes lock that email for 15 minutes.
 * Counted in the database (login_attempts), so it holds across restarts and instances.
 *
 * An attempt is recorded as 'pending' BEFORE the password is checked and counted as a
 * failure until it is settled, so parallel guesses cannot slip past the limit. Attempts
 * refused while locked are recorded as 'locked' and do not extend the lock. A success ends
 * the run of failures.
 */
export const ATTEMPT_LIMIT = 5;
export const ATTEMPT_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export interface AttemptGate {
  attemptId: string;
  /** set when the email is locked: the attempt was refused and must not check the password */
  lockedUntil: Date | null;
  now: Date;
}

export async function beginAttempt(db: DbOrTx, scope: AttemptScope, email: string, ip: string): Promise<AttemptGate> {
  const mine = await db
    .insertInto('login_attempts')
    .values({ scope, email, outcome: 'pending', ip: ip.slice(0, 64) })
    .returning(['id', 'at'])
    .executeTakeFirstOrThrow();
  const attemptId = String(mine.id);
  const earlier = await db
    .selectFrom('login_attempts')
    .select(['outcome', 'at'])
    .where('scope', '=', scope)
    .where('email', '=', email)
    .where('id', '<', mine.id)
    .where('outcome', 'in', ['pending', 'fail', 'success'])
    .where('at', '>', sql<Date>`${mine.at}::timestamptz - make_interval(secs => ${(ATTEMPT_WINDOW_MS + LOCK_MS) / 1000})`)
    .orderBy('id', 'desc')
    .limit(ATTEMPT_LIMIT)
    .execute();
  const stop = earlier.findIndex((r) => r.outcome === 'success');
  const failures = stop === -1 ? earlier : earlier.slice(0, stop);
  let lockedUntil: Date | null = null;
  if (failures.length >= ATTEMPT_LIMIT) {
    const last = failures[0].at.getTime();
    const fifth = failures[ATTEMPT_LIMIT - 1].at.getTime();
    if (last - fifth <= ATTEMPT_WINDOW_MS && mine.at.getTime() < last + LOCK_MS) lockedUntil = new Date(last + LOCK_MS);
  }
  if (lockedUntil) await settleAttempt(db, attemptId, 'locked');
  return { attemptId, lockedUntil, now: mine.at };
}

export async function settleAttempt(db: DbOrTx, attemptId: string, outcome: 'fail' | 'success' | 'locked' | 'token'): Promise<void> {
  await db.updateTable('login_attempts').set({ outcome }).where('id', '=', attemptId).execute();
}

/** "Too many failed sign-in attempts. Try again in 15 minutes (after 14:32 UTC)." */
export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  const time = lockedUntil.toISOString().slice(11, 16);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${time} UTC).`;
}

/** Deletes attempts older than a day (they no longer decide anything); housekeeping in main.ts. */
export async function purgeOldAttempts(db: DbOrTx): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
