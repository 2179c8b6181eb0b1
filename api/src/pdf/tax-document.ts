import { formatPaise, type DocumentParty, type DocumentTotals, type SalesInvoiceLine, type SupplyKind } from 'shared-api';
import { BOLD, FONT, MARGIN, cell, printable, renderPdf, wrap, type PaperSize, type Pdf } from './pdf';

/**
 * A GST document on paper: tax invoice, credit note, quotation, purchase bill all print through this one layout.
 * Rule 46 content: both parties (name, address, GSTIN, state and code, drug licences), the document's facts (number,
 * date, place of supply, reverse charge), one row per batch (HSN, description, batch, expiry, MRP, rate, quantity,
 * free, discount, taxable value, rate and amount of tax), totals with the round-off line, the amount in words.
 */
export interface TaxDocumentPrint {
  /** 'TAX INVOICE', 'CREDIT NOTE', 'QUOTATION', … */
  title: string;
  /** Under the title, e.g. 'Original for Recipient'. */
  subtitle?: string;
  /** Label–value pairs beside the recipient: number, date, order, place of supply, reverse charge, … */
  facts: readonly (readonly [string, string])[];
  supplier: DocumentParty;
  recipient: DocumentParty;
  recipientLabel: string;
  supplyKind: SupplyKind;
  lines: readonly PrintLine[];
  totals: DocumentTotals;
  amountInWords: string;
  /** Printed under the totals (terms, validity, declarations). */
  notes: readonly string[];
  /** A QR code to pay what is due (a UPI link as PNG), printed under the notes with its caption. */
  payQr?: { png: Buffer; caption: string } | null;
  /**
   * E-invoice (issue 34): REGISTERED prints IRN, Ack No and date and the portal's signed QR code under the header;
   * DRAFT (IRN pending or refused) says plainly, under the header, that it is not a valid tax invoice yet.
   */
  eInvoice?: { kind: 'REGISTERED'; irn: string; ackNo: string; ackDate: string; qrPng: Buffer } | { kind: 'DRAFT'; banner: string } | null;
  /** Across the first page, e.g. 'CANCELLED' (a cancelled document, issue 34); with its line under the title. */
  stamp?: { text: string; detail: string } | null;
}

export type PrintLine = Pick<
  SalesInvoiceLine,
  | 'productName'
  | 'pack'
  | 'hsn'
  | 'batchNo'
  | 'expiryDate'
  | 'mrpPaise'
  | 'ratePaise'
  | 'quantity'
  | 'freeQuantity'
  | 'discountPaise'
  | 'taxablePaise'
  | 'gstRateBp'
  | 'cgstPaise'
  | 'sgstPaise'
  | 'igstPaise'
  | 'totalPaise'
>;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value: (line: PrintLine, index: number) => string;
  /** Printed whole on as many lines as it needs (the product's name), not cut to one line. */
  wraps?: boolean;
}

