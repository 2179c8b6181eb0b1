import { MARKETPLACE_PATHS, type OrderDetail, type OrderList, type OrderStatus } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const ORDERS_PAGE_SIZE = 20;

/** Orders the buyer's unit placed (GET /orders/v2/placed), newest first, one page; the status filter runs on the server. */
export const usePlacedOrders = (status: OrderStatus | undefined, page: number) =>
  useSWR<OrderList, ApiError>([MARKETPLACE_PATHS.placedOrders, { ...(status && { status }), page, pageSize: ORDERS_PAGE_SIZE }], fetcher, {
    keepPreviousData: true,
  });

export const usePurchaseOrder = (orderId: string) => useSWR<OrderDetail, ApiError>(MARKETPLACE_PATHS.order(orderId), fetcher);
