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
const plainRupees = (paise: number) => (paise / 100).toFixed(2);
/** Balances print as Dr / Cr, as ledgers do. */
export const drCr = (paise: number) => `${formatPaise(Math.abs(paise))} ${paise < 0 ? 'Cr' : 'Dr'}`;

/** One column of a report: its value in the spreadsheet and the CSV, and how (whether) the PDF prints it. */
export interface ReportColumn<R> {
  title: string;
  /** Spreadsheet width (characters). */
  width: number;
  /** Paise: a number of rupees in the spreadsheet (it can add them up), 0.00 in the CSV, ₹ grouping in the PDF. */
  money?: boolean;
  value: (row: R) => string | number | null;
  /** The PDF's column (width in points, its text: by default the value); absent: not printed. */
  pdf?: { width: number; align?: 'left' | 'right'; text?: (row: R) => string };
}

/** A report the books download: a ledger statement, the profit and loss, the trial balance, the balance sheet. */
export interface Report<R> {
  /** "Ledger: Cash", "Profit and Loss" */
  title: string;
  /** "01-10-2026 to 31-10-2026", "As on 31-03-2027" */
  subtitle: string;
  sheetName: string;
  /** Without extension. */
  fileName: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  /** Totals and headings print bold. */
  bold?: (row: R) => boolean;
}

const pdfCell = <R,>(c: ReportColumn<R>, row: R): string => {
  if (c.pdf?.text) return c.pdf.text(row);
  const v = c.value(row);
  return v === null ? '' : c.money && typeof v === 'number' ? formatPaise(v) : String(v);
};

