import { z } from 'zod';
import { INT4_MAX } from './common';
import { DocumentParty, DocumentTotalsSchema, SalesInvoiceLine } from './accounting';
import { PageQuery, Paged } from './envelope';
import { documentTotals, lineAmounts, roundToRupee, type DocumentTotals, type LineAmounts, type SupplyKind } from './gst';
import { DocumentCancellation, EInvoiceState } from './einvoice';

/*
 * Sales returns (issue 13): the seller takes goods back against one issued sales invoice and issues a credit note
 * (CGST Act section 34) that reverses the tax at the invoice's own rates. Paths: ACCOUNTING_PATHS.salesReturns… .
 *
 * Expiry returns at an agreed percentage of PTR: `creditPercentBp` (basis points, 8000 = 80 %) sets the line's
 * credit rate = PTR × percent, rounded half up to the paisa (e.g. PTR ₹27.55 at 80 % → ₹22.04); the invoice line's
 * discounts are then not applied again (the agreed percentage replaces the trade terms). Without it the full PTR
 * is credited, less the invoice line's discount in proportion to the units (returnedLineAmounts).
 *
 * Returns of one invoice add up to it exactly: the k-th unit of a line credits what units 1…k are worth less what
 * units 1…k−1 are worth (each priced as a line with its share of the discount rounded half up), so the notes that
 * return a whole line, however split, credit its taxable value and tax to the paisa; and each note rounds to the
 * rupee what the invoice's notes add up to before rounding, less what earlier notes credited (creditNoteTotals), so
 * a whole invoice returned over several notes credits its total.
 */

