import { sql } from 'kysely';
import type { SessionLimit } from '../../../core/contract/session-limit';
import { changeSessionLimit, isSessionLimitMinutes, SESSION_LIMIT_CHOICES, sessionEnd, sessionLimitInForce } from '../../../core/session-limit';
import { NO_LIMIT, TRADER_LIMIT_RULES, type LimitSetting } from '../../../core/trader-limits';
import type { Db } from '../../db';
import '../../db/schema-session-limit';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * The session-time limit (issue 30 §1; rules in core/session-limit.ts). A session signed in under
 * a limit gets `limit_ends_at` (its sign-in plus the limit) and its sliding expiry never passes it
 * (server/domain/sessions.ts), so the one session read of every call ends it. A shorter limit
 * moves the end of the sessions already open, in the transaction that records it.
 */

async function readSetting(db: DbOrTx, userId: number): Promise<LimitSetting> {
  const row = await db.selectFrom('session_limits').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return NO_LIMIT;
  return {
    value: row.minutes === null ? null : BigInt(row.minutes),
    pending: row.pending_set && row.pending_from ? { value: row.pending_minutes === null ? null : BigInt(row.pending_minutes), from: row.pending_from } : null,
  };
}

/** When a session of `userId` signed in at `now` ends under the limit in force (null: no limit). */
export async function sessionLimitEnd(db: DbOrTx, userId: number, now: Date): Promise<Date | null> {
  return sessionEnd(now, sessionLimitInForce(await readSetting(db, userId), now));
}

const minutesOf = (value: bigint | null): number | null => (value === null ? null : Number(value));

/** What the limits page shows: the limit in force, a waiting change with its date, this session's end. */
export async function sessionLimitView(db: DbOrTx, userId: number, sessionId: string, now: Date): Promise<SessionLimit> {
  const setting = await readSetting(db, userId);
  const inForce = sessionLimitInForce(setting, now);
  const pending = setting.pending && setting.pending.from.getTime() > now.getTime() ? setting.pending : null;
  const session = await db.selectFrom('sessions').select('limit_ends_at').where('id', '=', sessionId).executeTakeFirst();
  return {
    minutes: inForce,
    pending: pending ? { minutes: minutesOf(pending.value), from: pending.from.toISOString() } : null,
    choices: [...SESSION_LIMIT_CHOICES],
    session_ends_at: session?.limit_ends_at ? session.limit_ends_at.toISOString() : null,
    cooling_off_hours: TRADER_LIMIT_RULES.coolingOffHours,
  };
}

/**
 * The trader asks for `minutes` (null: no limit). Under the trader's row lock: a first or shorter
 * limit applies at once and ends each open session at its sign-in plus the limit (at once when
 * that has passed); a longer one or none waits for the cooling-off.
 */
export async function setSessionLimit(db: Db, userId: number, sessionId: string, minutes: unknown, now: Date): Promise<{ limit: SessionLimit; applied: 'now' | 'later' }> {
  if (minutes !== null && !isSessionLimitMinutes(minutes)) {
    throw new Refusal(400, 'limits.session_minutes', `Choose one of the offered limits: ${SESSION_LIMIT_CHOICES.join(', ')} minutes, or none.`, {
      fields: { minutes: 'limits.session_minutes' },
    });
  }
  const applied = await db.transaction().execute(async (trx) => {
    await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
    const change = changeSessionLimit(await readSetting(trx, userId), minutes, now);
    const row = {
      minutes: minutesOf(change.setting.value),
      pending_set: change.setting.pending !== null,
      pending_minutes: change.setting.pending ? minutesOf(change.setting.pending.value) : null,
      pending_from: change.setting.pending?.from ?? null,
      updated_at: now,
    };
    await trx
      .insertInto('session_limits')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    if (change.applied === 'now' && change.setting.value !== null) {
      // each open session ends at its sign-in plus the new limit, or now when that has passed
      const ends = sql<Date>`greatest(created_at + make_interval(mins => ${Number(change.setting.value)}), ${now})`;
      await trx
        .updateTable('sessions')
        .set({ limit_ends_at: sql`least(coalesce(limit_ends_at, ${ends}), ${ends})`, expires_at: sql`least(expires_at, ${ends})` })
        .where('user_id', '=', userId)
        .execute();
    }
    return change.applied;
  });
  return { limit: await sessionLimitView(db, userId, sessionId, now), applied };
}
