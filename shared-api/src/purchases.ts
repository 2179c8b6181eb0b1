import { z } from 'zod';
import { ExpiryDate, INT4_MAX, IsoDate, UnitPricePaise } from './common';
import { DocumentParty, DocumentTotalsSchema, SalesInvoiceLine, periodInOrder } from './accounting';
import { PageQuery, Paged } from './envelope';
import { DocumentCancellation, EInvoiceState } from './einvoice';

/*
 * Purchase bills (issue 13): the buyer's side of a purchase. A seller on the platform invoicing a buyer unit writes
 * the buyer's bill in the same transaction (source PLATFORM: nothing is re-keyed); bills from suppliers outside the
 * platform are keyed in (source MANUAL). Both wait as PENDING until Receive takes the goods into the buyer's active
 * warehouse and posts the purchase voucher (input tax) on the buyer's books. Paths: ACCOUNTING_PATHS.purchase*.
 */

export const PURCHASE_BILL_SOURCES = ['PLATFORM', 'MANUAL'] as const;
export const PURCHASE_BILL_STATUSES = ['PENDING', 'RECEIVED'] as const;
export type PurchaseBillStatus = (typeof PURCHASE_BILL_STATUSES)[number];

/** A bill line: the invoice line, plus what Receive recorded (null while pending). */
/** An existing batch's selling terms (issue 32): what Receive keeps unless the Receive request changes them. */
export const StockBatchTerms = z.object({
  batchId: z.string(),
  mrpPaise: z.number().int(),
  ptrPaise: z.number().int(),
  ptsPaise: z.number().int().nullable(),
  schemeBuy: z.number().int().nullable(),
  schemeFree: z.number().int().nullable(),
});
export type StockBatchTerms = z.infer<typeof StockBatchTerms>;

export const PurchaseBillLine = SalesInvoiceLine.extend({
  productId: z.string(),
  /**
   * While the bill is pending: the caller's active warehouse's batch of this product and batch number, which Receive
   * adds the units to (null: Receive creates it). The Receive screen prefills its terms from it. Absent once received.
   */
  stockBatch: StockBatchTerms.nullable().optional(),
  /** While the bill is pending: units the seller's credit notes took back, which Receive cannot take (decision 12). */
  creditedQuantity: z.number().int().optional(),
  /** Billed + free units that arrived (less than billed = short receipt). */
  receivedQuantity: z.number().int().nullable(),
  /** The buyer's own selling price (PTR to its customers) for the batch. */
  salePricePaise: z.number().int().nullable(),
  /** The buyer's batch the units went into. */
  batchId: z.string().nullable(),
});
export type PurchaseBillLine = z.infer<typeof PurchaseBillLine>;

export const PAYMENT_STATUSES = ['NOT_RECEIVED', 'UNPAID', 'PARTLY_PAID', 'PAID'] as const;

/** What is owed on a bill: paid = the payment vouchers posted against it (less any reversed). */
export const PurchaseBillPayment = z.object({
  billId: z.string(),
  billNumber: z.string(),
  supplierName: z.string(),
  amountPaise: z.number().int(),
  paidPaise: z.number().int(),
  /** Debit notes issued against it (goods returned) reduce what is owed. */
  returnedPaise: z.number().int(),
  duePaise: z.number().int(),
  /** NOT_RECEIVED: nothing is owed on the books until the bill is received. */
  status: z.enum(PAYMENT_STATUSES),
  payments: z.array(z.object({ voucherId: z.string(), date: z.string(), amountPaise: z.number().int() })),
});
export type PurchaseBillPayment = z.infer<typeof PurchaseBillPayment>;

export const PurchaseBill = z.object({
  billId: z.string(),
  source: z.enum(PURCHASE_BILL_SOURCES),
  status: z.enum(PURCHASE_BILL_STATUSES),
  /** The supplier's invoice number and date as printed on its bill. */
  billNumber: z.string(),
  billDate: z.string(),
  /** PLATFORM: the seller's sales invoice it came from. */
  salesInvoiceId: z.string().nullable(),
  supplier: DocumentParty,
  supplyKind: z.enum(['INTRA', 'INTER']),
  lines: z.array(PurchaseBillLine),
  totals: DocumentTotalsSchema,
  receiptNote: z.string().nullable(),
  receivedAt: z.string().nullable(),
  warehouseName: z.string().nullable(),
  payment: PurchaseBillPayment,
  createdAt: z.string(),
});
export type PurchaseBill = z.infer<typeof PurchaseBill>;

