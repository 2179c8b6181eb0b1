import { ACCOUNTING_PATHS, type PurchaseReport, type SupplierPurchases } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export interface Period {
  from?: string;
  to?: string;
}

/** Received bills by supplier; without a period the API takes this month so far. */
export const usePurchaseReport = (period: Period) => useSWR<PurchaseReport, ApiError>([ACCOUNTING_PATHS.purchaseReport, { ...period }], fetcher, { keepPreviousData: true });

export const useSupplierPurchases = (supplierKey: string, period: Period) =>
  useSWR<SupplierPurchases, ApiError>(supplierKey ? [ACCOUNTING_PATHS.purchaseReportSupplier(supplierKey), { ...period }] : null, fetcher);

export const supplierReportPath = (supplierKey: string, period: { from: string; to: string }) =>
  `/purchases/report/${encodeURIComponent(supplierKey)}?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;

/** `?from=&to=` of the page, when they are dates. */
export function periodOf(params: URLSearchParams): Period {
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const from = date(params.get('from'));
  const to = date(params.get('to'));
  return { ...(from && { from }), ...(to && { to }) };
}
