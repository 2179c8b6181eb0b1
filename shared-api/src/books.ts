import { z } from 'zod';
import { AmountPaise, IsoDate, Month } from './common';
import { DueAgeing } from './credit';
import { AccountGroupSchema, AccountHead, VOUCHER_KINDS, periodInOrder } from './accounting';
import { PageQuery, Paged } from './envelope';

/*
 * The books (issue 14): everything here is read from vouchers (ledger/post.ts) and the stock ledger, never stored
 * twice. Money in integer paise, dates 'YYYY-MM-DD' (IST calendar days), periods inclusive. Paths: BOOKS_PATHS.
 */

/** A period; both ends optional: `from` defaults to the start of the financial year of `to`, `to` to today. */
export const PeriodQuery = z
  .object({ from: IsoDate.optional(), to: IsoDate.optional() })
  .refine(...periodInOrder);
export type PeriodQuery = z.input<typeof PeriodQuery>;

export const AsOfQuery = z.object({ asOf: IsoDate.optional() });

/** Downloads of a report: a spreadsheet or a printable page. */
export const ExportFormat = z.enum(['xlsx', 'pdf', 'csv']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const VoucherKindSchema = z.enum(VOUCHER_KINDS);

// ---- heads (the chart of accounts) ----

export const HeadBalance = AccountHead.extend({ debitPaise: z.number().int(), creditPaise: z.number().int(), balancePaise: z.number().int() });
export type HeadBalance = z.infer<typeof HeadBalance>;

/** heads/dashboard: the chart as a tree, group → heads, with balances (debit − credit) up to `asOf`. */
export const HeadsTree = z.object({
  asOf: z.string(),
  groups: z.array(
    z.object({
      group: AccountGroupSchema,
      name: z.string(),
      nature: z.enum(['ASSET', 'LIABILITY', 'INCOME', 'EXPENSE', 'EQUITY']),
      balancePaise: z.number().int(),
      heads: z.array(HeadBalance),
    }),
  ),
});
export type HeadsTree = z.infer<typeof HeadsTree>;

/** heads/add: a custom head under one of the groups; its name must be new in the unit's books (else E0009). */
export const NewHeadInput = z.object({
  name: z.string().trim().min(2, 'Enter a name of at least 2 characters').max(80, 'At most 80 characters'),
  group: AccountGroupSchema,
});
export type NewHeadInput = z.infer<typeof NewHeadInput>;

// ---- ledgers ----

export const LedgerQuery = PageQuery.extend({
  accountId: z.string().uuid('Choose a head'),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
}).refine(...periodInOrder);
export type LedgerQuery = z.input<typeof LedgerQuery>;

export const LedgerEntry = z.object({
  voucherId: z.string(),
  date: z.string(),
  kind: VoucherKindSchema,
  documentType: z.string(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  narration: z.string(),
  /** The other heads of the voucher ("Sales, Output CGST, …"). */
  particulars: z.string(),
  debitPaise: z.number().int(),
  creditPaise: z.number().int(),
  /** Running balance (debit − credit) after this entry. */
  balancePaise: z.number().int(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/**
 * One head for a period: opening balance, every voucher with a running balance (paged in date order), closing
 * balance. Income and expense heads start each financial year at zero; the others carry their balance forward.
 * Balances are debit − credit (a debtor who owes us is positive, a creditor we owe is negative).
 */
export const LedgerStatement = Paged(LedgerEntry).extend({
  account: AccountHead,
  from: z.string(),
  to: z.string(),
  openingPaise: z.number().int(),
  debitPaise: z.number().int(),
  creditPaise: z.number().int(),
  closingPaise: z.number().int(),
});
export type LedgerStatement = z.infer<typeof LedgerStatement>;

export const LedgerExportQuery = z.object({ accountId: z.string().uuid(), from: IsoDate.optional(), to: IsoDate.optional(), format: ExportFormat.default('xlsx') });

/** The statements the books download besides ledgers (issue 39 item 5), as xlsx, csv or a printable PDF. */
export const FINANCIAL_STATEMENTS = ['PROFIT_AND_LOSS', 'TRIAL_BALANCE', 'BALANCE_SHEET'] as const;
/** `from`/`to`: the profit and loss's period (default: this financial year to today); `asOf`: the others' day. */
export const StatementExportQuery = z
  .object({ statement: z.enum(FINANCIAL_STATEMENTS), format: ExportFormat.default('xlsx'), from: IsoDate.optional(), to: IsoDate.optional(), asOf: IsoDate.optional() })
  .refine(...periodInOrder);
export type StatementExportQuery = z.infer<typeof StatementExportQuery>;

// ---- outstanding and ageing ----

/** RECEIVABLE: what parties owe the unit (debtor heads); PAYABLE: what the unit owes (creditor heads). */
export const OutstandingSide = z.enum(['RECEIVABLE', 'PAYABLE']);
export type OutstandingSide = z.infer<typeof OutstandingSide>;

export const Ageing = z.object({
  /** 0–30 days since the document date, 31–60, 61–90, over 90. */
  d0to30Paise: z.number().int(),
  d31to60Paise: z.number().int(),
  d61to90Paise: z.number().int(),
  over90Paise: z.number().int(),
});
export type Ageing = z.infer<typeof Ageing>;

export const OutstandingQuery = z.object({ side: OutstandingSide.default('RECEIVABLE'), asOf: IsoDate.optional() });

/** One party: its head's balance split by the open documents it is made of (credits settle the oldest first). */
export const PartyOutstanding = z.object({
  accountId: z.string(),
  partyName: z.string(),
  partyUnitCode: z.string().nullable(),
  side: OutstandingSide,
  /** = the head's balance as of the date, owed to (RECEIVABLE) or by (PAYABLE) the unit; negative is an advance. */
  outstandingPaise: z.number().int(),
  ageing: Ageing,
  /** The same open amounts by days past their due date (credit.ts DueAgeing). */
  ageingByDue: DueAgeing,
  /** Open documents. */
  openCount: z.number().int(),
  oldestOpenDate: z.string().nullable(),
});
export type PartyOutstanding = z.infer<typeof PartyOutstanding>;

export const OutstandingReport = z.object({ asOf: z.string(), side: OutstandingSide, parties: z.array(PartyOutstanding), totalPaise: z.number().int(), ageing: Ageing, ageingByDue: DueAgeing });
export type OutstandingReport = z.infer<typeof OutstandingReport>;

export const OpenDocument = z.object({
  voucherId: z.string(),
  documentType: z.string(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  date: z.string(),
  ageDays: z.number().int(),
  /** Its due date (a sales invoice's, an opening bill's, a platform bill's invoice's); else its date (due on receipt). */
  dueDate: z.string(),
  /** Days past the due date as of the report's day; 0 or less: not yet due. */
  daysPastDue: z.number().int(),
  amountPaise: z.number().int(),
  settledPaise: z.number().int(),
  outstandingPaise: z.number().int(),
});
export type OpenDocument = z.infer<typeof OpenDocument>;

/** One party's open documents (outstanding per invoice or bill), for its ledger page. */
export const PartyOutstandingDetail = PartyOutstanding.extend({
  asOf: z.string(),
  documents: z.array(OpenDocument),
  /** Receipts or payments not yet set against a document (an advance). */
  unallocatedPaise: z.number().int(),
});
export type PartyOutstandingDetail = z.infer<typeof PartyOutstandingDetail>;

// ---- journals ----

export const JournalsQuery = PageQuery.extend({ from: IsoDate.optional(), to: IsoDate.optional(), kind: VoucherKindSchema.optional() }).refine(...periodInOrder);
export type JournalsQuery = z.input<typeof JournalsQuery>;

export const VoucherLineView = z.object({ accountId: z.string(), accountName: z.string(), debitPaise: z.number().int(), creditPaise: z.number().int() });
export const VoucherView = z.object({
  voucherId: z.string(),
  date: z.string(),
  kind: VoucherKindSchema,
  documentType: z.string(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  narration: z.string(),
  amountPaise: z.number().int(),
  lines: z.array(VoucherLineView),
});
export type VoucherView = z.infer<typeof VoucherView>;

/** journals/dashboard: vouchers of a period (newest first), and per kind how many and how much. */
export const JournalsPage = Paged(VoucherView).extend({
  from: z.string(),
  to: z.string(),
  byKind: z.array(z.object({ kind: VoucherKindSchema, count: z.number().int(), amountPaise: z.number().int() })),
});
export type JournalsPage = z.infer<typeof JournalsPage>;

const Paise = AmountPaise;

/** journals/add: a manual journal (expenses, adjustments, opening balances): its lines must balance (else E0011). */
export const JournalInput = z
  .object({
    date: IsoDate,
    narration: z.string().trim().min(3, 'Say what the entry is for').max(500),
    lines: z
      .array(z.object({ accountId: z.string().uuid('Choose a head'), debitPaise: Paise.default(0), creditPaise: Paise.default(0) }))
      .min(2, 'A journal needs at least two lines')
      .max(100),
  })
  .superRefine((j, ctx) => {
    j.lines.forEach((l, i) => {
      if ((l.debitPaise > 0) === (l.creditPaise > 0)) ctx.addIssue({ code: 'custom', path: ['lines', i], message: 'Enter a debit or a credit on each line' });
    });
  });
export type JournalInput = z.input<typeof JournalInput>;

/**
 * How a unit's entries may be dated (issue 32): journals and payments from `earliestDate` (the first day of the
 * year before the one the unit joined in) to `latestDate` (today; the last day of the open financial year while the
 * owner allows forward dating). Anything else is refused with E0022.
 */
export const BooksSettings = z.object({ allowForwardDating: z.boolean(), earliestDate: z.string(), latestDate: z.string() });
export type BooksSettings = z.infer<typeof BooksSettings>;
export const BooksSettingsInput = z.object({ allowForwardDating: z.boolean() }).strict();
export type BooksSettingsInput = z.input<typeof BooksSettingsInput>;

// ---- financial years ----

export const FinancialYearStatus = z.object({
  financialYear: z.string(),
  from: z.string(),
  to: z.string(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** The year's net profit, as when closed (or so far). */
  netProfitPaise: z.number().int(),
});
export type FinancialYearStatus = z.infer<typeof FinancialYearStatus>;
export const FinancialYears = z.object({ years: z.array(FinancialYearStatus) });
export type FinancialYears = z.infer<typeof FinancialYears>;

/** '2025-26' */
export const FinancialYearParam = z.object({ financialYear: z.string().regex(/^\d{4}-\d{2}$/, 'Use 2025-26') });

// ---- profit and loss, balance sheet ----

export const HeadAmount = z.object({ accountId: z.string(), name: z.string(), group: AccountGroupSchema, amountPaise: z.number().int() });
export type HeadAmount = z.infer<typeof HeadAmount>;

/**
 * Trading and profit & loss account of a period. Stock is valued at cost, batch by batch, first in first out
 * (each receipt of goods a cost layer; what is left is the newest layers). Stock brought in without a bill
 * (inventory uploads, manual additions and adjustments) is shown on its own line at cost.
 *   costOfGoodsSold = openingStock + purchases − purchaseReturns + stockBroughtIn + directExpenses − closingStock
 *   grossProfit = netSales + directIncomes − costOfGoodsSold
 *   netProfit = grossProfit + indirectIncomes − indirectExpenses
 */
export const ProfitAndLossFigures = z.object({
  from: z.string(),
  to: z.string(),
  salesPaise: z.number().int(),
  salesReturnsPaise: z.number().int(),
  netSalesPaise: z.number().int(),
  openingStockPaise: z.number().int(),
  purchasesPaise: z.number().int(),
  purchaseReturnsPaise: z.number().int(),
  stockBroughtInPaise: z.number().int(),
  closingStockPaise: z.number().int(),
  directExpenses: z.array(HeadAmount),
  directIncomes: z.array(HeadAmount),
  costOfGoodsSoldPaise: z.number().int(),
  grossProfitPaise: z.number().int(),
  indirectIncomes: z.array(HeadAmount),
  indirectExpenses: z.array(HeadAmount),
  netProfitPaise: z.number().int(),
  /** Per calendar month of the period, for the charts. */
  months: z.array(z.object({ month: z.string(), netSalesPaise: z.number().int(), purchasesPaise: z.number().int(), expensesPaise: z.number().int() })),
});
export type ProfitAndLossFigures = z.infer<typeof ProfitAndLossFigures>;

/** `compare=previous`: the same figures for the period of the same length just before. */
export const ProfitAndLossQuery = z
  .object({ from: IsoDate.optional(), to: IsoDate.optional(), compare: z.enum(['none', 'previous']).default('previous') })
  .refine(...periodInOrder);
export const ProfitAndLoss = ProfitAndLossFigures.extend({ previous: ProfitAndLossFigures.nullable() });
export type ProfitAndLoss = z.infer<typeof ProfitAndLoss>;

export const BalanceSheetSection = z.object({ group: AccountGroupSchema, name: z.string(), amountPaise: z.number().int(), heads: z.array(HeadAmount) });
/**
 * A simple balance sheet on a day: assets = liabilities + equity. Equity is the capital heads, the stock brought in
 * without a bill (at cost) and the profit so far (every year's net profit up to the day).
 */
export const BalanceSheet = z.object({
  asOf: z.string(),
  assets: z.array(BalanceSheetSection),
  closingStockPaise: z.number().int(),
  totalAssetsPaise: z.number().int(),
  liabilities: z.array(BalanceSheetSection),
  totalLiabilitiesPaise: z.number().int(),
  equity: z.object({ capitalPaise: z.number().int(), stockBroughtInPaise: z.number().int(), profitPaise: z.number().int(), totalPaise: z.number().int() }),
  /** With the previous year-end for comparison. */
  previous: z.object({ asOf: z.string(), totalAssetsPaise: z.number().int(), equityPaise: z.number().int() }).nullable(),
});
export type BalanceSheet = z.infer<typeof BalanceSheet>;

// ---- stores (the unit's warehouses) ----

export const NearExpiryValue = z.object({ d30Paise: z.number().int(), d60Paise: z.number().int(), d90Paise: z.number().int(), expiredPaise: z.number().int() });

export const StoreSummary = z.object({
  warehouseId: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  isActive: z.boolean(),
  /** Stock at cost (first in first out) and at MRP, today. */
  stockValuePaise: z.number().int(),
  mrpValuePaise: z.number().int(),
  batchCount: z.number().int(),
  outOfStockProducts: z.number().int(),
  /** Stock at cost expiring within 30/60/90 days (cumulative), and already expired. */
  nearExpiry: NearExpiryValue,
  /** Taxable value of invoices of the period whose goods left this store, less credit notes. */
  salesPaise: z.number().int(),
  /** Taxable value of purchase bills received into this store in the period. */
  purchasesPaise: z.number().int(),
  /** Receivable today on invoices whose goods left this store. */
  outstandingPaise: z.number().int(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

export const StoresDashboard = z.object({ from: z.string(), to: z.string(), stores: z.array(StoreSummary), totals: StoreSummary.omit({ warehouseId: true, name: true, city: true, isActive: true }) });
export type StoresDashboard = z.infer<typeof StoresDashboard>;

export const StoreDetailsQuery = z
  .object({ warehouseId: z.string().uuid(), from: IsoDate.optional(), to: IsoDate.optional() })
  .refine(...periodInOrder);

export const StoreDetails = z.object({
  from: z.string(),
  to: z.string(),
  store: StoreSummary,
  address: z.string().nullable(),
  /** Most valuable stock at cost. */
  topProducts: z.array(z.object({ productId: z.string(), productName: z.string(), quantity: z.number().int(), stockValuePaise: z.number().int() })),
  /** Batches expiring within 90 days (or expired) with stock, soonest first. */
  expiringBatches: z.array(
    z.object({ batchId: z.string(), productName: z.string(), batchNo: z.string(), expiryDate: z.string(), quantity: z.number().int(), stockValuePaise: z.number().int() }),
  ),
  months: z.array(z.object({ month: z.string(), salesPaise: z.number().int(), purchasesPaise: z.number().int() })),
});
export type StoreDetails = z.infer<typeof StoreDetails>;

// ---- GST returns ----

export const GstMonthQuery = z.object({ month: Month });
export const GstFileQuery = z.object({ month: Month, format: z.enum(['json', 'csv', 'xlsx']).default('json') });

const Rupees = z.number();
const ItemDetail = z.object({ rt: z.number(), txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees });
const Item = z.object({ num: z.number().int(), itm_det: ItemDetail });

const HsnRow = z.object({ num: z.number().int(), hsn_sc: z.string(), desc: z.string(), uqc: z.string(), qty: z.number(), rt: z.number(), txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees });

/**
 * GSTR-1 in the GST portal's offline tool JSON (amounts in rupees with 2 decimals, dates DD-MM-YYYY, `fp` MMYYYY);
 * the JSON Schema it is checked against is api/src/modules/gst-returns/schemas/gstr1.schema.json.
 * b2b: invoices to registered buyers by GSTIN; b2cl: inter-state invoices to unregistered buyers over ₹1,00,000;
 * b2cs: the other unregistered supplies summed by place of supply and rate; cdnr: credit notes to registered buyers;
 * cdnur: credit notes to unregistered buyers against B2C large invoices; hsn: the HSN summary (table 12), split into
 * `hsn_b2b` and `hsn_b2c` from the return period May 2025, one `data` table before; doc_issue: documents issued (13).
 */
/**
 * A b2b invoice or cdnr note registered on the IRP (issue 34) is marked as the portal marks the ones it auto-populates
 * from e-invoices: source "e-Invoice", its IRN and the IRN's date (DD-MM-YYYY). Absent on documents without an IRN.
 */
const EInvoiceMark = { srctyp: z.literal('e-Invoice').optional(), irn: z.string().optional(), irngendate: z.string().optional() };

export const Gstr1 = z.object({
  gstin: z.string(),
  fp: z.string(),
  version: z.string(),
  hash: z.string(),
  b2b: z.array(
    z.object({
      ctin: z.string(),
      inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: Rupees, pos: z.string(), rchrg: z.enum(['Y', 'N']), inv_typ: z.string(), ...EInvoiceMark, itms: z.array(Item) })),
    }),
  ),
  b2cl: z.array(z.object({ pos: z.string(), inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: Rupees, itms: z.array(Item) })) })),
  b2cs: z.array(z.object({ sply_ty: z.enum(['INTRA', 'INTER']), pos: z.string(), typ: z.literal('OE'), rt: z.number(), txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees })),
  cdnr: z.array(
    z.object({
      ctin: z.string(),
      nt: z.array(z.object({ ntty: z.enum(['C', 'D']), nt_num: z.string(), nt_dt: z.string(), val: Rupees, pos: z.string(), rchrg: z.enum(['Y', 'N']), inv_typ: z.string(), ...EInvoiceMark, itms: z.array(Item) })),
    }),
  ),
  cdnur: z.array(
    z.object({
      nt_num: z.string(),
      nt_dt: z.string(),
      ntty: z.enum(['C', 'D']),
      val: Rupees,
      typ: z.enum(['B2CL', 'EXPWP', 'EXPWOP']),
      pos: z.string(),
      itms: z.array(z.object({ num: z.number().int(), itm_det: z.object({ rt: z.number(), txval: Rupees, iamt: Rupees, csamt: Rupees }) })),
    }),
  ),
  hsn: z.union([z.object({ hsn_b2b: z.array(HsnRow), hsn_b2c: z.array(HsnRow) }), z.object({ data: z.array(HsnRow) })]),
  doc_issue: z.object({
    doc_det: z.array(
      z.object({
        doc_num: z.number().int(),
        docs: z.array(z.object({ num: z.number().int(), from: z.string(), to: z.string(), totnum: z.number().int(), cancel: z.number().int(), net_issue: z.number().int() })),
      }),
    ),
  }),
});
export type Gstr1 = z.infer<typeof Gstr1>;

export const Gstr1SectionTotals = z.object({
  section: z.enum(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur']),
  documents: z.number().int(),
  taxablePaise: z.number().int(),
  igstPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
});

/** The screen's view of a month's GSTR-1: per section counts and totals, and the file itself. */
export const Gstr1Summary = z.object({
  month: z.string(),
  gstin: z.string().nullable(),
  sections: z.array(Gstr1SectionTotals),
  /** Invoices of the month (b2b + b2cl + b2cs): equal to the sales register's totals. */
  invoiceTotals: z.object({ count: z.number().int(), taxablePaise: z.number().int(), taxPaise: z.number().int(), totalPaise: z.number().int() }),
  /** Why the file cannot be filed as it is (no GSTIN on the unit, …); empty when ready. */
  problems: z.array(z.string()),
  gstr1: Gstr1,
});
export type Gstr1Summary = z.infer<typeof Gstr1Summary>;

const TaxFigures = z.object({ taxablePaise: z.number().int(), igstPaise: z.number().int(), cgstPaise: z.number().int(), sgstPaise: z.number().int(), cessPaise: z.number().int() });

/** GSTR-3B figures of a month (the tables a trader fills in on the portal). */
export const Gstr3b = z.object({
  month: z.string(),
  gstin: z.string().nullable(),
  /** 3.1(a) outward taxable supplies (invoices less credit notes), (c) nil-rated and exempt, (d) inward on reverse charge. */
  outwardTaxable: TaxFigures,
  outwardNilExempt: TaxFigures,
  inwardReverseCharge: TaxFigures,
  /** 3.2 inter-state supplies to unregistered persons, by place of supply. */
  interStateUnregistered: z.array(z.object({ placeOfSupply: z.string(), taxablePaise: z.number().int(), igstPaise: z.number().int() })),
  /**
   * 4(A)(5) all other ITC (purchase bills received, less debit notes), 4(B) reversed, 4(C) net, 4(D)(2) ineligible:
   * bills past the time limit of CGST Act s.16(4) are left out of 4(A) and shown here and in `ineligibleBills`.
   */
  itcAvailable: TaxFigures,
  itcReversed: TaxFigures,
  itcNet: TaxFigures,
  itcIneligible: TaxFigures,
  /** The bills whose input tax this return may not claim, each with why (the screen lists them). */
  ineligibleBills: z.array(
    z.object({
      billId: z.string(),
      billNumber: z.string(),
      supplierName: z.string(),
      billDate: z.string(),
      taxablePaise: z.number().int(),
      igstPaise: z.number().int(),
      cgstPaise: z.number().int(),
      sgstPaise: z.number().int(),
      reason: z.string(),
    }),
  ),
  /** 5: exempt and nil-rated inward supplies (nil-rated lines of the bills received), inter- and intra-state. */
  inwardNilExempt: z.object({ interPaise: z.number().int(), intraPaise: z.number().int() }),
  /** 6.1: tax payable, paid through ITC, and in cash, per tax (IGST credit used first, as the law orders). */
  payment: z.array(z.object({ tax: z.enum(['IGST', 'CGST', 'SGST', 'CESS']), payablePaise: z.number().int(), paidByItcPaise: z.number().int(), cashPaise: z.number().int() })),
});
export type Gstr3b = z.infer<typeof Gstr3b>;

/** Vouchers of a period as Tally's XML import (ENVELOPE › TALLYMESSAGE › VOUCHER, with the ledgers they use). */
export const TallyExportQuery = PeriodQuery;

export const BOOKS_PATHS = {
  /** GET heads tree with balances; POST a custom head (heads/add). */
  heads: '/purchases/ledgers/heads',
  /** GET one head's statement for a period, paged. */
  ledger: '/purchases/ledgers/statement',
  /** GET the statement as `?format=xlsx|pdf|csv`. */
  ledgerExport: '/purchases/ledgers/statement/export',
  /** GET every party's outstanding with ageing (`side=RECEIVABLE|PAYABLE`). */
  outstanding: '/purchases/ledgers/outstanding',
  /** GET one party head's open documents. */
  partyOutstanding: (accountId: string) => `/purchases/ledgers/outstanding/${encodeURIComponent(accountId)}`,
  /** GET vouchers of a period with totals by kind; POST a manual journal. */
  journals: '/purchases/ledgers/journals',
  /** GET financial years with their state. */
  financialYears: '/purchases/ledgers/years',
  /** POST: close a financial year (owner only). */
  closeFinancialYear: (financialYear: string) => `/purchases/ledgers/years/${encodeURIComponent(financialYear)}/close`,
  /** GET how entries may be dated; PUT (owner only) allows or stops forward dating. */
  booksSettings: '/purchases/ledgers/settings',
  profitAndLoss: '/purchases/ledgers/profit-loss',
  balanceSheet: '/purchases/ledgers/balance-sheet',
  /** GET `?statement=PROFIT_AND_LOSS|TRIAL_BALANCE|BALANCE_SHEET&format=xlsx|pdf|csv` (issue 39 item 5). */
  statementExport: '/purchases/ledgers/statements/export',
  stores: '/purchases/stores',
  storeDetails: '/purchases/stores/details',
  /** GET the month's GSTR-1 summary with the file; GET `gstr1File?format=json|csv|xlsx` downloads it. */
  gstr1: '/purchases/gst/gstr1',
  gstr1File: '/purchases/gst/gstr1/file',
  gstr3b: '/purchases/gst/gstr3b',
  gstr3bFile: '/purchases/gst/gstr3b/file',
  /** application/xml: vouchers of a period for Tally. */
  tallyExport: '/purchases/gst/tally',
} as const;