export const PurchaseBillSummary = z.object({
  billId: z.string(),
  source: z.enum(PURCHASE_BILL_SOURCES),
  status: z.enum(PURCHASE_BILL_STATUSES),
  billNumber: z.string(),
  billDate: z.string(),
  supplierName: z.string(),
  supplierGstin: z.string().nullable(),
  itemCount: z.number().int(),
  taxablePaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type PurchaseBillSummary = z.infer<typeof PurchaseBillSummary>;
export const PurchaseBillList = Paged(PurchaseBillSummary);
export type PurchaseBillList = z.infer<typeof PurchaseBillList>;

/** The caller's purchase bills, pending ones first, then newest first; narrowed by status, source and bill date. */
export const PurchaseBillListQuery = PageQuery.extend({
  status: z.enum(PURCHASE_BILL_STATUSES).optional(),
  source: z.enum(PURCHASE_BILL_SOURCES).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
}).refine(...periodInOrder);
export type PurchaseBillListQuery = z.input<typeof PurchaseBillListQuery>;

const Paise = UnitPricePaise;

/** A trade scheme "buy `buy`, get `free` free" (as add stock takes it). */
export const ReceiveScheme = z.object({ buy: z.number().int().min(1).max(10_000), free: z.number().int().min(0).max(10_000) });

/**
 * Receive: every line once, with the units that arrived, and the batch's selling terms (issue 32). Into a batch the
 * warehouse already holds (`PurchaseBillLine.stockBatch`), each term given replaces the batch's and each left out
 * keeps it: receiving never changes a price or scheme nobody asked to change. Into a new batch, left out: the
 * sale price (PTR) is the bill's rate, the MRP the bill's, no PTS, no scheme. `ptsPaise: null` / `scheme: null`
 * remove them. The goods' cost is the bill's whatever the prices (financials).
 */
export const ReceivePurchaseBill = z.object({
  lines: z
    .array(
      z.object({
        position: z.number().int().min(1).max(INT4_MAX),
        receivedQuantity: z.number().int().min(0).max(1_000_000),
        /** The buyer's own selling price (PTR) for the batch. */
        salePricePaise: Paise.optional(),
        mrpPaise: Paise.optional(),
        ptsPaise: Paise.nullable().optional(),
        scheme: ReceiveScheme.nullable().optional(),
      }),
    )
    .min(1)
    .max(500),
  note: z.string().trim().max(500).optional(),
});
export type ReceivePurchaseBill = z.input<typeof ReceivePurchaseBill>;

/** A bill from a supplier outside the platform, keyed in; taxes are computed (supply kind from the GSTIN's state). */
export const ManualPurchaseBillInput = z.object({
  supplierName: z.string().trim().min(2).max(120),
  /** The supplier's GSTIN; without one, `supplierState` (a GST state code, e.g. '27') says where it supplies from. */
  supplierGstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9]{2}[A-Z0-9]{13}$/, 'Not a GSTIN')
    .optional(),
  supplierState: z
    .string()
    .regex(/^[0-9]{2}$/)
    .optional(),
  billNumber: z
    .string()
    .trim()
    .min(1)
    .max(40),
  billDate: IsoDate,
  lines: z
    .array(
      z.object({
        productId: z.string().uuid(),
        hsn: z.string().regex(/^[0-9]{4,8}$/, 'HSN is 4 to 8 digits'),
        batchNo: z.string().trim().min(1).max(40),
        expiryDate: ExpiryDate,
        mrpPaise: Paise,
        ratePaise: Paise,
        quantity: z.number().int().min(0).max(1_000_000),
        freeQuantity: z.number().int().min(0).max(1_000_000).default(0),
        discountBp: z.number().int().min(0).max(10_000).default(0),
        discountPaise: Paise.default(0),
      }),
    )
    .min(1)
    .max(500),
});
export type ManualPurchaseBillInput = z.input<typeof ManualPurchaseBillInput>;

// ---- purchase returns (debit notes) ----

