import { assign, fromPromise, setup } from 'xstate';
import { NOTIFICATIONS_FIRST, NOTIFICATIONS_PAGE_MAX, type NotificationList, type NotificationReadResponse } from '../../core/contract/notifications';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { ListParams, NotificationsContext, NotificationsEvent, NotificationsInput } from './notifications.types';

const listError = ({ event }: { event: unknown }) => ({ error: failureMsg((event as { error: unknown }).error, 'notifications.failed') });

/**
 * The bell's list (spec 001 §3 Notification, §4 unread → read, §9 the first 3 and the
 * rest on demand): read the first page, show more (older pages), read one, read all; a pushed
 * notification.new reads the shown ones again. `unread` is the header's count: the flow tells
 * the badge whenever it changes (`counted`). A failed later call keeps the list and says so.
 */
export const notificationsMachine = setup({
  types: {} as { context: NotificationsContext; events: NotificationsEvent; input: NotificationsInput },
  actors: {
    list: fromPromise<NotificationList, ListParams>(notProvided('list')),
    read: fromPromise<NotificationReadResponse, { id: string }>(notProvided('read')),
    readAll: fromPromise<NotificationReadResponse>(notProvided('readAll')),
  },
  actions: {
    /** the header's badge follows the unread count (provided by the flow) */
    counted: () => {},
  },
  guards: {
    hasMore: ({ context }) => context.more,
    hasUnread: ({ context }) => context.unread > 0,
    isUnread: ({ context, event }) => event.type === 'read' && context.items.some((n) => n.id === event.id && !n.read),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ first: input.first ?? NOTIFICATIONS_FIRST, items: [], unread: 0, more: false, pendingId: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'list',
        input: ({ context }) => ({ limit: context.first }),
        onDone: {
          target: 'shown',
          actions: [assign(({ event }) => ({ items: event.output.notifications, unread: event.output.new, more: event.output.more, error: null })), 'counted'],
        },
        onError: { target: 'failed', actions: assign(listError) },
      },
    },
    failed: { on: { retry: 'loading', 'notification.new': 'loading' } },
    shown: {
      on: {
        more: { guard: 'hasMore', target: 'loadingMore', meta: { spec: ['001 §9.10'] } },
        read: { guard: 'isUnread', target: 'reading', meta: { spec: ['001 §4.10'] } },
        'read.all': { guard: 'hasUnread', target: 'readingAll' },
        'notification.new': 'refreshing',
      },
    },
    /** the older ones: after the last shown */
    loadingMore: {
      invoke: {
        src: 'list',
        input: ({ context }) => ({ limit: NOTIFICATIONS_PAGE_MAX, before: context.items.at(-1)?.id }),
        onDone: {
          target: 'shown',
          actions: [
            assign(({ context, event }) => ({ items: [...context.items, ...event.output.notifications], unread: event.output.new, more: event.output.more, error: null })),
            'counted',
          ],
        },
        onError: { target: 'shown', actions: assign(listError) },
      },
    },
    /** the shown ones again, newest first (as many as were shown, at least the first page) */
    refreshing: {
      on: { 'notification.new': { target: 'refreshing', reenter: true } },
      invoke: {
        src: 'list',
        input: ({ context }) => ({ limit: Math.min(NOTIFICATIONS_PAGE_MAX, Math.max(context.first, context.items.length + 1)) }),
        onDone: {
          target: 'shown',
          actions: [assign(({ event }) => ({ items: event.output.notifications, unread: event.output.new, more: event.output.more, error: null })), 'counted'],
        },
        onError: { target: 'shown', actions: assign(listError) },
      },
    },
    reading: {
      entry: assign(({ event }) => ({ pendingId: event.type === 'read' ? event.id : null })),
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.pendingId ?? '' }),
        onDone: {
          target: 'shown',
          actions: [
            assign(({ context, event }) => ({ items: context.items.map((n) => (n.id === context.pendingId ? { ...n, read: true } : n)), unread: event.output.new, pendingId: null, error: null })),
            'counted',
          ],
        },
        onError: { target: 'shown', actions: assign(({ event }) => ({ pendingId: null, error: failureMsg(event.error, 'notifications.read_failed') })) },
      },
    },
    readingAll: {
      invoke: {
        src: 'readAll',
        onDone: { target: 'shown', actions: [assign(({ context }) => ({ items: context.items.map((n) => ({ ...n, read: true })), unread: 0, error: null })), 'counted'] },
        onError: { target: 'shown', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'notifications.read_failed') })) },
      },
    },
  },
});
