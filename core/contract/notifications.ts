import * as z from 'zod/mini';

/**
 * Notifications (spec 001 §3 Notification: id, read, list, new count; §7
 * /api/us/notifications, notifications_read, notifications_read_all; §9 the first 3 shown, the
 * rest on demand). A notification is its kind and the event's facts; the client words it in the
 * trader's language (src/features/notifications/words.ts), never from a text the server rendered.
 */
export const Notification = z.object({
  id: z.string(),
  /** `area.event`: deposit.credited, withdrawal.paid, document.approved, support.replied, security.sign_in, … */
  kind: z.string(),
  /** decimal strings for money, ids, names: plain text */
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** The first page is the newest `limit` (3 by default); `before` (an id) pages on to older ones. */
export const NOTIFICATIONS_FIRST = 3;
export const NOTIFICATIONS_PAGE_MAX = 50;

export const NotificationList = z.object({
  notifications: z.array(Notification),
  /** the unread count of all the trader's notifications */
  new: z.number(),
  /** older notifications exist beyond this page */
  more: z.boolean(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationListQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(NOTIFICATIONS_PAGE_MAX))),
  before: z.optional(z.string().check(z.regex(/^\d{1,18}$/, 'notifications.before'))),
});

export const NotificationReadRequest = z.object({
  id: z.union([z.string().check(z.regex(/^\d{1,18}$/, 'notifications.id')), z.number().check(z.int(), z.positive())]),
});

export const NotificationReadResponse = z.object({ ok: z.literal(true), new: z.number() });
export type NotificationReadResponse = z.infer<typeof NotificationReadResponse>;
