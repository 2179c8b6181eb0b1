import { z } from 'zod';
import { ExpiryDate, Id, IsoDate } from './common';
import { Paged, PageQuery } from './envelope';

/*
 * Recalls and "not of standard quality" alerts (issue 35). A recall names one product of the master, its batches (by
 * number, or every batch expiring up to a day), why, on whose word, and what holders must do. While it is active no
 * sale path offers or takes a matching batch anywhere on the network (E0025), the units sit in the non-saleable store
 * (quarantine), and every holder and every buyer who received units of it is told. Lifting it restores sale.
 */

export const RECALL_REASONS = ['NSQ', 'SPURIOUS', 'MANUFACTURER_RECALL', 'VOLUNTARY'] as const;
export const RecallReason = z.enum(RECALL_REASONS, { message: 'Choose why the batch is recalled' });
export type RecallReason = z.infer<typeof RecallReason>;
export const RECALL_REASON_LABELS: Readonly<Record<RecallReason, string>> = {
  NSQ: 'Not of standard quality',
  SPURIOUS: 'Spurious',
  MANUFACTURER_RECALL: 'Recalled by the manufacturer',
  VOLUNTARY: 'Voluntary recall',
};

export const RECALL_ACTIONS = ['QUARANTINE', 'RETURN_TO_SUPPLIER'] as const;
export const RecallAction = z.enum(RECALL_ACTIONS, { message: 'Choose what holders must do' });
export type RecallAction = z.infer<typeof RecallAction>;
export const RECALL_ACTION_LABELS: Readonly<Record<RecallAction, string>> = {
  QUARANTINE: 'Stop sale and quarantine',
  RETURN_TO_SUPPLIER: 'Return to supplier',
};

export const RECALL_STATUSES = ['ACTIVE', 'LIFTED'] as const;
export const RecallStatus = z.enum(RECALL_STATUSES);
export type RecallStatus = z.infer<typeof RecallStatus>;

/** Who raised it: back-office staff (the regulator's list), the product's manufacturer, or a stockist that distributes it. */
export const RECALL_RAISERS = ['STAFF', 'MANUFACTURER', 'STOCKIST'] as const;
export type RecallRaiser = (typeof RECALL_RAISERS)[number];
export const RECALL_RAISER_LABELS: Readonly<Record<RecallRaiser, string>> = {
  STAFF: 'Regulator list (Medico B2B)',
  MANUFACTURER: 'Manufacturer',
  STOCKIST: 'Distributor',
};

/** Buyers who received units of a recalled batch within this many months are told (and traced forward). */
export const RECALL_BUYER_MONTHS = 6;

/** Batch numbers as the recall matches them: case, spaces and punctuation ignored (migration 047 recall_batch_key). */
export const batchKey = (batchNo: string): string => batchNo.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const BatchNo = z
  .string()
  .trim()
  .min(1, 'Enter the batch number')
  .max(40, 'A batch number is at most 40 characters')
  .refine((b) => batchKey(b) !== '', 'A batch number needs a letter or digit');

/** A recall's product, as the product master has it. */
export const RecallProduct = z.object({ productId: z.string(), name: z.string(), manufacturer: z.string(), pack: z.string() });
export type RecallProduct = z.infer<typeof RecallProduct>;

/**
 * GET matchProducts: the product master's candidates for a name (and manufacturer) as a notice prints them, matched
 * the way search matches. `exact` when one candidate is certain; otherwise the person confirms one.
 */
export const RecallProductQuery = z.object({
  name: z.string().trim().min(2, 'Enter at least 2 letters of the product name').max(120),
  manufacturer: z.string().trim().max(120).optional(),
});
export type RecallProductQuery = z.input<typeof RecallProductQuery>;
export const RecallProductMatches = z.object({
  candidates: z.array(RecallProduct.extend({ holders: z.number().int() })),
  exact: z.boolean(),
});
export type RecallProductMatches = z.infer<typeof RecallProductMatches>;

/** The notice or letter a recall rests on: a regulator's notice number and date, or the manufacturer's letter (PDF). */
export const RecallSource = z
  .object({
    noticeNumber: z.string().trim().max(80).nullable().default(null),
    noticeDate: IsoDate.nullable().default(null),
    /** From POST RECALL_PATHS.documents (kind LETTER). */
    letterDocumentId: Id.nullable().default(null),
  })
  .refine((s) => (s.noticeNumber && s.noticeDate) || s.letterDocumentId, {
    message: "Give the notice number and date, or upload the manufacturer's letter",
    path: ['noticeNumber'],
  });

export const NewRecall = z
  .object({
    productId: Id,
    /** The batch numbers (any case and spacing); empty when `expiryUpTo` names them. */
    batchNos: z.array(BatchNo).max(500, 'At most 500 batch numbers in one recall').default([]),
    /** Every batch expiring on or before this day. */
    expiryUpTo: ExpiryDate.nullable().default(null),
    reason: RecallReason,
    action: RecallAction,
    source: RecallSource,
    note: z.string().trim().max(500).nullable().default(null),
  })
  .refine((r) => r.batchNos.length > 0 || r.expiryUpTo, { message: 'Name the batch numbers, or all batches up to an expiry', path: ['batchNos'] });
