import useSWR from 'swr';
import {
  COUNT_FREE_FIELD,
  INVENTORY_PATHS,
  ITEM_PICKS_FIELD,
  type AddStock,
  type ColumnMapping,
  type FixProductHsn,
  type ImportResult,
  type InventoryList,
  type InventoryQuery,
  type ItemPick,
  type ProductHsn,
  type StockBatch,
  type StockBucket,
  type StockDetail,
  type StockReport,
  type UploadMode,
  type UploadPreview,
} from 'shared-api';
import { api, fetcher, postFile, type ApiError, type UploadProgress } from 'shared-auth';

export function useInventory(query: InventoryQuery) {
  return useSWR<InventoryList, ApiError>([INVENTORY_PATHS.all, { ...query }] as const, fetcher, { keepPreviousData: true });
}

export function useStockDetail(id: string) {
  return useSWR<StockDetail, ApiError>(INVENTORY_PATHS.batch(id), fetcher);
}

export const useExpiry = () => useSWR<{ buckets: StockBucket[] }, ApiError>(INVENTORY_PATHS.expiry, fetcher);
export const useAge = () => useSWR<{ buckets: StockBucket[] }, ApiError>(INVENTORY_PATHS.age, fetcher);
export const useStockReport = () => useSWR<StockReport, ApiError>(INVENTORY_PATHS.report, fetcher);

export const addStock = (input: AddStock) => api.post<StockBatch>(INVENTORY_PATHS.add, input);

/** A product whose HSN has no GST rate on record gets one that has: its batches are offered for sale again. */
export const fixProductHsn = (productId: string, input: FixProductHsn) => api.put<ProductHsn>(INVENTORY_PATHS.productHsn(productId), input);

/** `countFree` undefined: the server answers with the unit's last choice. */
export function previewUpload(file: File, mapping: ColumnMapping | undefined, countFree: boolean | undefined, onProgress: UploadProgress) {
  const fields: Record<string, string> = {};
  if (mapping) fields.mapping = JSON.stringify(mapping);
  if (countFree !== undefined) fields[COUNT_FREE_FIELD] = String(countFree);
  return postFile<UploadPreview>(INVENTORY_PATHS.uploadPreview, file, fields, onProgress);
}

/** The import, with the seller's answers for the preview's uncertain items (issue 36). */
export function importUpload(file: File, mode: UploadMode, mapping: ColumnMapping, countFree: boolean, picks: ItemPick[], onProgress: UploadProgress) {
  const fields = { mode, mapping: JSON.stringify(mapping), [COUNT_FREE_FIELD]: String(countFree), [ITEM_PICKS_FIELD]: JSON.stringify(picks) };
  return postFile<ImportResult>(INVENTORY_PATHS.uploadImport, file, fields, onProgress);
}
