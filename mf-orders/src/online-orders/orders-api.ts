import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, type OrderDetail, type OrderList, type SalesInvoice } from 'shared-api';
import { api, downloadFile, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const ORDERS_PAGE_SIZE = 20;

/** Online orders this stockist received (GET /orders/v2/all), newest first, one page. */
export const useReceivedOrders = (page: number) =>
  useSWR<OrderList, ApiError>([MARKETPLACE_PATHS.receivedOrders, { page, pageSize: ORDERS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const useOrder = (orderId: string) => useSWR<OrderDetail, ApiError>(MARKETPLACE_PATHS.order(orderId), fetcher);

/** Accepting allocates batches first expiry first and takes the stock out. */
export const acceptOrder = (orderId: string) => api.post<OrderDetail>(MARKETPLACE_PATHS.acceptOrder(orderId), {});

export const rejectOrder = (orderId: string, reason?: string) => api.post<OrderDetail>(MARKETPLACE_PATHS.rejectOrder(orderId), reason ? { reason } : {});

/** An accepted order not yet invoiced (or dispatched) is taken back: its stock returns, the order ends rejected. */
export const cancelAcceptance = (orderId: string) => api.post<OrderDetail>(MARKETPLACE_PATHS.cancelAcceptance(orderId), {});

/** The tax invoice of an accepted order; asking again answers the same invoice (one per order). */
export const createInvoice = (orderId: string) => api.post<SalesInvoice>(ACCOUNTING_PATHS.invoiceFromOrder(orderId), {});

/** Where mf-accounting shows one invoice (SPEC.md §2 sales/report/details/invoice). */
export const invoicePath = (invoiceId: string) => `/sales/report/details/invoice?id=${encodeURIComponent(invoiceId)}`;

/** A4 PDF with the session's token: a bare link to the API would carry none. */
export const downloadInvoicePdf = (invoice: NonNullable<OrderDetail['invoice']>) =>
  downloadFile(ACCOUNTING_PATHS.salesInvoicePdf(invoice.invoiceId), `${invoice.invoiceNumber.replace(/\//g, '-')}-A4.pdf`);