export type NewRecall = z.input<typeof NewRecall>;

export const LiftRecall = z.object({ reason: z.string().trim().min(3, 'Say why the recall is lifted (for example: cleared on retest)').max(300) });
export type LiftRecall = z.input<typeof LiftRecall>;

/** What a recall changed, counted over the whole network. */
export const RecallCounts = z.object({
  /** Units that held a matching batch when it was raised (or received one since). */
  holders: z.number().int(),
  /** Buyers told because they received units in the last RECALL_BUYER_MONTHS. */
  buyers: z.number().int(),
  /** Units now in quarantine (the non-saleable store) under this recall, everywhere. */
  quarantined: z.number().int(),
  /** Units returned up the chain to a supplier, destroyed, or back on sale after lifting. */
  returnedToSupplier: z.number().int(),
  destroyed: z.number().int(),
  /** Orders flagged to their sellers. */
  ordersFlagged: z.number().int(),
});
export type RecallCounts = z.infer<typeof RecallCounts>;

export const RecallSummary = z.object({
  id: z.string(),
  recallNumber: z.string(),
  product: RecallProduct,
  batchNos: z.array(z.string()),
  expiryUpTo: z.string().nullable(),
  reason: RecallReason,
  action: RecallAction,
  noticeNumber: z.string().nullable(),
  noticeDate: z.string().nullable(),
  /** GET RECALL_PATHS.document(id) answers the PDF. */
  letterDocumentId: z.string().nullable(),
  raisedBy: z.object({ kind: z.enum(RECALL_RAISERS), unitName: z.string() }),
  raisedAt: z.string(),
  status: RecallStatus,
  liftedAt: z.string().nullable(),
  liftReason: z.string().nullable(),
  /** The caller's part: held a matching batch, or received units of it; raised it (and so may lift it). */
  mine: z.object({ holder: z.boolean(), buyer: z.boolean(), raisedByMe: z.boolean(), unitsHeld: z.number().int(), unitsQuarantined: z.number().int() }),
});
export type RecallSummary = z.infer<typeof RecallSummary>;

export const RecallListQuery = PageQuery.extend({ status: RecallStatus.optional() });
export type RecallListQuery = z.input<typeof RecallListQuery>;
/** A unit sees the recalls that reach it (held, bought, or raised by it); staff see all. */
export const RecallList = Paged(RecallSummary);
export type RecallList = z.infer<typeof RecallList>;

/** POST raise's answer (and GET detail): the recall with its effect so far. */
export const Recall = RecallSummary.extend({ counts: RecallCounts, note: z.string().nullable() });
export type Recall = z.infer<typeof Recall>;

/** Why a batch cannot be sold: every sale path's E0025 carries the recall in its message; screens show it on the batch. */
export const RecallMark = z.object({ recallId: z.string(), recallNumber: z.string(), reason: RecallReason });
export type RecallMark = z.infer<typeof RecallMark>;

/** An order a recall touched, on the seller's order page (and list). */
export const RecallOrderFlag = z.object({
  recallId: z.string(),
  recallNumber: z.string(),
  kind: z.enum(['RESERVATION_RELEASED', 'REPLACE_OR_CANCEL']),
  batchNo: z.string(),
  units: z.number().int(),
  /** What the seller should do, in words. */
  message: z.string(),
});
export type RecallOrderFlag = z.infer<typeof RecallOrderFlag>;

// ---- trace (per recall, the caller's unit) ----

export const TraceBatch = z.object({
  batchNo: z.string(),
  expiryDate: z.string(),
  warehouseName: z.string(),
  /** Still in the saleable store but blocked (arrived after the recall, or held for a dispatched order). */
  onHand: z.number().int(),
  quarantined: z.number().int(),
});
/** Backward: received from whom, when, on which document. */
export const TraceReceipt = z.object({
  batchNo: z.string(),
  supplierName: z.string(),
  /** A platform supplier (its own trace continues upstream); null for a supplier keyed in by hand or an upload. */
  supplierUnitId: z.string().nullable(),
  documentType: z.enum(['PURCHASE_BILL', 'UPLOAD', 'MANUAL_ADD', 'CREDIT_NOTE']),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  date: z.string(),
  quantity: z.number().int(),
});
/** Forward: sold to whom, on which document, how many, and how many came back. */
export const TraceSale = z.object({
  batchNo: z.string(),
  buyerName: z.string(),
  buyerUnitId: z.string().nullable(),
  documentType: z.enum(['INVOICE', 'COUNTER_SALE']),
  documentId: z.string(),
  documentNumber: z.string(),
  date: z.string(),
  quantity: z.number().int(),
  returned: z.number().int(),
  /** When this unit asked the buyer to return its units (null: not asked). */
  askedToReturnAt: z.string().nullable(),
});
export const RecallTrace = z.object({
  recall: Recall,
  batches: z.array(TraceBatch),
  received: z.array(TraceReceipt),
  sold: z.array(TraceSale),
  /** Counter sales without a party: units that cannot be traced further. */
  walkIn: z.object({ sales: z.number().int(), units: z.number().int() }),
  /** The unit's quarantine under this recall, by what happened to it. */
  quarantine: z.object({ quarantined: z.number().int(), returnedToSupplier: z.number().int(), returnedByBuyers: z.number().int(), destroyed: z.number().int() }),
  /** What the one-click actions would do now. */
  actions: z.object({
    /** Quarantined units that came on platform bills and can go back to their supplier as a debit note. */
    returnableToSupplier: z.number().int(),
    /** Units of the rest (uploads, bills keyed by hand): return them outside the platform or destroy them. */
    notReturnable: z.number().int(),
    /** Platform buyers not yet asked to return. */
    buyersToAsk: z.number().int(),
  }),
});
export type RecallTrace = z.infer<typeof RecallTrace>;

