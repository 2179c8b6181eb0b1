import { gstinOk, type Gstr1, type Gstr1Summary } from 'shared-api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { unitTaxDetails } from '../ledger/parties';
import { istDate } from '../search/text';
import { salesTotals } from '../sales/repository';
import { addTax, noTax, percent, portalDate, returnPeriod, rupees, monthRange, type TaxPaise } from './portal';
import {
  creditedHsnRows,
  creditNoteRateRows,
  creditNoteSeries,
  invoicedHsnRows,
  invoiceRateRows,
  invoiceSeries,
  type CreditNoteRateRow,
  type InvoiceRateRow,
  type SeriesRange,
} from './repository';

/** The `version` literal GSTN's Returns Offline Tool V3.2.4 writes, whose JSON this follows (schemas/README.md). */
export const GSTR1_VERSION = 'GST3.2.4';

/** Table 12 is split into B2B and B2C halves from this return period (GSTN's Phase-III HSN advisory). */
export const HSN_SPLIT_FROM = '2025-05';

/** B2C large: an inter-state invoice to an unregistered buyer worth more than ₹1,00,000 (from August 2024). */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

type Item = Gstr1['b2b'][number]['inv'][number]['itms'][number];
type HsnRow = Gstr1['hsn'] extends infer H ? (H extends { data: (infer R)[] } ? R : never) : never;
type SectionTotals = z.infer<typeof Gstr1Summary>['sections'][number];

interface RatePart extends TaxPaise {
  rateBp: number;
}

const taxOf = (r: { taxable: number; igst: number; cgst: number; sgst: number }): TaxPaise => ({ taxable: r.taxable, igst: r.igst, cgst: r.cgst, sgst: r.sgst });

/** One item per rate, numbered 1, 2, … in rate order (the portal's rate-wise items). */
function items(parts: readonly RatePart[]): Item[] {
  return [...parts]
    .sort((a, b) => a.rateBp - b.rateBp)
    .map((p, i) => ({ num: i + 1, itm_det: { rt: percent(p.rateBp), txval: rupees(p.taxable), iamt: rupees(p.igst), camt: rupees(p.cgst), samt: rupees(p.sgst), csamt: 0 } }));
}

/** Rows of (document, rate) folded into documents, keeping the first-seen (register) order. */
function byDocument<R extends { id: string; gst_rate_bp: number; taxable: number; igst: number; cgst: number; sgst: number }>(rows: readonly R[]): { head: R; parts: RatePart[]; tax: TaxPaise }[] {
  const docs = new Map<string, { head: R; parts: RatePart[]; tax: TaxPaise }>();
  for (const r of rows) {
    const doc = docs.get(r.id) ?? { head: r, parts: [], tax: noTax() };
    doc.parts.push({ rateBp: r.gst_rate_bp, ...taxOf(r) });
    addTax(doc.tax, taxOf(r));
    docs.set(r.id, doc);
  }
  return [...docs.values()];
}

const registered = (gstin: string | null): gstin is string => !!gstin && gstin.trim() !== '';
const isZero = (t: TaxPaise) => t.taxable === 0 && t.igst === 0 && t.cgst === 0 && t.sgst === 0;

/** Which section an invoice to an unregistered buyer falls in. */
const isB2cl = (inv: { supply_kind: string; total_paise: number }) => inv.supply_kind === 'INTER' && inv.total_paise > B2CL_LIMIT_PAISE;

/**
 * The unit of quantity of an HSN row: what the units sold are counted in. Quantities are packs; a pack that is a
 * bottle, tube or box says so, anything else (strips, tablets, vials) counts as numbers.
 */
export function uqcOfPack(pack: string): string {
  const p = pack.toLowerCase();
  if (/\bbottles?\b/.test(p)) return 'BTL';
  if (/\btubes?\b/.test(p)) return 'TUB';
  if (/\bbox(es)?\b/.test(p)) return 'BOX';
  return 'NOS';
}

/** Common descriptions of the pharma HSN headings (the portal allows 30 characters); other codes use a product name. */
const HSN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '3002': 'Vaccines, blood products',
  '3003': 'Medicaments, not dosed',
  '3004': 'Medicaments in measured doses',
  '3005': 'Dressings, bandages',
  '3006': 'Pharmaceutical goods',
  '9018': 'Medical instruments',
};

const describeHsn = (hsn: string, productName: string) => (HSN_DESCRIPTIONS[hsn.slice(0, 4)] ?? productName).slice(0, 30);

