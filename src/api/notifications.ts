import type { NotificationList, NotificationReadResponse } from '../../core/contract/notifications';
import type { ListParams } from '../../machines/notifications/notifications.types';
import { call } from './http';
import { contractOf } from './contracts';

const notificationsContract = () => import('../../core/contract/notifications');

/** GET /api/us/notifications: newest first, `limit` of them, older than `before` when given. */
export const listNotifications = ({ limit, before }: ListParams): Promise<NotificationList> =>
  call(contractOf(notificationsContract, 'NotificationList'), `/api/us/notifications?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
export const readNotification = (id: string): Promise<NotificationReadResponse> => call(contractOf(notificationsContract, 'NotificationReadResponse'), '/api/us/notifications_read', { method: 'POST', json: { id } });
export const readAllNotifications = (): Promise<NotificationReadResponse> => call(contractOf(notificationsContract, 'NotificationReadResponse'), '/api/us/notifications_read_all', { method: 'POST', json: {} });
