import type { Notification, NotificationList } from '../../core/contract/notifications';
import type { Msg } from '../../core/message';

export interface NotificationsInput {
  /** how many the first read shows (spec 001 §9: the first 3) */
  first?: number;
}

export interface NotificationsContext {
  first: number;
  /** newest first: the first page, then the older pages read on demand */
  items: Notification[];
  /** the unread count of all the trader's notifications (the header's badge) */
  unread: number;
  /** older notifications exist beyond the shown ones */
  more: boolean;
  /** the notification being marked read */
  pendingId: string | null;
  /** the list could not be read (failed) or a later call failed (said beside the list) */
  error: Msg | null;
}

export type NotificationsEvent =
  | { type: 'retry' }
  /** show the older notifications (the rest on demand) */
  | { type: 'more' }
  | { type: 'read'; id: string }
  | { type: 'read.all' }
  /** pushed by the server: a new notification is stored, or another tab read some */
  | { type: 'notification.new' };

export interface ListParams {
  limit: number;
  before?: string;
}

export type { Notification, NotificationList };
