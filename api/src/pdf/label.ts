import { code128Bars, code128Svg } from './codes';
import { BOLD, FONT, LABEL_MARGIN, MM, cell, printable, printedDate, renderPdf, type Pdf } from './pdf';

/**
 * The shipping label of a consignment, 100 × 150 mm for a thermal label printer: the Code 128 barcode of its
 * barcode id (what the hand scanners read at dispatch and delivery) with the id under it, where it goes (large,
 * the delivery boy reads it at arm's length), where it comes from, and the order number, packages, weight, market
 * and pickup date. The same layout as PDF (pdfkit, vector bars) and as SVG.
 */
export interface ShippingLabel {
  barcodeId: string;
  /** 'Online order' or 'Offline pickup: send' … (printed in the header). */
  kindLabel: string;
  orderNumber: string;
  packages: number;
  weightKg: number;
  market: string;
  /** 'YYYY-MM-DD' */
  pickupDate: string;
  from: LabelParty;
  to: LabelParty;
  notes: string | null;
  /** The live e-way bill the goods travel under (issue 34): its number and validity (null until Part B). */
  ewayBill?: { number: string; validUntil: Date | null } | null;
}

export interface LabelParty {
  name: string;
  addressLine: string | null;
  landmark: string | null;
  city: string | null;
  pincode: string | null;
  mobile: string | null;
}

const WIDTH = 100 * MM;
const HEIGHT = 150 * MM;
const INNER = WIDTH - 2 * LABEL_MARGIN;
/** Quiet zone each side of the bars, in modules (Code 128 asks for at least 10). */
const QUIET = 10;
const BAR_HEIGHT = 18 * MM;

const weight = (kg: number) => `${kg.toLocaleString('en-IN', { maximumFractionDigits: 3 })} kg`;

/** The lines printed for a party (address, landmark, city and pincode, phone), blanks left out. */
function partyLines(p: LabelParty): string[] {
  const place = [p.city, p.pincode].filter(Boolean).join(' - ');
  return [p.addressLine, p.landmark ? `Landmark: ${p.landmark}` : null, place || null, p.mobile ? `Mobile: ${p.mobile}` : null].filter((l): l is string => !!l);
}

/** The facts block: label and value pairs. */
function facts(l: ShippingLabel): [string, string][] {
  return [
    ['Order no.', l.orderNumber],
    ['Packages', String(l.packages)],
    ['Weight', weight(l.weightKg)],
    ['Market', l.market],
    ['Pickup date', printedDate(l.pickupDate)],
    ...(l.ewayBill ? ([['E-way bill', l.ewayBill.number], ['Valid until', l.ewayBill.validUntil ? istDateTime(l.ewayBill.validUntil) : 'No vehicle yet (Part B)']] as [string, string][]) : []),
  ];
}

/** '23-11-2026 23:59' in IST: the e-way bill's validity as an officer on the road reads it. */
function istDateTime(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((x) => [x.type, x.value]),
  );
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

// ---------------------------------------------------------------------------------------------------------------
// PDF

function wrapped(doc: Pdf, text: string, x: number, y: number, width: number, maxLines: number): number {
  // pdfkit's wrapping is slow per cell but a label has a handful of lines; `height` caps runaway addresses.
  const lineHeight = doc.currentLineHeight(true);
  doc.text(printable(text), x, y, { width, height: lineHeight * maxLines, ellipsis: true, lineGap: 0 });
  return doc.y;
}

function drawBars(doc: Pdf, bars: number[], x: number, y: number, width: number, height: number): void {
  const modules = bars.reduce((a, b) => a + b, 0) + 2 * QUIET;
  const module = width / modules;
  let at = x + QUIET * module;
  bars.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * module, height);
    at += w * module;
  });
  doc.fill('#000000');
}

function drawLabel(doc: Pdf, l: ShippingLabel, bars: number[]): void {
  const left = LABEL_MARGIN;
  let y = LABEL_MARGIN;

  doc.font(BOLD).fontSize(9);
  cell(doc, 'Medico B2B', left, y, INNER / 2);
  doc.font(FONT).fontSize(8);
  cell(doc, l.kindLabel, left + INNER / 2, y + 1, INNER / 2, 'right');
  y += 13;
  doc.lineWidth(0.8).moveTo(left, y).lineTo(left + INNER, y).stroke();
  y += 6;

  drawBars(doc, bars, left, y, INNER, BAR_HEIGHT);
  y += BAR_HEIGHT + 3;
  doc.font(BOLD).fontSize(13);
  cell(doc, l.barcodeId, left, y, INNER, 'center');
  y += 19;
  doc.lineWidth(0.8).moveTo(left, y).lineTo(left + INNER, y).stroke();
  y += 6;

  // To: the largest block, the delivery boy reads it at the door.
  doc.font(BOLD).fontSize(8);
  cell(doc, 'TO', left, y, INNER);
  y += 10;
  doc.fontSize(13);
  y = wrapped(doc, l.to.name, left, y, INNER, 2) + 2;
  doc.font(FONT).fontSize(9.5);
  for (const line of partyLines(l.to)) y = wrapped(doc, line, left, y, INNER, 2) + 1;
  y += 4;
  doc.lineWidth(0.5).moveTo(left, y).lineTo(left + INNER, y).stroke();
  y += 6;

  doc.font(BOLD).fontSize(7.5);
  cell(doc, 'FROM', left, y, INNER);
  y += 9;
  doc.fontSize(9);
  y = wrapped(doc, l.from.name, left, y, INNER, 1) + 1;
  doc.font(FONT).fontSize(8);
  for (const line of partyLines(l.from)) y = wrapped(doc, line, left, y, INNER, 2) + 1;
  y += 4;
  doc.lineWidth(0.5).moveTo(left, y).lineTo(left + INNER, y).stroke();
  y += 6;

  const labelWidth = 62;
  for (const [label, value] of facts(l)) {
    doc.font(BOLD).fontSize(label === 'Packages' ? 11 : 9);
    cell(doc, label, left, y, labelWidth);
    cell(doc, value, left + labelWidth, y, INNER - labelWidth);
    y += label === 'Packages' ? 15 : 12;
  }
  if (l.notes) {
    doc.font(FONT).fontSize(8);
    y += 2;
    wrapped(doc, `Notes: ${l.notes}`, left, y, INNER, 3);
  }
  doc.font(FONT).fontSize(6.5);
  cell(doc, 'Deliver only against the receiver’s delivery pin.', left, HEIGHT - LABEL_MARGIN - 8, INNER, 'center');
}