/**
 * Table 13 counts as cancelled only a document issued and then cancelled: one whose IRN was cancelled within 24 hours
 * and the document with it (issue 34, cancellations/books.ts; the return leaves it out everywhere else). An invoice
 * undone by a credit note is not cancelled: both are supplies the return reports (the invoice in b2b/b2cl/b2cs, the
 * note in cdnr/cdnur/b2cs), so both count as issued. Calling the invoice cancelled as well would report it twice.
 */
function docRange(ranges: readonly SeriesRange[]) {
  return ranges.map((r, i) => ({ num: i + 1, from: r.first_number, to: r.last_number, totnum: r.count, cancel: r.cancelled, net_issue: r.count - r.cancelled }));
}

function sectionTotals(section: SectionTotals['section'], documents: number, tax: TaxPaise): SectionTotals {
  return { section, documents, taxablePaise: tax.taxable, igstPaise: tax.igst, cgstPaise: tax.cgst, sgstPaise: tax.sgst };
}

/** The month's invoices and credit notes, sorted into the sections of GSTR-1 (amounts still in paise). */
function classify(invoiceRows: readonly InvoiceRateRow[], noteRows: readonly CreditNoteRateRow[]) {
  const invoices = byDocument(invoiceRows);
  const notes = byDocument(noteRows);
  const b2b = invoices.filter((d) => registered(d.head.recipient_gstin));
  const b2cl = invoices.filter((d) => !registered(d.head.recipient_gstin) && isB2cl(d.head));
  const b2cs = invoices.filter((d) => !registered(d.head.recipient_gstin) && !isB2cl(d.head));
  // A note for free units alone credits nothing: it is a document issued (table 13), not a supply to report.
  const cdnr = notes.filter((d) => registered(d.head.recipient_gstin) && !isZero(d.tax));
  // A note to an unregistered buyer goes where its invoice went: against a B2C large invoice in CDNUR (table 9B),
  // against any other into the B2CS sums.
  const againstB2cl = (d: (typeof notes)[number]) => isB2cl({ supply_kind: d.head.supply_kind, total_paise: d.head.invoice_total_paise });
  const unregisteredNotes = notes.filter((d) => !registered(d.head.recipient_gstin));
  const cdnur = unregisteredNotes.filter((d) => againstB2cl(d) && !isZero(d.tax));
  const cdnUnregistered = unregisteredNotes.filter((d) => !againstB2cl(d));
  return { invoices, b2b, b2cl, b2cs, cdnr, cdnur, cdnUnregistered };
}

/** Sums of (kind, place of supply, rate) over documents: B2CS is reported summed, not per invoice. */
function b2csRows(add: ReturnType<typeof classify>['b2cs'], less: ReturnType<typeof classify>['cdnUnregistered']) {
  const rows = new Map<string, RatePart & { kind: 'INTRA' | 'INTER'; pos: string }>();
  const put = (docs: typeof add | typeof less, sign: 1 | -1) => {
    for (const d of docs) {
      for (const p of d.parts) {
        const key = `${d.head.supply_kind}|${d.head.place_of_supply}|${p.rateBp}`;
        const row = rows.get(key) ?? { kind: d.head.supply_kind, pos: d.head.place_of_supply, rateBp: p.rateBp, ...noTax() };
        addTax(row, p, sign);
        rows.set(key, row);
      }
    }
  };
  put(add, 1);
  put(less, -1);
  // A row a credit note took back entirely is left out (the portal refuses a row of zeros).
  return [...rows.values()].filter((r) => !isZero(r)).sort((a, b) => a.pos.localeCompare(b.pos) || a.rateBp - b.rateBp || a.kind.localeCompare(b.kind));
}

/**
 * HSN summary (table 12): invoiced less credited in the month, by HSN, unit of quantity and rate. From May 2025 in two
 * halves: supplies to registered buyers (hsn_b2b) and to unregistered ones (hsn_b2c), each document by its recipient.
 */
