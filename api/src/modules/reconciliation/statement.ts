import { STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, STATEMENT_MAX_LINE_PAISE, type RejectedRow } from 'shared-api';
import { AppError } from '../../http/errors';
import { excelSerialToIso } from '../inventory/parsers/dates';
import { cellText, normaliseHeader, type Cell } from '../inventory/parsers/header-detect';
import { readIsolated } from '../inventory/parsers/isolated';
import { readText } from '../inventory/parsers/text';
import { readXlsx } from '../inventory/parsers/xlsx';

/*
 * Bank statements as banks export them (CSV, XLSX, legacy XLS): a few title lines (account, period), a header row,
 * then one row per transaction with a date, a narration, often a reference column, and either withdrawal/deposit
 * columns or one amount with a Cr/Dr marker. The file readers are the inventory upload's (exceljs streaming for
 * XLSX, SheetJS only inside the isolated worker for XLS).
 */

export interface ParsedLine {
  /** The row's number in the file (1-based, as a spreadsheet shows it). */
  row: number;
  /** 'YYYY-MM-DD' */
  date: string;
  narration: string;
  /** The 12-digit UPI reference (UTR/RRN) found in the reference column or the narration. */
  utr: string | null;
  /** + credit (money in), − debit (money out), paise. */
  amountPaise: number;
  /** A UPI transfer (its narration starts with UPI). */
  upi: boolean;
  payerName: string | null;
  payerVpa: string | null;
}

const NO_HEADER = 'No header row with Date, Narration and Credit/Debit columns found: export the statement from your bank as CSV or Excel';

type Column = 'date' | 'valueDate' | 'narration' | 'ref' | 'debit' | 'credit' | 'amount' | 'crdr';

/** A header cell → what its column holds (balances and serial numbers are not read). */
function columnOf(header: string): Column | null {
  const h = normaliseHeader(header);
  if (!h || h.includes('balance')) return null;
  if (['crdr', 'drcr', 'dc', 'cd', 'type', 'txntype', 'transactiontype', 'debitcredit', 'creditdebit', 'indicator'].includes(h)) return 'crdr';
  if (h.includes('valuedate') || h === 'valuedt') return 'valueDate';
  if (h.includes('date') || h === 'txndt' || h === 'trandt') return 'date';
  if (['narration', 'description', 'particulars', 'remarks', 'details', 'transactiondetails'].includes(h) || /narration|description|particular|remark/.test(h)) return 'narration';
  if (h.includes('withdraw') || h.includes('debit') || h === 'dr' || h === 'dramount') return 'debit';
  if (h.includes('deposit') || h.includes('credit') || h === 'cr' || h === 'cramount') return 'credit';
  if (h.includes('ref') || h.includes('utr') || h.includes('chq') || h.includes('cheque')) return 'ref';
  if (h.includes('amount') || h === 'amt' || h === 'amountinr') return 'amount';
  return null;
}

type Mapping = Partial<Record<Column, number>>;

function mappingOf(row: readonly Cell[]): Mapping {
  const mapping: Mapping = {};
  row.forEach((cell, i) => {
    const column = columnOf(cellText(cell));
    if (column && mapping[column] === undefined) mapping[column] = i;
  });
  return mapping;
}

/** The first of the top rows that names a date, a narration and the money (credit/debit or one amount). */
export function findStatementHeader(rows: readonly (readonly Cell[])[], scan = 40): { index: number; mapping: Mapping } | null {
  for (let i = 0; i < Math.min(rows.length, scan); i++) {
    const mapping = mappingOf(rows[i]!);
    const hasDate = mapping.date !== undefined || mapping.valueDate !== undefined;
    const hasMoney = mapping.credit !== undefined || mapping.debit !== undefined || mapping.amount !== undefined;
    if (hasDate && mapping.narration !== undefined && hasMoney) return { index: i, mapping };
  }
  return null;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };

function isoDate(year: number, month: number, day: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  if (month < 1 || month > 12 || day < 1 || y < 1990 || y > 2100) return null;
  if (day > new Date(Date.UTC(y, month, 0)).getUTCDate()) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** dd/mm/yyyy, dd-mm-yyyy, dd.mm.yy, dd-Mon-yy, dd Mon yyyy, yyyy-mm-dd (a time after it is ignored); Excel dates. */
export function statementDate(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return excelSerialToIso(cell);
  const text = cellText(cell).toLowerCase();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[ t])/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:$|\s)/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s/.-]([a-z]{3,9})[\s/.,-]+(\d{4}|\d{2})(?:$|\s)/.exec(text);
  const month = m && (MONTHS[m[2]!] ?? MONTHS[m[2]!.slice(0, 3)]);
  if (m && month) return isoDate(Number(m[3]), month, Number(m[1]));
  return null;
}

