import { sql } from 'kysely';
import type { ErrorReport } from '../../core/contract';
import { toCount } from '../db/values';
import type { DbOrTx } from './ledger';

/** Client error reports and failed-login notices: at most 20 per session per minute each. */
export const REPORTS_PER_MINUTE = 20;

const recentCount = async (db: DbOrTx, table: 'client_errors' | 'login_fail_notifications', sessionId: string): Promise<number> => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('session_id', '=', sessionId)
    .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
    .executeTakeFirstOrThrow();
  return toCount(row.n as bigint | string | number);
};

const trimmed = (value: string | undefined, max: number): string | null => {
  if (value === undefined) return null;
  return value.trim().slice(0, max);
};

const int = (value: number | undefined): number | null =>
  value !== undefined && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647 ? value : null;

/** Stores a report; false when the session already sent its 20 this minute (nothing stored). */
export async function storeErrorReport(
  db: DbOrTx,
  who: { sessionId: string; userId: number | null; userAgent: string },
  report: ErrorReport,
): Promise<boolean> {
  if ((await recentCount(db, 'client_errors', who.sessionId)) >= REPORTS_PER_MINUTE) return false;
  await db
    .insertInto('client_errors')
    .values({
      session_id: who.sessionId,
      user_id: who.userId,
      error: trimmed(report.error, 2000) ?? '',
      url: trimmed(report.url, 2000) ?? '',
      line_number: int(report.lineNumber),
      column_number: int(report.column),
      object: trimmed(report.object, 8000),
      user_agent: who.userAgent.slice(0, 500),
    })
    .execute();
  return true;
}

/** Records that a sign-in failed for `email` (spec 000 §4); false when rate limited. */
export async function recordLoginFail(db: DbOrTx, who: { sessionId: string; ip: string }, email: string): Promise<boolean> {
  if ((await recentCount(db, 'login_fail_notifications', who.sessionId)) >= REPORTS_PER_MINUTE) return false;
  await db
    .insertInto('login_fail_notifications')
    .values({ session_id: who.sessionId, email: email.trim().toLowerCase().slice(0, 254), ip: who.ip.slice(0, 64) })
    .execute();
  return true;
}