async function hsnSummary(db: Database, m: { unitId: string; from: string; to: string }, month: string): Promise<Gstr1['hsn']> {
  const [sold, credited] = await Promise.all([invoicedHsnRows(db, m), creditedHsnRows(db, m)]);
  const table = (registeredBuyers: boolean | null): HsnRow[] => {
    const rows = new Map<string, RatePart & { hsn: string; uqc: string; productName: string; quantity: number }>();
    const put = (list: typeof sold, sign: 1 | -1) => {
      for (const r of list) {
        if (registeredBuyers !== null && r.registered !== registeredBuyers) continue;
        const uqc = uqcOfPack(r.pack);
        const key = `${r.hsn}|${uqc}|${r.gst_rate_bp}`;
        const row = rows.get(key) ?? { hsn: r.hsn, uqc, rateBp: r.gst_rate_bp, productName: r.product_name, quantity: 0, ...noTax() };
        if (r.product_name < row.productName) row.productName = r.product_name;
        row.quantity += sign * r.quantity;
        addTax(row, taxOf(r), sign);
        rows.set(key, row);
      }
    };
    put(sold, 1);
    put(credited, -1);
    return [...rows.values()]
      .filter((r) => r.quantity !== 0 || !isZero(r))
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.uqc.localeCompare(b.uqc) || a.rateBp - b.rateBp)
      .map((r, i) => ({
        num: i + 1,
        hsn_sc: r.hsn,
        desc: describeHsn(r.hsn, r.productName),
        uqc: r.uqc,
        qty: r.quantity,
        rt: percent(r.rateBp),
        txval: rupees(r.taxable),
        iamt: rupees(r.igst),
        camt: rupees(r.cgst),
        samt: rupees(r.sgst),
        csamt: 0,
      }));
  };
  return month >= HSN_SPLIT_FROM ? { hsn_b2b: table(true), hsn_b2c: table(false) } : { data: table(null) };
}

/**
 * The month's invoices and credit notes registered on the IRP (issue 34), by document id: b2b and cdnr entries carry
 * their IRN as the portal's own auto-populated ones do. A cancelled IRN is not REGISTERED, so it marks nothing.
 */
async function registeredIrns(db: Database, m: { unitId: string; from: string; to: string }): Promise<Map<string, { irn: string; ackDate: Date | string }>> {
  const rows = await db
    .selectFrom('e_invoices')
    .select(['document_id', 'irn', 'ack_date'])
    .where('unit_id', '=', m.unitId)
    .where('document_type', 'in', ['INV', 'CRN'])
    .where('status', '=', 'REGISTERED')
    .where('document_date', '>=', m.from)
    .where('document_date', '<=', m.to)
    .execute();
  return new Map(rows.map((r) => [r.document_id, { irn: r.irn!, ackDate: r.ack_date! }]));
}

/**
 * A month's GSTR-1 of a unit: the offline tool's JSON, its section totals, the register's totals and what is wrong;
 * beside it the buyers' names by document number, which the spreadsheets show and the portal's JSON does not carry.
 */
