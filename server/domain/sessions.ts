import { compiledOnce } from '../db/compiled-once';
import { prepared } from '../db/prepared';
import type { SessionRow } from '../db/schema';
import type { DbOrTx } from './ledger';
import { sessionLimitEnd } from './protection/session-limit';
import { hashToken, newToken } from './tokens';

/**
 * Browser sessions. The cookie holds a random 32-byte token; the table holds only its
 * SHA-256. Sessions expire 12 hours after the last request (sliding). Anonymous sessions
 * (user_id null) exist so that the login form has a CSRF token too. A signed-in session under the
 * trader's session-time limit (./protection/session-limit.ts) also ends at `limit_ends_at`: the
 * sliding expiry never passes it.
 */
export const SESSION_TTL_MS = 12 * 60 * 60_000;
/** the expiry is pushed forward at most once a minute per session */
const SLIDE_AFTER_MS = 60_000;

export interface NewSession {
  /** the cookie value: shown to the browser once, never stored */
  token: string;
  row: SessionRow;
}

/** the sliding expiry from now, never past the session's limit */
const expiry = (limitEndsAt: Date | null = null): Date => {
  const idle = Date.now() + SESSION_TTL_MS;
  return new Date(limitEndsAt ? Math.min(idle, limitEndsAt.getTime()) : idle);
};

/** Where a signed-in session comes from, for the security centre's list (migration 243). */
export interface SessionOrigin {
  ip?: string;
  /** the label of its user agent (./security/device-label.ts) */
  device?: string | null;
}

/**
 * `withdrawOnly`: a session that can only withdraw (a break or self-exclusion runs:
 * ./protection/sign-in-gate.ts); `origin`: a signed-in session's IP and device.
 */
export async function createSession(db: DbOrTx, userId: number | null, withdrawOnly = false, origin: SessionOrigin = {}): Promise<NewSession> {
  const token = newToken();
  // the sign-in's time is the one the limit counts from
  const now = new Date();
  const limitEndsAt = userId === null ? null : await sessionLimitEnd(db, userId, now);
  const row = await db
    .insertInto('sessions')
    .values({ id: hashToken(token), user_id: userId, csrf: newToken(), created_at: now, expires_at: expiry(limitEndsAt), limit_ends_at: limitEndsAt, withdraw_only: withdrawOnly, ip: origin.ip?.slice(0, 64) ?? null, device: origin.device ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, row };
}

/** The live session for a cookie value, its expiry slid forward; null when unknown or expired. */
export async function findSession(db: DbOrTx, token: string): Promise<SessionRow | null> {
  if (!token || token.length > 100) return null;
  const [row] = await sessionById(db, hashToken(token), new Date());
  if (!row) return null;
  await slideSession(db, row);
  return row;
}

/** Slides a live session's expiry forward, and its last use with it, at most once a minute (so a polled route writes nothing). */
export async function slideSession(db: DbOrTx, row: SessionRow): Promise<void> {
  const next = expiry(row.limit_ends_at);
  if (next.getTime() - row.expires_at.getTime() > SLIDE_AFTER_MS) {
    const seen = new Date();
    await db.updateTable('sessions').set({ expires_at: next, last_seen_at: seen }).where('id', '=', row.id).execute();
    row.expires_at = next;
    row.last_seen_at = seen;
  }
}

/**
 * The live session of `sessionId` (a cookie's hash) as the start of a select that joins the
 * route's own object to it (a polled route reads session and object in one round trip).
 * Its columns come back prefixed `s_`; splitSession() takes them back out as a SessionRow.
 */
export function liveSession(db: DbOrTx, sessionId: string, now: Date) {
  return prepared(db.selectFrom('sessions as s'))
    .select(['s.id as s_id', 's.user_id as s_user_id', 's.csrf as s_csrf', 's.created_at as s_created_at', 's.expires_at as s_expires_at', 's.limit_ends_at as s_limit_ends_at', 's.withdraw_only as s_withdraw_only', 's.ip as s_ip', 's.device as s_device', 's.last_seen_at as s_last_seen_at'])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now);
}

/** every API call's session read (the hook's), compiled once and prepared */
const sessionById = compiledOnce((db, id: string, now: Date) => prepared(db.selectFrom('sessions').selectAll()).where('id', '=', id).where('expires_at', '>', now));

export interface JoinedSessionColumns {
  s_id: string;
  s_user_id: number | null;
  s_csrf: string;
  s_created_at: Date;
  s_expires_at: Date;
  s_limit_ends_at: Date | null;
  s_withdraw_only: boolean;
  s_ip: string | null;
  s_device: string | null;
  s_last_seen_at: Date | null;
}

/** A joined row split in two: the session (its `s_` columns) and the rest, the route's own object. */
export function splitSession<T extends JoinedSessionColumns>(row: T): { session: SessionRow; rest: Omit<T, keyof JoinedSessionColumns> } {
  const { s_id, s_user_id, s_csrf, s_created_at, s_expires_at, s_limit_ends_at, s_withdraw_only, s_ip, s_device, s_last_seen_at, ...rest } = row;
  return {
    session: {
      id: s_id,
      user_id: s_user_id,
      csrf: s_csrf,
      created_at: s_created_at,
      expires_at: s_expires_at,
      limit_ends_at: s_limit_ends_at,
      withdraw_only: s_withdraw_only,
      ip: s_ip,
      device: s_device,
      last_seen_at: s_last_seen_at,
    },
    rest,
  };
}

export async function destroySession(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** A new session (new id, new CSRF token) replacing `oldId`: no session fixation across sign-in. */
export async function rotateSession(db: DbOrTx, oldId: string | null, userId: number | null, withdrawOnly = false, origin: SessionOrigin = {}): Promise<NewSession> {
  if (oldId) await destroySession(db, oldId);
  return createSession(db, userId, withdrawOnly, origin);
}

/** Deletes expired sessions; returns how many. */
export async function purgeExpiredSessions(db: DbOrTx): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Signs a user out everywhere: deletes every session of `userId` but `keepId` (the one making the change, if any); returns how many. */
export async function endUserSessions(db: DbOrTx, userId: number, keepId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== undefined) query = query.where('id', '<>', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
