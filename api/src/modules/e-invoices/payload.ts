import type { DocumentParty, EInvoiceDocumentType } from 'shared-api';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { portalFileErrors } from '../gst-returns/portal-schemas';
import type { EInvoiceItem, EInvoiceParty, EInvoicePayload } from './irp';

/*
 * The INV-01 (version 1.1) JSON of one of our stored documents, as the portal reads it (irp/irp.ts; the schema in
 * gst-returns/schemas/einvoice-1.1.schema.json). Everything comes from the document as issued (append-only): its
 * parties (DocumentParty), place of supply, lines and totals; amounts are rupees with 2 decimals from paise, dates
 * dd/mm/yyyy. A credit note names its invoice in PrecDocDtls; a buyer's debit note (purchase return) is issued by
 * the buyer, so the issuer is the payload's seller and the supplier it goes back to is the payload's buyer.
 */

const rupees = (paise: number) => Math.round(Number(paise)) / 100;
/** '2026-11-22' → '22/11/2026'. */
export const portalDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** INV-01's date pattern takes years up to 2029 (`[2][0][1-2][0-9]`, schemas/README.md). */
const LAST_YEAR_THE_SCHEMA_TAKES = 2029;

/**
 * A line's batch as the portal takes it: the name (3 to 20 characters, or none) and its expiry, left out when the
 * schema's date pattern cannot carry it (a batch expiring in 2030 or later): the portal would refuse the whole
 * document for it, and the printed invoice shows the expiry anyway.
 */
