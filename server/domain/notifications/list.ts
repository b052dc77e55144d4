import { sql } from 'kysely';
import { NOTIFICATIONS_FIRST, type Notification, type NotificationList } from '../../../core/contract/notifications';
import '../../db/schema-notifications';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

async function unread(db: DbOrTx, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select(sql<string>`count(*)`.as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The trader's notifications, newest first: the first `limit` (3: the bell shows those), or the
 * `limit` older than `before` (show more); the unread count of all of them.
 */
export async function listNotifications(db: DbOrTx, userId: number, page: { limit?: number; before?: string } = {}): Promise<NotificationList> {
  const limit = page.limit ?? NOTIFICATIONS_FIRST;
  let query = db.selectFrom('notifications').select(['id', 'kind', 'params', 'read_at', 'created_at']).where('user_id', '=', userId);
  if (page.before !== undefined) query = query.where('id', '<', page.before as never);
  const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
  const notifications: Notification[] = rows.slice(0, limit).map((row) => ({
    id: String(row.id),
    kind: row.kind,
    params: typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, string>) : row.params,
    read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  }));
  return { notifications, new: await unread(db, userId), more: rows.length > limit };
}

/** Marks one of the trader's notifications read (already read: nothing changes); another trader's or none: 404. */
export async function readNotification(db: DbOrTx, userId: number, id: string): Promise<number> {
  const row = await db.selectFrom('notifications').select(['id', 'read_at']).where('id', '=', id as never).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new Refusal(404, 'notifications.not_found', 'There is no such notification.');
  if (row.read_at === null) await db.updateTable('notifications').set({ read_at: new Date() }).where('id', '=', id as never).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  return unread(db, userId);
}

/** Marks all the trader's notifications read. */
export async function readAllNotifications(db: DbOrTx, userId: number): Promise<void> {
  await db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}
