import type { ActiveSession, ActiveSessions } from '../../../core/contract/active-sessions';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';
import { endUserSessions } from '../sessions';

/**
 * The trader's live sessions and ending them (issue 31 §2). A session is named to the page by a
 * reference, the first 16 hex digits of its stored hash (the cookie's SHA-256: the reference
 * cannot be turned into a cookie). Every query is the owner's own: another trader's reference
 * finds nothing. Ending deletes the row, so the ended session's next request, on any instance,
 * finds no session (server/http/session.ts reads it on every call).
 */
const REF_LENGTH = 16;
export const refOf = (sessionId: string): string => sessionId.slice(0, REF_LENGTH);

export const SESSION_REFUSALS = {
  notFound: () => new Refusal(404, 'sessions.not_found', 'This session has already ended.'),
  current: () => new Refusal(409, 'sessions.current', 'This is the session you are using: Log out ends it.'),
} as const;

/** The trader's live sessions, this one first, then the most recently used. */
export async function listSessions(db: DbOrTx, userId: number, currentId: string, now: Date): Promise<ActiveSessions> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  const sessions: ActiveSession[] = rows.map((row) => ({
    ref: refOf(row.id),
    device: row.device,
    ip: row.ip,
    signedInAt: row.created_at.toISOString(),
    lastSeenAt: (row.last_seen_at ?? row.created_at).toISOString(),
    current: row.id === currentId,
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  return { sessions };
}

/** Ends one other session of the trader by its reference. */
export async function endSession(db: DbOrTx, userId: number, currentId: string, ref: string): Promise<void> {
  if (refOf(currentId) === ref) throw SESSION_REFUSALS.current();
  const ended = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', 'like', `${ref}%`)
    .where('id', '<>', currentId)
    .executeTakeFirst();
  if (Number(ended.numDeletedRows) === 0) throw SESSION_REFUSALS.notFound();
}

/** Ends every session of the trader but this one; how many ended. */
export const endOtherSessions = (db: DbOrTx, userId: number, currentId: string): Promise<number> => endUserSessions(db, userId, currentId);