export const RETURN_REASONS = ['DAMAGED', 'EXPIRED', 'WRONG_ITEM', 'OTHER'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = { DAMAGED: 'Damaged', EXPIRED: 'Expired', WRONG_ITEM: 'Wrong item', OTHER: 'Other' };

/** SALEABLE: back into the same batch of the seller's warehouse. NON_SALEABLE: the expired/damaged store, never sold. */
export const RETURN_DESTINATIONS = ['SALEABLE', 'NON_SALEABLE'] as const;
export type ReturnDestination = (typeof RETURN_DESTINATIONS)[number];
export const RETURN_DESTINATION_LABELS: Record<ReturnDestination, string> = { SALEABLE: 'Back to saleable stock', NON_SALEABLE: 'Expired / damaged store' };

/** The credit rate of a line: PTR × percent (basis points), rounded half up to the paisa. */
export function creditRatePaise(ptrPaise: number, percentBp: number): number {
  if (!Number.isInteger(ptrPaise) || ptrPaise < 0 || !Number.isInteger(percentBp) || percentBp < 1 || percentBp > 10_000) throw new RangeError('bad rate or percent');
  return Math.floor((ptrPaise * percentBp + 5000) / 10_000);
}

/** The invoice line's terms a return is priced from. */
export interface InvoiceLineTerms {
  quantity: number;
  ratePaise: number;
  /** The line's whole discount (percent and amount together), paise. */
  discountPaise: number;
  gstRateBp: number;
}

/** The line's first `units` units as a line of their own: PTR each, their share of the discount rounded half up. */
function firstUnits(l: InvoiceLineTerms, units: number, supply: SupplyKind): LineAmounts {
  const q = BigInt(l.quantity);
  const discount = q === 0n ? 0 : Number((2n * BigInt(l.discountPaise) * BigInt(units) + q) / (2n * q));
  return lineAmounts({ quantity: units, ratePaise: l.ratePaise, discountPaise: discount, gstRateBp: l.gstRateBp }, supply);
}

const AMOUNT_KEYS = ['grossPaise', 'discountPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise', 'totalPaise'] as const;

/**
 * What returning `quantity` units of an invoice line credits, after `returnedBefore` of its units were returned
 * (by earlier notes, at whatever rate): at full rate the units' own share of the line (units before+1 … before+q,
 * see the top of this file), at an agreed percentage of PTR that rate with no discount.
 */
export function returnedLineAmounts(
  l: InvoiceLineTerms,
  r: { returnedBefore: number; quantity: number; creditPercentBp: number },
  supply: SupplyKind,
): LineAmounts & { ratePaise: number } {
  if (r.creditPercentBp !== 10_000) {
    const ratePaise = creditRatePaise(l.ratePaise, r.creditPercentBp);
    return { ratePaise, ...lineAmounts({ quantity: r.quantity, ratePaise, gstRateBp: l.gstRateBp }, supply) };
  }
  if (r.returnedBefore < 0 || r.quantity < 0 || r.returnedBefore + r.quantity > l.quantity) throw new RangeError('more units returned than the line has');
  const upTo = firstUnits(l, r.returnedBefore + r.quantity, supply);
  const before = firstUnits(l, r.returnedBefore, supply);
  const amounts = Object.fromEntries(AMOUNT_KEYS.map((k) => [k, upTo[k] - before[k]])) as unknown as LineAmounts;
  return { ratePaise: l.ratePaise, ...amounts };
}

/** Round-offs a credit note may carry (credit_notes' check): a note evens out its invoice's earlier notes' rounding. */
export const CREDIT_NOTE_ROUND_OFF = { min: -99, max: 99 } as const;

/**
 * A credit note's totals: its lines' sums, and a total that makes the invoice's notes add up to the rupee-rounded sum
 * of all their lines (`earlier`: the invoice's earlier notes' sum before rounding and their totals). Where earlier
 * notes were rounded one by one (before this rule) and that would need a round-off beyond ±₹0.99, the note rounds
 * on its own.
 */
export function creditNoteTotals(lines: readonly LineAmounts[], earlier: { beforeRoundOffPaise: number; totalPaise: number }): DocumentTotals {
  const own = documentTotals(lines);
  const total = roundToRupee(earlier.beforeRoundOffPaise + own.beforeRoundOffPaise) - earlier.totalPaise;
  const roundOff = total - own.beforeRoundOffPaise;
  if (total < 0 || roundOff < CREDIT_NOTE_ROUND_OFF.min || roundOff > CREDIT_NOTE_ROUND_OFF.max) return own;
  return { ...own, roundOffPaise: roundOff, totalPaise: total };
}

export const SalesReturnLineInput = z
  .object({
    /** The invoice line (its position on the invoice). */
    invoicePosition: z.number().int().min(1).max(INT4_MAX),
    quantity: z.number().int().min(0).max(1_000_000),
    freeQuantity: z.number().int().min(0).max(1_000_000).default(0),
    reason: z.enum(RETURN_REASONS),
    destination: z.enum(RETURN_DESTINATIONS),
    /** Expiry returns credited at an agreed share of PTR, e.g. 8000 = 80 %; omitted = 100 %. */
    creditPercentBp: z.number().int().min(1).max(10_000).optional(),
  })
  .refine((l) => l.quantity + l.freeQuantity > 0, { message: 'Return at least one unit', path: ['quantity'] });

export const CreateSalesReturn = z
  .object({
    invoiceId: z.string().uuid(),
    lines: z.array(SalesReturnLineInput).min(1).max(500),
    note: z.string().trim().max(500).optional(),
  })
  .refine((r) => new Set(r.lines.map((l) => l.invoicePosition)).size === r.lines.length, { message: 'Each invoice line at most once', path: ['lines'] });
export type CreateSalesReturn = z.input<typeof CreateSalesReturn>;

export const CreditNoteLine = SalesInvoiceLine.extend({
  invoicePosition: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  destination: z.enum(RETURN_DESTINATIONS),
  /** 10000 unless an agreed percentage of PTR was credited. */
  creditPercentBp: z.number().int(),
  /** The invoice's PTR (ratePaise is what is credited per unit). */
  invoiceRatePaise: z.number().int(),
});
export type CreditNoteLine = z.infer<typeof CreditNoteLine>;

export const CreditNote = z.object({
  creditNoteId: z.string(),
  creditNoteNumber: z.string(),
  creditNoteDate: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  supplier: DocumentParty,
  recipient: DocumentParty,
  placeOfSupply: z.object({ code: z.string(), name: z.string() }),
  supplyKind: z.enum(['INTRA', 'INTER']),
  lines: z.array(CreditNoteLine),
  totals: DocumentTotalsSchema,
  amountInWords: z.string(),
  note: z.string().nullable(),
  callerSide: z.enum(['SELLER', 'BUYER']),
  createdAt: z.string(),
  /**
   * A walk-in buyer's credit note on a paid counter sale is paid back by the seller (RefundCreditNote): what is left
   * to pay back (0 for any other note, or once paid), and the refunds made (PAY vouchers).
   */
  refundablePaise: z.number().int(),
  refunds: z.array(z.object({ voucherNumber: z.string(), date: z.string(), amountPaise: z.number().int() })),
  /** Its IRN state when its issuer has e-invoicing on and the recipient a GSTIN (issue 34); else null. */
  eInvoice: EInvoiceState.nullable(),
  /** Set once it is cancelled (issue 34); absent while it stands. */
  cancelled: DocumentCancellation.nullable().optional(),
});
export type CreditNote = z.infer<typeof CreditNote>;

/** How the walk-in buyer is paid back: cash over the counter, UPI or a bank transfer. The whole refundable amount, today. */
export const RefundCreditNote = z.object({ method: z.enum(['CASH', 'UPI', 'BANK_TRANSFER']) }).strict();
export type RefundCreditNote = z.input<typeof RefundCreditNote>;

export const CreditNoteSummary = z.object({
  creditNoteId: z.string(),
  creditNoteNumber: z.string(),
  creditNoteDate: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  partyName: z.string(),
  partyUnitCode: z.string().nullable(),
  itemCount: z.number().int(),
  taxablePaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;
export const CreditNoteList = Paged(CreditNoteSummary);
export type CreditNoteList = z.infer<typeof CreditNoteList>;

/** The seller's credit notes, newest first; `invoiceId` narrows to the returns of one invoice. */
export const CreditNoteListQuery = PageQuery.extend({ invoiceId: z.string().uuid().optional() });
export type CreditNoteListQuery = z.input<typeof CreditNoteListQuery>;

/** What may still be returned of each line of an invoice (for the return form). */
export const ReturnableLine = SalesInvoiceLine.extend({
  returnedQuantity: z.number().int(),
  returnedFreeQuantity: z.number().int(),
  returnableQuantity: z.number().int(),
  returnableFreeQuantity: z.number().int(),
  /** The batch is expired today: it can only go to the non-saleable store. */
  expired: z.boolean(),
  /** The line has a batch of the seller's to go back into (counter sales may not). */
  restockable: z.boolean(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;
export const ReturnableInvoice = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  partyName: z.string(),
  partyUnitCode: z.string().nullable(),
  totalPaise: z.number().int(),
  lines: z.array(ReturnableLine),
});
export type ReturnableInvoice = z.infer<typeof ReturnableInvoice>;
/** The invoice to return against: by id, or by its number (exact, e.g. 'INV/26-27/000012'). */
export const ReturnableInvoiceQuery = z
  .object({ invoiceId: z.string().uuid().optional(), invoiceNumber: z.string().trim().toUpperCase().min(1).max(16).optional() })
  .refine((q) => (q.invoiceId === undefined) !== (q.invoiceNumber === undefined), { message: 'Give invoiceId or invoiceNumber', path: ['invoiceNumber'] });
export type ReturnableInvoiceQuery = z.input<typeof ReturnableInvoiceQuery>;
