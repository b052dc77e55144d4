import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import { fromPromise } from 'xstate';
import { onServerEvent } from '../../api/events';
import { listNotifications, readAllNotifications, readNotification } from '../../api/notifications';
import { inspect } from '../shared/inspector';
import { setUnread } from './notifications-badge.hooks';
import { connectNotifications } from './notifications.connect';

/** The bell's list with its calls; the header's badge follows its unread count. */
export const notificationsFlow = notificationsMachine.provide({
  actors: {
    list: fromPromise(({ input }) => listNotifications(input)),
    read: fromPromise(({ input }) => readNotification(input.id)),
    readAll: fromPromise(() => readAllNotifications()),
  },
  actions: {
    counted: ({ context }) => setUnread(context.unread),
  },
});

/** The bell's list for the dropdown: created when the dropdown first opens; a pushed notification.new reads it again. */
export function useNotifications() {
  const ref = useActorRef(notificationsFlow, { input: {}, inspect });
  useEffect(
    () =>
      onServerEvent((event) => {
        if (event.type === 'notification.new' || event.type === 'notification.read') ref.send({ type: 'notification.new' });
      }),
    [ref],
  );
  return connectNotifications(useSelector(ref, (s) => s), ref.send);
}
