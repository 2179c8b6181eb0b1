import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../../../http/errors';
import type { Cell } from './header-detect';

/** An exceljs cell value → a plain cell (formulas give their cached result, rich text its text). */
function plain(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return plain(v.result);
    if (v.text !== undefined) return plain(v.text);
  }
  return null;
}

/**
 * The first worksheet that has rows, read with exceljs's streaming reader so a 100,000-row file never exists
 * as a whole workbook object in memory.
 */
export async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const rows: Cell[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        // row.values is 1-based and sparse; row numbers can skip empty rows.
        for (let i = 1; i < values.length; i++) cells.push(plain(values[i]));
        rows[row.number - 1] = cells;
      }
      if (rows.length > 0) break;
    }
  } catch {
    throw new AppError('E0001', 400, 'This file is not a readable Excel (XLSX) workbook');
  }
  return Array.from(rows, (r) => r ?? []);
}
