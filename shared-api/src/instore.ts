import { z } from 'zod';
import { IsoDate } from './common';
import { DocumentParty, DocumentTotalsSchema, SalesInvoice, SalesInvoiceLine } from './accounting';
import { PageQuery, Paged } from './envelope';

/*
 * In-store (counter) sales and quotations (issue 13). A counter sale is a sales tax invoice (same table, numbering
 * and PDF as marketplace invoices) with no order, sold from the seller's active warehouse to a walk-in buyer or a
 * connected party. Paths: ACCOUNTING_PATHS.instore* / quotation* in paths.ts.
 *
 * Pricing: a connected party pays the batch's PTR; a walk-in buyer pays MRP, i.e. the rate is MRP less its GST
 * (MRP is tax-inclusive), so the bill comes to the MRP (± rounding). An optional per-line percent discount.
 * Expiry: a batch expiring on or before today is expired and never sold; one expiring within the unit's
 * near-expiry window (default 30 days) is warned about or refused, per the unit's setting.
 */

export const PAYMENT_MODES = ['CASH', 'UPI', 'CREDIT'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const NEAR_EXPIRY_POLICIES = ['WARN', 'REFUSE'] as const;

const Mobile = z.string().regex(/^[6-9]\d{9}$/, 'A 10-digit Indian mobile number');

export const CounterSettings = z.object({
  nearExpiryDays: z.number().int().min(0).max(365),
  nearExpiryPolicy: z.enum(NEAR_EXPIRY_POLICIES),
});
export type CounterSettings = z.infer<typeof CounterSettings>;

/** Product search at the counter: by name (prefix of any word), or a scanned code matched exactly to a batch number. */
export const CounterLookupQuery = z.object({ q: z.string().trim().min(2).max(64) });

export const BATCH_STATES = ['OK', 'NEAR_EXPIRY', 'EXPIRED'] as const;
export const CounterBatch = z.object({
  batchId: z.string(),
  batchNo: z.string(),
  expiryDate: z.string(),
  mrpPaise: z.number().int(),
  ptrPaise: z.number().int(),
  /** On hand less what submitted orders hold. */
  available: z.number().int(),
  state: z.enum(BATCH_STATES),
  /** Whether the counter may sell it (expired never; near expiry unless the unit refuses those). */
  sellable: z.boolean(),
});
export type CounterBatch = z.infer<typeof CounterBatch>;

export const CounterProduct = z.object({
  productId: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  pack: z.string(),
  hsn: z.string().nullable(),
  /** First expiry first; expired ones included so the screen can say why they are not offered. */
  batches: z.array(CounterBatch),
  /** The batch first-expiry-first would sell from (null: nothing sellable). */
  fefoBatchId: z.string().nullable(),
});
export type CounterProduct = z.infer<typeof CounterProduct>;
export const CounterLookup = z.object({ warehouseName: z.string(), items: z.array(CounterProduct) });
export type CounterLookup = z.infer<typeof CounterLookup>;

/** Who buys: a connected party (by unit code) or a walk-in buyer (name and mobile optional). */
export const CounterBuyer = z.union([
  z.object({ partyUnitCode: z.string().trim().min(1).max(32) }).strict(),
  z.object({ walkInName: z.string().trim().max(100).optional(), walkInMobile: Mobile.optional() }).strict(),
]);
export type CounterBuyer = z.infer<typeof CounterBuyer>;

export const CounterLineInput = z.object({
  productId: z.string().uuid(),
  /** A chosen batch (manual override); without it the units are taken first expiry first, over several batches if need be. */
  batchId: z.string().uuid().optional(),
  quantity: z.number().int().min(1).max(100000),
  discountBp: z.number().int().min(0).max(10000).default(0),
});
export type CounterLineInput = z.input<typeof CounterLineInput>;

export const CounterDraft = z.object({
  buyer: CounterBuyer,
  lines: z.array(CounterLineInput).min(1).max(200),
});
export type CounterDraft = z.input<typeof CounterDraft>;

export const CounterSaleInput = CounterDraft.extend({ paymentMode: z.enum(PAYMENT_MODES) });
export type CounterSaleInput = z.input<typeof CounterSaleInput>;

/** A priced bill before it is issued: no number taken, no stock moved. */
export const CounterPreview = z.object({
  supplier: DocumentParty,
  recipient: DocumentParty,
  supplyKind: z.enum(['INTRA', 'INTER']),
  lines: z.array(SalesInvoiceLine.extend({ batchId: z.string() })),
  totals: DocumentTotalsSchema,
  amountInWords: z.string(),
  /** Near-expiry batches on the bill (policy WARN). */
  warnings: z.array(z.string()),
});
export type CounterPreview = z.infer<typeof CounterPreview>;

export const CounterPayment = z.object({
  mode: z.enum(PAYMENT_MODES),
  /** PAID once a receipt is posted (cash and UPI at once; a credit sale when it is settled). */
  status: z.enum(['PAID', 'OUTSTANDING']),
  /** How it was settled (CASH or UPI), null while outstanding. */
  settledBy: z.enum(['CASH', 'UPI']).nullable(),
  receiptNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type CounterPayment = z.infer<typeof CounterPayment>;

export const CounterSale = z.object({
  invoice: SalesInvoice,
  payment: CounterPayment,
  buyerMobile: z.string().nullable(),
  quotationNumber: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type CounterSale = z.infer<typeof CounterSale>;

export const CounterSaleSummary = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  buyerName: z.string(),
  partyUnitCode: z.string().nullable(),
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
  paymentMode: z.enum(PAYMENT_MODES),
  paymentStatus: z.enum(['PAID', 'OUTSTANDING']),
});
export const CounterSaleList = Paged(CounterSaleSummary);
export type CounterSaleList = z.infer<typeof CounterSaleList>;
export const CounterSaleListQuery = PageQuery;

/** Settling a credit sale later, at the counter. */
export const CounterSettleInput = z.object({ mode: z.enum(['CASH', 'UPI']) });

// ---- quotations ----

export const QuotationInput = CounterDraft.extend({ validUntil: IsoDate });
export type QuotationInput = z.input<typeof QuotationInput>;

export const Quotation = z.object({
  quotationId: z.string(),
  quotationNumber: z.string(),
  quotationDate: z.string(),
  validUntil: z.string(),
  supplier: DocumentParty,
  recipient: DocumentParty,
  supplyKind: z.enum(['INTRA', 'INTER']),
  lines: z.array(SalesInvoiceLine),
  totals: DocumentTotalsSchema,
  amountInWords: z.string(),
  status: z.enum(['OPEN', 'EXPIRED', 'CONVERTED']),
  /** The invoice it became (once). */
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type Quotation = z.infer<typeof Quotation>;

export const QuotationConvertInput = z.object({ paymentMode: z.enum(PAYMENT_MODES) });