const money = (paise: number) => formatPaise(paise);
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 ? 2 : 0)}%`;
/** Expiry as printed on packs: MM/YY. */
const expiry = (date: string) => `${date.slice(5, 7)}/${date.slice(2, 4)}`;

/** 539 pt of columns: the printable width of A4 portrait and of A5 landscape. */
function columns(kind: SupplyKind): Column[] {
  const tax: Column[] =
    kind === 'INTRA'
      ? [
          { title: 'CGST', width: 34, align: 'right', value: (l) => money(l.cgstPaise) },
          { title: 'SGST', width: 34, align: 'right', value: (l) => money(l.sgstPaise) },
        ]
      : [{ title: 'IGST', width: 34, align: 'right', value: (l) => money(l.igstPaise) }];
  return [
    { title: '#', width: 12, align: 'right', value: (_, i) => String(i + 1) },
    { title: 'Description', width: kind === 'INTRA' ? 100 : 134, align: 'left', wraps: true, value: (l) => `${l.productName}${l.pack ? ` (${l.pack})` : ''}` },
    { title: 'HSN', width: 34, align: 'left', value: (l) => l.hsn },
    { title: 'Batch', width: 44, align: 'left', value: (l) => l.batchNo },
    { title: 'Exp.', width: 28, align: 'center', value: (l) => expiry(l.expiryDate) },
    { title: 'MRP', width: 34, align: 'right', value: (l) => money(l.mrpPaise) },
    { title: 'PTR', width: 34, align: 'right', value: (l) => money(l.ratePaise) },
    { title: 'Qty', width: 22, align: 'right', value: (l) => String(l.quantity) },
    { title: 'Free', width: 20, align: 'right', value: (l) => (l.freeQuantity ? String(l.freeQuantity) : '') },
    { title: 'Disc.', width: 28, align: 'right', value: (l) => (l.discountPaise ? money(l.discountPaise) : '') },
    { title: 'Taxable', width: 42, align: 'right', value: (l) => money(l.taxablePaise) },
    { title: 'GST', width: 22, align: 'right', value: (l) => percent(l.gstRateBp) },
    ...tax,
    { title: 'Amount', width: 47, align: 'right', value: (l) => money(l.totalPaise) },
  ];
}

const ROW = 11;
/** A further line of a wrapped cell. */
const WRAPPED_LINE = 8;
const TOTALS_HEIGHT = 120;
/** The pay QR's side in pt: about 2.5 cm, which phone cameras read from a printout. */
const QR_SIZE = 72;
/** The e-invoice's signed QR holds ~900 characters: printed larger than a UPI QR so a phone still reads it. */
const EINVOICE_QR_SIZE = 100;

function partyLines(p: DocumentParty): string[] {
  return [
    p.address,
    `GSTIN: ${p.gstin ?? 'Unregistered'}    State: ${p.stateName} (${p.stateCode})`,
    ...(p.drugLicences.length ? [`D.L. No.: ${p.drugLicences.join(', ')}`] : []),
    ...(p.phone ? [`Phone: ${p.phone}`] : []),
  ];
}

function rule(doc: Pdf, y: number, weight = 0.5) {
  doc.lineWidth(weight).moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).stroke();
}

function tableHeader(doc: Pdf, cols: Column[], y: number): number {
  doc.font(BOLD).fontSize(6.5);
  let x = MARGIN;
  for (const c of cols) {
    cell(doc, c.title, x, y + 2, c.width, c.align);
    x += c.width;
  }
  rule(doc, y + ROW);
  doc.font(FONT);
  return y + ROW + 2;
}

function draw(doc: Pdf, d: TaxDocumentPrint): void {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  let y = MARGIN;

  if (d.stamp) drawStamp(doc, d.stamp);
  // Supplier on the left, the title on the right.
  doc.font(BOLD).fontSize(13);
  cell(doc, d.supplier.name, left, y, width * 0.65);
  doc.fontSize(12);
  cell(doc, d.title, left + width * 0.65, y, width * 0.35, 'right');
  y += 16;
  doc.font(FONT).fontSize(7.5);
  if (d.subtitle) cell(doc, d.subtitle, left + width * 0.65, y, width * 0.35, 'right');
  for (const line of partyLines(d.supplier)) {
    cell(doc, line, left, y, width * 0.65);
    y += 9;
  }
  y += 2;
  rule(doc, y, 0.8);
  y += 4;

  if (d.eInvoice?.kind === 'REGISTERED') {
    // The signed QR on the right (the portal's, as a scanner verifies it), IRN and acknowledgement on the left.
    const e = d.eInvoice;
    doc.image(e.qrPng, left + width - EINVOICE_QR_SIZE, y, { width: EINVOICE_QR_SIZE, height: EINVOICE_QR_SIZE });
    doc.font(BOLD).fontSize(7.5);
    cell(doc, 'IRN:', left, y + 2, 30);
    doc.font(FONT);
    cell(doc, e.irn, left + 30, y + 2, width - EINVOICE_QR_SIZE - 36);
    doc.font(BOLD);
    cell(doc, 'Ack No.:', left, y + 12, 40);
    doc.font(FONT);
    cell(doc, e.ackNo, left + 40, y + 12, 120);
    doc.font(BOLD);
    cell(doc, 'Ack Date:', left + 170, y + 12, 40);
    doc.font(FONT);
    cell(doc, e.ackDate, left + 210, y + 12, 120);
    cell(doc, 'e-Invoice: registered on the Invoice Registration Portal; scan the QR code to verify it.', left, y + 22, width - EINVOICE_QR_SIZE - 6);
    y += EINVOICE_QR_SIZE + 3;
    rule(doc, y, 0.8);
    y += 4;
  } else if (d.eInvoice?.kind === 'DRAFT') {
    doc.font(BOLD).fontSize(9);
    cell(doc, d.eInvoice.banner, left, y + 1, width, 'center');
    doc.font(FONT).fontSize(7.5);
    y += 14;
    rule(doc, y, 0.8);
    y += 4;
  }

  // Recipient on the left, the document's facts on the right.
  const top = y;
  doc.font(BOLD).fontSize(7.5);
  cell(doc, `${d.recipientLabel}: ${d.recipient.name}`, left, y, width * 0.58);
  doc.font(FONT);
  y += 9;
  for (const line of partyLines(d.recipient)) {
    cell(doc, line, left, y, width * 0.58);
    y += 9;
  }
  let factsY = top;
  for (const [label, value] of d.facts) {
    doc.font(BOLD);
    cell(doc, `${label}:`, left + width * 0.6, factsY, width * 0.16);
    doc.font(FONT);
    cell(doc, value, left + width * 0.76, factsY, width * 0.24);
    factsY += 9;
  }
  y = Math.max(y, factsY) + 3;
  rule(doc, y, 0.8);

  // One row per batch; the header repeats on every page.
  const cols = columns(d.supplyKind);
  y = tableHeader(doc, cols, y + 1);
  doc.fontSize(6.5);
  d.lines.forEach((line, index) => {
    const wrapped = new Map(cols.flatMap((c) => (c.wraps ? [[c, wrap(doc, c.value(line, index), c.width)] as const] : [])));
    const height = ROW + WRAPPED_LINE * (Math.max(1, ...[...wrapped.values()].map((w) => w.length)) - 1);
    if (y + height > bottom() - 12) {
      doc.fontSize(6.5);
      cell(doc, 'continued on the next page', left, bottom() - 10, width, 'right');
      doc.addPage();
      y = tableHeader(doc, cols, MARGIN);
      doc.fontSize(6.5);
    }
    let x = left;
    for (const c of cols) {
      const lines = wrapped.get(c);
      if (lines) lines.forEach((text, i) => cell(doc, text, x, y + 2 + i * WRAPPED_LINE, c.width, c.align));
      else cell(doc, c.value(line, index), x, y + 2, c.width, c.align);
      x += c.width;
    }
    y += height;
  });
  rule(doc, y + 1, 0.8);
  y += 5;

  if (y + TOTALS_HEIGHT + (d.payQr ? QR_SIZE + 12 : 0) > bottom()) {
    doc.addPage();
    y = MARGIN;
  }

  // Totals on the right; the amount in words and the notes on the left.
  const t = d.totals;
  const taxRows: [string, number][] =
    d.supplyKind === 'INTRA'
      ? [
          ['CGST', t.cgstPaise],
          ['SGST', t.sgstPaise],
        ]
      : [['IGST', t.igstPaise]];
  const rows: [string, number][] = [
    ['Gross value', t.grossPaise],
    ...(t.discountPaise ? ([['Less: discount', -t.discountPaise]] as [string, number][]) : []),
    ['Taxable value', t.taxablePaise],
    ...taxRows,
    ['Round off', t.roundOffPaise],
  ];
  const boxX = left + width - 190;
  doc.fontSize(7.5);
  let ty = y;
  for (const [label, value] of rows) {
    cell(doc, label, boxX, ty, 110);
    cell(doc, money(value), boxX + 110, ty, 80, 'right');
    ty += 10;
  }
  doc.font(BOLD).fontSize(9);
  cell(doc, 'Total (Rs.)', boxX, ty + 2, 110);
  cell(doc, money(t.totalPaise), boxX + 110, ty + 2, 80, 'right');
  ty += 14;

  const textWidth = width - 200;
  doc.font(BOLD).fontSize(7.5).text('Amount in words:', left, y, { width: textWidth });
  doc.font(FONT).text(printable(d.amountInWords), left, doc.y + 1, { width: textWidth });
  let ny = doc.y + 6;
  doc.fontSize(6.5);
  for (const note of d.notes) {
    doc.text(printable(note), left, ny, { width: textWidth });
    ny = doc.y + 1;
  }

  if (d.payQr) {
    doc.image(d.payQr.png, left, ny + 4, { width: QR_SIZE, height: QR_SIZE });
    doc.font(BOLD).fontSize(7);
    cell(doc, d.payQr.caption, left, ny + QR_SIZE + 5, 160);
    doc.font(FONT);
    ny += QR_SIZE + 14;
  }

  const signY = Math.max(ty, ny) + 14;
  doc.font(BOLD).fontSize(7.5);
  cell(doc, `For ${d.supplier.name}`, boxX, signY, 190, 'right');
  doc.font(FONT);
  cell(doc, 'Authorised Signatory', boxX, signY + 26, 190, 'right');
}

/** A stamp across the page, faint, drawn first so the document stays readable through it; its detail at the top. */
function drawStamp(doc: Pdf, stamp: { text: string; detail: string }): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-30, { origin: [width / 2, height / 2] });
  doc.font(BOLD).fontSize(72).fillColor('#c00000').fillOpacity(0.18);
  doc.text(stamp.text, 0, height / 2 - 36, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.save();
  doc.font(BOLD).fontSize(7.5).fillColor('#c00000');
  doc.text(printable(`${stamp.text}: ${stamp.detail}`), MARGIN, MARGIN / 2 - 2, { width: width - 2 * MARGIN, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillColor('black').fillOpacity(1);
}

/** The document as a PDF (A4 portrait or A5 landscape). */
export function renderTaxDocument(d: TaxDocumentPrint, size: PaperSize): Promise<Buffer> {
  const number = d.facts[0]?.[1] ?? '';
  return renderPdf(size, { title: `${d.title} ${number}`, author: d.supplier.name, subject: `${d.title} to ${d.recipient.name}` }, (doc) => draw(doc, d));
}
