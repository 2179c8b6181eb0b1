import { BOOKS_PATHS, type StoreDetails, type StoresDashboard } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import type { Period } from '../books-common/period';

/** Every warehouse of the unit: stock today, sales and purchases of the period, with totals. */
export const useStores = (period: Period) => useSWR<StoresDashboard, ApiError>([BOOKS_PATHS.stores, period], fetcher, { keepPreviousData: true });

export const useStoreDetails = (warehouseId: string | undefined, period: Period) =>
  useSWR<StoreDetails, ApiError>(warehouseId ? [BOOKS_PATHS.storeDetails, { warehouseId, ...period }] : null, fetcher);

export const storeDetailsPath = (warehouseId: string) => `/stores/details?warehouseId=${encodeURIComponent(warehouseId)}`;
