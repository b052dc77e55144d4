import type { ColumnType, Selectable } from 'kysely';
import type { Int8Id } from './schema';

/** Notifications (migration 120_notifications), joined to Database by module augmentation. */
export interface NotificationsTable {
  id: Int8Id;
  user_id: ColumnType<number, number, never>;
  /** `area.event`, e.g. deposit.credited; the client words it by kind */
  kind: ColumnType<string, string, never>;
  /** the event's facts (amounts as decimal strings, ids, names); never HTML */
  params: ColumnType<Record<string, string>, string, never>;
  /** the producer's idempotency key: the same event twice is one notification */
  key: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  read_at: ColumnType<Date | null, never, Date | null>;
}
export type NotificationRow = Selectable<NotificationsTable>;

declare module './schema' {
  interface Database {
    notifications: NotificationsTable;
  }
}
