import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Msg } from '../../../core/message';
import type { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import type { Notification } from '../../../machines/notifications/notifications.types';
import { buttonProps } from '../shared/props';

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
  /** the list could not be loaded, or a later call failed: said at once */
  getProblemProps: () => { role: 'alert' };
  /** the unread count, read out as it changes */
  getUnreadProps: () => { 'aria-live': 'polite' };
  getListProps: () => { 'aria-busy': true | undefined };
  getRetryProps: () => ReturnType<typeof buttonProps>;
  getReadAllProps: () => ReturnType<typeof buttonProps>;
  getReadProps: (id: string) => ReturnType<typeof buttonProps>;
  getMoreProps: () => ReturnType<typeof buttonProps> & { 'aria-busy': true | undefined };
}

/** Flags, items and handlers of the bell's list (pure: unit-tested on resolved snapshots). */
export function connectNotifications(s: Snapshot, send: (event: EventFrom<typeof notificationsMachine>) => void): NotificationsApi {
  const { items, unread, more, error } = s.context;
  const loading = s.matches('loading');
  const failed = s.matches('failed');
  const shown = !loading && !failed;
  const busy = s.matches('loadingMore') || s.matches('reading') || s.matches('readingAll');
  const loadingMore = s.matches('loadingMore');
  return {
    loading,
    failed,
    shown,
    items,
    unread,
    empty: shown && items.length === 0,
    canShowMore: shown && more,
    loadingMore,
    canReadAll: shown && unread > 0 && !busy,
    busy,
    error,
    onRetry: () => send({ type: 'retry' }),
    onShowMore: () => send({ type: 'more' }),
    onRead: (id) => send({ type: 'read', id }),
    onReadAll: () => send({ type: 'read.all' }),
    getProblemProps: () => ({ role: 'alert' as const }),
    getUnreadProps: () => ({ 'aria-live': 'polite' as const }),
    getListProps: () => ({ 'aria-busy': busy || undefined }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getReadAllProps: () => buttonProps(() => send({ type: 'read.all' })),
    getReadProps: (id) => buttonProps(() => send({ type: 'read', id }), { disabled: busy }),
    getMoreProps: () => ({ ...buttonProps(() => send({ type: 'more' }), { disabled: busy }), 'aria-busy': loadingMore || undefined }),
  };
}
