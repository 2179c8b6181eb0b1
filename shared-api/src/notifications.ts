import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'ORDERS', 'B2B_ORDER', 'B2C_ORDER', 'PAYMENT', 'PICKUPS', 'DELIVERY_DELIVERED', 'DELIVERY_COLLECTED',
  'DELIVERY_BOY_ALERT', 'STORE_CLOSED', 'CALL_REQUEST', 'INVOICE', 'CART', 'HEAVY_WEIGHT', 'CONNECTION_REQUEST',
  'RING2ALERT', 'GENERAL', 'RECALL',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  /** The screen it opens: a route path without the /app prefix (e.g. /orders/online-orders/<id>); null: nothing to open. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /notifications/all?notificationType=UNREAD&search=&page=0&pageSize=6 */
export const NotificationQuery = z.object({
  notificationType: z.enum(['UNREAD', 'ALL']).default('ALL'),
  search: z.string().max(100).optional(),
  /** One type only (the page's type filter). */
  type: NotificationType.optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const NotificationList = z.object({ items: z.array(Notification), totalResults: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;

/** POST /notifications/read: these notifications (of the caller's unit) are read. Unknown ids are ignored. */
export const MarkNotificationsRead = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;
/** Answer of both mark-read calls: how many are still unread. */
export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * The live channel (ARCHITECTURE §11): GET /notifications/live is a Server-Sent Events stream for the signed-in
 * caller (Authorization header; the browser reads it with fetch, one connection per tab). Events:
 *   `notifications` {}: the unit's notifications changed (new, or read elsewhere): revalidate the notification keys.
 *   `stock` LiveStock: sellers' stock of these products changed: revalidate search results that show them.
 *   `ready` {}: sent once when the stream opens (the client then revalidates what it may have missed).
 * A comment line every LIVE_KEEPALIVE_MS keeps proxies from closing an idle stream.
 */
export const LIVE_EVENTS = ['ready', 'notifications', 'stock'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];
/** `all`: too many to list (an import, or the server started over): revalidate every shown product. */
export const LiveStock = z.object({ productIds: z.array(z.string()), all: z.boolean() });
export type LiveStock = z.infer<typeof LiveStock>;
export const LIVE_KEEPALIVE_MS = 25_000;
/** More changed products than this in one tick are sent as `all`. */
export const LIVE_STOCK_MAX_IDS = 500;


