import { z } from 'zod';
import { IsoDate, Month } from './common';
import { PageQuery, Paged } from './envelope';
import { DocumentCancellation, EInvoiceState } from './einvoice';

/*
 * Accounting contracts (issue 13): the double-entry ledger every money document posts to, document numbering,
 * and sales tax invoices. Money is integer paise, rates basis points, dates 'YYYY-MM-DD' (IST calendar days).
 * Paths: ACCOUNTING_PATHS in paths.ts. The money and GST rules themselves: gst.ts.
 */

// ---- the chart of accounts ----

export const ACCOUNT_NATURES = ['ASSET', 'LIABILITY', 'INCOME', 'EXPENSE', 'EQUITY'] as const;
export type AccountNature = (typeof ACCOUNT_NATURES)[number];

/** Groups a head sits in (Tally's primary groups); the group decides where it shows in the books. */
export const ACCOUNT_GROUPS = {
  SALES: { name: 'Sales Accounts', nature: 'INCOME' },
  PURCHASES: { name: 'Purchase Accounts', nature: 'EXPENSE' },
  DIRECT_INCOMES: { name: 'Direct Incomes', nature: 'INCOME' },
  INDIRECT_INCOMES: { name: 'Indirect Incomes', nature: 'INCOME' },
  DIRECT_EXPENSES: { name: 'Direct Expenses', nature: 'EXPENSE' },
  INDIRECT_EXPENSES: { name: 'Indirect Expenses', nature: 'EXPENSE' },
  DUTIES_TAXES: { name: 'Duties & Taxes', nature: 'LIABILITY' },
  SUNDRY_DEBTORS: { name: 'Sundry Debtors', nature: 'ASSET' },
  SUNDRY_CREDITORS: { name: 'Sundry Creditors', nature: 'LIABILITY' },
  CASH_IN_HAND: { name: 'Cash-in-Hand', nature: 'ASSET' },
  BANK_ACCOUNTS: { name: 'Bank Accounts', nature: 'ASSET' },
  STOCK_IN_HAND: { name: 'Stock-in-Hand', nature: 'ASSET' },
  CURRENT_ASSETS: { name: 'Current Assets', nature: 'ASSET' },
  FIXED_ASSETS: { name: 'Fixed Assets', nature: 'ASSET' },
  CURRENT_LIABILITIES: { name: 'Current Liabilities', nature: 'LIABILITY' },
  LOANS: { name: 'Loans (Liability)', nature: 'LIABILITY' },
  CAPITAL: { name: 'Capital Account', nature: 'EQUITY' },
} as const satisfies Record<string, { name: string; nature: AccountNature }>;
export type AccountGroup = keyof typeof ACCOUNT_GROUPS;
export const AccountGroupSchema = z.enum(Object.keys(ACCOUNT_GROUPS) as [AccountGroup, ...AccountGroup[]]);

/**
 * The default chart every unit gets on first use (codes are stable keys; names are what people read).
 * Parties get their own heads on first use: `DEBTOR:<unit id>` (Sundry Debtors) and `CREDITOR:<unit id>`
 * (Sundry Creditors); walk-in buyers share WALK_IN. Custom heads have codes `CUSTOM:<id>`.
 */
export const SYSTEM_HEADS = {
  SALES: { name: 'Sales', group: 'SALES' },
  SALES_RETURNS: { name: 'Sales Returns', group: 'SALES' },
  PURCHASES: { name: 'Purchases', group: 'PURCHASES' },
  PURCHASE_RETURNS: { name: 'Purchase Returns', group: 'PURCHASES' },
  OUTPUT_CGST: { name: 'Output CGST', group: 'DUTIES_TAXES' },
  OUTPUT_SGST: { name: 'Output SGST', group: 'DUTIES_TAXES' },
  OUTPUT_IGST: { name: 'Output IGST', group: 'DUTIES_TAXES' },
  INPUT_CGST: { name: 'Input CGST', group: 'DUTIES_TAXES' },
  INPUT_SGST: { name: 'Input SGST', group: 'DUTIES_TAXES' },
  INPUT_IGST: { name: 'Input IGST', group: 'DUTIES_TAXES' },
  ROUND_OFF: { name: 'Round Off', group: 'INDIRECT_EXPENSES' },
  DISCOUNT_ALLOWED: { name: 'Discount Allowed', group: 'INDIRECT_EXPENSES' },
  DISCOUNT_RECEIVED: { name: 'Discount Received', group: 'INDIRECT_INCOMES' },
  CASH: { name: 'Cash', group: 'CASH_IN_HAND' },
  BANK: { name: 'Bank', group: 'BANK_ACCOUNTS' },
  UPI_CLEARING: { name: 'UPI Clearing', group: 'CURRENT_ASSETS' },
  STOCK: { name: 'Stock', group: 'STOCK_IN_HAND' },
  WALK_IN: { name: 'Walk-in Customers', group: 'SUNDRY_DEBTORS' },
  // Move-in (issue 36): every opening amount posts against OPENING_BALANCES; what is left on it once everything is in
  // (less the stock brought in at cost) is moved, when the owner confirms it, to OPENING_DIFFERENCE.
  OPENING_BALANCES: { name: 'Opening Balances', group: 'CAPITAL' },
  OPENING_DIFFERENCE: { name: 'Difference in Opening Balances', group: 'CAPITAL' },
} as const satisfies Record<string, { name: string; group: AccountGroup }>;
export type SystemHead = keyof typeof SYSTEM_HEADS;

