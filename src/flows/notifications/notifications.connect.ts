import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Msg } from '../../../core/message';
import type { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import type { Notification } from '../../../machines/notifications/notifications.types';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

export interface NotificationsApi {
  loading: boolean;
  failed: boolean;
  /** the list is shown (also while a later call runs) */
  shown: boolean;
  items: Notification[];
  unread: number;
  empty: boolean;
  /** older ones exist: the 'show more' button */
  canShowMore: boolean;
  loadingMore: boolean;
  canReadAll: boolean;
  busy: boolean;
  error: Msg | null;
  onRetry: () => void;
  onShowMore: () => void;
  onRead: (id: string) => void;
  onReadAll: () => void;
}

/** Flags, items and handlers of the bell's list (pure: unit-tested on resolved snapshots). */
export function connectNotifications(s: Snapshot, send: (event: EventFrom<typeof notificationsMachine>) => void): NotificationsApi {
  const { items, unread, more, error } = s.context;
  const loading = s.matches('loading');
  const failed = s.matches('failed');
  const shown = !loading && !failed;
  const busy = s.matches('loadingMore') || s.matches('reading') || s.matches('readingAll');
  return {
    loading,
    failed,
    shown,
    items,
    unread,
    empty: shown && items.length === 0,
    canShowMore: shown && more,
    loadingMore: s.matches('loadingMore'),
    canReadAll: shown && unread > 0 && !busy,
    busy,
    error,
    onRetry: () => send({ type: 'retry' }),
    onShowMore: () => send({ type: 'more' }),
    onRead: (id) => send({ type: 'read', id }),
    onReadAll: () => send({ type: 'read.all' }),
  };
}