async function reportXlsx<R>(report: Report<R>): Promise<Buffer> {
  // Loaded with the first workbook, not at start (files/sheets.ts).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Medico B2B';
  const sheet = book.addWorksheet(report.sheetName);
  sheet.addRow([report.title]).font = { bold: true };
  sheet.addRow([report.subtitle]);
  sheet.addRow([]);
  sheet.addRow(report.columns.map((c) => c.title)).font = { bold: true };
  for (const row of report.rows) {
    const added = sheet.addRow(report.columns.map((c) => {
      const v = c.value(row);
      return c.money && typeof v === 'number' ? rupees(v) : v;
    }));
    if (report.bold?.(row)) added.font = { bold: true };
  }
  sheet.columns = report.columns.map((c) => ({ width: c.width }));
  report.columns.forEach((c, i) => {
    if (c.money) sheet.getColumn(i + 1).numFmt = '#,##0.00';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

function reportCsv<R>(report: Report<R>): Buffer {
  const lines = [report.columns.map((c) => c.title).join(',')];
  for (const row of report.rows) {
    lines.push(
      report.columns
        .map((c) => {
          const v = c.value(row);
          return v === null ? '' : c.money && typeof v === 'number' ? plainRupees(v) : String(v);
        })
        .map(csvText)
        .join(','),
    );
  }
  // A BOM so Excel reads the file as UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function drawReport<R>(doc: Pdf, unitName: string, report: Report<R>) {
  const columns = report.columns.filter((c) => c.pdf);
  const bottom = doc.page.height - MARGIN;
  const line = (values: readonly string[], y: number) => {
    let x = MARGIN;
    columns.forEach((c, i) => {
      cell(doc, values[i] ?? '', x, y, c.pdf!.width, c.pdf!.align ?? (c.money ? 'right' : 'left'));
      x += c.pdf!.width;
    });
  };
  const header = (y: number) => {
    doc.font(BOLD).fontSize(8);
    line(columns.map((c) => c.title), y);
    doc.font(FONT);
    doc.moveTo(MARGIN, y + 11).lineTo(doc.page.width - MARGIN, y + 11).lineWidth(0.5).stroke();
    return y + 15;
  };
  doc.font(BOLD).fontSize(13);
  cell(doc, unitName, MARGIN, MARGIN, doc.page.width - 2 * MARGIN);
  doc.fontSize(11);
  cell(doc, report.title, MARGIN, MARGIN + 18, doc.page.width - 2 * MARGIN);
  doc.font(FONT).fontSize(9);
  cell(doc, report.subtitle, MARGIN, MARGIN + 34, doc.page.width - 2 * MARGIN);
  let y = header(MARGIN + 54);
  for (const row of report.rows) {
    if (y + 12 > bottom) {
      doc.addPage();
      y = header(MARGIN);
    }
    doc.font(report.bold?.(row) ? BOLD : FONT).fontSize(8);
    line(columns.map((c) => pdfCell(c, row)), y);
    y += 12;
  }
  doc.font(FONT);
}

/** The one way the books are downloaded: a report as xlsx, csv or a printable A4 PDF (through the one PDF module). */
export async function exportReport<R>(format: ExportFormat, unitName: string, report: Report<R>): Promise<DownloadFile> {
  const body =
    format === 'xlsx'
      ? await reportXlsx(report)
      : format === 'csv'
        ? reportCsv(report)
        : await renderPdf('A4', { title: report.title, author: unitName }, (doc) => drawReport(doc, unitName, report));
  return { body, contentType: CONTENT_TYPES[format], fileName: `${report.fileName}.${format}` };
}

interface StatementRow {
  date: string;
  kind: string;
  document: string;
  particulars: string;
  narration: string;
  debit: number;
  credit: number;
  balance: number;
}

function rows(head: StatementHead, entries: readonly LedgerEntry[]): StatementRow[] {
  return [
    { date: head.period.from, kind: '', document: '', particulars: 'Opening balance', narration: '', debit: 0, credit: 0, balance: head.openingPaise },
    ...entries.map((e) => ({ date: e.date, kind: e.kind, document: e.documentNumber ?? '', particulars: e.particulars, narration: e.narration, debit: e.debitPaise, credit: e.creditPaise, balance: e.balancePaise })),
    { date: head.period.to, kind: '', document: '', particulars: 'Closing balance', narration: '', debit: head.debitPaise, credit: head.creditPaise, balance: head.closingPaise },
  ];
}

// Balances signed in the spreadsheet (debit +, credit −), Dr / Cr in the PDF; the PDF joins narration to particulars.
const STATEMENT_COLUMNS: readonly ReportColumn<StatementRow>[] = [
  { title: 'Date', width: 12, value: (r) => r.date, pdf: { width: 52, text: (r) => printedDate(r.date) } },
  { title: 'Voucher', width: 12, value: (r) => r.kind },
  { title: 'Document', width: 18, value: (r) => r.document, pdf: { width: 78 } },
  { title: 'Particulars', width: 36, value: (r) => r.particulars, pdf: { width: 150, text: (r) => [r.particulars, r.narration].filter(Boolean).join(' - ') } },
  { title: 'Narration', width: 40, value: (r) => r.narration },
  { title: 'Debit', width: 14, money: true, value: (r) => r.debit || null, pdf: { width: 72 } },
  { title: 'Credit', width: 14, money: true, value: (r) => r.credit || null, pdf: { width: 72 } },
  { title: 'Balance', width: 16, money: true, value: (r) => r.balance, pdf: { width: 115, text: (r) => drCr(r.balance) } },
];

/** The statement as xlsx, csv or a printable A4 PDF. */
export function exportStatement(format: ExportFormat, unitName: string, head: StatementHead, entries: readonly LedgerEntry[]): Promise<DownloadFile> {
  return exportReport(format, unitName, {
    title: `Ledger: ${head.account.name}`,
    subtitle: `${printedDate(head.period.from)} to ${printedDate(head.period.to)}`,
    sheetName: 'Ledger',
    fileName: safeFileName('Ledger', head.account.name, head.period.from, head.period.to),
    columns: STATEMENT_COLUMNS,
    rows: rows(head, entries),
  });
}
