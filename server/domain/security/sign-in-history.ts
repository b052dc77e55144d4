import { sql } from 'kysely';
import { SIGN_IN_HISTORY_DAYS, SIGN_IN_PAGE, type SignInEvent, type SignInMethod, type SignInOutcome, type SignInPage } from '../../../core/contract/sign-in-history';
import '../../db/schema-sign-in-history';
import type { DbOrTx } from '../ledger';
import { deviceLabel } from './device-label';

/**
 * The sign-in history (issue 31 §1): every sign-in attempt on a known account, as the trader reads
 * it in the security centre and downloads it as CSV. An attempt on an email without an account is
 * nobody's history (the attempt limit still counts it, server/domain/attempts.ts).
 *
 * Written by the sign-in paths: /api/login (wrong password, locked, refused by a break or a
 * closure, second factor asked, signed in), the second factor's check (failed, passed) and
 * signInWithNotice (the session made). The method of a second-factor step is the method of the
 * step that asked for it.
 */

/** What the HTTP layer knows of the client making an attempt (server/http/sign-in-facts.ts). */
export interface ClientFacts {
  ip?: string;
  userAgent?: string;
  /** the SHA-256 of the device cookie: which browser this is (new-device alerts) */
  deviceKey?: string;
  /** the approximate country of the IP (the GeoLocator port); null: unknown */
  country?: string | null;
}

export async function recordSignIn(db: DbOrTx, userId: number, method: SignInMethod | 'asked', outcome: SignInOutcome, client: ClientFacts, newDevice = false): Promise<string> {
  const row = await db
    .insertInto('sign_in_events')
    .values({
      user_id: userId,
      method: method === 'asked' ? await askedMethod(db, userId) : method,
      outcome,
      ip: client.ip?.slice(0, 64) ?? null,
      device: deviceLabel(client.userAgent),
      country: client.country ?? null,
      new_device: newDevice,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** the method of the latest step that asked this account for its second factor (password when none) */
async function askedMethod(db: DbOrTx, userId: number): Promise<SignInMethod> {
  const asked = await db
    .selectFrom('sign_in_events')
    .select('method')
    .where('user_id', '=', userId)
    .where('outcome', '=', 'factor_asked')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return asked?.method ?? 'password';
}

const since = (now: Date): Date => new Date(now.getTime() - SIGN_IN_HISTORY_DAYS * 86_400_000);

function eventsOf(db: DbOrTx, userId: number, now: Date) {
  return db
    .selectFrom('sign_in_events')
    .select(['id', 'at', 'method', 'outcome', 'ip', 'device', 'country', 'new_device'])
    .where('user_id', '=', userId)
    .where('at', '>', since(now))
    .orderBy('id', 'desc');
}

const toEvent = (row: { id: bigint | string; at: Date; method: SignInMethod; outcome: SignInOutcome; ip: string | null; device: string | null; country: string | null; new_device: boolean }): SignInEvent => ({
  id: String(row.id),
  at: row.at.toISOString(),
  method: row.method,
  outcome: row.outcome,
  ip: row.ip,
  device: row.device,
  country: row.country,
  newDevice: row.new_device,
});

/** One page, newest first: those before `before` (an id) when given. */
export async function signInPage(db: DbOrTx, userId: number, now: Date, before?: string): Promise<SignInPage> {
  let query = eventsOf(db, userId, now).limit(SIGN_IN_PAGE + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.execute();
  const events = rows.slice(0, SIGN_IN_PAGE).map(toEvent);
  return { events, next: rows.length > SIGN_IN_PAGE ? events[events.length - 1].id : null };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ is defused (CSV injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const SIGN_IN_CSV_HEADER = ['time_utc', 'method', 'outcome', 'ip', 'device', 'country', 'new_device'];

/** The whole 90 days as CSV (RFC 4180, CRLF), newest first; times in ISO UTC. */
export async function signInCsv(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const rows = (await eventsOf(db, userId, now).execute()).map(toEvent);
  const lines = [SIGN_IN_CSV_HEADER.join(',')];
  for (const e of rows) lines.push([e.at, e.method, e.outcome, e.ip ?? '', e.device ?? '', e.country ?? '', e.newDevice ? 'yes' : 'no'].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Deletes sign-ins older than the history shows, and used or expired alert links (housekeeping in main.ts). */
export async function purgeOldSignIns(db: DbOrTx): Promise<void> {
  await db.deleteFrom('sign_in_events').where('at', '<', sql<Date>`now() - make_interval(days => ${SIGN_IN_HISTORY_DAYS})`).execute();
  await db.deleteFrom('device_alerts').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
