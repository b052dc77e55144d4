import { randomBytes } from 'node:crypto';
import { LIVE_SHARE_DAYS, type LiveShare } from '../../../core/contract/live-share';
import type { Db } from '../../db';

const DAY_MS = 86_400_000;

/** Stores a shared session under a new random id (128 bits: the link is the key) and forgets the ones past their days. */
export async function shareSession(db: Db, session: LiveShare, now: Date): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await db.insertInto('explorer_live_shares').values({ id, body: JSON.stringify(session), created_at: now }).execute();
  await db.deleteFrom('explorer_live_shares').where('created_at', '<', new Date(now.getTime() - LIVE_SHARE_DAYS * DAY_MS)).execute();
  return id;
}

/** A shared session, or null when the id is unknown or its days are over. */
export async function sharedSession(db: Db, id: string, now: Date): Promise<unknown> {
  const row = await db.selectFrom('explorer_live_shares').select(['body', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.created_at.getTime() < now.getTime() - LIVE_SHARE_DAYS * DAY_MS) return null;
  return typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
}
