import { theme } from 'shared-ui';
import type { IconName } from '../layout/icons';

export interface NotificationStyle {
  label: string;
  icon: IconName;
  color: string;
}

/** Each notification type has its own icon and colour (SPEC.md §3); unknown types get DEFAULT_STYLE. */
export const NOTIFICATION_STYLES: Readonly<Record<string, NotificationStyle>> = {
  ORDERS: { label: 'Orders', icon: 'orders', color: theme.colors.primary },
  B2B_ORDER: { label: 'B2B order', icon: 'orders', color: '#6a1b9a' },
  B2C_ORDER: { label: 'B2C order', icon: 'orders', color: '#ad1457' },
  PAYMENT: { label: 'Payment', icon: 'payments', color: theme.colors.success },
  PICKUPS: { label: 'Pickup', icon: 'stores', color: theme.colors.warning },
  DELIVERY_DELIVERED: { label: 'Delivered', icon: 'orders', color: theme.colors.success },
  DELIVERY_COLLECTED: { label: 'Collected', icon: 'orders', color: theme.colors.info },
  DELIVERY_BOY_ALERT: { label: 'Delivery alert', icon: 'bell', color: theme.colors.danger },
  STORE_CLOSED: { label: 'Store closed', icon: 'stores', color: theme.colors.textMuted },
  CALL_REQUEST: { label: 'Call request', icon: 'customers', color: theme.colors.info },
  INVOICE: { label: 'Invoice', icon: 'billing', color: '#4527a0' },
  CART: { label: 'Cart', icon: 'cart', color: theme.colors.primaryHover },
  HEAVY_WEIGHT: { label: 'Heavy weight', icon: 'inventory', color: theme.colors.warning },
  CONNECTION_REQUEST: { label: 'Connection request', icon: 'customers', color: theme.colors.primary },
  RING2ALERT: { label: 'Ring alert', icon: 'bell', color: theme.colors.danger },
  GENERAL: { label: 'General', icon: 'bell', color: theme.colors.info },
};

export const DEFAULT_STYLE: NotificationStyle = { label: 'Notification', icon: 'bell', color: theme.colors.borderStrong };

export function notificationStyle(type: string): NotificationStyle {
  return NOTIFICATION_STYLES[type] ?? DEFAULT_STYLE;
}
