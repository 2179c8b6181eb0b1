import { z } from 'zod';
import { IsoDate } from './common';
import { CatalogueSummary, ItemMatch, ItemPicks } from './catalogue';
import { RejectedRow } from './inventory';

/*
 * Move-in (issue 36): a distributor coming from Marg, Busy or Tally brings its parties, items, open bills and the
 * opening trial balance in an afternoon (Settings → Move in, owner only). Each file is read like a stock upload
 * (header found by its column names, a mapping the owner can correct, every rejected row with its reasons), kept as
 * a preview, then imported all-or-nothing. The same file imported twice changes nothing. Opening stock comes through
 * the stock upload, whose Cost column values it (so the first balance sheet is right).
 *
 * The books: every opening amount posts against the system head OPENING_BALANCES on the move-in date (open bills on
 * their own dates, so ageing is right on day one; later receipts settle them by number). What is left on that head
 * once everything is in, less the stock brought in at cost, is the opening difference the owner confirms to
 * OPENING_DIFFERENCE.
 */

export const MOVE_IN_KINDS = ['PARTIES', 'ITEMS', 'BILLS', 'TRIAL_BALANCE'] as const;
export const MoveInKind = z.enum(MOVE_IN_KINDS);
export type MoveInKind = z.infer<typeof MoveInKind>;
export const MOVE_IN_KIND_LABELS: Readonly<Record<MoveInKind, string>> = {
  PARTIES: 'Customers and suppliers',
  ITEMS: 'Item master',
  BILLS: 'Open bills (bill-wise outstanding)',
  TRIAL_BALANCE: 'Opening trial balance',
};

/** The software a file came from, as recognised from its layout (SHEET: any spreadsheet with a header row). */
export const MOVE_IN_SOURCES = ['MARG', 'BUSY', 'TALLY', 'SHEET'] as const;
export type MoveInSource = (typeof MOVE_IN_SOURCES)[number];

export const MOVE_IN_EXTENSIONS = ['xlsx', 'xls', 'csv', 'txt', 'xml'] as const;
export const MOVE_IN_TYPES_MESSAGE = 'only Excel (XLSX, XLS), CSV or Tally XML allowed';
/** 50,000 bills in CSV are about 5 MB; Tally XML is wordier. */
export const MOVE_IN_MAX_BYTES = 40 * 1024 * 1024;
export const MOVE_IN_MAX_ROWS = 100_000;

/** The columns of each kind; the header row is mapped onto these (the owner may correct it). */
export const MOVE_IN_FIELDS = {
  PARTIES: [
    { field: 'name', label: 'Party name', required: true },
    { field: 'code', label: 'Party code', required: false },
    { field: 'group', label: 'Group (customer or supplier)', required: false },
    { field: 'gstin', label: 'GSTIN', required: false },
    { field: 'pan', label: 'PAN', required: false },
    { field: 'drugLicence1', label: 'Drug licence 1', required: false },
    { field: 'drugLicence2', label: 'Drug licence 2', required: false },
    { field: 'address', label: 'Address', required: false },
    { field: 'state', label: 'State', required: false },
    { field: 'pincode', label: 'PIN code', required: false },
    { field: 'phone', label: 'Phone', required: false },
    { field: 'creditLimit', label: 'Credit limit', required: false },
    { field: 'creditDays', label: 'Credit days', required: false },
    { field: 'balance', label: 'Balance (Dr/Cr)', required: false },
    { field: 'balanceSide', label: 'Dr / Cr', required: false },
    { field: 'debit', label: 'Debit balance', required: false },
    { field: 'credit', label: 'Credit balance', required: false },
  ],
  ITEMS: [
    { field: 'name', label: 'Item name', required: true },
    { field: 'code', label: 'Item code', required: false },
    { field: 'manufacturer', label: 'Manufacturer / company', required: false },
    { field: 'pack', label: 'Pack', required: false },
    { field: 'hsn', label: 'HSN', required: false },
    { field: 'gst', label: 'GST %', required: false },
    { field: 'mrp', label: 'MRP', required: false },
    { field: 'ptr', label: 'PTR / Rate', required: false },
    { field: 'pts', label: 'PTS', required: false },
    { field: 'scheme', label: 'Scheme', required: false },
    { field: 'barcode', label: 'Barcode', required: false },
  ],
  BILLS: [
    { field: 'party', label: 'Party', required: true },
    { field: 'billNumber', label: 'Bill number', required: true },
    { field: 'billDate', label: 'Bill date', required: true },
    { field: 'dueDate', label: 'Due date', required: false },
    { field: 'billAmount', label: 'Bill amount', required: false },
    { field: 'pending', label: 'Pending amount (Dr/Cr)', required: true },
    { field: 'pendingSide', label: 'Dr / Cr', required: false },
    { field: 'partyGstin', label: 'Party GSTIN', required: false },
  ],
  TRIAL_BALANCE: [
    { field: 'head', label: 'Head of account', required: true },
    { field: 'group', label: 'Group', required: false },
    { field: 'debit', label: 'Debit', required: false },
    { field: 'credit', label: 'Credit', required: false },
    { field: 'balance', label: 'Balance (Dr/Cr)', required: false },
    { field: 'balanceSide', label: 'Dr / Cr', required: false },
  ],
} as const;
export type MoveInField<K extends MoveInKind = MoveInKind> = (typeof MOVE_IN_FIELDS)[K][number]['field'];

