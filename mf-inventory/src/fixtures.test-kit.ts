import { INVENTORY_PATHS, type StockBatch, type UploadPreview } from 'shared-api';
import { success, type FakeRequest } from 'shared-auth/testing/fake-api';

export const DOLO: StockBatch = {
  id: '11111111-1111-4111-8111-111111111111',
  productId: '22222222-2222-4222-8222-222222222222',
  productName: 'Dolo 650 Tablet',
  manufacturer: 'Micro Labs',
  composition: 'Paracetamol 650 mg',
  pack: '15 Tab',
  hsn: '3004',
  batchNo: 'DOL26A101',
  expiryDate: '2026-12-10',
  daysToExpiry: 18,
  mrpPaise: 3360,
  ptrPaise: 2688,
  ptsPaise: 2419,
  quantity: 120,
  reserved: 0,
  schemeBuy: 10,
  schemeFree: 1,
  gstBp: 500,
  warehouseName: 'Pune Main Godown',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

export const PREVIEW: UploadPreview = {
  fileName: 'stock.xlsx',
  fileType: 'XLSX',
  headerRow: 3,
  headers: ['Item Name', 'Pack', 'Company', 'Lot', 'Exp.', 'MRP', 'PTR', 'Qty'],
  mapping: { name: 0, pack: 1, manufacturer: 2, expiry: 4, mrp: 5, ptr: 6, quantity: 7 },
  missingFields: ['Batch'],
  dataRows: 2,
  validRows: 0,
  sample: [],
  rejectedRows: 0,
  rejected: [],
  warehouseName: 'Pune Main Godown',
  previousImport: null,
  countFree: true,
  rowsWithFree: 0,
  warnedRows: 0,
  warned: [],
  itemMatches: [],
  catalogue: { items: 0, remembered: 0, exact: 0, confident: 0, uncertain: 0, new: 0 },
};

const bucket = (key: string, label: string, batches: number) => ({ key, label, batches, quantity: batches * 10, valuePaise: batches * 10000 });

/** The inventory API of a stockist with one batch. */
export function inventoryApi(request: FakeRequest) {
  const path = request.path;
  if (path === INVENTORY_PATHS.all) return success({ items: [DOLO], totalResults: 1, page: 0, pageSize: 20, manufacturers: ['Micro Labs'] });
  if (path === INVENTORY_PATHS.batch(DOLO.id) || path.startsWith('/tenants/inventory/batch/')) {
    return success({ batch: DOLO, movements: [{ id: 'm1', kind: 'UPLOAD', quantityDelta: 120, balance: 120, reference: null, note: 'Opening stock', by: 'Ramesh Agarwal', at: '2026-11-01T10:00:00.000Z' }] });
  }
  if (path === INVENTORY_PATHS.expiry) return success({ buckets: [bucket('expired', 'Expired', 2), bucket('30', 'Expiring within 30 days', 1), bucket('60', 'Expiring within 60 days', 1), bucket('90', 'Expiring within 90 days', 3)] });
  if (path === INVENTORY_PATHS.age) return success({ buckets: [bucket('0-30', 'Up to 30 days', 4)] });
  if (path === INVENTORY_PATHS.report) return success({ rows: [{ manufacturer: 'Micro Labs', products: 1, batches: 1, quantity: 120, valuePaise: 322560, mrpValuePaise: 403200 }], movements: [] });
  return success({});
}