/** Staff and the product's manufacturer: units still on shelves, by district, falling to zero. */
export const RecallNetwork = z.object({
  recall: Recall,
  totals: z.object({ holders: z.number().int(), onShelves: z.number().int(), quarantined: z.number().int(), returned: z.number().int(), destroyed: z.number().int() }),
  byDistrict: z.array(z.object({ state: z.string(), district: z.string(), holders: z.number().int(), onShelves: z.number().int() })),
  /** Units on shelves (on hand + quarantined, network-wide) at the end of each day since it was raised. */
  timeline: z.array(z.object({ date: z.string(), onShelves: z.number().int() })),
});
export type RecallNetwork = z.infer<typeof RecallNetwork>;

// ---- one-click actions ----

/** POST returnToSupplier: every quarantined unit that came on a platform bill goes back as a debit note per bill. */
export const ReturnToSupplierResult = z.object({
  debitNotes: z.array(z.object({ debitNoteId: z.string(), noteNumber: z.string(), supplierName: z.string(), units: z.number().int(), totalPaise: z.number().int() })),
  unitsLeft: z.number().int(),
});
export type ReturnToSupplierResult = z.infer<typeof ReturnToSupplierResult>;

/** POST askBuyers: each platform buyer not yet asked gets a notice with its units and documents. */
export const AskBuyersResult = z.object({ buyersAsked: z.number().int() });
export type AskBuyersResult = z.infer<typeof AskBuyersResult>;

/** POST destroyed: quarantined units destroyed, with the certificate (POST documents, kind DESTRUCTION_CERTIFICATE). */
export const MarkDestroyed = z.object({
  certificateDocumentId: Id,
  /** Units per batch number; omitted: every quarantined unit of the recall at this unit. */
  batches: z.array(z.object({ batchNo: BatchNo, quantity: z.number().int().min(1).max(10_000_000) })).max(500).optional(),
});
export type MarkDestroyed = z.input<typeof MarkDestroyed>;
export const MarkDestroyedResult = z.object({ unitsDestroyed: z.number().int() });
export type MarkDestroyedResult = z.infer<typeof MarkDestroyedResult>;

export const RECALL_DOCUMENT_KINDS = ['LETTER', 'DESTRUCTION_CERTIFICATE'] as const;
export const RecallDocumentKind = z.enum(RECALL_DOCUMENT_KINDS);
export const RECALL_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** POST documents (multipart: `kind`, then `file`, a PDF or image) → its id. */
export const RecallDocument = z.object({ documentId: z.string(), fileName: z.string() });
export type RecallDocument = z.infer<typeof RecallDocument>;

export const RecallParams = z.object({ recallId: Id });

const id = encodeURIComponent;

export const RECALL_PATHS = {
  /** GET RecallListQuery → RecallList; POST NewRecall → Recall (staff, a manufacturer for its products, a stockist for stock it distributes). */
  list: '/inventory/recalls',
  /** GET RecallProductQuery → RecallProductMatches. */
  products: '/inventory/recalls/products',
  /** POST multipart → RecallDocument; GET document(id) → the file. */
  documents: '/inventory/recalls/documents',
  document: (documentId: string) => `/inventory/recalls/documents/${id(documentId)}`,
  /** GET → Recall. */
  detail: (recallId: string) => `/inventory/recalls/${id(recallId)}`,
  /** POST LiftRecall → Recall (whoever raised it, or staff). */
  lift: (recallId: string) => `/inventory/recalls/${id(recallId)}/lift`,
  /** GET → RecallTrace of the caller's unit. */
  trace: (recallId: string) => `/inventory/recalls/${id(recallId)}/trace`,
  /** GET → RecallNetwork (staff, the product's manufacturer, the unit that raised it). */
  network: (recallId: string) => `/inventory/recalls/${id(recallId)}/network`,
  /** POST → ReturnToSupplierResult. */
  returnToSupplier: (recallId: string) => `/inventory/recalls/${id(recallId)}/return-to-supplier`,
  /** POST → AskBuyersResult. */
  askBuyers: (recallId: string) => `/inventory/recalls/${id(recallId)}/ask-buyers`,
  /** POST MarkDestroyed → MarkDestroyedResult. */
  destroyed: (recallId: string) => `/inventory/recalls/${id(recallId)}/destroyed`,
} as const;
