import type { OrderStatus } from 'shared-api';

/** The buyer's words for an order's state (the seller's Online Orders call PLACED "New"). */
export const STATUS_LABELS: Record<OrderStatus, string> = { PLACED: 'Placed', ACCEPTED: 'Accepted', REJECTED: 'Rejected' };
