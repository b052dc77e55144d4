import { NotificationListQuery, NotificationReadRequest, NotificationList, NotificationReadResponse } from '../../core/contract/notifications';
import { listNotifications, readAllNotifications, readNotification } from '../domain/notifications/list';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Notifications (001 §3, §7, §9): the trader's list newest first (the first 3, older
 * pages on demand with `before`), read one (owner only: 404 otherwise), read all. Reading tells
 * the owner's other tabs (notification.read) so their bells follow. Producers are the domain's
 * events (deposit credited, withdrawal ended, document reviewed, agent replied, sign-in, second
 * factor): they store with notify() in their transaction and push notification.new after it.
 */
export const notificationRoutes: RoutePlugin<RouteDeps> = async (app, { db, push }) => {
  app.get('/api/us/notifications', { schema: api(TAGS.engagement, 'The bell: notifications', { querystring: NotificationListQuery, response: NotificationList }) }, async (request): Promise<NotificationList> => {
    const userId = requireUser(request);
    const query = request.query;
    return listNotifications(db, userId, query);
  });

  app.post('/api/us/notifications_read', { schema: api(TAGS.engagement, 'Mark one notification read', { body: NotificationReadRequest, response: NotificationReadResponse }) }, async (request): Promise<NotificationReadResponse> => {
    const userId = requireUser(request);
    const { id } = request.body;
    const left = await readNotification(db, userId, String(id));
    push.publish(userId, { type: 'notification.read' });
    return { ok: true, new: left };
  });

  app.post('/api/us/notifications_read_all', { schema: api(TAGS.engagement, 'Mark all notifications read', { response: NotificationReadResponse }) }, async (request): Promise<NotificationReadResponse> => {
    const userId = requireUser(request);
    await readAllNotifications(db, userId);
    push.publish(userId, { type: 'notification.read' });
    return { ok: true, new: 0 };
  });
};