export async function buildGstr1(db: Database, unitId: string, month: string): Promise<{ summary: Gstr1Summary; receiverNames: Map<string, string> }> {
  const m = { unitId, ...monthRange(month) };
  const [units, invoiceRows, noteRows, hsn, invRanges, noteRanges, register] = await Promise.all([
    unitTaxDetails(db, [unitId]),
    invoiceRateRows(db, m),
    creditNoteRateRows(db, m),
    hsnSummary(db, m, month),
    invoiceSeries(db, m),
    creditNoteSeries(db, m),
    salesTotals(db, m),
  ]);
  const irns = await registeredIrns(db, m);
  const mark = (documentId: string) => {
    const e = irns.get(documentId);
    return e ? { srctyp: 'e-Invoice' as const, irn: e.irn, irngendate: portalDate(istDate(new Date(e.ackDate))) } : {};
  };
  const gstin = units.get(unitId)?.gstin ?? null;
  const problems: string[] = [];
  if (!gstin) problems.push('Your unit has no GSTIN on its registration: GSTR-1 is filed under a GSTIN.');
  else if (!gstinOk(gstin)) problems.push(`Your GSTIN ${gstin} fails the GSTIN check.`);

  const c = classify(invoiceRows, noteRows);
  for (const d of c.b2b) if (!gstinOk(d.head.recipient_gstin!)) problems.push(`Invoice ${d.head.invoice_number}: the buyer's GSTIN ${d.head.recipient_gstin} fails the GSTIN check.`);
  for (const d of c.cdnr) if (!gstinOk(d.head.recipient_gstin!)) problems.push(`Credit note ${d.head.credit_note_number}: the buyer's GSTIN ${d.head.recipient_gstin} fails the GSTIN check.`);

  const b2cs = b2csRows(c.b2cs, c.cdnUnregistered);
  for (const r of b2cs) if (r.taxable < 0) problems.push(`B2CS for place of supply ${r.pos} at ${percent(r.rateBp)} % is negative after credit notes: the portal does not take a negative row.`);

  const byCtin = <D extends { head: { recipient_gstin: string | null } }>(docs: readonly D[]) => {
    const groups = new Map<string, D[]>();
    for (const d of docs) groups.set(d.head.recipient_gstin!, [...(groups.get(d.head.recipient_gstin!) ?? []), d]);
    return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  };
  const byPos = new Map<string, typeof c.b2cl>();
  for (const d of c.b2cl) byPos.set(d.head.place_of_supply, [...(byPos.get(d.head.place_of_supply) ?? []), d]);

  const gstr1: Gstr1 = {
    gstin: gstin ?? '',
    fp: returnPeriod(month),
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b: byCtin(c.b2b).map(([ctin, docs]) => ({
      ctin,
      inv: docs.map((d) => ({
        inum: d.head.invoice_number,
        idt: portalDate(d.head.invoice_date),
        val: rupees(d.head.total_paise),
        pos: d.head.place_of_supply,
        rchrg: d.head.reverse_charge ? 'Y' : 'N',
        inv_typ: 'R',
        ...mark(d.head.id),
        itms: items(d.parts),
      })),
    })),
    b2cl: [...byPos.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pos, docs]) => ({ pos, inv: docs.map((d) => ({ inum: d.head.invoice_number, idt: portalDate(d.head.invoice_date), val: rupees(d.head.total_paise), itms: items(d.parts) })) })),
    b2cs: b2cs.map((r) => ({ sply_ty: r.kind, pos: r.pos, typ: 'OE', rt: percent(r.rateBp), txval: rupees(r.taxable), iamt: rupees(r.igst), camt: rupees(r.cgst), samt: rupees(r.sgst), csamt: 0 })),
    cdnr: byCtin(c.cdnr).map(([ctin, docs]) => ({
      ctin,
      nt: docs.map((d) => ({
        ntty: 'C',
        nt_num: d.head.credit_note_number,
        nt_dt: portalDate(d.head.credit_note_date),
        val: rupees(d.head.total_paise),
        pos: d.head.place_of_supply,
        // Credit notes follow their invoice, and invoices here are never on reverse charge.
        rchrg: 'N',
        inv_typ: 'R',
        ...mark(d.head.id),
        itms: items(d.parts),
      })),
    })),
    cdnur: c.cdnur.map((d) => ({
      nt_num: d.head.credit_note_number,
      nt_dt: portalDate(d.head.credit_note_date),
      ntty: 'C',
      val: rupees(d.head.total_paise),
      typ: 'B2CL',
      pos: d.head.place_of_supply,
      // Always IGST (a B2C large invoice is inter-state); a rate the note credits nothing at is no item.
      itms: items(d.parts.filter((p) => p.taxable !== 0)).map(({ num, itm_det: t }) => ({ num, itm_det: { rt: t.rt, txval: t.txval, iamt: t.iamt, csamt: t.csamt } })),
    })),
    hsn,
    // doc_num 1: invoices for outward supply, 5: credit notes (the portal's natures of document).
    doc_issue: {
      doc_det: [...(invRanges.length ? [{ doc_num: 1, docs: docRange(invRanges) }] : []), ...(noteRanges.length ? [{ doc_num: 5, docs: docRange(noteRanges) }] : [])],
    },
  };

  const sum = (docs: readonly { tax: TaxPaise }[]) => docs.reduce((t, d) => addTax(t, d.tax), noTax());
  const b2csTax = b2cs.reduce((t, r) => addTax(t, r), noTax());
  const receiverNames = new Map([...c.b2b.map((d) => [d.head.invoice_number, d.head.recipient_name] as const), ...c.cdnr.map((d) => [d.head.credit_note_number, d.head.recipient_name] as const)]);
  const summary: Gstr1Summary = {
    month,
    gstin,
    sections: [
      sectionTotals('b2b', c.b2b.length, sum(c.b2b)),
      sectionTotals('b2cl', c.b2cl.length, sum(c.b2cl)),
      // As the file has it: net of credit notes to unregistered buyers.
      sectionTotals('b2cs', c.b2cs.length, b2csTax),
      sectionTotals('cdnr', c.cdnr.length, sum(c.cdnr)),
      sectionTotals('cdnur', c.cdnur.length, sum(c.cdnur)),
    ],
    invoiceTotals: { count: register.invoice_count, taxablePaise: register.taxable, taxPaise: register.cgst + register.sgst + register.igst, totalPaise: register.total },
    problems,
    gstr1,
  };
  return { summary, receiverNames };
}