/** "1,23,456.50", "₹ 45", "(45.00)", "-45", "45.00 Cr" → signed paise and the Cr/Dr it carried; null when not money. */
export function statementMoney(cell: Cell): { paise: number; marker: 'CR' | 'DR' | null } | null {
  if (cell === null || cell === '') return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? { paise: Math.round(cell * 100), marker: null } : null;
  let text = cellText(cell).replace(/,/g, '').replace(/^(₹|rs\.?|inr)\s*/i, '').trim();
  let marker: 'CR' | 'DR' | null = null;
  const suffix = /\s*\(?(cr|dr)\)?\.?$/i.exec(text);
  if (suffix) {
    marker = suffix[1]!.toUpperCase() as 'CR' | 'DR';
    text = text.slice(0, suffix.index).trim();
  }
  const negative = /^\(.*\)$/.test(text) || text.startsWith('-');
  text = text.replace(/^\(|\)$/g, '').replace(/^[-+]/, '').replace(/^(₹|rs\.?|inr)\s*/i, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const paise = Math.round(Number(text) * 100);
  return { paise: negative ? -paise : paise, marker };
}

const UTR_IN_TEXT = /(?<!\d)(\d{12})(?!\d)/;

/** The reference column's UTR ("433512345678", zero-padded "0000433512345678", a number cell), else the narration's. */
export function utrOf(ref: Cell | undefined, narration: string): string | null {
  const refText = typeof ref === 'number' && Number.isInteger(ref) ? String(ref) : cellText(ref ?? null);
  const padded = /^0*(\d{12})$/.exec(refText);
  if (padded) return padded[1]!;
  const inRef = UTR_IN_TEXT.exec(refText);
  if (inRef) return inRef[1]!;
  return UTR_IN_TEXT.exec(narration)?.[1] ?? null;
}

const VPA = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9.-]{1,63}$/i;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/i;
const NOT_A_NAME = new Set(['upi', 'cr', 'dr', 'p2a', 'p2m', 'payment', 'pay', 'imps', 'neft', 'rtgs']);

/** A UPI narration's counterparty: "UPI/433512345678/Sharma Medical/sharma@okaxis", "UPI-SHARMA MEDICAL-sharma@okaxis-…". */
export function upiParty(narration: string, utr: string | null): { upi: boolean; name: string | null; vpa: string | null } {
  if (!/^upi\b/i.test(narration.trim())) return { upi: false, name: null, vpa: null };
  const parts = narration.split(/[/-]/).map((p) => p.trim()).filter(Boolean);
  const vpa = parts.find((p) => VPA.test(p))?.toLowerCase() ?? null;
  const at = utr ? parts.indexOf(utr) : -1;
  // The name usually follows the UTR; in other layouts it comes first.
  const ordered = at >= 0 ? [...parts.slice(at + 1), ...parts.slice(0, at)] : parts;
  const name = ordered.find((p) => /[a-z]/i.test(p) && p.length >= 3 && !VPA.test(p) && !IFSC.test(p) && !NOT_A_NAME.has(p.toLowerCase())) ?? null;
  return { upi: true, name: name ? name.slice(0, 100) : null, vpa };
}

export interface StatementRows {
  lines: ParsedLine[];
  /** Rows of a transaction whose money or date cannot be read: never imported (like the stock upload's). */
  rejected: RejectedRow[];
}

