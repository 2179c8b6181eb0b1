import { MARKETPLACE_PATHS, type OrderDetail, type OrderList, type OrderStatus } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

/** Orders the buyer's unit placed (GET /orders/v2/placed), newest first; the status filter runs on the server. */
export const usePlacedOrders = (status?: OrderStatus) =>
  useSWR<OrderList, ApiError>(status ? `${MARKETPLACE_PATHS.placedOrders}?status=${status}` : MARKETPLACE_PATHS.placedOrders, fetcher);

export const usePurchaseOrder = (orderId: string) => useSWR<OrderDetail, ApiError>(MARKETPLACE_PATHS.order(orderId), fetcher);
