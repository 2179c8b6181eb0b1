/**
 * The one PDF module (ARCHITECTURE.md decision 9): documents people print are drawn here with pdfkit, on the server.
 * Standard PDF fonts (Helvetica) keep files small and fast to make; they cover Latin-1 only, so amounts print as
 * "Rs." figures and other characters are replaced (printable()). pdfkit is loaded with the first document, not at
 * start: it is ~25 MB of memory a server that prints nothing (an import, say) does not need.
 */

export type PaperSize = 'A4' | 'A5';
/** Documents print on paper; LABEL is a 100 × 150 mm thermal shipping label (the common 4 × 6 inch roll). */
export type PageSize = PaperSize | 'LABEL';
export type Pdf = PDFKit.PDFDocument;

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

export const MARGIN = 28;

/** Points in a millimetre. */
export const MM = 72 / 25.4;
/** A label's margin: thermal printers leave about 2 mm of each edge blank. */
export const LABEL_MARGIN = Math.round(4 * MM);

/** A4 portrait, or A5 landscape: the half-sheet pharma invoices print on (both 595 pt wide); the label. */
const LAYOUT: Record<PageSize, { size: string | [number, number]; layout: 'portrait' | 'landscape'; margin: number }> = {
  A4: { size: 'A4', layout: 'portrait', margin: MARGIN },
  A5: { size: 'A5', layout: 'landscape', margin: MARGIN },
  LABEL: { size: [100 * MM, 150 * MM], layout: 'portrait', margin: LABEL_MARGIN },
};

// WinAnsi (the standard fonts' encoding): Latin-1 plus a few typographic marks.
const UNPRINTABLE = /[^\x20-\x7E\xA0-\xFF–—‘’“”•…]/g;

/** Text the standard fonts can draw: other characters become '?', ₹ becomes "Rs.". */
export function printable(text: string): string {
  return text.replace(/₹\s?/g, 'Rs. ').replace(UNPRINTABLE, '?');
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY', as Indian documents print dates. */
export const printedDate = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** A document number ('INV/2026-27/7') as a file name ('INV-2026-27-7.pdf'). */
export const pdfFileName = (documentNumber: string) => `${documentNumber.replace(/\//g, '-')}.pdf`;

/** Draws a document and answers its bytes. */
export async function renderPdf(size: PageSize, info: { title: string; author: string; subject?: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    ...LAYOUT[size],
    bufferPages: false,
    info: { Title: printable(info.title), Author: printable(info.author), Subject: printable(info.subject ?? ''), Creator: 'Medico B2B' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT);
  draw(doc);
  doc.end();
  return done;
}

/** `text` shortened with "..." to fit `width` at the current font and size, with its width. */
export function fit(doc: Pdf, text: string, width: number): { text: string; width: number } {
  const clean = printable(text);
  const full = doc.widthOfString(clean);
  if (full <= width) return { text: clean, width: full };
  let lo = 0;
  let hi = clean.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${clean.slice(0, mid)}...`) <= width) lo = mid;
    else hi = mid - 1;
  }
  const cut = `${clean.slice(0, lo)}...`;
  return { text: cut, width: doc.widthOfString(cut) };
}

/**
 * One line of text in a box, never wrapping. Placed by hand rather than with pdfkit's `width`/`align`, which runs
 * its line-wrapping machinery for every cell (most of a table's drawing time).
 */
export function cell(doc: Pdf, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left'): void {
  if (!text) return;
  const inner = width - 2;
  const f = fit(doc, text, inner);
  const left = align === 'left' ? x + 1 : align === 'right' ? x + 1 + inner - f.width : x + 1 + (inner - f.width) / 2;
  doc.text(f.text, left, y, { lineBreak: false });
}

/**
 * `text` broken into lines that fit `width` at the current font and size, at spaces where it can (a word longer than
 * the width is broken inside): for a table cell that must show all of its text, such as a product's name.
 */
export function wrap(doc: Pdf, text: string, width: number): string[] {
  const inner = width - 2;
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const tried = line ? `${line} ${word}` : word;
    if (doc.widthOfString(tried) <= inner) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    // A word wider than the cell: as many characters as fit on each line.
    while (doc.widthOfString(rest) > inner) {
      let n = 1;
      while (n < rest.length && doc.widthOfString(rest.slice(0, n + 1)) <= inner) n++;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}