/** Field → 0-based column index of the file's header row (Tally XML has no columns: its mapping is empty). */
export const MoveInMapping = z.record(z.string(), z.number().int().min(0).max(200));
export type MoveInMapping = z.infer<typeof MoveInMapping>;

export const PARTY_ROLES = ['CUSTOMER', 'SUPPLIER'] as const;
export const PartyRole = z.enum(PARTY_ROLES);
export type PartyRole = z.infer<typeof PartyRole>;

/** Bills: RECEIVABLE are sales invoices customers have not paid; PAYABLE purchase bills not yet paid. */
export const BILL_SIDES = ['RECEIVABLE', 'PAYABLE'] as const;
export const BillSide = z.enum(BILL_SIDES);
export type BillSide = z.infer<typeof BillSide>;

// ---- rows as read (the preview shows them, the import writes them) ----

/** Money is signed paise from the unit's view: + debit (owed to the unit), − credit (owed by it). */
export const PartyRow = z.object({
  rowNumber: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  role: PartyRole,
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  drugLicences: z.array(z.string()),
  address: z.string().nullable(),
  /** Two-digit GST state code, from the GSTIN or the state's name. */
  stateCode: z.string().nullable(),
  pincode: z.string().nullable(),
  phone: z.string().nullable(),
  creditLimitPaise: z.number().int().nullable(),
  creditDays: z.number().int().nullable(),
  /** As of the move-in date; null when the file gives none (then its open bills make it up). */
  balancePaise: z.number().int().nullable(),
  /** Worth checking, imported as is. */
  warnings: z.array(z.string()),
});
export type PartyRow = z.infer<typeof PartyRow>;

export const ItemRow = z.object({
  rowNumber: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  manufacturer: z.string(),
  pack: z.string(),
  hsn: z.string().nullable(),
  gstBp: z.number().int().nullable(),
  mrpPaise: z.number().int().nullable(),
  ptrPaise: z.number().int().nullable(),
  ptsPaise: z.number().int().nullable(),
  schemeBuy: z.number().int().nullable(),
  schemeFree: z.number().int().nullable(),
  barcode: z.string().nullable(),
  /** e.g. the GST % disagreeing with the rate master for its HSN. */
  warnings: z.array(z.string()),
});
export type ItemRow = z.infer<typeof ItemRow>;

export const BillRow = z.object({
  rowNumber: z.number().int(),
  side: BillSide,
  partyName: z.string(),
  partyGstin: z.string().nullable(),
  billNumber: z.string(),
  billDate: IsoDate,
  dueDate: IsoDate.nullable(),
  billAmountPaise: z.number().int().nullable(),
  /** Still due, > 0 (a bill paid in full is not open and is skipped). */
  pendingPaise: z.number().int(),
  warnings: z.array(z.string()),
});
export type BillRow = z.infer<typeof BillRow>;

/** What a trial-balance line is taken as: a head to post, or a line other files bring (parties, stock). */
export const TB_LINE_TREATMENTS = ['POST', 'PARTIES_FILE', 'STOCK_UPLOAD', 'PROFIT_AND_LOSS'] as const;
export type TbLineTreatment = (typeof TB_LINE_TREATMENTS)[number];

export const MoveInTrialBalanceRow = z.object({
  rowNumber: z.number().int(),
  head: z.string(),
  /** shared-api ACCOUNT_GROUPS code, from the file's group or the head's name; null: the owner must choose. */
  group: z.string().nullable(),
  treatment: z.enum(TB_LINE_TREATMENTS),
  /** + debit, − credit. */
  balancePaise: z.number().int(),
  warnings: z.array(z.string()),
});
export type MoveInTrialBalanceRow = z.infer<typeof MoveInTrialBalanceRow>;

// ---- the import ----

export const MOVE_IN_IMPORT_STATUSES = ['PREVIEW', 'IMPORTED'] as const;

export const MoveInImportResult = z.object({
  /** Rows written; rows already in the books (same party, bill number or head) are skipped, not doubled. */
  imported: z.number().int(),
  skippedAsAlreadyImported: z.number().int(),
  /** PARTIES: linked to units on the platform by GSTIN; ITEMS: products created in the master. */
  linkedParties: z.number().int(),
  productsCreated: z.number().int(),
  vouchersPosted: z.number().int(),
  importedAt: z.string(),
});
export type MoveInImportResult = z.infer<typeof MoveInImportResult>;

