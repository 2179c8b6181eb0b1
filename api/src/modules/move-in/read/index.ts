import {
  MOVE_IN_EXTENSIONS,
  MOVE_IN_FIELDS,
  MOVE_IN_MAX_ROWS,
  MOVE_IN_TYPES_MESSAGE,
  type BillRow,
  type BillSide,
  type ItemRow,
  type MoveInKind,
  type MoveInMapping,
  type MoveInSource,
  type MoveInTrialBalanceRow,
  type PartyRow,
  type RejectedRow,
} from 'shared-api';
import { AppError } from '../../../http/errors';
import { cellText, mappingOf, normaliseHeader, type Cell } from '../../inventory/parsers/header-detect';
import { readRows } from '../../inventory/parsers/read-upload';
import { FIELD_OF_HEADER, KEY_FIELD, isOpeningHeader } from './headers';
import { readRow, type Context } from './rows';
import { readTallyXml } from './tally';

/*
 * A move-in file (issue 36) → the rows of its kind. Spreadsheets (XLSX, XLS, CSV, TXT) are read with the stock
 * upload's readers and header detection (inventory/parsers) and each kind's own column names (headers.ts); the owner's
 * mapping, when given, wins. Title rows, repeated headers, blank, group-heading and total rows are skipped; every other
 * row is either valid or rejected with each of its problems named. Tally's XML masters are read by tally.ts.
 */

export type MoveInFileType = 'XLSX' | 'XLS' | 'CSV' | 'TXT' | 'XML';

export interface ReadMoveInFile {
  source: MoveInSource;
  fileType: MoveInFileType;
  /** 1-based; 0 for Tally XML. */
  headerRow: number;
  headers: string[];
  mapping: MoveInMapping;
  /** Labels of required fields the mapping lacks (then no row is read). */
  missingFields: string[];
  /** Rows read as data (valid, rejected, or skipped as settled: a bill with nothing pending). */
  dataRows: number;
  rejected: RejectedRow[];
  parties: PartyRow[];
  items: ItemRow[];
  bills: BillRow[];
  trialBalance: MoveInTrialBalanceRow[];
}

export interface ReadMoveInOptions {
  /** Field → 0-based column, as the owner corrected it. */
  mapping?: MoveInMapping | undefined;
  /** BILLS: the side of rows that carry no Dr/Cr of their own. */
  side?: BillSide | undefined;
  /** Today (IST): bill dates after it are refused. */
  today: string;
}

export const emptyRead = (fileType: MoveInFileType, source: MoveInSource): ReadMoveInFile => ({
  source,
  fileType,
  headerRow: 0,
  headers: [],
  mapping: {},
  missingFields: [],
  dataRows: 0,
  rejected: [],
  parties: [],
  items: [],
  bills: [],
  trialBalance: [],
});

