import {
  RECALL_IMPORT_EXTENSIONS,
  RECALL_IMPORT_FIELDS,
  RECALL_IMPORT_MAX_BATCHES_PER_ROW,
  RECALL_IMPORT_TYPES_MESSAGE,
  batchKey,
  type RecallImport,
  type RecallImportField,
  type RecallImportMapping,
  type RecallReason,
  type RejectedRow,
} from 'shared-api';
import { AppError } from '../../http/errors';
import { parseExpiry } from '../inventory/parsers/dates';
import { cellText, findHeaderRow, headerDictionary, mappingOf, type Cell, type FieldOfHeader } from '../inventory/parsers/header-detect';
import { readRows, type UploadFileType } from '../inventory/parsers/read-upload';

/*
 * A regulator's list read with the stock upload's readers and header detection (inventory/parsers), with the list's
 * own column names. The CDSCO's monthly NSQ list, for one, heads its columns "Name of Drugs/medical device/cosmetics",
 * "Batch No.", "Date of Manufacture", "Date of Expiry", "Manufactured By", "Reason for failure".
 */

const EXACT: Record<RecallImportField, string[]> = {
  name: ['product', 'productname', 'name', 'drug', 'drugname', 'nameofdrug', 'nameofthedrug', 'nameofdrugs', 'medicine', 'item', 'itemname', 'brand', 'brandname'],
  manufacturer: ['manufacturer', 'mfr', 'mfg', 'mfgr', 'company', 'companyname', 'firm', 'manufacturedby', 'mfdby', 'mfgby', 'nameofmanufacturer', 'marketedby'],
  batch: ['batch', 'batchno', 'batchnumber', 'batchnos', 'batchnumbers', 'bno', 'bn', 'lot', 'lotno'],
  expiry: ['exp', 'expiry', 'expdate', 'expirydate', 'dateofexpiry', 'expdt', 'ed'],
  reason: ['reason', 'reasons', 'nsqresult', 'result', 'remarks', 'remark', 'category', 'type', 'reasonforfailure', 'reasonforrecall'],
  noticeNumber: ['noticeno', 'noticenumber', 'alertno', 'refno', 'referenceno', 'circularno', 'letterno', 'orderno'],
  noticeDate: ['noticedate', 'alertdate', 'dateofnotice', 'circulardate', 'letterdate', 'dateofalert'],
};

/** In order: "Date of Manufacture" names no column here (manufacturer needs "manufacturer" or "manufactured by"). */
const CONTAINS: [RecallImportField, string[]][] = [
  ['noticeDate', ['noticedate', 'dateofnotice', 'alertdate', 'circulardate']],
  ['noticeNumber', ['noticeno', 'noticenumber', 'alertno', 'refno', 'reference', 'circular']],
  ['manufacturer', ['manufacturer', 'manufacturedby', 'mfdby', 'mfgby', 'mfr', 'company', 'firm', 'marketedby']],
  ['batch', ['batch', 'lot']],
  ['expiry', ['expiry', 'exp']],
  ['reason', ['reason', 'result', 'nsq', 'spurious', 'failure', 'category']],
  ['name', ['product', 'drug', 'medicine', 'item', 'brand', 'name']],
];

export const recallFieldOfHeader: FieldOfHeader<RecallImportField> = headerDictionary(EXACT, CONTAINS);