/** What a voucher records. Every money document posts exactly one (a reversal posts a REVERSAL of it). */
export const VOUCHER_KINDS = ['SALES', 'PURCHASE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'RECEIPT', 'PAYMENT', 'JOURNAL', 'CONTRA', 'REVERSAL'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

export const AccountHead = z.object({
  accountId: z.string(),
  code: z.string(),
  name: z.string(),
  group: AccountGroupSchema,
  nature: z.enum(ACCOUNT_NATURES),
  /** Party heads: the counterparty's unit code. */
  partyUnitCode: z.string().nullable(),
  system: z.boolean(),
});
export type AccountHead = z.infer<typeof AccountHead>;

export const TrialBalanceRow = AccountHead.extend({ debitPaise: z.number().int(), creditPaise: z.number().int(), balancePaise: z.number().int() });
/** Balances up to a date: Σ debits = Σ credits, so the balances (debit − credit) add up to zero. */
export const TrialBalance = z.object({ asOf: z.string(), rows: z.array(TrialBalanceRow), debitPaise: z.number().int(), creditPaise: z.number().int() });
export type TrialBalance = z.infer<typeof TrialBalance>;

// ---- document numbering (Rule 46(b): consecutive, ≤ 16 characters of letters, digits, '-' and '/') ----

/** Series of numbered documents; each unit counts each series separately per financial year. */
export const DOCUMENT_SERIES = ['INV', 'CN', 'DN', 'QTN', 'PO', 'RCT', 'PAY', 'JV'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/** The financial year (April to March) of an IST calendar date: '2027-03-31' → '2026-27'. */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** First and last day of a financial year ('2026-27' → 2026-04-01 … 2027-03-31). */
export function financialYearRange(fy: string): { from: string; to: string } {
  const start = Number(fy.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** INV/26-27/000123: series, the year as 'YY-YY', a 6-digit serial. Throws if it would not fit in 16 characters. */
export function documentNumber(series: DocumentSeries, fy: string, serial: number): string {
  const number = `${series}/${fy.slice(2)}/${String(serial).padStart(6, '0')}`;
  if (!/^[A-Za-z0-9/-]+$/.test(number) || number.length > MAX_DOCUMENT_NUMBER_LENGTH) throw new RangeError(`document number ${number} is longer than 16 characters`);
  return number;
}

// ---- sales tax invoices ----

/** `.refine(...periodInOrder)`: a period's `from` is not after its `to` (either may be absent). */
export const periodInOrder: [(q: { from?: string | undefined; to?: string | undefined }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: '`from` must not be after `to`', path: ['from'] },
];


/** `asOf`: balances up to and including that day (default today). */
export const TrialBalanceQuery = z.object({ asOf: IsoDate.optional() });

/** A party as the document prints it (copied onto the document when issued: later profile edits do not change it). */
export const DocumentParty = z.object({
  unitCode: z.string().nullable(),
  name: z.string(),
  address: z.string(),
  gstin: z.string().nullable(),
  stateCode: z.string(),
  stateName: z.string(),
  /** Wholesale drug sales: both parties' drug licence numbers (Form 20B/21B). */
  drugLicences: z.array(z.string()),
  phone: z.string().nullable(),
});
export type DocumentParty = z.infer<typeof DocumentParty>;

/** One line per batch: everything a purchase bill needs to take the goods into the buyer's stock. */
export const SalesInvoiceLine = z.object({
  position: z.number().int(),
  productId: z.string().nullable(),
  productName: z.string(),
  manufacturer: z.string(),
  pack: z.string(),
  hsn: z.string(),
  batchNo: z.string(),
  expiryDate: z.string(),
  mrpPaise: z.number().int(),
  /** PTR per unit. */
  ratePaise: z.number().int(),
  quantity: z.number().int(),
  freeQuantity: z.number().int(),
  discountBp: z.number().int(),
  discountPaise: z.number().int(),
  grossPaise: z.number().int(),
  taxablePaise: z.number().int(),
  gstRateBp: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type SalesInvoiceLine = z.infer<typeof SalesInvoiceLine>;

export const DocumentTotalsSchema = z.object({
  grossPaise: z.number().int(),
  discountPaise: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  taxPaise: z.number().int(),
  beforeRoundOffPaise: z.number().int(),
  roundOffPaise: z.number().int(),
  totalPaise: z.number().int(),
});

export const SalesInvoice = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  /** When it is to be paid: invoice date + the buyer's credit days at issue (credit.ts); = invoice date when due on receipt. */
  dueDate: z.string(),
  /** The credit days it was issued with; null: due on receipt. */
  creditDays: z.number().int().nullable(),
  /** The marketplace order it bills (null for counter sales). */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  supplier: DocumentParty,
  recipient: DocumentParty,
  placeOfSupply: z.object({ code: z.string(), name: z.string() }),
  supplyKind: z.enum(['INTRA', 'INTER']),
  reverseCharge: z.boolean(),
  lines: z.array(SalesInvoiceLine),
  totals: DocumentTotalsSchema,
  amountInWords: z.string(),
  /** Which party is reading it. */
  callerSide: z.enum(['SELLER', 'BUYER']),
  createdAt: z.string(),
  /** Its IRN state when its issuer has e-invoicing on and the recipient a GSTIN (issue 34); else null. */
  eInvoice: EInvoiceState.nullable(),
  /** Set once it is cancelled (issue 34); absent while it stands. */
  cancelled: DocumentCancellation.nullable().optional(),
  /**
   * What the buyer says it paid on this invoice and the seller has not confirmed yet (issue 39: "Payment claimed", not
   * paid); 0 when nothing waits. Absent where the invoice is not read whole (a just-issued one).
   */
  paymentClaimedPaise: z.number().int().optional(),
});
export type SalesInvoice = z.infer<typeof SalesInvoice>;

export const SalesInvoiceSummary = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  orderNumber: z.string().nullable(),
  partyName: z.string(),
  partyUnitCode: z.string().nullable(),
  partyGstin: z.string().nullable(),
  itemCount: z.number().int(),
  taxablePaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type SalesInvoiceSummary = z.infer<typeof SalesInvoiceSummary>;
export const SalesInvoiceList = Paged(SalesInvoiceSummary);
export type SalesInvoiceList = z.infer<typeof SalesInvoiceList>;

/** The seller's invoices, newest first; `from`/`to` (invoice dates, inclusive) and `partyUnitCode` narrow it. */
export const SalesInvoiceListQuery = PageQuery.extend({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  partyUnitCode: z.string().trim().min(1).max(32).optional(),
  /** ONLINE: invoices of marketplace orders (sales/online); COUNTER: in-store bills; absent: both. */
  channel: z.enum(['ONLINE', 'COUNTER']).optional(),
}).refine(...periodInOrder);
export type SalesInvoiceListQuery = z.input<typeof SalesInvoiceListQuery>;

export const InvoicePdfQuery = z.object({ size: z.enum(['A4', 'A5']).default('A4') });

// ---- reports ----

/** A month of sales: `month` is 'YYYY-MM' (IST invoice dates); the page lists invoices in number order. */
export const SalesRegisterQuery = PageQuery.extend({ month: Month, partyUnitCode: z.string().trim().min(1).max(32).optional() });
export type SalesRegisterQuery = z.input<typeof SalesRegisterQuery>;

export const RegisterTotals = z.object({
  invoiceCount: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  roundOffPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export const SalesRegisterRow = SalesInvoiceSummary.omit({ taxPaise: true, itemCount: true }).extend({
  placeOfSupply: z.string(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  roundOffPaise: z.number().int(),
});
export const SalesRegister = Paged(SalesRegisterRow).extend({ from: z.string(), to: z.string(), totals: RegisterTotals });
export type SalesRegister = z.infer<typeof SalesRegister>;

export const HsnSummaryQuery = z.object({ month: Month });
export const HsnSummaryRow = z.object({
  hsn: z.string(),
  gstRateBp: z.number().int(),
  /** Units supplied, free units included (GSTR-1 table 12 counts what left the premises). */
  quantity: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export const HsnSummary = z.object({ from: z.string(), to: z.string(), rows: z.array(HsnSummaryRow), totals: HsnSummaryRow.omit({ hsn: true, gstRateBp: true }) });
export type HsnSummary = z.infer<typeof HsnSummary>;