/** POST preview (multipart: kind, file, optional mapping JSON, side for BILLS): the file as read, kept for the import. */
export const MoveInImport = z.object({
  importId: z.string(),
  kind: MoveInKind,
  status: z.enum(MOVE_IN_IMPORT_STATUSES),
  source: z.enum(MOVE_IN_SOURCES),
  fileName: z.string(),
  fileType: z.enum(['XLSX', 'XLS', 'CSV', 'TXT', 'XML']),
  /** 1-based; 0 for Tally XML. */
  headerRow: z.number().int(),
  headers: z.array(z.string()),
  mapping: MoveInMapping,
  /** Labels of required fields the mapping lacks: nothing can be imported until they are mapped. */
  missingFields: z.array(z.string()),
  dataRows: z.number().int(),
  validRows: z.number().int(),
  /** Up to 500 valid rows of the kind (the import takes them all). */
  parties: z.array(PartyRow),
  items: z.array(ItemRow),
  bills: z.array(BillRow),
  trialBalance: z.array(MoveInTrialBalanceRow),
  /** ITEMS: every distinct item and its product (uncertain ones to pick before the import). */
  itemMatches: z.array(ItemMatch),
  catalogue: CatalogueSummary.nullable(),
  /** Every row that cannot be imported, each problem named. */
  rejected: z.array(RejectedRow),
  rejectedRows: z.number().int(),
  /** Totals of the valid rows: BILLS Σ pending by side, PARTIES Σ balances (Dr and Cr), TRIAL_BALANCE Σ Dr, Σ Cr. */
  totals: z.object({ debitPaise: z.number().int(), creditPaise: z.number().int() }),
  /** This very file (same kind, same bytes) was imported before: importing again changes nothing. */
  previousImportId: z.string().nullable(),
  createdAt: z.string(),
  result: MoveInImportResult.nullable(),
});
export type MoveInImport = z.infer<typeof MoveInImport>;

/** POST import: all-or-nothing. */
export const ConfirmMoveInImport = z.object({
  /** ITEMS: the owner's answer for every uncertain item (the import is refused while one has none). */
  picks: ItemPicks.default([]),
  /** TRIAL_BALANCE: groups for lines the file did not say (head name → ACCOUNT_GROUPS code). */
  groups: z.record(z.string(), z.string()).default({}),
});
export type ConfirmMoveInImport = z.input<typeof ConfirmMoveInImport>;

/** PUT the move-in date (the day opening balances are as of); fixed once anything is imported. */
export const SetMoveInDate = z.object({ openingDate: IsoDate });
export type SetMoveInDate = z.input<typeof SetMoveInDate>;

// ---- after the import ----

export const MoveInReport = z.object({
  /** null until set (first import asks for it). */
  openingDate: z.string().nullable(),
  imports: z.array(
    z.object({ importId: z.string(), kind: MoveInKind, fileName: z.string(), source: z.enum(MOVE_IN_SOURCES), rows: z.number().int(), importedAt: z.string() }),
  ),
  counts: z.object({
    customers: z.number().int(),
    suppliers: z.number().int(),
    items: z.number().int(),
    receivableBills: z.number().int(),
    payableBills: z.number().int(),
    trialBalanceHeads: z.number().int(),
  }),
  /** From the books now: what customers owe and suppliers are owed, and what the imported files said. */
  receivable: z.object({ booksPaise: z.number().int(), filesPaise: z.number().int() }),
  payable: z.object({ booksPaise: z.number().int(), filesPaise: z.number().int() }),
  /** Stock brought in by upload, at cost, and the stock line of the imported trial balance (null: none). */
  stock: z.object({ atCostPaise: z.number().int(), trialBalancePaise: z.number().int().nullable() }),
  /**
   * What OPENING_BALANCES holds less the stock at cost: 0 when the opening trial balance balances. + debit.
   * Confirming posts it to OPENING_DIFFERENCE.
   */
  differencePaise: z.number().int(),
  differenceConfirmedAt: z.string().nullable(),
  /** Parties whose books balance is not what their file said (balance vs Σ bills), with both figures. */
  partyMismatches: z.array(z.object({ partyName: z.string(), role: PartyRole, filePaise: z.number().int(), booksPaise: z.number().int() })),
});
export type MoveInReport = z.infer<typeof MoveInReport>;

/** POST confirm the difference: the owner agrees to post exactly this figure (a stale figure is refused). */
export const ConfirmOpeningDifference = z.object({ differencePaise: z.number().int() });
export type ConfirmOpeningDifference = z.input<typeof ConfirmOpeningDifference>;