/** The list's type from its name; a CSV is read as delimited text. */
export function listTypeOf(fileName: string): { type: RecallImport['fileType']; reader: UploadFileType } {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (!(RECALL_IMPORT_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('E0001', 400, RECALL_IMPORT_TYPES_MESSAGE, { file: RECALL_IMPORT_TYPES_MESSAGE });
  const type = ext.toUpperCase() as RecallImport['fileType'];
  return { type, reader: type === 'CSV' ? 'TXT' : type };
}

/** A list longer than this is not a month's notices: split it. */
export const MAX_LIST_ROWS = 10_000;

/** One valid row before its product is looked up. */
export interface ListLine {
  rowNumber: number;
  name: string;
  manufacturer: string;
  batchNos: string[];
  expiryDate: string | null;
  allUpToExpiry: boolean;
  reason: RecallReason | null;
  reasonText: string | null;
  noticeNumber: string | null;
  noticeDate: string | null;
  /** the row's cells, for a rejection after matching */
  cells: string[];
}

export interface ReadList {
  headerRow: number;
  headers: string[];
  mapping: RecallImportMapping;
  missingFields: string[];
  dataRows: number;
  lines: ListLine[];
  rejected: RejectedRow[];
}

/** What a reason column says, as a recall reason; null when it names none (a test failed, say: kept as the note). */
export function reasonOf(text: string): RecallReason | null {
  const t = text.toLowerCase().replace(/[^a-z]+/g, ' ').trim();
  if (!t) return null;
  if (/\bspurious\b|\bcounterfeit\b|\bfake\b/.test(t)) return 'SPURIOUS';
  if (/\bvoluntary\b/.test(t)) return 'VOLUNTARY';
  if (/\brecall(ed)? by (the )?manufacturer\b|\bmanufacturer recall\b|^recall(ed)?$/.test(t)) return 'MANUFACTURER_RECALL';
  if (/^nsq\b|\bnot of standard quality\b|\bsub ?standard\b|^not of standard\b/.test(t)) return 'NSQ';
  return null;
}

/** "B123, B124; B125 & B126" → its batch numbers (a slash may be part of one, so it separates nothing). */
export const splitBatches = (text: string): string[] =>
  text
    .split(/[,;\n&]|\s+and\s+/i)
    .map((b) => b.trim())
    .filter((b) => b !== '');

const ALL_BATCHES = /^all(\s+batch(es)?)?$/i;

/**
 * Reads the list, finds the header (the list's own column names; the user's mapping wins) and checks every row:
 * a row with any problem is rejected with each problem named. Blank, "Total" and repeated header rows are skipped.
 */
export async function readList(fileName: string, bytes: Buffer, userMapping: RecallImportMapping | undefined, today: string): Promise<ReadList & { type: RecallImport['fileType'] }> {
  const { type, reader } = listTypeOf(fileName);
  const rows = await readRows(reader, bytes, recallFieldOfHeader);
  if (rows.length === 0) throw new AppError('E0001', 400, 'The file has no rows');
  let headerIndex = findHeaderRow(rows, 40, recallFieldOfHeader);
  // Column names nobody taught us: the first row that looks like a table's header, for the user to map.
  if (headerIndex < 0) headerIndex = rows.findIndex((row) => row.filter((c) => cellText(c) !== '').length >= 3);
  if (headerIndex < 0) throw new AppError('E0001', 400, 'No table found: the list needs a row naming its columns (Product, Manufacturer, Batch No, Expiry …)');
  const headers = rows[headerIndex]!.map(cellText);
  const mapping: RecallImportMapping = userMapping ?? mappingOf(headers, recallFieldOfHeader);
  const missingFields = RECALL_IMPORT_FIELDS.filter((f) => f.required && mapping[f.field] === undefined).map((f) => f.label);
  const headerKey = headers.join('|');
  const get = (row: readonly Cell[], field: RecallImportField): Cell => {
    const i = mapping[field];
    return i === undefined ? null : (row[i] ?? null);
  };
  const text = (row: readonly Cell[], field: RecallImportField) => cellText(get(row, field)).replace(/\s+/g, ' ');

  const lines: ListLine[] = [];
  const rejected: RejectedRow[] = [];
  let dataRows = 0;
  for (let r = headerIndex + 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const cells = row.map(cellText);
    if (cells.every((c) => c === '') || cells.join('|') === headerKey) continue;
    const name = text(row, 'name');
    if (/^(grand\s*)?(total|sub\s*total)\b/i.test(name)) continue;
    if (++dataRows > MAX_LIST_ROWS) throw new AppError('E0001', 400, `The list has more than ${MAX_LIST_ROWS.toLocaleString('en-IN')} rows: split it into smaller files`);
    if (missingFields.length > 0) continue;
    const problems: string[] = [];
    if (name.length < 2) problems.push(name ? 'product name too short' : 'missing product name');
    else if (name.length > 120) problems.push('product name longer than 120 characters');
    const manufacturer = text(row, 'manufacturer');
    if (manufacturer.length > 120) problems.push('manufacturer longer than 120 characters');

    const expiryText = text(row, 'expiry');
    const expiryDate = expiryText ? parseExpiry(get(row, 'expiry')) : null;
    if (expiryText && !expiryDate) problems.push(`expiry "${expiryText}" is not a date`);

    const batchText = text(row, 'batch');
    const allUpToExpiry = ALL_BATCHES.test(batchText);
    const batchNos = allUpToExpiry ? [] : splitBatches(batchText);
    if (allUpToExpiry && !expiryText) problems.push('"All" batches needs the expiry they go up to');
    else if (!allUpToExpiry && batchNos.length === 0) problems.push('missing batch number');
    else if (batchNos.length > RECALL_IMPORT_MAX_BATCHES_PER_ROW) problems.push(`more than ${RECALL_IMPORT_MAX_BATCHES_PER_ROW} batch numbers in one row`);
    for (const b of batchNos) {
      if (b.length > 40) problems.push(`batch number "${b.slice(0, 20)}…" is longer than 40 characters`);
      else if (batchKey(b) === '') problems.push(`batch number "${b}" has no letter or digit`);
    }

    const reasonText = text(row, 'reason');
    const reason = reasonOf(reasonText);

    const noticeNumber = text(row, 'noticeNumber') || null;
    if (noticeNumber && noticeNumber.length > 80) problems.push('notice number longer than 80 characters');
    const noticeDateText = text(row, 'noticeDate');
    const noticeDate = noticeDateText ? parseExpiry(get(row, 'noticeDate')) : null;
    if (noticeDateText && !noticeDate) problems.push(`notice date "${noticeDateText}" is not a date`);
    else if (noticeDate && noticeDate > today) problems.push('notice date in the future');

    if (problems.length > 0) {
      rejected.push({ rowNumber: r + 1, cells, problems });
      continue;
    }
    lines.push({
      rowNumber: r + 1,
      name,
      manufacturer,
      batchNos,
      expiryDate,
      allUpToExpiry,
      reason,
      reasonText: reason || !reasonText ? null : reasonText.slice(0, 200),
      noticeNumber,
      noticeDate,
      cells,
    });
  }
  return { type, headerRow: headerIndex + 1, headers, mapping, missingFields, dataRows, lines, rejected };
}
