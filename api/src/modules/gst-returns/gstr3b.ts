import type { Gstr3b } from 'shared-api';
import type { Database } from '../../db/database';
import { unitTaxDetails } from '../ledger/parties';
import { addTax, monthRange, noTax, portalDate, returnPeriod, rupees, type TaxPaise } from './portal';
import { creditNoteRateRows, debitNotes, invoiceRateRows, nilRatedInward, receivedBills } from './repository';

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

/**
 * CGST Act s.16(4): input tax on an invoice cannot be taken after 30 November following the end of the financial
 * year the invoice is dated in (or the annual return, if filed earlier: not known here). Input tax is taken by filing
 * the return, and a month's GSTR-3B can be filed only once the month is over, so a bill counts in a month's return
 * only if the day after the month ends is on or before that 30 November: a bill dated in FY 2024-25 can be claimed up
 * to October 2025's return, not in November 2025's.
 */
export function itcTimeLimit(billDate: string): string {
  const [year, monthOfYear] = billDate.split('-').map(Number) as [number, number];
  return `${monthOfYear >= 4 ? year + 1 : year}-11-30`;
}

/** The first day a month's return can be filed: the day after the month ends. */
function firstFilingDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

const pastTimeLimit = (billDate: string, month: string) => firstFilingDay(month) > itcTimeLimit(billDate);

/** A month's GSTR-3B figures, from the month's invoices, credit notes, received purchase bills and debit notes. */
export async function buildGstr3b(db: Database, unitId: string, month: string): Promise<Gstr3b> {
  const m = { unitId, ...monthRange(month) };
  const [units, invoices, notes, bills, returns, nilInward] = await Promise.all([
    unitTaxDetails(db, [unitId]),
    invoiceRateRows(db, m),
    creditNoteRateRows(db, m),
    receivedBills(db, m),
    debitNotes(db, m),
    nilRatedInward(db, m),
  ]);

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

  // 4(A)(5): bills within the time limit, less what debit notes gave back on them. Bills past it go to 4(D)(2) and
  // are listed; a debit note against such a bill gives back nothing that was claimed, so it counts nowhere.
  const itc = noTax();
  const ineligible = noTax();
  const ineligibleBills: Gstr3b['ineligibleBills'] = [];
  for (const b of bills) {
    if (!pastTimeLimit(b.bill_date, month)) {
      addTax(itc, b);
      continue;
    }
    addTax(ineligible, b);
    ineligibleBills.push({
      billId: b.id,
      billNumber: b.bill_number,
      supplierName: b.supplier_name,
      billDate: b.bill_date,
      taxablePaise: b.taxable,
      igstPaise: b.igst,
      cgstPaise: b.cgst,
      sgstPaise: b.sgst,
      reason: `Dated ${portalDate(b.bill_date)}: input tax on it could be claimed only in a return filed by ${portalDate(itcTimeLimit(b.bill_date))} (CGST Act s.16(4)); this month's return is filed after that.`,
    });
  }
  for (const d of returns) if (!pastTimeLimit(d.bill_date, month)) addTax(itc, d, -1);
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
    itcIneligible: figures(ineligible),
    ineligibleBills,
    inwardNilExempt: { interPaise: nilInward.inter, intraPaise: nilInward.intra },
    payment: setOff({ igst: taxable.igst, cgst: taxable.cgst, sgst: taxable.sgst, cess: 0 }, { igst: net.igst, cgst: net.cgst, sgst: net.sgst, cess: 0 }),
  };
}

const amounts = (f: TaxFigures) => ({ iamt: rupees(f.igstPaise), camt: rupees(f.cgstPaise), samt: rupees(f.sgstPaise), csamt: rupees(f.cessPaise) });
const supply = (f: TaxFigures) => ({ txval: rupees(f.taxablePaise), ...amounts(f) });
const nilAmounts = { iamt: 0, camt: 0, samt: 0, csamt: 0 };

/** From this return period the portal fills table 3.2 from GSTR-1 and the utility's JSON leaves inter_sup out. */
export const INTER_SUP_AUTO_FROM = '2025-11';

/**
 * GSTR-3B in the portal's JSON, as GSTN's GSTR-3B offline utility V5.8 writes it for upload (rupees, `ret_period`
 * MMYYYY, keys in the utility's order); the JSON Schema it is checked against is schemas/gstr3b.schema.json.
 */
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
    // 3.1.1: nothing is sold through an e-commerce operator paying the tax (s.9(5)).
    eco_dtls: { eco_sup: { txval: 0, ...nilAmounts }, eco_reg_sup: { txval: 0 } },
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
      // (D)(1) ITC reclaimed: none; (D)(2) ineligible under s.16(4): the bills past the time limit.
      itc_inelg: [
        { ty: 'RUL', ...nilAmounts },
        { ty: 'OTH', ...amounts(g.itcIneligible) },
      ],
    },
    // 5: exempt and nil-rated inward supplies; nothing bought is outside GST.
    inward_sup: {
      isup_details: [
        { ty: 'GST', inter: rupees(g.inwardNilExempt.interPaise), intra: rupees(g.inwardNilExempt.intraPaise) },
        { ty: 'NONGST', inter: 0, intra: 0 },
      ],
    },
    // 5.1: interest and late fee are worked out by the portal on filing; the file declares none.
    intr_ltfee: { intr_details: { ...nilAmounts }, ltfee_details: { camt: 0, samt: 0 } },
    ...(g.month < INTER_SUP_AUTO_FROM
      ? {
          inter_sup: {
            unreg_details: g.interStateUnregistered.map((r) => ({ pos: r.placeOfSupply, txval: rupees(r.taxablePaise), iamt: rupees(r.igstPaise) })),
            comp_details: [],
            uin_details: [],
          },
        }
      : {}),
  };
}
