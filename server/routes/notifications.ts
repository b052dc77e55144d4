import type { FastifyPluginAsync } from 'fastify';
import { NotificationListQuery, NotificationReadRequest, type NotificationList, type NotificationReadResponse } from '../../core/contract/notifications';
import { listNotifications, readAllNotifications, readNotification } from '../domain/notifications/list';
import { parse } from '../http/parse';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * Notifications (001 §3, §7, §9): the trader's list newest first (the first 3, older
 * pages on demand with `before`), read one (owner only: 404 otherwise), read all. Reading tells
 * the owner's other tabs (notification.read) so their bells follow. Producers are the domain's
 * events (deposit credited, withdrawal ended, document reviewed, agent replied, sign-in, second
 * factor): they store with notify() in their transaction and push notification.new after it.
 */
export const notificationRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, push }) => {
  app.get('/api/us/notifications', async (request): Promise<NotificationList> => {
    const userId = requireUser(request);
    const query = parse(NotificationListQuery, request.query ?? {});
    return listNotifications(db, userId, query);
  });

  app.post('/api/us/notifications_read', async (request): Promise<NotificationReadResponse> => {
    const userId = requireUser(request);
    const { id } = parse(NotificationReadRequest, request.body ?? {});
    const left = await readNotification(db, userId, String(id));
    push.publish(userId, { type: 'notification.read' });
    return { ok: true, new: left };
  });

  app.post('/api/us/notifications_read_all', async (request): Promise<NotificationReadResponse> => {
    const userId = requireUser(request);
    await readAllNotifications(db, userId);
    push.publish(userId, { type: 'notification.read' });
    return { ok: true, new: 0 };
  });
};
