import { GST_STATES, type Gstr1, type Gstr3b } from 'shared-api';
import { fromRupees, paise, type Amount, type Cell, type Sheet } from '../../files/sheets';

/*
 * Downloads of the returns: the portal's JSON as is, and for people a CSV (every section one after another) or a
 * workbook (one sheet per section) under the offline tool's column headings.
 */

export type FileFormat = 'json' | 'csv' | 'xlsx';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The offline tool's sheets write dates as 22-Nov-2026 (the JSON's 22-11-2026). */
const sheetDate = (portalDate: string) => `${portalDate.slice(0, 2)}-${MONTHS[Number(portalDate.slice(3, 5)) - 1]}-${portalDate.slice(6)}`;
/** '27' → '27-Maharashtra', as the offline tool's drop-down lists places of supply. */
const placeOfSupply = (code: string) => `${code}-${GST_STATES[code] ?? code}`;

/** The offline tool's spelling of a unit of quantity. */
const UQC_LABELS: Readonly<Record<string, string>> = { NOS: 'NOS-NUMBERS', BTL: 'BTL-BOTTLES', TUB: 'TUB-TUBES', BOX: 'BOX-BOX' };

type HsnRows = Extract<Gstr1['hsn'], { data: unknown }>['data'];
const HSN_HEADERS = ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
const hsnRows = (rows: HsnRows): Cell[][] =>
  rows.map((h) => {
    const [txval, iamt, camt, samt, csamt] = [h.txval, h.iamt, h.camt, h.samt, h.csamt].map(fromRupees) as [Amount, Amount, Amount, Amount, Amount];
    return [h.hsn_sc, h.desc, UQC_LABELS[h.uqc] ?? h.uqc, h.qty, paise(txval.paise + iamt.paise + camt.paise + samt.paise + csamt.paise), h.rt, txval, iamt, camt, samt, csamt];
  });

/** Table 12 as the offline tool's sheets: one `hsn` sheet before May 2025, `hsn(b2b)` and `hsn(b2c)` from then. */
function hsnSheets(hsn: Gstr1['hsn']): Sheet[] {
  if ('data' in hsn) return [{ name: 'hsn', title: 'HSN: summary of outward supplies (net of credit notes)', headers: HSN_HEADERS, rows: hsnRows(hsn.data) }];
  return [
    { name: 'hsn(b2b)', title: 'HSN: summary of supplies to registered persons (net of credit notes)', headers: HSN_HEADERS, rows: hsnRows(hsn.hsn_b2b) },
    { name: 'hsn(b2c)', title: 'HSN: summary of supplies to unregistered persons (net of credit notes)', headers: HSN_HEADERS, rows: hsnRows(hsn.hsn_b2c) },
  ];
}

