import { csvText } from '../http/file-reply';

/*
 * Tables people download (GST returns, the outward stock register, ...): the same sheets as CSV text or as a
 * workbook, so both files always hold the same rows. Money stays in integer paise until it is written.
 */

/** An amount cell: kept in paise so CSV text and spreadsheet numbers are both exact to the paisa. */
export interface Amount {
  paise: number;
}
export type Cell = string | number | Amount;

export interface Sheet {
  /** Worksheet name (Excel allows 31 characters). */
  name: string;
  /** Section heading in the CSV; without one the CSV starts at the column headings (a file of one table). */
  title?: string;
  headers: readonly string[];
  rows: readonly (readonly Cell[])[];
}

export const paise = (p: number): Amount => ({ paise: p });
export const fromRupees = (rupees: number): Amount => ({ paise: Math.round(rupees * 100) });
const isAmount = (c: Cell): c is Amount => typeof c === 'object';

/** 12345 → "123.45", −5 → "-0.05": exact text for CSV cells (no floating point involved). */
export function rupeeText(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function csvField(c: Cell): string {
  if (isAmount(c)) return rupeeText(c.paise);
  return typeof c === 'number' ? String(c) : csvText(c);
}

/** Sections one after another, each its heading line (if any), the column headings and its rows, with a blank line between. */
export function sheetsToCsv(sheets: readonly Sheet[]): string {
  const lines = sheets.flatMap((s) => [...(s.title === undefined ? [] : [csvField(s.title)]), s.headers.map(csvField).join(','), ...s.rows.map((r) => r.map(csvField).join(',')), '']);
  // The byte-order mark makes Excel read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}`;
}

export async function sheetsToXlsx(sheets: readonly Sheet[]): Promise<Buffer> {
  // Loaded with the first workbook, not at start (~25 MB the API holds only once someone exports to Excel).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = book.addWorksheet(s.name);
    ws.addRow([...s.headers]).font = { bold: true };
    for (const r of s.rows) {
      // An empty text is an empty cell (the GST offline tool leaves its optional columns so).
      const row = ws.addRow(r.map((c) => (isAmount(c) ? c.paise / 100 : c === '' ? null : c)));
      r.forEach((c, i) => {
        if (isAmount(c)) row.getCell(i + 1).numFmt = '0.00';
      });
    }
    s.headers.forEach((h, i) => {
      ws.getColumn(i + 1).width = Math.max(12, h.length + 2);
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