/** Return goods of a received bill: units per bill line (charged and free), with why. */
export const CreatePurchaseReturn = z.object({
  lines: z
    .array(z.object({ position: z.number().int().min(1).max(INT4_MAX), quantity: z.number().int().min(0).max(1_000_000), freeQuantity: z.number().int().min(0).max(1_000_000).default(0) }))
    .min(1)
    .max(500),
  reason: z.string().trim().min(3).max(300),
});
export type CreatePurchaseReturn = z.input<typeof CreatePurchaseReturn>;

export const DebitNote = z.object({
  debitNoteId: z.string(),
  noteNumber: z.string(),
  noteDate: z.string(),
  billId: z.string(),
  billNumber: z.string(),
  reason: z.string(),
  /** The buyer, who issues it, and the supplier it goes to. */
  issuer: DocumentParty,
  supplier: DocumentParty,
  supplyKind: z.enum(['INTRA', 'INTER']),
  lines: z.array(SalesInvoiceLine.extend({ productId: z.string(), billPosition: z.number().int() })),
  totals: DocumentTotalsSchema,
  amountInWords: z.string(),
  createdAt: z.string(),
  /** Its IRN state when its issuer has e-invoicing on and the recipient a GSTIN (issue 34); else null. */
  eInvoice: EInvoiceState.nullable(),
  /** Set once it is cancelled (issue 34); absent while it stands. */
  cancelled: DocumentCancellation.nullable().optional(),
});
export type DebitNote = z.infer<typeof DebitNote>;

export const DebitNoteSummary = z.object({
  debitNoteId: z.string(),
  noteNumber: z.string(),
  noteDate: z.string(),
  billId: z.string(),
  billNumber: z.string(),
  supplierName: z.string(),
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
});
export type DebitNoteSummary = z.infer<typeof DebitNoteSummary>;
export const DebitNoteList = Paged(DebitNoteSummary);
export type DebitNoteList = z.infer<typeof DebitNoteList>;
export const DebitNoteListQuery = PageQuery;

// ---- purchase reports ----

/** Purchases booked (received bills) between two bill dates; default: this month so far. */
export const PurchaseReportQuery = z
  .object({ from: IsoDate.optional(), to: IsoDate.optional() })
  .refine(...periodInOrder);
export type PurchaseReportQuery = z.input<typeof PurchaseReportQuery>;

export const PurchaseReportRow = z.object({
  /** The supplier on the platform (its unit id) or the creditor head of an outside supplier: the drill-down id. */
  supplierKey: z.string(),
  supplierName: z.string(),
  supplierGstin: z.string().nullable(),
  billCount: z.number().int(),
  taxablePaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type PurchaseReportRow = z.infer<typeof PurchaseReportRow>;

export const PurchaseReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(PurchaseReportRow),
  totals: PurchaseReportRow.omit({ supplierKey: true, supplierName: true, supplierGstin: true }),
});
export type PurchaseReport = z.infer<typeof PurchaseReport>;

/** One supplier's received bills in the period (the report's drill-down). */
export const SupplierPurchases = z.object({ from: z.string(), to: z.string(), supplierName: z.string(), bills: z.array(PurchaseBillSummary), totals: PurchaseReport.shape.totals });
export type SupplierPurchases = z.infer<typeof SupplierPurchases>;

// ---- purchase orders to suppliers outside the platform ----

export const CreateSupplierOrder = z.object({
  supplierName: z.string().trim().min(2).max(120),
  supplierGstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9]{2}[A-Z0-9]{13}$/, 'Not a GSTIN')
    .optional(),
  supplierPhone: z
    .string()
    .trim()
    .regex(/^[0-9+ -]{8,16}$/, 'Not a phone number')
    .optional(),
  notes: z.string().trim().max(300).optional(),
  lines: z
    .array(z.object({ productId: z.string().uuid(), quantity: z.number().int().min(1).max(1_000_000), freeQuantity: z.number().int().min(0).max(1_000_000).default(0), ratePaise: Paise.optional() }))
    .min(1)
    .max(200),
});
export type CreateSupplierOrder = z.input<typeof CreateSupplierOrder>;

export const SupplierOrder = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  supplierName: z.string(),
  supplierGstin: z.string().nullable(),
  supplierPhone: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(z.object({ position: z.number().int(), productId: z.string(), productName: z.string(), manufacturer: z.string(), pack: z.string(), quantity: z.number().int(), freeQuantity: z.number().int(), ratePaise: z.number().int().nullable() })),
  createdAt: z.string(),
});
export type SupplierOrder = z.infer<typeof SupplierOrder>;