/** The file's type from its name (only MOVE_IN_EXTENSIONS; anything else is refused before a byte is read). */
export function moveInFileType(fileName: string): MoveInFileType {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (!fileName.includes('.') || !(MOVE_IN_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new AppError('E0001', 400, MOVE_IN_TYPES_MESSAGE, { file: MOVE_IN_TYPES_MESSAGE });
  }
  return ext.toUpperCase() as MoveInFileType;
}

export async function readMoveInFile(kind: MoveInKind, fileName: string, bytes: Buffer, options: ReadMoveInOptions): Promise<ReadMoveInFile> {
  const fileType = moveInFileType(fileName);
  if (fileType === 'XML') return readTallyXml(kind, bytes, options);
  const rows = await readRows(fileType === 'CSV' ? 'TXT' : fileType, bytes, FIELD_OF_HEADER[kind]);
  return readSheet(kind, fileType, rows, options);
}

/**
 * The header row: among the first 40 rows, the one naming the most columns of the kind (at least two, one of them
 * the row's name: party, item or head). -1 when there is none.
 */
export function findMoveInHeader(kind: MoveInKind, rows: readonly (readonly Cell[])[]): number {
  let best = -1;
  let bestScore = 1;
  for (let i = 0; i < Math.min(rows.length, 40); i++) {
    const mapping = mappingOf(rows[i]!.map(cellText), FIELD_OF_HEADER[kind]);
    const score = Object.keys(mapping).length;
    if (mapping[KEY_FIELD[kind]] !== undefined && score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** Each field to the first column naming it; a closing balance is taken over an opening one (the books close into ours). */
function mappingOfHeaders(kind: MoveInKind, headers: readonly string[]): MoveInMapping {
  const mapping = mappingOf(headers, FIELD_OF_HEADER[kind]) as MoveInMapping;
  const field = kind === 'BILLS' ? 'pending' : 'balance';
  const at = mapping[field];
  if (at !== undefined && isOpeningHeader(headers[at]!)) {
    const closing = headers.findIndex((h, i) => i !== at && FIELD_OF_HEADER[kind](h) === field && !isOpeningHeader(h));
    if (closing >= 0) mapping[field] = closing;
  }
  return mapping;
}

/** Marg and Busy by what their exports print (a title naming them, Marg's "Station", Busy's "A/c Name" and "Alias"). */
function sourceOf(titleRows: readonly (readonly Cell[])[], headers: readonly string[]): MoveInSource {
  const title = titleRows.map((r) => r.map(cellText).join(' ')).join(' ').toLowerCase();
  if (/\bmarg\b/.test(title)) return 'MARG';
  if (/\bbusy\b/.test(title)) return 'BUSY';
  const names = headers.map(normaliseHeader);
  if (names.includes('station')) return 'MARG';
  if (names.includes('acname') || names.includes('alias')) return 'BUSY';
  return 'SHEET';
}

function requiredMissing(kind: MoveInKind, mapping: MoveInMapping): string[] {
  const missing: string[] = MOVE_IN_FIELDS[kind].filter((f) => f.required && mapping[f.field] === undefined).map((f) => f.label);
  if (kind === 'TRIAL_BALANCE' && mapping.debit === undefined && mapping.credit === undefined && mapping.balance === undefined) missing.push('Debit and Credit, or Balance (Dr/Cr)');
  return missing;
}

export function readSheet(kind: MoveInKind, fileType: MoveInFileType, rows: Cell[][], options: ReadMoveInOptions): ReadMoveInFile {
  if (rows.length === 0 || rows.every((r) => r.every((c) => cellText(c) === ''))) throw new AppError('E0001', 400, 'The file has no rows', { file: 'The file has no rows' });
  let headerIndex = findMoveInHeader(kind, rows);
  // Column names nobody taught us: the first row that looks like a table's header, for the owner to map.
  if (headerIndex < 0) headerIndex = rows.findIndex((row) => row.filter((c) => cellText(c) !== '').length >= 2);
  if (headerIndex < 0) throw new AppError('E0001', 400, 'No table found: the file needs a row naming its columns', { file: 'No header row' });
  const headers = rows[headerIndex]!.map(cellText);
  const mapping = options.mapping ?? mappingOfHeaders(kind, headers);
  const out: ReadMoveInFile = {
    ...emptyRead(fileType, sourceOf(rows.slice(0, headerIndex), headers)),
    headerRow: headerIndex + 1,
    headers,
    mapping,
    missingFields: requiredMissing(kind, mapping),
  };
  const headerKey = headers.join('|');
  const context: Context = { kind, mapping, options, heading: { group: '', party: '' } };
  for (let r = headerIndex + 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const cells = row.map(cellText);
    if (cells.every((c) => c === '') || cells.join('|') === headerKey) continue;
    const read = readRow(context, row, r + 1);
    if (read === 'SKIP') continue;
    if (++out.dataRows > MOVE_IN_MAX_ROWS) throw new AppError('E0001', 400, `The file has more than ${MOVE_IN_MAX_ROWS.toLocaleString('en-IN')} rows: split it into smaller files`);
    if (out.missingFields.length > 0 || read === 'SETTLED') continue;
    if ('problems' in read) out.rejected.push({ rowNumber: r + 1, cells, problems: read.problems });
    else if (read.kind === 'PARTIES') out.parties.push(read.row);
    else if (read.kind === 'ITEMS') out.items.push(read.row);
    else if (read.kind === 'BILLS') out.bills.push(read.row);
    else out.trialBalance.push(read.row);
  }
  return out;
}
