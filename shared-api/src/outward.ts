import { z } from 'zod';
import { IsoDate } from './common';
import { periodInOrder } from './accounting';
import { PageQuery, Paged } from './envelope';

/*
 * The outward stock register (issue 12): every unit of stock that left a warehouse, read from the stock ledger.
 * Dispatched orders, counter sales and debit notes appear on their own; everything else that leaves (samples, goods
 * sent back to a supplier outside a debit note, transfers, damage) is a manual entry that lowers the batch with an
 * OUTWARD stock movement in the same transaction. Quantities in units, value at cost (FIFO) in paise.
 */

/** Why stock left by hand (a manual entry). */
export const OUTWARD_REASONS = ['SAMPLE', 'SUPPLIER_RETURN', 'TRANSFER', 'DAMAGED', 'OTHER'] as const;
export const OutwardReason = z.enum(OUTWARD_REASONS);
export type OutwardReason = z.infer<typeof OutwardReason>;

/** A register row's kind: the document that took the stock out, or the reason of a manual entry. */
export const OUTWARD_KINDS = ['ORDER', 'SALE', 'PURCHASE_RETURN', ...OUTWARD_REASONS] as const;
export const OutwardKind = z.enum(OUTWARD_KINDS);
export type OutwardKind = z.infer<typeof OutwardKind>;

export const OUTWARD_KIND_LABELS: Readonly<Record<OutwardKind, string>> = {
  ORDER: 'Online order',
  SALE: 'Counter sale',
  PURCHASE_RETURN: 'Debit note',
  SAMPLE: 'Sample',
  SUPPLIER_RETURN: 'Returned to supplier',
  TRANSFER: 'Transfer',
  DAMAGED: 'Damaged / destroyed',
  OTHER: 'Other',
};

/** Reasons that send the goods to someone: the entry must name them. */
export const OUTWARD_REASONS_WITH_PARTY: readonly OutwardReason[] = ['SAMPLE', 'SUPPLIER_RETURN', 'TRANSFER'];

export const OutwardRow = z.object({
  movementId: z.string(),
  /** 'YYYY-MM-DD' (IST): the day the stock left (a manual entry's own date, else the day it was recorded) */
  date: z.string(),
  /** the instant it was recorded (ISO) */
  at: z.string(),
  kind: OutwardKind,
  /** order number, invoice number, debit note number, or the challan number typed on a manual entry */
  documentNumber: z.string().nullable(),
  /** the order, invoice or debit note behind the row (null for manual entries) */
  documentId: z.string().nullable(),
  partyName: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  pack: z.string(),
  batchId: z.string(),
  batchNo: z.string(),
  expiryDate: z.string(),
  /** units that left (positive) */
  quantity: z.number().int(),
  /** their value at cost, first in first out (a layer without a known cost: the batch's PTS, else PTR) */
  valuePaise: z.number().int(),
  /** who recorded it */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type OutwardRow = z.infer<typeof OutwardRow>;

/**
 * GET list and export. Period inclusive, IST days; without `to` today, without `from` 30 days before `to`.
 * `productId` picks one product; `product` matches product names; `party` matches party names (both contain-text).
 */
export const OutwardQuery = PageQuery.extend({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  productId: z.uuid().optional(),
  product: z.string().trim().max(100).optional(),
  party: z.string().trim().max(100).optional(),
  kind: OutwardKind.optional(),
}).refine(...periodInOrder);
export type OutwardQuery = z.input<typeof OutwardQuery>;

export const OutwardTotals = z.object({ entries: z.number().int(), quantity: z.number().int(), valuePaise: z.number().int() });
export type OutwardTotals = z.infer<typeof OutwardTotals>;

/** One page of the register, newest first, with the totals of every row the filters match. */
export const OutwardList = Paged(OutwardRow).extend({
  from: z.string(),
  to: z.string(),
  warehouseName: z.string(),
  totals: OutwardTotals,
});
export type OutwardList = z.infer<typeof OutwardList>;

export const OutwardExportQuery = OutwardQuery.safeExtend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export type OutwardExportQuery = z.input<typeof OutwardExportQuery>;

/** POST add: units of one batch leave by hand. */
export const CreateOutwardEntry = z
  .object({
    batchId: z.uuid(),
    quantity: z.number().int().positive('More than 0').max(10_000_000),
    reason: OutwardReason,
    /** who receives the goods: required for samples, supplier returns and transfers */
    partyName: z.string().trim().max(120).optional(),
    /** a challan or gate-pass number, if there is one */
    documentNumber: z.string().trim().max(40).optional(),
    note: z.string().trim().max(500).optional(),
    /** the day the stock left ('YYYY-MM-DD', IST; not in the future); default today */
    date: IsoDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (OUTWARD_REASONS_WITH_PARTY.includes(v.reason) && !v.partyName) {
      ctx.addIssue({ code: 'custom', path: ['partyName'], message: 'Say who receives the goods' });
    }
  });
export type CreateOutwardEntry = z.input<typeof CreateOutwardEntry>;

/** A batch of the caller's unit that stock can leave from (the add form's picker). */
export const OutwardBatch = z.object({
  batchId: z.string(),
  productId: z.string(),
  productName: z.string(),
  manufacturer: z.string(),
  pack: z.string(),
  batchNo: z.string(),
  expiryDate: z.string(),
  /** expired batches are listed too: expired goods are what usually goes back or is destroyed */
  expired: z.boolean(),
  quantity: z.number().int(),
  reserved: z.number().int(),
  /** quantity − reserved: what may leave */
  available: z.number().int(),
  warehouseName: z.string(),
});
export type OutwardBatch = z.infer<typeof OutwardBatch>;

/** GET batches: the active warehouse's batches with stock available, of one product or matching a name. */
export const OutwardBatchQuery = z
  .object({ productId: z.uuid().optional(), q: z.string().trim().min(2, 'At least 2 letters').max(100).optional() })
  .refine((v) => v.productId !== undefined || v.q !== undefined, { message: 'Give a product or at least 2 letters of its name', path: ['q'] });
export type OutwardBatchQuery = z.input<typeof OutwardBatchQuery>;

export const OutwardBatches = z.object({ items: z.array(OutwardBatch) });
export type OutwardBatches = z.infer<typeof OutwardBatches>;

export const OutwardEntryResult = z.object({ entry: OutwardRow, available: z.number().int() });
export type OutwardEntryResult = z.infer<typeof OutwardEntryResult>;

/** SPEC.md §7 puts the outward stock register under purchases/*. */
export const OUTWARD_PATHS = {
  list: '/purchases/outward-stock',
  add: '/purchases/outward-stock/add',
  /** ?format=csv|xlsx and the list's filters */
  export: '/purchases/outward-stock/export',
  batches: '/purchases/outward-stock/batches',
} as const;
