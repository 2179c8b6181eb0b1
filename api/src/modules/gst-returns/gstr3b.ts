import type { Gstr3b } from 'shared-api';
import type { Database } from '../../db/database';
import { unitTaxDetails } from '../ledger/parties';
import { addTax, monthRange, noTax, returnPeriod, rupees, type TaxPaise } from './portal';
import { creditNoteRateRows, debitNotesTax, invoiceRateRows, receivedBillsTax } from './repository';

type TaxFigures = Gstr3b['outwardTaxable'];
type Payment = Gstr3b['payment'][number];

const figures = (t: TaxPaise): TaxFigures => ({ taxablePaise: t.taxable, igstPaise: t.igst, cgstPaise: t.cgst, sgstPaise: t.sgst, cessPaise: 0 });

export interface Taxes {
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

/**
 * Table 6.1: output tax paid from input tax credit in the order the law sets (CGST Act s.49(5), rule 88A), the rest
 * in cash. IGST credit is used up first: against IGST, then CGST and SGST (where it goes between those two is free,
 * so it covers first what their own credit cannot: CGST's shortfall, SGST's shortfall, then the rest of CGST, then
 * SGST). Then CGST credit against CGST, then IGST; SGST credit against SGST, then IGST. CGST credit never pays SGST
 * nor SGST credit CGST. Cess credit pays cess only. A negative figure (more credited than invoiced) counts as nil.
 */
export function setOff(payable: Taxes, credit: Taxes): Payment[] {
  const due = { igst: Math.max(0, payable.igst), cgst: Math.max(0, payable.cgst), sgst: Math.max(0, payable.sgst), cess: Math.max(0, payable.cess) };
  const left = { igst: Math.max(0, credit.igst), cgst: Math.max(0, credit.cgst), sgst: Math.max(0, credit.sgst), cess: Math.max(0, credit.cess) };
  const paid = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  const applyCredit = (from: keyof Taxes, to: keyof Taxes, upTo = Infinity) => {
    const amount = Math.min(left[from], due[to], Math.max(0, upTo));
    left[from] -= amount;
    due[to] -= amount;
    paid[to] += amount;
  };
  applyCredit('igst', 'igst');
  applyCredit('igst', 'cgst', due.cgst - left.cgst);
  applyCredit('igst', 'sgst', due.sgst - left.sgst);
  applyCredit('igst', 'cgst');
  applyCredit('igst', 'sgst');
  applyCredit('cgst', 'cgst');
  applyCredit('cgst', 'igst');
  applyCredit('sgst', 'sgst');
  applyCredit('sgst', 'igst');
  applyCredit('cess', 'cess');
  const row = (tax: Payment['tax'], key: keyof Taxes): Payment => ({ tax, payablePaise: Math.max(0, payable[key]), paidByItcPaise: paid[key], cashPaise: due[key] });
  return [row('IGST', 'igst'), row('CGST', 'cgst'), row('SGST', 'sgst'), row('CESS', 'cess')];
}

/** A month's GSTR-3B figures, from the month's invoices, credit notes, received purchase bills and debit notes. */
export async function buildGstr3b(db: Database, unitId: string, month: string): Promise<Gstr3b> {
  const m = { unitId, ...monthRange(month) };
  const [units, invoices, notes, bills, debitNotes] = await Promise.all([unitTaxDetails(db, [unitId]), invoiceRateRows(db, m), creditNoteRateRows(db, m), receivedBillsTax(db, m), debitNotesTax(db, m)]);

  const taxable = noTax();
  const nil = noTax();
  const interUnregistered = new Map<string, TaxPaise>();
  const put = (rows: typeof invoices | typeof notes, sign: 1 | -1) => {
    for (const r of rows) {
      const t = { taxable: r.taxable, igst: r.igst, cgst: r.cgst, sgst: r.sgst };
      // 3.1(c): nil-rated lines (medicines at 0 %); the rest is 3.1(a).
      addTax(r.gst_rate_bp === 0 ? nil : taxable, t, sign);
      if (r.gst_rate_bp > 0 && r.supply_kind === 'INTER' && !r.recipient_gstin) {
        interUnregistered.set(r.place_of_supply, addTax(interUnregistered.get(r.place_of_supply) ?? noTax(), t, sign));
      }
    }
  };
  put(invoices, 1);
  put(notes, -1);

  const itc = addTax(addTax(noTax(), bills), debitNotes, -1);
  // 4(B): nothing is reversed — no exempt supplies share the inputs (rules 42/43) and no ineligible credit is booked.
  const reversed = noTax();
  const net = addTax(addTax(noTax(), itc), reversed, -1);

  return {
    month,
    gstin: units.get(unitId)?.gstin ?? null,
    outwardTaxable: figures(taxable),
    outwardNilExempt: figures(nil),
    // 3.1(d): purchase bills carry no reverse charge (medicines bought from registered suppliers), so it is nil.
    inwardReverseCharge: figures(noTax()),
    interStateUnregistered: [...interUnregistered.entries()]
      .filter(([, t]) => t.taxable !== 0 || t.igst !== 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([placeOfSupply, t]) => ({ placeOfSupply, taxablePaise: t.taxable, igstPaise: t.igst })),
    itcAvailable: figures(itc),
    itcReversed: figures(reversed),
    itcNet: figures(net),
    payment: setOff({ igst: taxable.igst, cgst: taxable.cgst, sgst: taxable.sgst, cess: 0 }, { igst: net.igst, cgst: net.cgst, sgst: net.sgst, cess: 0 }),
  };
}

const amounts = (f: TaxFigures) => ({ iamt: rupees(f.igstPaise), camt: rupees(f.cgstPaise), samt: rupees(f.sgstPaise), csamt: rupees(f.cessPaise) });
const supply = (f: TaxFigures) => ({ txval: rupees(f.taxablePaise), ...amounts(f) });
const nilAmounts = { iamt: 0, camt: 0, samt: 0, csamt: 0 };

/** GSTR-3B in the portal's JSON (the offline utility's upload: rupees, `ret_period` MMYYYY). */
export function gstr3bPortalJson(g: Gstr3b) {
  return {
    gstin: g.gstin ?? '',
    ret_period: returnPeriod(g.month),
    sup_details: {
      osup_det: supply(g.outwardTaxable),
      osup_zero: { txval: 0, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: rupees(g.outwardNilExempt.taxablePaise) },
      isup_rev: supply(g.inwardReverseCharge),
      osup_nongst: { txval: 0 },
    },
    inter_sup: {
      unreg_details: g.interStateUnregistered.map((r) => ({ pos: r.placeOfSupply, txval: rupees(r.taxablePaise), iamt: rupees(r.igstPaise) })),
      comp_details: [],
      uin_details: [],
    },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', ...nilAmounts },
        { ty: 'IMPS', ...nilAmounts },
        { ty: 'ISRC', ...nilAmounts },
        { ty: 'ISD', ...nilAmounts },
        { ty: 'OTH', ...amounts(g.itcAvailable) },
      ],
      itc_rev: [
        { ty: 'RUL', ...amounts(g.itcReversed) },
        { ty: 'OTH', ...nilAmounts },
      ],
      itc_net: amounts(g.itcNet),
      itc_inelg: [
        { ty: 'RUL', ...nilAmounts },
        { ty: 'OTH', ...nilAmounts },
      ],
    },
  };
}
