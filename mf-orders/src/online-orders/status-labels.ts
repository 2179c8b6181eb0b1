import type { OrderStatus } from 'shared-api';

/** The seller's words for an order's state: a buyer's placed order is new to the seller. */
export const STATUS_LABELS: Record<OrderStatus, string> = { PLACED: 'New', ACCEPTED: 'Accepted', REJECTED: 'Rejected' };