// ---- joining the network ----

export const NETWORK_STATUSES = ['ON_PLATFORM', 'CONNECTED', 'REQUESTED', 'INVITED', 'NOT_ON_PLATFORM'] as const;
export type NetworkStatus = (typeof NETWORK_STATUSES)[number];

export const MoveInParty = z.object({
  partyId: z.string(),
  name: z.string(),
  role: PartyRole,
  gstin: z.string().nullable(),
  phone: z.string().nullable(),
  /** The unit on the platform its GSTIN belongs to. */
  linkedUnitCode: z.string().nullable(),
  linkedUnitName: z.string().nullable(),
  status: z.enum(NETWORK_STATUSES),
  invitedAt: z.string().nullable(),
  balancePaise: z.number().int(),
});
export type MoveInParty = z.infer<typeof MoveInParty>;

export const MoveInParties = z.object({
  items: z.array(MoveInParty),
  total: z.number().int(),
  onPlatform: z.number().int(),
  invitable: z.number().int(),
});
export type MoveInParties = z.infer<typeof MoveInParties>;
export const MoveInPartiesQuery = z.object({
  status: z.enum(NETWORK_STATUSES).optional(),
  q: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type MoveInPartiesQuery = z.input<typeof MoveInPartiesQuery>;

/** POST invite: SMS (through the SMS adapter) to parties not on the platform, with a sign-up link pre-filled from the import. */
export const InviteParties = z.object({ partyIds: z.array(z.string().uuid()).min(1, 'Choose whom to invite').max(500) });
export type InviteParties = z.input<typeof InviteParties>;
export const InviteResult = z.object({ invited: z.number().int(), skipped: z.array(z.object({ partyId: z.string(), reason: z.string() })) });
export type InviteResult = z.infer<typeof InviteResult>;

/** POST connect: connection requests to linked parties not yet connected. */
export const ConnectParties = z.object({ partyIds: z.array(z.string().uuid()).min(1, 'Choose whom to connect with').max(500) });
export type ConnectParties = z.input<typeof ConnectParties>;
export const ConnectResult = z.object({ requested: z.number().int(), skipped: z.array(z.object({ partyId: z.string(), reason: z.string() })) });
export type ConnectResult = z.infer<typeof ConnectResult>;

/**
 * Open bills with a party on the platform, against that party's own imported bills: MATCHED (number and amount
 * agree), AMOUNT_DIFFERS, MISSING_THERE (not in their imported bills), NOT_MOVED_IN (they have imported no bills).
 */
export const BILL_MATCH_STATUSES = ['MATCHED', 'AMOUNT_DIFFERS', 'MISSING_THERE', 'NOT_MOVED_IN'] as const;
export const BillMatch = z.object({
  billNumber: z.string(),
  billDate: z.string(),
  side: BillSide,
  partyName: z.string(),
  partyUnitCode: z.string(),
  ourPendingPaise: z.number().int(),
  /** Their pending amount for the bill, when they have it. */
  theirPendingPaise: z.number().int().nullable(),
  status: z.enum(BILL_MATCH_STATUSES),
});
export type BillMatch = z.infer<typeof BillMatch>;
export const BillMatches = z.object({
  items: z.array(BillMatch),
  counts: z.record(z.enum(BILL_MATCH_STATUSES), z.number().int()),
});
export type BillMatches = z.infer<typeof BillMatches>;

const id = encodeURIComponent;

/** Owner only. */
export const MOVE_IN_PATHS = {
  /** GET → MoveInReport. */
  report: '/move-in',
  /** PUT SetMoveInDate → MoveInReport. */
  openingDate: '/move-in/opening-date',
  /** POST multipart (kind, file, optional mapping JSON, side for BILLS) → MoveInImport (PREVIEW). */
  imports: '/move-in/imports',
  /** GET → MoveInImport. */
  detail: (importId: string) => `/move-in/imports/${id(importId)}`,
  /** POST ConfirmMoveInImport → MoveInImport (IMPORTED, with its result). */
  confirm: (importId: string) => `/move-in/imports/${id(importId)}/confirm`,
  /** GET → CSV of the rejected rows with their reasons. */
  rejected: (importId: string) => `/move-in/imports/${id(importId)}/rejected.csv`,
  /** POST ConfirmOpeningDifference → MoveInReport. */
  difference: '/move-in/difference',
  /** GET MoveInPartiesQuery → MoveInParties. */
  parties: '/move-in/parties',
  /** POST InviteParties → InviteResult. */
  invite: '/move-in/parties/invite',
  /** POST ConnectParties → ConnectResult. */
  connect: '/move-in/parties/connect',
  /** GET → BillMatches. */
  billMatches: '/move-in/bill-matches',
} as const;
