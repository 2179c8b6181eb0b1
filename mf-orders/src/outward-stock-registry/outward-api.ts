import {
  INVENTORY_PATHS,
  OUTWARD_PATHS,
  type CreateOutwardEntry,
  type OutwardBatches,
  type OutwardEntryResult,
  type OutwardKind,
  type OutwardList,
} from 'shared-api';
import { api, downloadFile, fetcher, type ApiError } from 'shared-auth';
import useSWR, { useSWRConfig } from 'swr';

export const OUTWARD_PAGE_SIZE = 20;

/** The register's filters as the page keeps them in its URL (`?from=&to=&product=&party=&kind=&page=`). */
export interface OutwardFilters {
  from?: string;
  to?: string;
  product?: string;
  party?: string;
  kind?: OutwardKind;
  page: number;
}

/** Only the filters that are set: an empty text box is no filter, and the SWR key stays stable. */
const queryOf = ({ page, ...filters }: OutwardFilters) => ({
  ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')),
  page,
  pageSize: OUTWARD_PAGE_SIZE,
});

/** One page of the register of the active warehouse with the totals of every matching row; without dates, the last 30 days. */
export const useOutwardRegister = (filters: OutwardFilters) => useSWR<OutwardList, ApiError>([OUTWARD_PATHS.list, queryOf(filters)], fetcher, { keepPreviousData: true });


/** Batches stock can leave from: of one product, or whose product name contains `q` (2 letters at least). */
export function useOutwardBatches(find: { productId?: string | undefined; q?: string | undefined }) {
  const q = find.q?.trim() ?? '';
  const key = find.productId ? [OUTWARD_PATHS.batches, { productId: find.productId }] : q.length >= 2 ? [OUTWARD_PATHS.batches, { q }] : null;
  return useSWR<OutwardBatches, ApiError>(key, fetcher, { keepPreviousData: true });
}

/** Takes the units out of the batch (an OUTWARD stock movement); the API refuses more than is available. */
export const addOutwardEntry = (input: CreateOutwardEntry) => api.post<OutwardEntryResult>(OUTWARD_PATHS.add, input);

/** The filtered register (every page) as a file, fetched with the session's token: a bare link would carry none. */
export function downloadOutward(filters: OutwardFilters, format: 'csv' | 'xlsx', period: { from: string; to: string }) {
  const { page: _page, pageSize: _size, ...query } = queryOf(filters);
  return downloadFile(OUTWARD_PATHS.export, `outward-stock-${period.from}-${period.to}.${format}`, { ...query, format });
}

/** '/tenants/inventory': every stock screen's keys start with it. */
const STOCK_PREFIX = INVENTORY_PATHS.all.slice(0, INVENTORY_PATHS.all.lastIndexOf('/'));

/** After an entry: the register and every stock screen (the batch's quantity changed) read again. */
export function useRevalidateStock() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => [OUTWARD_PATHS.list, OUTWARD_PATHS.batches, STOCK_PREFIX].some((prefix) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith(prefix)));
}

/** Today in India (the API's calendar), 'YYYY-MM-DD'. */
export const todayIst = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