/** GSTR-1 as sheets: b2b, b2cl, b2cs, cdnr, cdnur, hsn, docs. Receiver names are not in the portal's JSON: passed beside it. */
export function gstr1Sheets(g: Gstr1, receiverNames: ReadonlyMap<string, string>): Sheet[] {
  const docNature: Record<number, string> = { 1: 'Invoices for outward supply', 5: 'Credit Note' };
  return [
    {
      name: 'b2b',
      title: 'B2B: invoices to registered persons',
      headers: ['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Applicable % of Tax Rate', 'Invoice Type', 'E-Commerce GSTIN', 'Rate', 'Taxable Value', 'Cess Amount'],
      rows: g.b2b.flatMap((c) =>
        c.inv.flatMap((inv) =>
          inv.itms.map((it) => [c.ctin, receiverNames.get(inv.inum) ?? '', inv.inum, sheetDate(inv.idt), fromRupees(inv.val), placeOfSupply(inv.pos), inv.rchrg, '', 'Regular B2B', '', it.itm_det.rt, fromRupees(it.itm_det.txval), fromRupees(it.itm_det.csamt)]),
        ),
      ),
    },
    {
      name: 'b2cl',
      title: 'B2CL: inter-state invoices to unregistered persons over Rs 1,00,000',
      headers: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
      rows: g.b2cl.flatMap((p) =>
        p.inv.flatMap((inv) => inv.itms.map((it) => [inv.inum, sheetDate(inv.idt), fromRupees(inv.val), placeOfSupply(p.pos), '', it.itm_det.rt, fromRupees(it.itm_det.txval), fromRupees(it.itm_det.csamt), ''])),
      ),
    },
    {
      name: 'b2cs',
      title: 'B2CS: other supplies to unregistered persons (net of credit notes)',
      headers: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
      rows: g.b2cs.map((r) => [r.typ, placeOfSupply(r.pos), '', r.rt, fromRupees(r.txval), fromRupees(r.csamt), '']),
    },
    {
      name: 'cdnr',
      title: 'CDNR: credit notes to registered persons',
      headers: ['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
      rows: g.cdnr.flatMap((c) =>
        c.nt.flatMap((nt) =>
          nt.itms.map((it) => [c.ctin, receiverNames.get(nt.nt_num) ?? '', nt.nt_num, sheetDate(nt.nt_dt), nt.ntty, placeOfSupply(nt.pos), nt.rchrg, 'Regular B2B', fromRupees(nt.val), '', it.itm_det.rt, fromRupees(it.itm_det.txval), fromRupees(it.itm_det.csamt)]),
        ),
      ),
    },
    {
      name: 'cdnur',
      title: 'CDNUR: credit notes to unregistered persons against B2C large invoices',
      headers: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
      rows: g.cdnur.flatMap((nt) => nt.itms.map((it) => [nt.typ, nt.nt_num, sheetDate(nt.nt_dt), nt.ntty, placeOfSupply(nt.pos), fromRupees(nt.val), '', it.itm_det.rt, fromRupees(it.itm_det.txval), fromRupees(it.itm_det.csamt)])),
    },
    ...hsnSheets(g.hsn),
    {
      name: 'docs',
      title: 'Documents issued',
      headers: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      rows: g.doc_issue.doc_det.flatMap((d) => d.docs.map((x) => [docNature[d.doc_num] ?? String(d.doc_num), x.from, x.to, x.totnum, x.cancel])),
    },
  ];
}

/** GSTR-3B tables 3.1, 3.2, 4, 5 and 6.1 as sheets. */
export function gstr3bSheets(g: Gstr3b): Sheet[] {
  type Figures = Gstr3b['outwardTaxable'];
  const supply = (label: string, f: Figures): Cell[] => [label, paise(f.taxablePaise), paise(f.igstPaise), paise(f.cgstPaise), paise(f.sgstPaise), paise(f.cessPaise)];
  const credit = (label: string, f: Figures): Cell[] => [label, paise(f.igstPaise), paise(f.cgstPaise), paise(f.sgstPaise), paise(f.cessPaise)];
  const nil: Figures = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };
  const taxName = { IGST: 'Integrated Tax', CGST: 'Central Tax', SGST: 'State/UT Tax', CESS: 'Cess' } as const;
  return [
    {
      name: '3.1 Outward supplies',
      title: '3.1 Details of outward supplies and inward supplies liable to reverse charge',
      headers: ['Nature of Supplies', 'Total Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess'],
      rows: [
        supply('(a) Outward taxable supplies (other than zero rated, nil rated and exempted)', g.outwardTaxable),
        supply('(b) Outward taxable supplies (zero rated)', nil),
        supply('(c) Other outward supplies (Nil rated, exempted)', g.outwardNilExempt),
        supply('(d) Inward supplies (liable to reverse charge)', g.inwardReverseCharge),
        supply('(e) Non-GST outward supplies', nil),
      ],
    },
    {
      name: '3.2 Inter-state',
      title: '3.2 Inter-state supplies made to unregistered persons',
      headers: ['Place of Supply (State/UT)', 'Total Taxable Value', 'Amount of Integrated Tax'],
      rows: g.interStateUnregistered.map((r) => [placeOfSupply(r.placeOfSupply), paise(r.taxablePaise), paise(r.igstPaise)]),
    },
    {
      name: '4 Eligible ITC',
      title: '4 Eligible ITC',
      headers: ['Details', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess'],
      rows: [
        credit('(A)(5) All other ITC', g.itcAvailable),
        credit('(B) ITC Reversed', g.itcReversed),
        credit('(C) Net ITC Available (A) - (B)', g.itcNet),
        credit('(D)(2) Ineligible ITC under section 16(4) and PoS rules', g.itcIneligible),
      ],
    },
    {
      name: '5 Exempt inward',
      title: '5 Values of exempt, nil-rated and non-GST inward supplies',
      headers: ['Nature of supplies', 'Inter-State supplies', 'Intra-State supplies'],
      rows: [
        ['From a supplier under composition scheme, Exempt and Nil rated supply', paise(g.inwardNilExempt.interPaise), paise(g.inwardNilExempt.intraPaise)],
        ['Non GST supply', paise(0), paise(0)],
      ],
    },
    {
      name: '6.1 Payment of tax',
      title: '6.1 Payment of tax',
      headers: ['Description', 'Tax payable', 'Paid through ITC', 'Tax paid in cash'],
      rows: g.payment.map((p) => [taxName[p.tax], paise(p.payablePaise), paise(p.paidByItcPaise), paise(p.cashPaise)]),
    },
  ];
}
