import { ACCOUNTING_PATHS, type ManualPurchaseBillInput, type PurchaseBill, type PurchaseBillList, type PurchaseBillPayment, type PurchaseBillStatus, type ReceivePurchaseBill } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const BILLS_PAGE_SIZE = 20;

/** The buyer's purchase bills, pending receipt first, one page; the status filter runs on the server. */
export const usePurchaseBills = (status: PurchaseBillStatus | undefined, page: number) =>
  useSWR<PurchaseBillList, ApiError>([ACCOUNTING_PATHS.purchaseBills, { ...(status && { status }), page, pageSize: BILLS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const usePurchaseBill = (billId: string) => useSWR<PurchaseBill, ApiError>(billId ? ACCOUNTING_PATHS.purchaseBill(billId) : null, fetcher);

export const useBillPayment = (billId: string) => useSWR<PurchaseBillPayment, ApiError>(billId ? ACCOUNTING_PATHS.purchaseBillPayment(billId) : null, fetcher);

export const receiveBill = (billId: string, body: ReceivePurchaseBill) => api.post<PurchaseBill>(ACCOUNTING_PATHS.receivePurchaseBill(billId), body);

export const addManualBill = (body: ManualPurchaseBillInput) => api.post<PurchaseBill>(ACCOUNTING_PATHS.manualPurchaseBill, body);

export const billPath = (billId: string) => `/purchases/invoice/${encodeURIComponent(billId)}`;
export const billPaymentPath = (billId: string) => `/purchases/invoice/${encodeURIComponent(billId)}/payment`;
