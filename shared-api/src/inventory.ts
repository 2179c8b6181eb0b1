import { z } from 'zod';
import { ExpiryDate, Quantity, UnitPricePaise } from './common';
import { PageQuery, Paged } from './envelope';
import { CatalogueSummary, ItemMatch } from './catalogue';
import { COST_BASES, INVENTORY_FIELDS, MAX_COST_MARGIN_BP, type InventoryField } from './stock-upload';

export {
  COST_BASES,
  COST_BASIS_LABELS,
  INVENTORY_FIELDS,
  MAX_COST_MARGIN_BP,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES_MESSAGE,
  costOnBasis,
  type CostBasisRule,
  type InventoryField,
} from './stock-upload';

const FIELD_NAMES = INVENTORY_FIELDS.map((f) => f.field) as [InventoryField, ...InventoryField[]];

/** Field → 0-based column index of the file's header row. */
export const ColumnMapping = z.partialRecord(z.enum(FIELD_NAMES), z.number().int().min(0).max(200));
export type ColumnMapping = z.infer<typeof ColumnMapping>;

/** REPLACE: the warehouse's stock becomes exactly the file's; ADD: the file's quantities are added to it. */
export const UploadMode = z.enum(['REPLACE', 'ADD']);
export type UploadMode = z.infer<typeof UploadMode>;

export const RejectedRow = z.object({ rowNumber: z.number().int(), cells: z.array(z.string()), problems: z.array(z.string()) });
export type RejectedRow = z.infer<typeof RejectedRow>;

