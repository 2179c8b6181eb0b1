import { z } from 'zod';
import { Id, IsoDate } from './common';
import { RejectedRow } from './inventory';
import { RecallAction, RecallProduct, RecallReason } from './recalls';

/*
 * Staff import the regulator's monthly list of "not of standard quality", spurious and recalled batches (issue 35):
 * the file is read like a stock upload (same readers, header detection, column mapping and row errors), each row's
 * product is matched in the product master the way search matches, staff pick the product of ambiguous rows, and
 * confirming raises one recall per product (its batches grouped), each in its own transaction.
 */

/** Regulators publish Excel, CSV or PDF lists; the stock upload's other types read as well. */
export const RECALL_IMPORT_EXTENSIONS = ['xlsx', 'xls', 'csv', 'pdf', 'txt'] as const;
export const RECALL_IMPORT_TYPES_MESSAGE = 'only Excel (XLSX, XLS), CSV, PDF or TXT allowed';
/** A monthly list is a few thousand rows at most. */
export const RECALL_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The columns of a regulator's list; the header row is mapped onto these (staff may correct it). */
export const RECALL_IMPORT_FIELDS = [
  { field: 'name', label: 'Product name', required: true },
  { field: 'manufacturer', label: 'Manufacturer', required: false },
  { field: 'batch', label: 'Batch number(s)', required: true },
  { field: 'expiry', label: 'Expiry', required: false },
  { field: 'reason', label: 'Reason', required: false },
  { field: 'noticeNumber', label: 'Notice number', required: false },
  { field: 'noticeDate', label: 'Notice date', required: false },
] as const;
export type RecallImportField = (typeof RECALL_IMPORT_FIELDS)[number]['field'];
const FIELD_NAMES = RECALL_IMPORT_FIELDS.map((f) => f.field) as [RecallImportField, ...RecallImportField[]];

/** Field → 0-based column index of the file's header row. */
export const RecallImportMapping = z.partialRecord(z.enum(FIELD_NAMES), z.number().int().min(0).max(200));
export type RecallImportMapping = z.infer<typeof RecallImportMapping>;

/** Batch numbers one cell may list ("B123, B124 / B125"); a batch cell saying "All" with an expiry means every batch up to it. */
export const RECALL_IMPORT_MAX_BATCHES_PER_ROW = 50;

/** A row whose product is certain (MATCHED) or which staff must pick among candidates (AMBIGUOUS). */
export const RecallImportRow = z.object({
  rowNumber: z.number().int(),
  name: z.string(),
  manufacturer: z.string(),
  /** As the file writes them; empty when the row names every batch up to `expiryUpTo`. */
  batchNos: z.array(z.string()),
  /** The expiry the row gives ('YYYY-MM-DD'), or null. */
  expiryDate: z.string().nullable(),
  /** The batch cell said "All": every batch expiring up to expiryDate. */
  allUpToExpiry: z.boolean(),
  /** Recognised from the reason column; null: the confirm's default. */
  reason: RecallReason.nullable(),
  /** The reason column's text when it is not one of the reasons (e.g. "Dissolution"): kept as the recall's note. */
  reasonText: z.string().nullable(),
  noticeNumber: z.string().nullable(),
  noticeDate: z.string().nullable(),
  match: z.enum(['MATCHED', 'AMBIGUOUS']),
  /** MATCHED: the product; AMBIGUOUS: null until staff pick one. */
  productId: z.string().nullable(),
  /** The master's candidates, best first (the matched one alone when MATCHED), with how many units hold each. */
  candidates: z.array(RecallProduct.extend({ holders: z.number().int() })),
});
export type RecallImportRow = z.infer<typeof RecallImportRow>;

export const RECALL_IMPORT_STATUSES = ['PREVIEW', 'IMPORTING', 'IMPORTED'] as const;
export type RecallImportStatus = (typeof RECALL_IMPORT_STATUSES)[number];

/** One recall the import raised (or could not). */
export const RecallImportRaised = z.object({
  productId: z.string(),
  productName: z.string(),
  manufacturer: z.string(),
  batchNos: z.array(z.string()),
  expiryUpTo: z.string().nullable(),
  rowNumbers: z.array(z.number().int()),
  /** null when raising it failed (`problem` says why); the other recalls are raised regardless. */
  recallId: z.string().nullable(),
  recallNumber: z.string().nullable(),
  problem: z.string().nullable(),
});
export type RecallImportRaised = z.infer<typeof RecallImportRaised>;

export const RecallImportResult = z.object({
  raised: z.array(RecallImportRaised),
  recallsRaised: z.number().int(),
  recallsFailed: z.number().int(),
  /** Ambiguous rows left without a pick: not imported. */
  rowsSkipped: z.array(z.number().int()),
  confirmedAt: z.string(),
});
export type RecallImportResult = z.infer<typeof RecallImportResult>;

/** POST preview (multipart: file, optional mapping JSON): the import as read, kept for the confirm. */
export const RecallImport = z.object({
  importId: z.string(),
  status: z.enum(RECALL_IMPORT_STATUSES),
  fileName: z.string(),
  fileType: z.enum(['XLSX', 'XLS', 'CSV', 'PDF', 'TXT']),
  /** 1-based row (line) number of the header in the file */
  headerRow: z.number().int(),
  headers: z.array(z.string()),
  mapping: RecallImportMapping,
  /** required fields the mapping lacks: nothing can be imported until they are mapped */
  missingFields: z.array(z.string()),
  dataRows: z.number().int(),
  /** Rows whose product was found (certain or to pick), in file order. */
  rows: z.array(RecallImportRow),
  ambiguousRows: z.number().int(),
  /** Rows that cannot be imported (no such product, no batch, a bad date …), every problem named. */
  rejected: z.array(RejectedRow),
  rejectedRows: z.number().int(),
  createdAt: z.string(),
  /** Once confirmed. */
  result: RecallImportResult.nullable(),
});
export type RecallImport = z.infer<typeof RecallImport>;

/** POST confirm: staff's picks for ambiguous rows and what applies to rows that do not say. */
export const ConfirmRecallImport = z.object({
  picks: z.array(z.object({ rowNumber: z.number().int().min(1), productId: Id })).max(10_000).default([]),
  /** For rows without a recognised reason. */
  reason: RecallReason.default('NSQ'),
  action: RecallAction.default('QUARANTINE'),
  /** For rows without their own notice number and date. */
  noticeNumber: z.string().trim().min(1).max(80).nullable().default(null),
  noticeDate: IsoDate.nullable().default(null),
});
export type ConfirmRecallImport = z.input<typeof ConfirmRecallImport>;

export const RecallImportParams = z.object({ importId: Id });

const id = encodeURIComponent;

/** Staff only (the back office). */
export const RECALL_IMPORT_PATHS = {
  /** POST multipart (file, optional mapping JSON) → RecallImport (status PREVIEW). */
  imports: '/inventory/recalls/imports',
  /** GET → RecallImport. */
  detail: (importId: string) => `/inventory/recalls/imports/${id(importId)}`,
  /** POST ConfirmRecallImport → RecallImport (status IMPORTED, with its result). */
  confirm: (importId: string) => `/inventory/recalls/imports/${id(importId)}/confirm`,
} as const;
