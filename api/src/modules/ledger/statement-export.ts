import ExcelJS from 'exceljs';
import { formatPaise, type ExportFormat, type LedgerEntry } from 'shared-api';
import { BOLD, FONT, MARGIN, cell, printedDate, renderPdf, type Pdf } from '../../pdf/pdf';
import { CONTENT_TYPES, csvText, type DownloadFile } from '../../http/file-reply';
import type { StatementHead } from './statement';

/** Letters, digits, '-' and '_' only, as the screens name downloads ("Sharma Medical (RTL-MUM-001)" → "Sharma-Medical-RTL-MUM-001"). */
export const safeFileName = (...parts: string[]) =>
  parts
    .join('-')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

const rupees = (paise: number) => paise / 100;
/** Balances print as Dr / Cr, as ledgers do. */
const drCr = (paise: number) => `${formatPaise(Math.abs(paise))} ${paise < 0 ? 'Cr' : 'Dr'}`;

const HEADERS = ['Date', 'Voucher', 'Document', 'Particulars', 'Narration', 'Debit', 'Credit', 'Balance'] as const;

function rows(head: StatementHead, entries: readonly LedgerEntry[]) {
  return [
    { date: head.period.from, kind: '', document: '', particulars: 'Opening balance', narration: '', debit: 0, credit: 0, balance: head.openingPaise },
    ...entries.map((e) => ({ date: e.date, kind: e.kind, document: e.documentNumber ?? '', particulars: e.particulars, narration: e.narration, debit: e.debitPaise, credit: e.creditPaise, balance: e.balancePaise })),
    { date: head.period.to, kind: '', document: '', particulars: 'Closing balance', narration: '', debit: head.debitPaise, credit: head.creditPaise, balance: head.closingPaise },
  ];
}

async function xlsx(head: StatementHead, entries: readonly LedgerEntry[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Medico B2B';
  const sheet = book.addWorksheet('Ledger');
  sheet.addRow([`Ledger: ${head.account.name}`]).font = { bold: true };
  sheet.addRow([`${printedDate(head.period.from)} to ${printedDate(head.period.to)}`]);
  sheet.addRow([]);
  sheet.addRow([...HEADERS]).font = { bold: true };
  for (const r of rows(head, entries)) {
    // Amounts as numbers (rupees), so the sheet can add them up; balances signed (debit +, credit −).
    sheet.addRow([r.date, r.kind, r.document, r.particulars, r.narration, r.debit ? rupees(r.debit) : null, r.credit ? rupees(r.credit) : null, rupees(r.balance)]);
  }
  sheet.columns = [{ width: 12 }, { width: 12 }, { width: 18 }, { width: 36 }, { width: 40 }, { width: 14 }, { width: 14 }, { width: 16 }];
  for (const col of [6, 7, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}

const plainRupees = (paise: number) => (paise / 100).toFixed(2);

function csv(head: StatementHead, entries: readonly LedgerEntry[]): Buffer {
  const lines = [HEADERS.join(',')];
  for (const r of rows(head, entries)) {
    lines.push([r.date, r.kind, r.document, r.particulars, r.narration, r.debit ? plainRupees(r.debit) : '', r.credit ? plainRupees(r.credit) : '', plainRupees(r.balance)].map(csvText).join(','));
  }
  // A BOM so Excel reads the file as UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const PDF_COLUMNS = [
  { title: 'Date', width: 52, align: 'left' },
  { title: 'Document', width: 78, align: 'left' },
  { title: 'Particulars', width: 150, align: 'left' },
  { title: 'Debit', width: 72, align: 'right' },
  { title: 'Credit', width: 72, align: 'right' },
  { title: 'Balance', width: 115, align: 'right' },
] as const;

function drawStatement(doc: Pdf, unitName: string, head: StatementHead, entries: readonly LedgerEntry[]) {
  const bottom = doc.page.height - MARGIN;
  const row = (values: readonly string[], y: number) => {
    let x = MARGIN;
    PDF_COLUMNS.forEach((c, i) => {
      cell(doc, values[i] ?? '', x, y, c.width, c.align);
      x += c.width;
    });
  };
  const header = (y: number) => {
    doc.font(BOLD).fontSize(8);
    row(PDF_COLUMNS.map((c) => c.title), y);
    doc.font(FONT);
    doc.moveTo(MARGIN, y + 11).lineTo(doc.page.width - MARGIN, y + 11).lineWidth(0.5).stroke();
    return y + 15;
  };
  doc.font(BOLD).fontSize(13);
  cell(doc, unitName, MARGIN, MARGIN, doc.page.width - 2 * MARGIN);
  doc.fontSize(11);
  cell(doc, `Ledger: ${head.account.name}`, MARGIN, MARGIN + 18, doc.page.width - 2 * MARGIN);
  doc.font(FONT).fontSize(9);
  cell(doc, `${printedDate(head.period.from)} to ${printedDate(head.period.to)}`, MARGIN, MARGIN + 34, doc.page.width - 2 * MARGIN);
  let y = header(MARGIN + 54);
  for (const r of rows(head, entries)) {
    if (y + 12 > bottom) {
      doc.addPage();
      y = header(MARGIN);
    }
    doc.fontSize(8);
    const particulars = [r.particulars, r.narration].filter(Boolean).join(' - ');
    row([printedDate(r.date), r.document, particulars, r.debit ? formatPaise(r.debit) : '', r.credit ? formatPaise(r.credit) : '', drCr(r.balance)], y);
    y += 12;
  }
}

/** The statement as xlsx, csv or a printable A4 PDF (through the one PDF module). */
export async function exportStatement(format: ExportFormat, unitName: string, head: StatementHead, entries: readonly LedgerEntry[]): Promise<DownloadFile> {
  const fileName = `${safeFileName('Ledger', head.account.name, head.period.from, head.period.to)}.${format}`;
  const body =
    format === 'xlsx'
      ? await xlsx(head, entries)
      : format === 'csv'
        ? csv(head, entries)
        : await renderPdf('A4', { title: `Ledger ${head.account.name}`, author: unitName }, (doc) => drawStatement(doc, unitName, head, entries));
  return { body, contentType: CONTENT_TYPES[format], fileName };
}