/** The label as a one-page PDF, 100 × 150 mm. */
export async function renderLabelPdf(l: ShippingLabel): Promise<Buffer> {
  const bars = await code128Bars(l.barcodeId);
  return renderPdf('LABEL', { title: `Label ${l.barcodeId}`, author: l.from.name, subject: `${l.orderNumber} to ${l.to.name}` }, (doc) => drawLabel(doc, l, bars));
}

// ---------------------------------------------------------------------------------------------------------------
// SVG (millimetres as user units)

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The label as an SVG document, 100 × 150 mm; the barcode is bwip-js's own SVG, nested. */
export async function renderLabelSvg(l: ShippingLabel): Promise<string> {
  const m = 4;
  const inner = 100 - 2 * m;
  const parts: string[] = [];
  let y = m;
  const text = (x: number, at: number, size: number, value: string, opts: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {}) =>
    parts.push(`<text x="${x}" y="${at.toFixed(2)}" font-size="${size}" ${opts.bold ? 'font-weight="bold" ' : ''}${opts.anchor && opts.anchor !== 'start' ? `text-anchor="${opts.anchor}" ` : ''}>${escapeXml(value)}</text>`);
  const rule = (at: number, w = 0.3) => parts.push(`<line x1="${m}" y1="${at.toFixed(2)}" x2="${100 - m}" y2="${at.toFixed(2)}" stroke="#000" stroke-width="${w}"/>`);
  // Font sizes in mm: 1 pt is 0.353 mm.
  const pt = (size: number) => +(size / MM).toFixed(2);

  text(m, y + pt(9), pt(9), 'Medico B2B', { bold: true });
  text(100 - m, y + pt(9), pt(8), l.kindLabel, { anchor: 'end' });
  y += 5;
  rule(y);
  y += 2;

  // bwip-js draws the bars and the id under them; its viewBox keeps the proportions inside this box.
  const barcode = (await code128Svg(l.barcodeId, { heightMm: 18, includeText: true })).replace('<svg ', `<svg x="${m}" y="${y}" width="${inner}" height="26" preserveAspectRatio="xMidYMid meet" `);
  parts.push(barcode.replace(/<\?xml[^>]*>/, '').trim());
  y += 28;
  rule(y);
  y += 2;

  text(m, y + pt(8), pt(8), 'TO', { bold: true });
  y += 4;
  text(m, y + pt(13), pt(13), l.to.name, { bold: true });
  y += 6;
  for (const line of partyLines(l.to)) {
    text(m, y + pt(9.5), pt(9.5), line);
    y += 4.2;
  }
  y += 1.5;
  rule(y, 0.2);
  y += 2;
  text(m, y + pt(7.5), pt(7.5), 'FROM', { bold: true });
  y += 3.5;
  text(m, y + pt(9), pt(9), l.from.name, { bold: true });
  y += 4;
  for (const line of partyLines(l.from)) {
    text(m, y + pt(8), pt(8), line);
    y += 3.6;
  }
  y += 1.5;
  rule(y, 0.2);
  y += 2;
  for (const [label, value] of facts(l)) {
    const size = label === 'Packages' ? 11 : 9;
    text(m, y + pt(size), pt(size), label, { bold: true });
    text(m + 22, y + pt(size), pt(size), value, { bold: true });
    y += size === 11 ? 5.3 : 4.2;
  }
  if (l.notes) text(m, y + pt(8) + 1, pt(8), `Notes: ${l.notes}`);
  text(50, 150 - m - 1, pt(6.5), 'Deliver only against the receiver’s delivery pin.', { anchor: 'middle' });

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="150mm" viewBox="0 0 100 150" font-family="Helvetica, Arial, sans-serif">`,
    '<rect width="100" height="150" fill="#fff"/>',
    ...parts,
    '</svg>',
  ].join('\n');
}
