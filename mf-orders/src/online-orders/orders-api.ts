import { MARKETPLACE_PATHS, type OrderDetail, type OrderList } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const ORDERS_PAGE_SIZE = 20;

/** Online orders this stockist received (GET /orders/v2/all), newest first, one page. */
export const useReceivedOrders = (page: number) =>
  useSWR<OrderList, ApiError>([MARKETPLACE_PATHS.receivedOrders, { page, pageSize: ORDERS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const useOrder = (orderId: string) => useSWR<OrderDetail, ApiError>(MARKETPLACE_PATHS.order(orderId), fetcher);

/** Accepting allocates batches first expiry first and takes the stock out. */
export const acceptOrder = (orderId: string) => api.post<OrderDetail>(MARKETPLACE_PATHS.acceptOrder(orderId), {});

export const rejectOrder = (orderId: string, reason?: string) => api.post<OrderDetail>(MARKETPLACE_PATHS.rejectOrder(orderId), reason ? { reason } : {});
