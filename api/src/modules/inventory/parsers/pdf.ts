import { AppError } from '../../../http/errors';
import { findHeaderRow, type Cell, type FieldOfHeader } from './header-detect';
import { readIsolated, type PdfItem } from './isolated';

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Text PDFs of stock statements: lines of positioned text (isolated-parse-worker.mjs). The header line's words
 * give the columns; every later item goes to the header it overlaps most (nearest by centre when none), so
 * right-aligned figures land under their headings (`fieldOf`: the headings of another kind of file than stock). A PDF without text (a scan) is refused.
 */
export async function readPdf(bytes: Buffer, fieldOf?: FieldOfHeader): Promise<Cell[][]> {
  const { lines } = await readIsolated('PDF', bytes);
  if (lines.length === 0) throw new AppError('E0001', 400, 'This PDF has no readable text (it looks scanned): export the stock as Excel, PDF with text, or TXT');
  const asCells = lines.map((items) => items.map((i) => i.s));
  const headerIndex = findHeaderRow(asCells, undefined, fieldOf);
  if (headerIndex < 0) return asCells;
  const header = lines[headerIndex]!;
  const headerKeys = header.map((h) => h.s).join('|');
  const columnOf = (item: PdfItem) => {
    let best = 0;
    let bestScore = -Infinity;
    header.forEach((h, i) => {
      const shared = overlap(item.x, item.x + item.w, h.x, h.x + h.w);
      const score = shared > 0 ? shared : -Math.abs(item.x + item.w / 2 - (h.x + h.w / 2));
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    return best;
  };
  const rows: Cell[][] = asCells.slice(0, headerIndex + 1);
  for (const items of lines.slice(headerIndex + 1)) {
    // Multi-page statements repeat the header on every page.
    if (items.map((i) => i.s).join('|') === headerKeys) continue;
    const cells: string[] = header.map(() => '');
    for (const item of items) {
      const c = columnOf(item);
      cells[c] = cells[c] ? `${cells[c]} ${item.s}` : item.s;
    }
    rows.push(cells);
  }
  return rows;
}
