import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'ORDERS', 'B2B_ORDER', 'B2C_ORDER', 'PAYMENT', 'PICKUPS', 'DELIVERY_DELIVERED', 'DELIVERY_COLLECTED',
  'DELIVERY_BOY_ALERT', 'STORE_CLOSED', 'CALL_REQUEST', 'INVOICE', 'CART', 'HEAVY_WEIGHT', 'CONNECTION_REQUEST',
  'RING2ALERT', 'GENERAL',
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
});
export type Notification = z.infer<typeof Notification>;

/** GET /notifications/all?notificationType=UNREAD&search=&page=0&pageSize=6 */
export const NotificationQuery = z.object({
  notificationType: z.enum(['UNREAD', 'ALL']).default('ALL'),
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const NotificationList = z.object({ items: z.array(Notification), totalResults: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;