export const PreviewRow = z.object({
  rowNumber: z.number().int(),
  name: z.string(),
  pack: z.string(),
  manufacturer: z.string(),
  batchNo: z.string(),
  expiryDate: z.string(),
  mrpPaise: z.number().int(),
  ptrPaise: z.number().int(),
  /** the file's Cost column; null: none (the stock is valued at PTS, else PTR) */
  costPaise: z.number().int().nullable(),
  /** what the import stores: fileQuantity, plus freeQuantity when free goods count as stock (countFree) */
  quantity: z.number().int(),
  /** the file's stock quantity column as written */
  fileQuantity: z.number().int(),
  /** free goods received (a plain number in the Free column); 0 when none */
  freeQuantity: z.number().int(),
  scheme: z.string().nullable(),
  /** worth checking but imported as is: HSN or GST % disagreeing with what is on record */
  warnings: z.array(z.string()),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

/** A valid row with warnings (imported; what is on record is never overwritten). */
export const WarnedRow = z.object({ rowNumber: z.number().int(), name: z.string(), batchNo: z.string(), warnings: z.array(z.string()) });
export type WarnedRow = z.infer<typeof WarnedRow>;

/** Upload form field (preview and import): 'true' or 'false'; absent → the unit's last choice (first time: true). */
export const COUNT_FREE_FIELD = 'countFree';

export const PreviousImport = z.object({ importId: z.string(), importedAt: z.string(), mode: UploadMode, rowsImported: z.number().int() });

export const CostBasis = z
  .object({ basis: z.enum(COST_BASES), marginBp: z.number().int().min(0).max(MAX_COST_MARGIN_BP) })
  .refine((c) => c.basis === 'PTR_LESS_MARGIN' || c.marginBp === 0, { message: 'A margin goes with "PTR less a margin" only', path: ['marginBp'] });
export type CostBasis = z.infer<typeof CostBasis>;

/** POST uploadPreview (multipart: file, optional mapping JSON): what an import would do, nothing stored. */
export const UploadPreview = z.object({
  fileName: z.string(),
  fileType: z.enum(['XLSX', 'XLS', 'PDF', 'TXT']),
  /** 1-based row (line) number of the header in the file */
  headerRow: z.number().int(),
  headers: z.array(z.string()),
  mapping: ColumnMapping,
  /** required fields the mapping lacks: nothing can be imported until they are mapped */
  missingFields: z.array(z.string()),
  dataRows: z.number().int(),
  validRows: z.number().int(),
  sample: z.array(PreviewRow),
  rejectedRows: z.number().int(),
  /** up to 5,000, with every problem named */
  rejected: z.array(RejectedRow),
  warehouseName: z.string(),
  /** this very file was imported into this warehouse before: importing again changes nothing */
  previousImport: PreviousImport.nullable(),
  /** free quantities are counted as stock (the request's choice, else the unit's last one) */
  countFree: z.boolean(),
  /** valid rows with a free quantity: the choice matters only when there are some */
  rowsWithFree: z.number().int(),
  warnedRows: z.number().int(),
  /** up to 5,000 valid rows with warnings */
  warned: z.array(WarnedRow),
  /**
   * The file's distinct items the seller should see (issue 36), kept small for a 20,000-item file: every UNCERTAIN
   * one (up to 5,000, with its candidates: the import takes the seller's picks, ITEM_PICKS_FIELD), then up to
   * 500 NEW ones (products the import creates) and up to 500 CONFIDENT ones (matched by a different spelling, for
   * the seller to check). REMEMBERED and EXACT items are only counted (catalogue).
   */
  itemMatches: z.array(ItemMatch),
  /** what rows without a cost are valued at (the owner's setting, issue 39 item 5); the file's Cost column wins */
  costBasis: CostBasis.optional(),
  /** what the catalogue made of every distinct item of the file */
  catalogue: CatalogueSummary,
});
export type UploadPreview = z.infer<typeof UploadPreview>;

/** POST uploadImport (multipart: file, mode, mapping JSON, picks JSON ItemPick[] under ITEM_PICKS_FIELD). */
export const ImportResult = z.object({
  importId: z.string(),
  mode: UploadMode,
  rowsImported: z.number().int(),
  rowsRejected: z.number().int(),
  productsCreated: z.number().int(),
  /** REPLACE only: batches not in the file whose stock went to zero */
  batchesZeroed: z.number().int(),
  alreadyImported: z.boolean(),
  /** the first inventory of the unit credited 3 free deliveries (SPEC.md §1) */
  referralCredited: z.boolean(),
  rejected: z.array(RejectedRow),
  /** free quantities were counted as stock (remembered for the unit's next upload) */
  countFree: z.boolean(),
  /** what the catalogue made of the file's items at import (UNCERTAIN ones took the seller's pick, else a new product); null when already imported */
  catalogue: CatalogueSummary.nullable(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ExpiryWindow = z.enum(['expired', '30', '60', '90']);
export type ExpiryWindow = z.infer<typeof ExpiryWindow>;

export const INVENTORY_SORTS = ['name', 'expiry', 'quantity', 'mrp', 'manufacturer'] as const;
export const InventoryQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional(),
  manufacturer: z.string().trim().max(200).optional(),
  expiry: ExpiryWindow.optional(),
  sort: z.enum(INVENTORY_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type InventoryQuery = z.input<typeof InventoryQuery>;

export const StockBatch = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  manufacturer: z.string(),
  composition: z.string().nullable(),
  pack: z.string(),
  hsn: z.string().nullable(),
  batchNo: z.string(),
  expiryDate: z.string(),
  /** negative: expired that many days ago */
  daysToExpiry: z.number().int(),
  mrpPaise: z.number().int(),
  ptrPaise: z.number().int(),
  ptsPaise: z.number().int().nullable(),
  quantity: z.number().int(),
  reserved: z.number().int(),
  schemeBuy: z.number().int().nullable(),
  schemeFree: z.number().int().nullable(),
  /** current GST of the product's HSN, basis points (500 = 5 %) */
  gstBp: z.number().int().nullable(),
  /** why the batch is not offered for sale (its product has no HSN with a GST rate on record); absent when it is */
  notForSale: z.string().optional(),
  warehouseName: z.string(),
  updatedAt: z.string(),
});
export type StockBatch = z.infer<typeof StockBatch>;

export const InventoryList = Paged(StockBatch).extend({ manufacturers: z.array(z.string()) });
export type InventoryList = z.infer<typeof InventoryList>;

export const StockMovement = z.object({
  id: z.string(),
  /** OUTWARD: stock taken out by hand (the outward stock register's manual entries) */
  kind: z.enum(['UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'SALE', 'RETURN', 'ORDER', 'PURCHASE', 'PURCHASE_RETURN', 'OUTWARD', 'RECALL']),
  quantityDelta: z.number().int(),
  balance: z.number().int(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const StockDetail = z.object({ batch: StockBatch, movements: z.array(StockMovement) });
export type StockDetail = z.infer<typeof StockDetail>;

/** POST add: one batch by hand, with the upload's validation. */
export const AddStock = z
  .object({
    productName: z.string().trim().min(2).max(200),
    manufacturer: z.string().trim().min(2).max(200),
    pack: z.string().trim().max(60).default(''),
    composition: z.string().trim().max(300).optional(),
    hsn: z.string().trim().regex(/^\d{4,8}$/, 'HSN is 4 to 8 digits').optional(),
    batchNo: z.string().trim().min(1).max(40),
    expiryDate: ExpiryDate,
    mrpPaise: UnitPricePaise,
    ptrPaise: UnitPricePaise,
    ptsPaise: UnitPricePaise.optional(),
    quantity: Quantity.min(1),
    schemeBuy: z.number().int().min(1).max(10_000).optional(),
    schemeFree: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((v) => v.mrpPaise >= v.ptrPaise, { path: ['mrpPaise'], message: 'MRP cannot be below PTR' });
export type AddStock = z.input<typeof AddStock>;

/** PUT productHsn: the HSN of a product that has none with a GST rate on record (its batches are not for sale till then). */
export const FixProductHsn = z.object({ hsn: z.string().trim().regex(/^\d{4,8}$/, 'HSN is 4 to 8 digits') });
export type FixProductHsn = z.input<typeof FixProductHsn>;

export const ProductHsn = z.object({
  productId: z.string(),
  productName: z.string(),
  hsn: z.string(),
  /** the rate in force today, basis points */
  gstBp: z.number().int(),
  /** open orders (placed, or accepted and not invoiced) whose lines of the product were repriced at that rate */
  ordersRepriced: z.number().int(),
});
export type ProductHsn = z.infer<typeof ProductHsn>;

export const StockBucket = z.object({
  key: z.string(),
  label: z.string(),
  batches: z.number().int(),
  quantity: z.number().int(),
  /** at PTR */
  valuePaise: z.number().int(),
});
export type StockBucket = z.infer<typeof StockBucket>;

/** GET expiry: expired and expiring within 30/60/90 days (cumulative windows). */
export const ExpirySummary = z.object({ buckets: z.array(StockBucket) });
/** GET age: batches by days since they came into stock. */
export const InventoryAge = z.object({ buckets: z.array(StockBucket) });

export const StockReportRow = z.object({
  manufacturer: z.string(),
  products: z.number().int(),
  batches: z.number().int(),
  quantity: z.number().int(),
  valuePaise: z.number().int(),
  mrpValuePaise: z.number().int(),
});
export const StockReport = z.object({
  rows: z.array(StockReportRow),
  movements: z.array(z.object({ kind: z.string(), count: z.number().int(), quantity: z.number().int() })),
});
export type StockReport = z.infer<typeof StockReport>;
