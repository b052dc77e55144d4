import { sql } from 'kysely';
import '../../db/schema-notifications';
import type { DbOrTx } from '../ledger';
import type { NotificationKind } from '../../../core/notification-kinds';

/** A notification to store for a trader. */
export interface NewNotification {
  userId: number;
  /** `area.event`, one of core/notification-kinds.ts (deposit.credited, withdrawal.paid, security.sign_in, …) */
  kind: NotificationKind;
  /** the event's facts the text needs (decimal strings for money, ids, names); plain text only */
  params?: Record<string, string>;
  /** idempotency: the same key for the same trader stores one notification (e.g. `deposit:{id}`) */
  key?: string;
}

/**
 * Stores a notification, in the caller's transaction when it has one (so a rolled-back change
 * notifies nothing). The same `key` twice stores one. The caller publishes the push
 * (`{ type: 'notification.new' }` to the owner) after its transaction commits.
 */
export async function notify(db: DbOrTx, n: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: n.userId, kind: n.kind, params: JSON.stringify(n.params ?? {}), key: n.key ?? null })
    .onConflict((oc) => oc.expression(sql`user_id, key`).where(sql.ref('key'), 'is not', null).doNothing())
    .execute();
}
