import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { AppError } from '../../../http/errors';
import { dateCellValue } from './dates';
import type { Cell } from './header-detect';
import { worksheetsLast } from './zip-order';

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
  const rows: Cell[][] = [];
  await eachXlsxRow(bytes, (cells, index) => {
    rows[index] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Each row of the first worksheet that has rows, in order, with its 0-based row index (empty rows may be skipped).
 * The worksheets are read from the bytes in an order that leaves nothing in the temp directory (zip-order.ts).
 */
export async function eachXlsxRow(bytes: Buffer, onRow: (cells: Cell[], index: number) => void): Promise<void> {
  const ordered = worksheetsLast(bytes);
  if (!ordered) throw notWorkbook();
  // Loaded with the first workbook read, not with the module: the API's main thread imports this file for the file
  // types and holds exceljs (~25 MB) only once one of its own screens reads a workbook (files/sheets.ts).
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(ordered), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      let rows = 0;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        // row.values is 1-based and sparse; row numbers can skip empty rows.
        for (let i = 1; i < values.length; i++) {
          const cell = plain(values[i]);
          // Dates (and formulas giving day numbers) read as their display format shows them: "Jan-28" is month end.
          const format = cell instanceof Date || typeof cell === 'number' ? row.findCell(i)?.numFmt : undefined;
          cells.push(typeof format === 'string' ? dateCellValue(cell, format) : cell);
        }
        onRow(cells, row.number - 1);
        rows++;
      }
      if (rows > 0) break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notWorkbook();
  }
}

const notWorkbook = () => new AppError('E0001', 400, 'This file is not a readable Excel (XLSX) workbook');