/** An empty money cell: nothing, or the dash some banks print for no amount. */
const blank = (cell: Cell) => cell === null || (typeof cell === 'string' && /^[\s\-–—]*$/.test(cell));
const rupees = (paise: number) => `₹${(Math.abs(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The transaction rows under the header; rows without a date or any money (titles, totals, opening balance) are
 * passed over. A row with a date whose money cannot be taken as it stands is rejected with its problems, never
 * guessed at: a withdrawal or deposit column holds an amount without a sign (a negative deposit is not money
 * received), one amount column may be signed or carry Cr/Dr, and no line is beyond ₹10 crore.
 */
export function statementLines(rows: readonly (readonly Cell[])[]): StatementRows {
  const header = findStatementHeader(rows);
  if (!header) throw new AppError('E0001', 400, NO_HEADER, { file: 'No header row found' });
  const { index, mapping } = header;
  const at = (row: readonly Cell[], column: Column): Cell => {
    const i = mapping[column];
    return i === undefined ? null : (row[i] ?? null);
  };
  // Problems name a column as the file's header does ("Deposit Amt.").
  const named = (column: Column) => cellText(rows[index]![mapping[column]!] ?? null).trim() || column;
  const lines: ParsedLine[] = [];
  const rejected: RejectedRow[] = [];
  for (let r = index + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const dateCell = at(row, mapping.date !== undefined ? 'date' : 'valueDate');
    const date = statementDate(dateCell);
    const problems: string[] = [];
    /** A column's amount: 0 when blank, null (with its problem) when not money. */
    const money = (column: Column): { paise: number; marker: 'CR' | 'DR' | null } | null => {
      const cell = at(row, column);
      if (mapping[column] === undefined || blank(cell)) return { paise: 0, marker: null };
      const read = statementMoney(cell);
      const written = `${named(column)} "${cellText(cell).slice(0, 40)}"`;
      if (!read) problems.push(`${written} is not an amount`);
      else if (Math.abs(read.paise) > STATEMENT_MAX_LINE_PAISE) problems.push(`${written} is more than ₹${STATEMENT_MAX_LINE_PAISE / 1e9} crore on one line: check the column`);
      else return read;
      return null;
    };
    const debit = money('debit');
    const credit = money('credit');
    const single = money('amount');
    if (!date) {
      // A date that does not exist ("31/02/2026") on a row with money is a mistake; any other row is not a transaction.
      const hasMoney = [debit, credit, single].some((m) => !m || m.paise !== 0);
      if (hasMoney && /^\d/.test(cellText(dateCell))) rejected.push({ rowNumber: r + 1, cells: row.map(cellText), problems: [`${named(mapping.date !== undefined ? 'date' : 'valueDate')} "${cellText(dateCell).slice(0, 40)}" is not a date`] });
      continue;
    }
    let amount = 0;
    if (debit && credit && debit.paise !== 0 && credit.paise !== 0) problems.push(`Both ${named('debit')} and ${named('credit')} are filled in`);
    else if (debit && debit.paise !== 0) {
      if (debit.paise < 0) problems.push(`${named('debit')} ${rupees(debit.paise).replace('₹', '-₹')} is negative: a withdrawal is written without a sign`);
      else if (debit.marker === 'CR') problems.push(`${named('debit')} is marked Cr`);
      else amount = -debit.paise;
    } else if (credit && credit.paise !== 0) {
      if (credit.paise < 0) problems.push(`${named('credit')} ${rupees(credit.paise).replace('₹', '-₹')} is negative: a deposit is money received, never below zero`);
      else if (credit.marker === 'DR') problems.push(`${named('credit')} is marked Dr`);
      else amount = credit.paise;
    } else if (debit && credit && single && single.paise !== 0) {
      const marker = single.marker ?? crDrOf(at(row, 'crdr'));
      if (marker && single.paise < 0) problems.push(`${named('amount')} has both a minus sign and ${marker === 'CR' ? 'Cr' : 'Dr'}`);
      else amount = marker === 'DR' ? -single.paise : single.paise;
    }
    if (problems.length) {
      rejected.push({ rowNumber: r + 1, cells: row.map(cellText), problems });
      continue;
    }
    if (amount === 0) continue;
    const narration = cellText(at(row, 'narration')).replace(/\s+/g, ' ').slice(0, 500);
    const utr = utrOf(at(row, 'ref'), narration);
    const party = upiParty(narration, utr);
    lines.push({ row: r + 1, date, narration, utr, amountPaise: amount, upi: party.upi, payerName: amount > 0 ? party.name : null, payerVpa: amount > 0 ? party.vpa : null });
  }
  const count = lines.length + rejected.length;
  if (count > STATEMENT_MAX_LINES) {
    throw new AppError(
      'E0020',
      413,
      `The statement has ${count.toLocaleString('en-IN')} lines; at most ${STATEMENT_MAX_LINES.toLocaleString('en-IN')} are imported at once: export it from your bank a month or a quarter at a time`,
    );
  }
  return { lines, rejected };
}

function crDrOf(cell: Cell): 'CR' | 'DR' | null {
  const t = cellText(cell).toLowerCase();
  if (['cr', 'c', 'credit', 'deposit'].includes(t)) return 'CR';
  if (['dr', 'd', 'debit', 'withdrawal'].includes(t)) return 'DR';
  return null;
}

const isXlsDate = (cell: unknown): cell is { serial: number } => typeof cell === 'object' && cell !== null && !(cell instanceof Date) && 'serial' in cell;

/**
 * CSV/TXT, XLSX or XLS by the file's name (its content must agree); 400 E0001 for anything else or unreadable, 413
 * E0020 for more than STATEMENT_MAX_BYTES or STATEMENT_MAX_LINES (refused whole: nothing is read in part).
 */
export async function readStatement(fileName: string, bytes: Buffer): Promise<StatementRows> {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (bytes.length === 0) throw new AppError('E0001', 400, 'The file is empty');
  if (bytes.length > STATEMENT_MAX_BYTES) {
    const mb = (n: number) => `${(n / (1024 * 1024)).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
    throw new AppError('E0020', 413, `The file is ${mb(bytes.length)}; a bank statement may be at most ${mb(STATEMENT_MAX_BYTES)}: export it from your bank a month or a quarter at a time`);
  }
  let rows: Cell[][];
  if (ext === 'csv' || ext === 'txt') {
    if (bytes.includes(0)) throw new AppError('E0001', 400, 'This file is not a text (CSV) file');
    rows = readText(bytes);
  } else if (ext === 'xlsx') {
    if (bytes.length < 4 || bytes.readUInt32BE(0) !== 0x504b0304) throw new AppError('E0001', 400, 'This file is not really an Excel (XLSX) workbook');
    rows = await readXlsx(bytes);
  } else if (ext === 'xls') {
    rows = (await readIsolated('XLS', bytes)).rows.map((row) => row.map((c) => (isXlsDate(c) ? c.serial : c)));
  } else {
    throw new AppError('E0001', 400, 'Upload the bank statement as CSV or Excel (XLSX, XLS)');
  }
  return statementLines(rows);
}
