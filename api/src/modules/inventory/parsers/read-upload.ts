import { UPLOAD_EXTENSIONS, UPLOAD_TYPES_MESSAGE } from 'shared-api/src/stock-upload';
import { AppError } from '../../../http/errors';
import type { Cell, FieldOfHeader } from './header-detect';
import { dateCellValue } from './dates';
import { readIsolated, type XlsDateCell } from './isolated';
import { readPdf } from './pdf';
import { readText } from './text';
import { eachXlsxRow, readXlsx } from './xlsx';

export type UploadFileType = 'XLSX' | 'XLS' | 'PDF' | 'TXT';

/** SPEC.md §5: only these extensions; anything else is refused before a byte is read. */
export function fileTypeOf(fileName: string): UploadFileType {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('E0001', 400, UPLOAD_TYPES_MESSAGE);
  return ext.toUpperCase() as UploadFileType;
}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The content must be what the name says: a Word file renamed to .xlsx is caught here, not deep in a parser. */
function checkContent(type: UploadFileType, bytes: Buffer): void {
  if (bytes.length === 0) throw new AppError('E0001', 400, 'The file is empty');
  if (type === 'TXT') {
    // Text has no NUL byte anywhere (PostgreSQL refuses them in text, too); binary files and UTF-16 text do.
    const nul = bytes.indexOf(0);
    if (nul < 0) return;
    throw new AppError('E0001', 400, `This file is binary, not text (a NUL byte at byte ${nul + 1}): export the stock as plain text (UTF-8 or ANSI), Excel or PDF`, {
      file: 'Not a text file',
    });
  }
  const fits: Record<Exclude<UploadFileType, 'TXT'>, () => boolean> = {
    XLSX: () => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]),
    XLS: () => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    PDF: () => bytes.subarray(0, 1024).includes('%PDF-'),
  };
  if (!fits[type]()) throw new AppError('E0001', 400, `This file is not really a ${type} file (its content does not match its name)`);
}

const isDateCell = (cell: Cell | XlsDateCell): cell is XlsDateCell => typeof cell === 'object' && cell !== null && !(cell instanceof Date);

/** Any accepted file → its rows of cells, title lines included (the header is found afterwards). */
export async function readUpload(fileName: string, bytes: Buffer): Promise<{ type: UploadFileType; rows: Cell[][] }> {
  const type = fileTypeOf(fileName);
  return { type, rows: await readRows(type, bytes) };
}

/**
 * A file of a type already allowed → its rows. `fieldOf` names the headings of the kind of file (default: a stock
 * statement's) where the columns are found by the header line (PDF, fixed-width text); the recall import passes its own.
 */
export async function readRows(type: UploadFileType, bytes: Buffer, fieldOf?: FieldOfHeader): Promise<Cell[][]> {
  checkContent(type, bytes);
  return type === 'XLSX' ? await readXlsx(bytes)
    : type === 'XLS' ? (await readIsolated('XLS', bytes)).rows.map((row) => row.map((c) => (isDateCell(c) ? dateCellValue(c.serial, c.format) : c)))
    : type === 'PDF' ? await readPdf(bytes, fieldOf)
    : readText(bytes, fieldOf);
}

/**
 * readUpload one row at a time (0-based row index; empty rows may be skipped): an XLSX is streamed, so its rows are
 * never all in memory at once; the other types are read whole first (their size limits keep them small).
 */
export async function eachUploadRow(fileName: string, bytes: Buffer, onRow: (cells: Cell[], index: number) => void): Promise<UploadFileType> {
  const type = fileTypeOf(fileName);
  if (type !== 'XLSX') {
    const { rows } = await readUpload(fileName, bytes);
    rows.forEach(onRow);
    return type;
  }
  checkContent(type, bytes);
  await eachXlsxRow(bytes, onRow);
  return type;
}
