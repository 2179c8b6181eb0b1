import { PROVIDER_PRICES, amountInWords, formatPaise, type ProviderInvoice, type SupplyKind } from 'shared-api';
import { BOLD, FONT, MARGIN, cell, printable, printedDate, renderPdf, type Pdf } from './pdf';

/**
 * Medico B2B's monthly invoice to a unit on paper: a GST tax invoice for a service (Rule 46: supplier and recipient
 * with GSTIN and state, number, date, place of supply, SAC, taxable value, the tax by head, total and the total in
 * words), with the UPI QR that pays it while it is unpaid, or its payment (date and UTR) once paid.
 */
export interface ProviderInvoicePrint {
  provider: { name: string; address: string; gstin: string; stateCode: string; stateName: string; vpa: string };
  recipient: { name: string; address: string; gstin: string | null; stateCode: string | null; stateName: string | null };
  invoice: ProviderInvoice;
  /** 'October 2026' */
  periodName: string;
  supplyKind: SupplyKind;
  gstRateBp: number;
  /** The QR of the invoice's upi://pay link; null when it is paid. */
  qrPng: Buffer | null;
}

const money = (paise: number) => formatPaise(paise);
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 ? 2 : 0)}%`;

interface Row {
  description: string;
  quantity: string;
  rate: string;
  amount: number;
}

const COLUMNS = [
  { title: '#', width: 18, align: 'right' as const },
  { title: 'Description of service', width: 271, align: 'left' as const },
  { title: 'SAC', width: 50, align: 'left' as const },
  { title: 'Qty', width: 50, align: 'right' as const },
  { title: 'Rate (Rs.)', width: 70, align: 'right' as const },
  { title: 'Amount (Rs.)', width: 80, align: 'right' as const },
];

function rule(doc: Pdf, y: number, weight = 0.5) {
  doc.lineWidth(weight).moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).stroke();
}

function rowsOf(d: ProviderInvoicePrint): Row[] {
  const i = d.invoice;
  const plan = i.subscriptionPlan === 'NONE' ? 'No subscription plan' : `Subscription plan: ${i.subscriptionPlan}`;
  const free = i.freeDeliveries ? `; ${i.freeDeliveries} free under the referral offer` : '';
  return [
    { description: `${plan} (${d.periodName})`, quantity: '1', rate: money(i.planPaise), amount: i.planPaise },
    {
      description: `Deliveries: ${i.deliveries} used${free}; ${i.billableDeliveries} billable`,
      quantity: String(i.billableDeliveries),
      rate: money(i.perDeliveryPaise),
      amount: i.deliveryPaise,
    },
  ];
}

function draw(doc: Pdf, d: ProviderInvoicePrint): void {
  const i = d.invoice;
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  let y = MARGIN;

  // The provider (supplier) on the left, the title on the right.
  doc.font(BOLD).fontSize(14);
  cell(doc, d.provider.name, left, y, width * 0.62);
  doc.fontSize(13);
  cell(doc, 'TAX INVOICE', left + width * 0.62, y, width * 0.38, 'right');
  y += 18;
  doc.font(FONT).fontSize(8.5);
  cell(doc, 'Original for Recipient', left + width * 0.62, y, width * 0.38, 'right');
  for (const line of [d.provider.address, `GSTIN: ${d.provider.gstin}    State: ${d.provider.stateName} (${d.provider.stateCode})`, `UPI: ${d.provider.vpa}`]) {
    cell(doc, line, left, y, width * 0.62);
    y += 11;
  }
  y += 3;
  rule(doc, y, 0.8);
  y += 6;

  // The unit (recipient) on the left, the invoice's facts on the right.
  const top = y;
  doc.font(BOLD).fontSize(8.5);
  cell(doc, `Bill to: ${d.recipient.name}`, left, y, width * 0.56);
  doc.font(FONT);
  y += 11;
  const state = d.recipient.stateCode ? `${d.recipient.stateName} (${d.recipient.stateCode})` : 'Not known';
  for (const line of [d.recipient.address, `GSTIN: ${d.recipient.gstin ?? 'Unregistered'}    State: ${state}`]) {
    cell(doc, line, left, y, width * 0.56);
    y += 11;
  }
  const facts: [string, string][] = [
    ['Invoice No.', i.invoiceNumber],
    ['Invoice date', printedDate(i.invoiceDate)],
    ['Billing period', d.periodName],
    ['Place of supply', state],
    ['Reverse charge', 'No'],
  ];
  let factsY = top;
  for (const [label, value] of facts) {
    doc.font(BOLD);
    cell(doc, `${label}:`, left + width * 0.58, factsY, width * 0.17);
    doc.font(FONT);
    cell(doc, value, left + width * 0.75, factsY, width * 0.25);
    factsY += 11;
  }
  y = Math.max(y, factsY) + 4;
  rule(doc, y, 0.8);

  // The charges.
  y += 4;
  doc.font(BOLD).fontSize(8);
  let x = left;
  for (const c of COLUMNS) {
    cell(doc, c.title, x, y, c.width, c.align);
    x += c.width;
  }
  y += 12;
  rule(doc, y);
  y += 4;
  doc.font(FONT);
  rowsOf(d).forEach((r, index) => {
    const values = [String(index + 1), r.description, PROVIDER_PRICES.sac, r.quantity, r.rate, money(r.amount)];
    let cx = left;
    COLUMNS.forEach((c, k) => {
      cell(doc, values[k]!, cx, y, c.width, c.align);
      cx += c.width;
    });
    y += 13;
  });
  rule(doc, y, 0.8);
  y += 8;

  // Totals on the right; the amount in words, payment and notes on the left.
  const taxRows: [string, number][] =
    d.supplyKind === 'INTRA'
      ? [
          [`CGST @ ${percent(d.gstRateBp / 2)}`, i.cgstPaise],
          [`SGST @ ${percent(d.gstRateBp / 2)}`, i.sgstPaise],
        ]
      : [[`IGST @ ${percent(d.gstRateBp)}`, i.igstPaise]];
  const boxX = left + width - 200;
  doc.fontSize(8.5);
  let ty = y;
  for (const [label, value] of [['Taxable value', i.taxablePaise] as [string, number], ...taxRows]) {
    cell(doc, label, boxX, ty, 120);
    cell(doc, money(value), boxX + 120, ty, 80, 'right');
    ty += 12;
  }
  doc.font(BOLD).fontSize(10);
  cell(doc, 'Total (Rs.)', boxX, ty + 2, 120);
  cell(doc, money(i.totalPaise), boxX + 120, ty + 2, 80, 'right');
  ty += 18;

  const textWidth = width - 215;
  doc.font(BOLD).fontSize(8.5).text('Amount in words:', left, y, { width: textWidth });
  doc.font(FONT).text(printable(amountInWords(i.totalPaise)), left, doc.y + 1, { width: textWidth });
  let ny = doc.y + 10;

  if (d.qrPng) {
    doc.font(BOLD).fontSize(10).text('Scan to pay', left, ny, { width: textWidth });
    ny = doc.y + 3;
    doc.image(d.qrPng, left, ny, { width: 120, height: 120 });
    doc.font(FONT).fontSize(8.5);
    const beside = left + 130;
    doc.text(printable(`Pay Rs. ${money(i.totalPaise)} by UPI to ${d.provider.vpa} (${d.provider.name}).`), beside, ny + 10, { width: textWidth - 130 });
    doc.text(printable(`Reference: ${i.invoiceNumber}. Then record the UPI reference (UTR) on the invoice in Billing.`), beside, doc.y + 4, { width: textWidth - 130 });
    ny += 128;
  } else {
    doc.font(BOLD).fontSize(12).text('PAID', left, ny, { width: textWidth });
    doc.font(FONT).fontSize(8.5);
    const how = i.utr ? `Paid on ${printedDate(i.paidOn ?? i.invoiceDate)} by UPI, UTR ${i.utr}.` : 'Nothing to pay for this period.';
    doc.text(printable(how), left, doc.y + 2, { width: textWidth });
    ny = doc.y + 10;
  }

  doc.fontSize(7.5);
  for (const note of [`Services of an online B2B marketplace (SAC ${PROVIDER_PRICES.sac}), GST at ${percent(d.gstRateBp)}.`, 'This is a computer-generated invoice.']) {
    doc.text(printable(note), left, ny, { width: textWidth });
    ny = doc.y + 2;
  }

  const signY = Math.max(ty, ny) + 16;
  doc.font(BOLD).fontSize(8.5);
  cell(doc, `For ${d.provider.name}`, boxX, signY, 200, 'right');
  doc.font(FONT);
  cell(doc, 'Authorised Signatory', boxX, signY + 28, 200, 'right');
}

/** The provider's invoice as an A4 PDF. */
export function renderProviderInvoice(d: ProviderInvoicePrint): Promise<Buffer> {
  return renderPdf('A4', { title: `Tax invoice ${d.invoice.invoiceNumber}`, author: d.provider.name, subject: `${d.provider.name} invoice to ${d.recipient.name} for ${d.periodName}` }, (doc) => draw(doc, d));
}