export function batchDetails(batchNo: string, expiryDate: string): Pick<EInvoicePayload['ItemList'][number], 'BchDtls'> {
  if (batchNo.length < 3) return {};
  const Nm = batchNo.slice(0, 20).replace(/"/g, "'");
  return { BchDtls: Number(expiryDate.slice(0, 4)) <= LAST_YEAR_THE_SCHEMA_TAKES ? { Nm, ExpDt: portalDate(expiryDate) } : { Nm } };
}

/**
 * The portal's UQC (unit quantity code) of a pack text. Our quantities count packs, so the UQC names the pack:
 * bottles (syrups, drops: 'BTL'), boxes ('BOX'), tubes (creams, gels: 'TUB'), strips of tablets or capsules ('OTH':
 * the UQC list has no strip), vials/ampoules and anything else counted one by one ('NOS').
 */
export function uqcOfPack(pack: string): string {
  const p = pack.toLowerCase();
  if (/\b(bottle|btl|syrup|susp|drops?|ml)\b/.test(p)) return 'BTL';
  if (/\b(box|carton)\b/.test(p)) return 'BOX';
  if (/\b(tube|gel|cream|ointment|oint)\b/.test(p)) return 'TUB';
  if (/\b(tab|tabs|tablets?|cap|caps|capsules?|strip|strips)\b/.test(p)) return 'OTH';
  return 'NOS';
}

/**
 * A DocumentParty as the portal's party block. Our address is printed as "line, city, state PIN" (parties.ts):
 * the PIN is its last 6-digit number, the location the part before the state, Addr1 the rest.
 */
export function portalParty(party: DocumentParty): EInvoiceParty {
  const parts = party.address.split(',').map((s) => s.trim()).filter(Boolean);
  const pin = [...party.address.matchAll(/\b([1-9]\d{5})\b/g)].pop()?.[1];
  // The last part is "state PIN".
  if (parts.length > 1) parts.pop();
  const loc = parts.length > 1 ? parts.pop()! : party.stateName;
  const addr1 = (parts.join(', ') || loc || party.name).slice(0, 100);
  const name = party.name.replace(/"/g, "'").slice(0, 100);
  return {
    Gstin: party.gstin ?? 'URP',
    LglNm: name,
    TrdNm: name,
    Addr1: addr1.replace(/"/g, "'"),
    Loc: (loc.length >= 3 ? loc : party.stateName).slice(0, 50),
    // An address without a PIN fails the schema (0): the registration is refused before sending, with that reason.
    Pin: pin ? Number(pin) : 0,
    Stcd: String(Number(party.stateCode)),
    ...(party.phone && /^\d{6,12}$/.test(party.phone.replace(/\D/g, '').slice(-10)) ? { Ph: party.phone.replace(/\D/g, '').slice(-10) } : {}),
  };
}

interface LineRow {
  product_name: string;
  pack: string;
  hsn: string;
  batch_no: string;
  expiry_date: string;
  rate_paise: number;
  quantity: number;
  free_quantity: number;
  discount_paise: number | string;
  gross_paise: number | string;
  taxable_paise: number | string;
  gst_rate_bp: number;
  cgst_paise: number | string;
  sgst_paise: number | string;
  igst_paise: number | string;
  total_paise: number | string;
}

interface TotalsRow {
  discount_paise: number | string;
  taxable_paise: number | string;
  cgst_paise: number | string;
  sgst_paise: number | string;
  igst_paise: number | string;
  round_off_paise: number | string;
  total_paise: number | string;
}

function item(l: LineRow, i: number): EInvoiceItem {
  const n = (v: number | string) => rupees(Number(v));
  return {
    SlNo: String(i + 1),
    PrdDesc: `${l.product_name} ${l.pack}`.replace(/"/g, "'").slice(0, 300),
    IsServc: 'N',
    HsnCd: l.hsn,
    Qty: l.quantity,
    FreeQty: l.free_quantity,
    Unit: uqcOfPack(l.pack),
    UnitPrice: rupees(l.rate_paise),
    // Gross of the charged units (free units carry no price), the line's discount, what the tax is on.
    TotAmt: n(l.gross_paise),
    Discount: n(l.discount_paise),
    AssAmt: n(l.taxable_paise),
    GstRt: l.gst_rate_bp / 100,
    IgstAmt: n(l.igst_paise),
    CgstAmt: n(l.cgst_paise),
    SgstAmt: n(l.sgst_paise),
    CesRt: 0,
    CesAmt: 0,
    CesNonAdvlAmt: 0,
    StateCesRt: 0,
    StateCesAmt: 0,
    StateCesNonAdvlAmt: 0,
    OthChrg: 0,
    TotItemVal: n(l.total_paise),
    ...batchDetails(l.batch_no, l.expiry_date),
  };
}

function values(t: TotalsRow): EInvoicePayload['ValDtls'] {
  const n = (v: number | string) => rupees(Number(v));
  return {
    AssVal: n(t.taxable_paise),
    CgstVal: n(t.cgst_paise),
    SgstVal: n(t.sgst_paise),
    IgstVal: n(t.igst_paise),
    CesVal: 0,
    StCesVal: 0,
    // Line discounts are already in each line's AssAmt; ValDtls.Discount is an invoice-level discount (none here).
    Discount: 0,
    OthChrg: 0,
    RndOffAmt: n(t.round_off_paise),
    TotInvVal: n(t.total_paise),
  };
}

function payloadOf(o: { type: EInvoiceDocumentType; number: string; date: string; seller: DocumentParty; buyer: DocumentParty; pos: string; lines: LineRow[]; totals: TotalsRow; preceding?: { number: string; date: string } }): EInvoicePayload {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' },
    DocDtls: { Typ: o.type, No: o.number, Dt: portalDate(o.date) },
    SellerDtls: portalParty(o.seller),
    BuyerDtls: { ...portalParty(o.buyer), Pos: String(Number(o.pos)) },
    ItemList: o.lines.map(item),
    ValDtls: values(o.totals),
    ...(o.preceding ? { RefDtls: { PrecDocDtls: [{ InvNo: o.preceding.number, InvDt: portalDate(o.preceding.date) }] } } : {}),
  };
}

/** The payload of a stored document and the GSTIN it is registered under (its issuer's). */
export async function buildEInvoicePayload(db: Kysely<DB>, type: EInvoiceDocumentType, documentId: string): Promise<{ sellerGstin: string; payload: EInvoicePayload }> {
  let built: EInvoicePayload;
  if (type === 'INV') {
    const d = await db.selectFrom('sales_invoices').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
    const lines = await db.selectFrom('sales_invoice_lines').selectAll().where('invoice_id', '=', documentId).orderBy('position').execute();
    built = payloadOf({ type, number: d.invoice_number, date: d.invoice_date, seller: d.supplier as DocumentParty, buyer: d.recipient as DocumentParty, pos: d.place_of_supply, lines, totals: d });
  } else if (type === 'CRN') {
    const d = await db
      .selectFrom('credit_notes as n')
      .innerJoin('sales_invoices as i', 'i.id', 'n.invoice_id')
      .selectAll('n')
      .select(['i.invoice_number', 'i.invoice_date'])
      .where('n.id', '=', documentId)
      .executeTakeFirstOrThrow();
    const lines = await db.selectFrom('credit_note_lines').selectAll().where('credit_note_id', '=', documentId).orderBy('position').execute();
    built = payloadOf({
      type,
      number: d.credit_note_number,
      date: d.credit_note_date,
      seller: d.supplier as DocumentParty,
      buyer: d.recipient as DocumentParty,
      pos: d.place_of_supply,
      lines,
      totals: d,
      preceding: { number: d.invoice_number, date: d.invoice_date },
    });
  } else {
    const d = await db
      .selectFrom('debit_notes as n')
      .innerJoin('purchase_bills as b', 'b.id', 'n.bill_id')
      .selectAll('n')
      .select(['b.bill_number', 'b.bill_date'])
      .where('n.id', '=', documentId)
      .executeTakeFirstOrThrow();
    const lines = await db.selectFrom('debit_note_lines').selectAll().where('debit_note_id', '=', documentId).orderBy('position').execute();
    const supplier = d.supplier as DocumentParty;
    built = payloadOf({
      type,
      number: d.note_number,
      date: d.note_date,
      seller: d.issuer as DocumentParty,
      buyer: supplier,
      // The goods go back to the supplier: the supply is to the supplier's state.
      pos: supplier.stateCode,
      lines,
      totals: d,
      // The supplier's invoice the goods came on (the bill carries its number and date).
      ...(/^[1-9a-zA-Z][0-9a-zA-Z/-]{1,15}$/.test(d.bill_number) ? { preceding: { number: d.bill_number, date: d.bill_date } } : {}),
    });
  }
  return { sellerGstin: built.SellerDtls.Gstin, payload: built };
}

/** What the INV-01 schema finds wrong with a payload (empty: it may be sent). */
export const payloadErrors = (payload: EInvoicePayload): string[] => portalFileErrors('E-INVOICE', payload);
