import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  gstinCheckChar,
  type CounterSale,
  type CreditNote,
  type Gstr1,
  type Gstr1Summary,
  type Gstr3b,
  type PurchaseBill,
  type SalesInvoice,
  type SalesRegister,
} from 'shared-api';
import { gstr3bPortalJson, itcTimeLimit, setOff } from '../src/modules/gst-returns/gstr3b';
import { portalFileErrors } from '../src/modules/gst-returns/portal-schemas';
import { addBatch, addProduct, marketplaceWorld, setGstRate, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

const t = build();

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const AGARWAL_GSTIN = gstin('27', 'AAJFA4821L');
const SHARMA_GSTIN = gstin('27', 'BXKPS5512M');
const LIFELINE_GSTIN = gstin('24', 'AACCL7734Q');
// A nil-rated HSN for these tests only (the rate table outlives the per-test reset: removed at the end).
const NIL_HSN = '30021400';

afterEach(async () => {
  await sql`DELETE FROM hsn_gst_rates WHERE hsn = ${NIL_HSN}`.execute(t.db);
});

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}

type Stockist = Awaited<ReturnType<typeof signedIn>>;

async function invoiceOrder(stockist: Stockist, buyerCode: string, lines: Parameters<typeof acceptedOrder>[1]['lines']): Promise<SalesInvoice> {
  const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode, lines });
  const res = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
  expect(res.statusCode).toBe(200);
  return body<SalesInvoice>(res);
}

async function creditNote(stockist: Stockist, invoice: SalesInvoice, lines: { invoicePosition: number; quantity: number; freeQuantity?: number }[]): Promise<CreditNote> {
  const res = await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: lines.map((l) => ({ ...l, reason: 'OTHER', destination: 'SALEABLE' })) });
  expect(res.statusCode).toBe(200);
  return body<CreditNote>(res);
}

/** A bill from an outside supplier, keyed in and received today (input tax counts from receipt). */
async function receivedManualBill(
  stockist: Stockist,
  bill: { supplierName: string; supplierGstin: string; billNumber: string; productId: string; ratePaise: number; quantity: number; billDate?: string },
): Promise<PurchaseBill> {
  const res = await stockist.post(ACCOUNTING_PATHS.manualPurchaseBill, {
    supplierName: bill.supplierName,
    supplierGstin: bill.supplierGstin,
    billNumber: bill.billNumber,
    billDate: bill.billDate ?? '2026-11-20',
    lines: [{ productId: bill.productId, hsn: '30049099', batchNo: `B-${bill.billNumber}`, expiryDate: '2028-03-31', mrpPaise: bill.ratePaise * 2, ratePaise: bill.ratePaise, quantity: bill.quantity }],
  });
  expect(res.statusCode).toBe(200);
  const { billId } = body<PurchaseBill>(res);
  const received = await stockist.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines: [{ position: 1, receivedQuantity: bill.quantity, salePricePaise: bill.ratePaise * 2 }] });
  expect(received.statusCode).toBe(200);
  return body<PurchaseBill>(received);
}

/**
 * November 2026 at Agarwal (STK-PUN-001, Pune, Maharashtra 27):
 *   INV 1  Sharma (27, registered): Dolovex 25 @ ₹27.50 over two batches (12 %), Azicold 4 + 1 free @ ₹12.34 (5 %),
 *          Vaxishield 2 @ ₹100 (nil) — intra-state, three rates.
 *   INV 2  Lifeline (24, registered): Crocivex 3 @ ₹15 — IGST. Then Lifeline's GSTIN is taken off its registration:
 *   INV 3  Lifeline (24, unregistered): Dolovex 40 @ ₹2,500 = ₹1,12,000 — B2C large.
 *   INV 4  Lifeline (24, unregistered): Crocivex 2 @ ₹15 — B2C small, inter-state.
 *   INV 5  a walk-in buyer at the counter: Dolovex 5 — B2C small, intra-state.
 *   CN 1   Sharma: 5 Dolovex of INV 1; CN 2 the walk-in: 1 Dolovex of INV 5; CN 3 Lifeline: all of INV 2.
 * Purchases: a Gujarat supplier's bill (IGST ₹6,000) and a Maharashtra supplier's (CGST + SGST ₹60 each), both
 * received; 10 units of the second sent back on a debit note.
 */
async function november() {
  const w = await marketplaceWorld(t.db);
  await setGstRate(t.db, NIL_HSN, '2020-01-01', 0);
  const azicold = await addProduct(t.db, { name: 'Azicold 250 Syrup', manufacturer: 'Ciplovia', pack: '1 bottle of 60 ml', hsn: '30041010' });
  const vaxin = await addProduct(t.db, { name: 'Vaxishield', manufacturer: 'Serovia', pack: '1 vial', hsn: NIL_HSN });
  const aziBatch = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: azicold, batchNo: 'AZI-1', expiry: '2028-01-31', quantity: 50, ptr: 1234, mrp: 2000 });
  const vaxBatch = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: vaxin, batchNo: 'VAX-1', expiry: '2027-12-31', quantity: 20, ptr: 10000, mrp: 15000 });
  const stockist = await signedIn(DEMO.stockist);

  const inv1 = await invoiceOrder(stockist, 'RTL-MUM-001', [
    { productId: w.dolovex, quantity: 25, ptrPaise: 2750, batches: [{ batchId: w.batches.punNear, quantity: 20 }, { batchId: w.batches.punFar, quantity: 5 }] },
    { productId: azicold, quantity: 4, freeQuantity: 1, ptrPaise: 1234, batches: [{ batchId: aziBatch, quantity: 5 }] },
    { productId: vaxin, quantity: 2, ptrPaise: 10000, batches: [{ batchId: vaxBatch, quantity: 2 }] },
  ]);
  const inv2 = await invoiceOrder(stockist, 'HSP-AMD-001', [{ productId: w.crocivex, quantity: 3, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 3 }] }]);
  await t.db.updateTable('registrations').set({ gstin: null }).where('unit_id', '=', await unitId(t.db, 'HSP-AMD-001')).execute();
  const inv3 = await invoiceOrder(stockist, 'HSP-AMD-001', [{ productId: w.dolovex, quantity: 40, ptrPaise: 250000, batches: [{ batchId: w.batches.punFar, quantity: 40 }] }]);
  const inv4 = await invoiceOrder(stockist, 'HSP-AMD-001', [{ productId: w.crocivex, quantity: 2, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 2 }] }]);
  const sale = await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId: w.dolovex, quantity: 5 }], paymentMode: 'CASH' });
  expect(sale.statusCode).toBe(200);
  const inv5 = body<CounterSale>(sale).invoice;

  const cn1 = await creditNote(stockist, inv1, [{ invoicePosition: 1, quantity: 5 }]);
  const cn2 = await creditNote(stockist, inv5, [{ invoicePosition: 1, quantity: 1 }]);
  const cn3 = await creditNote(stockist, inv2, [{ invoicePosition: 1, quantity: 3 }]);

  const gujarat = await receivedManualBill(stockist, { supplierName: 'Gujarat Pharma Traders', supplierGstin: gstin('24', 'AAGFG1234K'), billNumber: 'GPT/778', productId: w.dolovex, ratePaise: 50000, quantity: 100 });
  const local = await receivedManualBill(stockist, { supplierName: 'Shah & Sons <Pharma>', supplierGstin: gstin('27', 'AABCM1234D'), billNumber: 'SS/12', productId: w.crocivex, ratePaise: 1000, quantity: 100 });
  const dn = await stockist.post(ACCOUNTING_PATHS.returnPurchase(local.billId), { lines: [{ position: 1, quantity: 10 }], reason: 'Damaged "strips" & cartons' });
  expect(dn.statusCode).toBe(200);
  return { stockist, invoices: [inv1, inv2, inv3, inv4, inv5], notes: [cn1, cn2, cn3], bills: [gujarat, local] };
}

describe('GSTR-1', () => {
  it('sorts the month into b2b, b2cl, b2cs, cdnr, hsn and documents, to the paisa, in the offline tool’s JSON', async () => {
    const { stockist, invoices, notes } = await november();
    expect(invoices.map((i) => [i.invoiceNumber, i.totals.taxablePaise, i.totals.totalPaise, i.supplyKind])).toEqual([
      ['INV/26-27/000001', 93686, 102200, 'INTRA'],
      ['INV/26-27/000002', 4500, 5000, 'INTER'],
      ['INV/26-27/000003', 10_000_000, 11_200_000, 'INTER'],
      ['INV/26-27/000004', 3000, 3400, 'INTER'],
      ['INV/26-27/000005', 15180, 17000, 'INTRA'],
    ]);
    expect(notes.map((n) => [n.creditNoteNumber, n.totals.taxablePaise, n.totals.totalPaise])).toEqual([
      ['CN/26-27/000001', 13750, 15400],
      ['CN/26-27/000002', 3036, 3400],
      ['CN/26-27/000003', 4500, 5000],
    ]);

    const res = await stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' });
    expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    const summary = body<Gstr1Summary>(res);
    const g = summary.gstr1;
    expect([g.gstin, g.fp, g.version, g.hash, summary.gstin, summary.problems]).toEqual([AGARWAL_GSTIN, '112026', 'GST3.2.4', 'hash', AGARWAL_GSTIN, []]);
    // The file follows the portal's published format (schemas/gstr1.schema.json).
    expect(portalFileErrors('GSTR-1', g)).toEqual([]);

    // Registered buyers by GSTIN; an invoice's lines summed per rate (INV 1's two Dolovex batches are one 12 % item).
    expect(g.b2b).toEqual([
      {
        ctin: LIFELINE_GSTIN,
        inv: [{ inum: 'INV/26-27/000002', idt: '22-11-2026', val: 50, pos: '24', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 12, txval: 45, iamt: 5.4, camt: 0, samt: 0, csamt: 0 } }] }],
      },
      {
        ctin: SHARMA_GSTIN,
        inv: [
          {
            inum: 'INV/26-27/000001',
            idt: '22-11-2026',
            val: 1022,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: { rt: 0, txval: 200, iamt: 0, camt: 0, samt: 0, csamt: 0 } },
              { num: 2, itm_det: { rt: 5, txval: 49.36, iamt: 0, camt: 1.23, samt: 1.23, csamt: 0 } },
              { num: 3, itm_det: { rt: 12, txval: 687.5, iamt: 0, camt: 41.25, samt: 41.25, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
    // Inter-state, unregistered, over ₹1,00,000.
    expect(g.b2cl).toEqual([{ pos: '24', inv: [{ inum: 'INV/26-27/000003', idt: '22-11-2026', val: 112000, itms: [{ num: 1, itm_det: { rt: 12, txval: 100000, iamt: 12000, camt: 0, samt: 0, csamt: 0 } }] }] }]);
    // INV 4 (inter-state) and the counter sale less its credit note (₹151.80 − ₹30.36; CGST ₹9.11 − ₹1.82).
    expect(g.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '24', typ: 'OE', rt: 12, txval: 30, iamt: 3.6, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 12, txval: 121.44, iamt: 0, camt: 7.29, samt: 7.29, csamt: 0 },
    ]);
    expect(g.cdnr).toEqual([
      { ctin: LIFELINE_GSTIN, nt: [{ ntty: 'C', nt_num: 'CN/26-27/000003', nt_dt: '22-11-2026', val: 50, pos: '24', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 12, txval: 45, iamt: 5.4, camt: 0, samt: 0, csamt: 0 } }] }] },
      { ctin: SHARMA_GSTIN, nt: [{ ntty: 'C', nt_num: 'CN/26-27/000001', nt_dt: '22-11-2026', val: 154, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 12, txval: 137.5, iamt: 0, camt: 8.25, samt: 8.25, csamt: 0 } }] }] },
    ]);
    // Net of credit notes; quantities count free units (5 Azicold), the syrup's bottles are BTL.
    // No note is against a B2C large invoice.
    expect(g.cdnur).toEqual([]);
    // Table 12 from May 2025: B2B half from the invoices and notes with a buyer GSTIN (INV 1, INV 2 less CN 1, CN 3),
    // B2C half from the others (INV 3, 4, 5 less CN 2); net of credit notes, free units counted, bottles are BTL.
    expect(g.hsn).toEqual({
      hsn_b2b: [
        { num: 1, hsn_sc: NIL_HSN, desc: 'Vaccines, blood products', uqc: 'NOS', qty: 2, rt: 0, txval: 200, iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { num: 2, hsn_sc: '30041010', desc: 'Medicaments in measured doses', uqc: 'BTL', qty: 5, rt: 5, txval: 49.36, iamt: 0, camt: 1.23, samt: 1.23, csamt: 0 },
        { num: 3, hsn_sc: '30049099', desc: 'Medicaments in measured doses', uqc: 'NOS', qty: 20, rt: 12, txval: 550, iamt: 0, camt: 33, samt: 33, csamt: 0 },
      ],
      hsn_b2c: [{ num: 1, hsn_sc: '30049099', desc: 'Medicaments in measured doses', uqc: 'NOS', qty: 46, rt: 12, txval: 100151.44, iamt: 12003.6, camt: 7.29, samt: 7.29, csamt: 0 }],
    });
    // INV 2 was credited in full by CN 3: both were issued and both are reported (b2b, cdnr), so neither counts as
    // cancelled in table 13 (which counts documents issued and then cancelled).
    expect(g.doc_issue).toEqual({
      doc_det: [
        { doc_num: 1, docs: [{ num: 1, from: 'INV/26-27/000001', to: 'INV/26-27/000005', totnum: 5, cancel: 0, net_issue: 5 }] },
        { doc_num: 5, docs: [{ num: 1, from: 'CN/26-27/000001', to: 'CN/26-27/000003', totnum: 3, cancel: 0, net_issue: 3 }] },
      ],
    });
    // Amounts are written with at most two decimals.
    expect(JSON.stringify(g)).not.toMatch(/\d\.\d{3,}/);

    expect(summary.sections).toEqual([
      { section: 'b2b', documents: 2, taxablePaise: 98186, igstPaise: 540, cgstPaise: 4248, sgstPaise: 4248 },
      { section: 'b2cl', documents: 1, taxablePaise: 10_000_000, igstPaise: 1_200_000, cgstPaise: 0, sgstPaise: 0 },
      { section: 'b2cs', documents: 2, taxablePaise: 15144, igstPaise: 360, cgstPaise: 729, sgstPaise: 729 },
      { section: 'cdnr', documents: 2, taxablePaise: 18250, igstPaise: 540, cgstPaise: 825, sgstPaise: 825 },
      { section: 'cdnur', documents: 0, taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 },
    ]);
    // The invoice totals are the sales register's, and the sections add up to them (b2cs is net of CN 2).
    const register = body<SalesRegister>(await stockist.get(ACCOUNTING_PATHS.salesRegister, { month: '2026-11' })).totals;
    expect(summary.invoiceTotals).toEqual({ count: register.invoiceCount, taxablePaise: register.taxablePaise, taxPaise: register.cgstPaise + register.sgstPaise + register.igstPaise, totalPaise: register.totalPaise });
    expect(summary.invoiceTotals).toEqual({ count: 5, taxablePaise: 10_116_366, taxPaise: 1_211_218, totalPaise: 11_327_600 });
    const invoiced = summary.sections.filter((s) => s.section !== 'cdnr' && s.section !== 'cdnur').reduce((s, x) => s + x.taxablePaise, 0);
    expect(invoiced + notes[1]!.totals.taxablePaise).toBe(summary.invoiceTotals.taxablePaise);
    // The portal's check: the HSN summary equals the supplies less the credit notes.
    const hsnRows = 'data' in g.hsn ? g.hsn.data : [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c];
    const hsnPaise = hsnRows.reduce((s, h) => s + Math.round(h.txval * 100), 0);
    expect(hsnPaise).toBe(invoiced - summary.sections.find((s) => s.section === 'cdnr')!.taxablePaise);

    // Another month holds none of it; a December invoice is December's alone.
    const october = body<Gstr1Summary>(await stockist.get(BOOKS_PATHS.gstr1, { month: '2026-10' }));
    expect([october.gstr1.b2b, october.gstr1.b2cs, october.gstr1.hsn, october.gstr1.doc_issue.doc_det, october.invoiceTotals.count]).toEqual([[], [], { hsn_b2b: [], hsn_b2c: [] }, [], 0]);
    expect(portalFileErrors('GSTR-1', october.gstr1)).toEqual([]);
  });

  it('downloads the portal JSON itself, a CSV with every section and a workbook with a sheet per section', async () => {
    const { stockist } = await november();
    const summary = body<Gstr1Summary>(await stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));

    const json = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${AGARWAL_GSTIN}_112026.json"`);
    expect(json.json<Gstr1>()).toEqual(summary.gstr1);
    expect(portalFileErrors('GSTR-1', json.json())).toEqual([]);

    const csv = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'csv' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${AGARWAL_GSTIN}_112026.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount');
    expect(lines).toContain(`${SHARMA_GSTIN},Sharma Medical Stores,INV/26-27/000001,22-Nov-2026,1022.00,27-Maharashtra,N,,Regular B2B,,5,49.36,0.00`);
    expect(lines).toContain('INV/26-27/000003,22-Nov-2026,112000.00,24-Gujarat,,12,100000.00,0.00,');
    expect(lines).toContain('OE,27-Maharashtra,,12,121.44,0.00,');
    expect(lines).toContain('30041010,Medicaments in measured doses,BTL-BOTTLES,5,51.82,5,49.36,0.00,1.23,1.23,0.00');
    expect(lines).toContain('30049099,Medicaments in measured doses,NOS-NUMBERS,20,616.00,12,550.00,0.00,33.00,33.00,0.00');
    expect(lines).toContain('30049099,Medicaments in measured doses,NOS-NUMBERS,46,112169.62,12,100151.44,12003.60,7.29,7.29,0.00');
    expect(lines).toContain('Invoices for outward supply,INV/26-27/000001,INV/26-27/000005,5,0');

    const xlsx = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'xlsx' });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${AGARWAL_GSTIN}_112026.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
    const rows = (name: string) => (book.getWorksheet(name)!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows('b2b')).toHaveLength(1 + 4);
    expect(rows('cdnr')[2]).toEqual([SHARMA_GSTIN, 'Sharma Medical Stores', 'CN/26-27/000001', '22-Nov-2026', 'C', '27-Maharashtra', 'N', 'Regular B2B', 154, undefined, 12, 137.5, 0]);
    expect(rows('docs')).toEqual([
      ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      ['Invoices for outward supply', 'INV/26-27/000001', 'INV/26-27/000005', 5, 0],
      ['Credit Note', 'CN/26-27/000001', 'CN/26-27/000003', 3, 0],
    ]);
  });

  it('says what stops filing: no GSTIN on the unit, a buyer GSTIN that fails its check', async () => {
    const w = await marketplaceWorld(t.db);
    const stockist = await signedIn(DEMO.stockist);
    const badGstin = `${SHARMA_GSTIN.slice(0, 14)}${SHARMA_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    await t.db.updateTable('registrations').set({ gstin: badGstin }).where('unit_id', '=', await unitId(t.db, 'RTL-MUM-001')).execute();
    await invoiceOrder(stockist, 'RTL-MUM-001', [{ productId: w.crocivex, quantity: 1, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 1 }] }]);
    await t.db.updateTable('registrations').set({ gstin: null }).where('unit_id', '=', await unitId(t.db, 'STK-PUN-001')).execute();

    const summary = body<Gstr1Summary>(await stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));
    expect([summary.gstin, summary.gstr1.gstin]).toEqual([null, '']);
    expect(summary.problems).toEqual([
      'Your unit has no GSTIN on its registration: GSTR-1 is filed under a GSTIN.',
      `Invoice INV/26-27/000001: the buyer's GSTIN ${badGstin} fails the GSTIN check.`,
    ]);
    expect(summary.gstr1.b2b.map((b) => b.ctin)).toEqual([badGstin]);
    // A JSON the portal would refuse is not handed out: it says where it breaks the portal's format.
    const file = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11' });
    expect([file.statusCode, file.json().code]).toEqual([422, 'E0027']);
    expect(file.json().message).toMatch(/^The GSTR-1 JSON does not follow the GST portal's format, so it is not handed out: \/gstin must match pattern/);
    // The sheets for people still download, named by the unit code without a GSTIN.
    const csv = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'csv' });
    expect([csv.statusCode, csv.headers['content-disposition']]).toEqual([200, 'attachment; filename="GSTR1_STK-PUN-001_112026.csv"']);
  });

  it('reports a credit note to an unregistered buyer against a B2C large invoice in CDNUR, not in B2CS', async () => {
    const { stockist, invoices } = await november();
    // 5 of INV 3's 40 Dolovex (₹2,500 each, 12 % IGST) come back from Lifeline, unregistered by now.
    const cn4 = await creditNote(stockist, invoices[2]!, [{ invoicePosition: 1, quantity: 5 }]);
    expect([cn4.creditNoteNumber, cn4.totals.taxablePaise, cn4.totals.igstPaise, cn4.totals.totalPaise]).toEqual(['CN/26-27/000004', 1_250_000, 150_000, 1_400_000]);

    const summary = body<Gstr1Summary>(await stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));
    const g = summary.gstr1;
    expect(summary.problems).toEqual([]);
    expect(g.cdnur).toEqual([{ nt_num: 'CN/26-27/000004', nt_dt: '22-11-2026', ntty: 'C', val: 14000, typ: 'B2CL', pos: '24', itms: [{ num: 1, itm_det: { rt: 12, txval: 12500, iamt: 1500, csamt: 0 } }] }]);
    // B2CS is as it was: only CN 2 nets into it.
    expect(g.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '24', typ: 'OE', rt: 12, txval: 30, iamt: 3.6, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 12, txval: 121.44, iamt: 0, camt: 7.29, samt: 7.29, csamt: 0 },
    ]);
    expect(summary.sections.find((x) => x.section === 'cdnur')).toEqual({ section: 'cdnur', documents: 1, taxablePaise: 1_250_000, igstPaise: 150_000, cgstPaise: 0, sgstPaise: 0 });
    // Its units come off the HSN summary's B2C half.
    expect('hsn_b2c' in g.hsn && g.hsn.hsn_b2c).toEqual([{ num: 1, hsn_sc: '30049099', desc: 'Medicaments in measured doses', uqc: 'NOS', qty: 41, rt: 12, txval: 87651.44, iamt: 10503.6, camt: 7.29, samt: 7.29, csamt: 0 }]);
    expect(g.doc_issue.doc_det[1]).toEqual({ doc_num: 5, docs: [{ num: 1, from: 'CN/26-27/000001', to: 'CN/26-27/000004', totnum: 4, cancel: 0, net_issue: 4 }] });
    expect(portalFileErrors('GSTR-1', g)).toEqual([]);

    const csv = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'csv' });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount');
    expect(lines).toContain('B2CL,CN/26-27/000004,22-Nov-2026,C,24-Gujarat,14000.00,,12,12500.00,0.00');
    expect((await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'json' })).statusCode).toBe(200);
  });

  it('keeps the single HSN table (hsn.data) for a return period before May 2025', async () => {
    const { stockist } = await november();
    // The same documents, dated April 2025 (issued documents are append-only: the trigger is bypassed for this).
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE sales_invoices SET invoice_date = '2025-04-15'`.execute(trx);
      await sql`UPDATE credit_notes SET credit_note_date = '2025-04-15'`.execute(trx);
    });
    const april = body<Gstr1Summary>(await stockist.get(BOOKS_PATHS.gstr1, { month: '2025-04' }));
    expect([april.gstr1.fp, april.invoiceTotals.count]).toEqual(['042025', 5]);
    expect(april.gstr1.hsn).toEqual({
      data: [
        { num: 1, hsn_sc: NIL_HSN, desc: 'Vaccines, blood products', uqc: 'NOS', qty: 2, rt: 0, txval: 200, iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { num: 2, hsn_sc: '30041010', desc: 'Medicaments in measured doses', uqc: 'BTL', qty: 5, rt: 5, txval: 49.36, iamt: 0, camt: 1.23, samt: 1.23, csamt: 0 },
        { num: 3, hsn_sc: '30049099', desc: 'Medicaments in measured doses', uqc: 'NOS', qty: 66, rt: 12, txval: 100701.44, iamt: 12003.6, camt: 40.29, samt: 40.29, csamt: 0 },
      ],
    });
    expect(portalFileErrors('GSTR-1', april.gstr1)).toEqual([]);
    // The schema itself holds each period to its shape.
    expect(portalFileErrors('GSTR-1', { ...april.gstr1, fp: '052025' })).toContain('/hsn must NOT be valid');
    const csv = await stockist.get(BOOKS_PATHS.gstr1File, { month: '2025-04', format: 'csv' });
    expect(csv.body).toContain('HSN: summary of outward supplies (net of credit notes)');
  });

  it('refuses a malformed month and answers only the caller’s own unit', async () => {
    const { invoices } = await november();
    expect(invoices).toHaveLength(5);
    const stockist = await signedIn(DEMO.stockist);
    for (const url of [BOOKS_PATHS.gstr1, BOOKS_PATHS.gstr1File, BOOKS_PATHS.gstr3b, BOOKS_PATHS.gstr3bFile]) {
      const res = await stockist.get(url, { month: '2026-13' });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'E0001']);
    }
    expect((await stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'pdf' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: BOOKS_PATHS.gstr1, query: { month: '2026-11' } })).statusCode).toBe(403);
    // Sharma, the buyer, files its own GSTR-1: none of Agarwal's sales are in it.
    const retailer = await signedIn(DEMO.retailer);
    const theirs = body<Gstr1Summary>(await retailer.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));
    expect([theirs.gstin, theirs.invoiceTotals.count, theirs.gstr1.b2b, theirs.gstr1.cdnr]).toEqual([SHARMA_GSTIN, 0, [], []]);
  });
});

describe('GSTR-3B', () => {
  it('nets credit notes, splits nil-rated and inter-state B2C, takes ITC from bills received less debit notes, and sets it off in the legal order', async () => {
    const { stockist, bills } = await november();
    expect(bills.map((b) => [b.supplyKind, b.totals.taxablePaise, b.totals.igstPaise, b.totals.cgstPaise])).toEqual([
      ['INTER', 5_000_000, 600_000, 0],
      ['INTRA', 100_000, 0, 6000],
    ]);
    const res = await stockist.get(BOOKS_PATHS.gstr3b, { month: '2026-11' });
    expect(res.statusCode).toBe(200);
    const g = body<Gstr3b>(res);
    expect(g).toEqual({
      month: '2026-11',
      gstin: AGARWAL_GSTIN,
      // Invoices ₹1,00,963.66 taxable at a rate, less the credit notes ₹212.86.
      outwardTaxable: { taxablePaise: 10_075_080, igstPaise: 1_200_360, cgstPaise: 4152, sgstPaise: 4152, cessPaise: 0 },
      outwardNilExempt: { taxablePaise: 20000, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
      inwardReverseCharge: { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
      interStateUnregistered: [{ placeOfSupply: '24', taxablePaise: 10_003_000, igstPaise: 1_200_360 }],
      // Both bills, less the debit note (10 × ₹10 at 12 %).
      itcAvailable: { taxablePaise: 5_090_000, igstPaise: 600_000, cgstPaise: 5400, sgstPaise: 5400, cessPaise: 0 },
      itcReversed: { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
      itcNet: { taxablePaise: 5_090_000, igstPaise: 600_000, cgstPaise: 5400, sgstPaise: 5400, cessPaise: 0 },
      // Both bills are this year's: none is past the time limit of s.16(4).
      itcIneligible: { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
      ineligibleBills: [],
      inwardNilExempt: { interPaise: 0, intraPaise: 0 },
      // IGST credit all on IGST; CGST and SGST credit pay their own tax, then ₹12.48 each of IGST; the rest in cash.
      payment: [
        { tax: 'IGST', payablePaise: 1_200_360, paidByItcPaise: 602_496, cashPaise: 597_864 },
        { tax: 'CGST', payablePaise: 4152, paidByItcPaise: 4152, cashPaise: 0 },
        { tax: 'SGST', payablePaise: 4152, paidByItcPaise: 4152, cashPaise: 0 },
        { tax: 'CESS', payablePaise: 0, paidByItcPaise: 0, cashPaise: 0 },
      ],
    });

    const json = await stockist.get(BOOKS_PATHS.gstr3bFile, { month: '2026-11', format: 'json' });
    expect(json.headers['content-disposition']).toBe(`attachment; filename="GSTR3B_${AGARWAL_GSTIN}_112026.json"`);
    const portal = json.json<Record<string, unknown> & { gstin: string; ret_period: string; sup_details: { osup_det: object; osup_nil_exmp: object }; itc_elg: { itc_avl: { ty: string }[]; itc_net: object; itc_inelg: object[] } }>();
    expect(portalFileErrors('GSTR-3B', portal)).toEqual([]);
    // The utility's keys in its order; from November 2025 the portal fills 3.2 from GSTR-1, so inter_sup is left out.
    expect(Object.keys(portal)).toEqual(['gstin', 'ret_period', 'sup_details', 'eco_dtls', 'itc_elg', 'inward_sup', 'intr_ltfee']);
    expect([portal.gstin, portal.ret_period]).toEqual([AGARWAL_GSTIN, '112026']);
    expect(portal.sup_details.osup_det).toEqual({ txval: 100750.8, iamt: 12003.6, camt: 41.52, samt: 41.52, csamt: 0 });
    expect(portal.sup_details.osup_nil_exmp).toEqual({ txval: 200 });
    expect(portal.itc_elg.itc_avl.find((r) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 6000, camt: 54, samt: 54, csamt: 0 });
    expect(portal.itc_elg.itc_net).toEqual({ iamt: 6000, camt: 54, samt: 54, csamt: 0 });
    expect(portal.itc_elg.itc_inelg).toEqual([
      { ty: 'RUL', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(portal.inward_sup).toEqual({
      isup_details: [
        { ty: 'GST', inter: 0, intra: 0 },
        { ty: 'NONGST', inter: 0, intra: 0 },
      ],
    });
    expect(portal.intr_ltfee).toEqual({ intr_details: { iamt: 0, camt: 0, samt: 0, csamt: 0 }, ltfee_details: { camt: 0, samt: 0 } });
    // Before November 2025 the file still carries 3.2 (the schema holds each period to its shape).
    const october2025 = gstr3bPortalJson({ ...g, month: '2025-10' });
    expect(october2025.inter_sup?.unreg_details).toEqual([{ pos: '24', txval: 100030, iamt: 12003.6 }]);
    expect(portalFileErrors('GSTR-3B', october2025)).toEqual([]);
    expect(portalFileErrors('GSTR-3B', { ...portal, inter_sup: october2025.inter_sup })).toContain('the file must NOT be valid');

    const csv = await stockist.get(BOOKS_PATHS.gstr3bFile, { month: '2026-11', format: 'csv' });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('"(a) Outward taxable supplies (other than zero rated, nil rated and exempted)",100750.80,12003.60,41.52,41.52,0.00');
    expect(lines).toContain('Integrated Tax,12003.60,6024.96,5978.64');
    const xlsx = await stockist.get(BOOKS_PATHS.gstr3bFile, { month: '2026-11', format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['3.1 Outward supplies', '3.2 Inter-state', '4 Eligible ITC', '5 Exempt inward', '6.1 Payment of tax']);
  });

  it('leaves a bill past the time limit of s.16(4) out of 4(A)(5) and lists it as ineligible, with the reason', async () => {
    const w = await marketplaceWorld(t.db);
    const stockist = await signedIn(DEMO.stockist);
    // Dated in FY 2024-25: its input tax could be taken up to 30 November 2025. Received (and booked) only now.
    const old = await receivedManualBill(stockist, { supplierName: 'Gujarat Pharma Traders', supplierGstin: gstin('24', 'AAGFG1234K'), billNumber: 'GPT/101', productId: w.dolovex, ratePaise: 10000, quantity: 10, billDate: '2025-03-10' });
    const fresh = await receivedManualBill(stockist, { supplierName: 'Shah & Sons', supplierGstin: gstin('27', 'AABCM1234D'), billNumber: 'SS/40', productId: w.crocivex, ratePaise: 1000, quantity: 100 });
    expect([old.billDate, old.totals.igstPaise, fresh.totals.cgstPaise]).toEqual(['2025-03-10', 12_000, 6000]);
    // Part of the old bill goes back: a debit note gives back nothing that was never claimed.
    expect((await stockist.post(ACCOUNTING_PATHS.returnPurchase(old.billId), { lines: [{ position: 1, quantity: 2 }], reason: 'Damaged' })).statusCode).toBe(200);

    const g = body<Gstr3b>(await stockist.get(BOOKS_PATHS.gstr3b, { month: '2026-11' }));
    expect(g.itcAvailable).toEqual({ taxablePaise: 100_000, igstPaise: 0, cgstPaise: 6000, sgstPaise: 6000, cessPaise: 0 });
    expect(g.itcNet).toEqual(g.itcAvailable);
    expect(g.itcIneligible).toEqual({ taxablePaise: 100_000, igstPaise: 12_000, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 });
    expect(g.ineligibleBills).toEqual([
      {
        billId: old.billId,
        billNumber: 'GPT/101',
        supplierName: 'Gujarat Pharma Traders',
        billDate: '2025-03-10',
        taxablePaise: 100_000,
        igstPaise: 12_000,
        cgstPaise: 0,
        sgstPaise: 0,
        reason: "Dated 10-03-2025: input tax on it could be claimed only in a return filed by 30-11-2025 (CGST Act s.16(4)); this month's return is filed after that.",
      },
    ]);

    const portal = (await stockist.get(BOOKS_PATHS.gstr3bFile, { month: '2026-11', format: 'json' })).json<{ itc_elg: { itc_avl: { ty: string }[]; itc_inelg: object[] } }>();
    expect(portalFileErrors('GSTR-3B', portal)).toEqual([]);
    expect(portal.itc_elg.itc_avl.find((r) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 60, samt: 60, csamt: 0 });
    expect(portal.itc_elg.itc_inelg).toEqual([
      { ty: 'RUL', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: 'OTH', iamt: 120, camt: 0, samt: 0, csamt: 0 },
    ]);
    const csv = (await stockist.get(BOOKS_PATHS.gstr3bFile, { month: '2026-11', format: 'csv' })).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv).toContain('(D)(2) Ineligible ITC under section 16(4) and PoS rules,120.00,0.00,0.00,0.00');
  });

  it('counts a bill against the time limit by its financial year: claimable up to the return for October after it', () => {
    expect(itcTimeLimit('2025-03-31')).toBe('2025-11-30');
    expect(itcTimeLimit('2025-04-01')).toBe('2026-11-30');
    expect(itcTimeLimit('2026-01-15')).toBe('2026-11-30');
  });

  it('sets input tax off in the order the law sets, leaving cash only for what credit cannot pay', () => {
    const taxes = (igst: number, cgst: number, sgst: number) => ({ igst, cgst, sgst, cess: 0 });
    const paid = (rows: ReturnType<typeof setOff>) => rows.slice(0, 3).map((r) => [r.tax, r.paidByItcPaise, r.cashPaise]);
    // IGST credit first against IGST, its surplus against CGST then SGST.
    expect(paid(setOff(taxes(1000, 500, 500), taxes(1800, 0, 0)))).toEqual([
      ['IGST', 1000, 0],
      ['CGST', 500, 0],
      ['SGST', 300, 200],
    ]);
    // CGST credit never pays SGST (nor SGST credit CGST): the SGST shortfall is cash.
    expect(paid(setOff(taxes(0, 100, 300), taxes(0, 400, 100)))).toEqual([
      ['IGST', 0, 0],
      ['CGST', 100, 0],
      ['SGST', 100, 200],
    ]);
    // CGST and SGST credit left over pay IGST.
    expect(paid(setOff(taxes(500, 100, 100), taxes(100, 300, 250)))).toEqual([
      ['IGST', 450, 50],
      ['CGST', 100, 0],
      ['SGST', 100, 0],
    ]);
    // IGST surplus goes where CGST's own credit falls short before it tops up SGST, so no cash is paid needlessly.
    expect(paid(setOff(taxes(0, 100, 100), taxes(100, 0, 100)))).toEqual([
      ['IGST', 0, 0],
      ['CGST', 100, 0],
      ['SGST', 100, 0],
    ]);
    // More credited than invoiced is no liability, and no refund here.
    expect(paid(setOff(taxes(-50, 0, 0), taxes(0, 0, 0)))).toEqual([
      ['IGST', 0, 0],
      ['CGST', 0, 0],
      ['SGST', 0, 0],
    ]);
  });
});

// ---- Tally ----

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses with saxes (exceljs's own strict XML parser): a document that is not well-formed throws. */
function parseXml(xml: string): XmlNode {
  const requireFromExcel = createRequire(require.resolve('exceljs'));
  const { SaxesParser } = requireFromExcel('saxes') as {
    SaxesParser: new () => {
      on(event: 'opentag', h: (n: { name: string; attributes: Record<string, string> }) => void): void;
      on(event: 'closetag' | 'text', h: (x: never) => void): void;
      on(event: 'error', h: (e: Error) => void): void;
      write(s: string): { close(): void };
    };
  };
  const parser = new SaxesParser();
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (n) => {
    const node = { name: n.name, attributes: { ...n.attributes }, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', ((text: string) => {
    stack.at(-1)!.text += text;
  }) as (x: never) => void);
  parser.on('closetag', (() => {
    stack.pop();
  }) as (x: never) => void);
  parser.write(xml).close();
  expect(stack).toHaveLength(1);
  return root.children[0]!;
}

const child = (n: XmlNode, name: string) => n.children.find((c) => c.name === name);
const children = (n: XmlNode, name: string) => n.children.filter((c) => c.name === name);
const textOf = (n: XmlNode, name: string) => child(n, name)?.text.trim();
/** "-1234.50" → −123450 paise, from the text (no floating point). */
const paiseOf = (amount: string) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`not a Tally amount: ${amount}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

describe('Tally export', () => {
  it('writes the period’s ledgers and balanced vouchers as Tally import XML, every text escaped', async () => {
    const { stockist } = await november();
    const res = await stockist.get(BOOKS_PATHS.tallyExport, { from: '2026-11-01', to: '2026-11-30' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="tally-vouchers-2026-11-01-2026-11-30.xml"');
    expect(res.body).toContain('Shah &amp; Sons &lt;Pharma&gt;');

    const envelope = parseXml(res.body);
    expect(envelope.name).toBe('ENVELOPE');
    expect(textOf(child(envelope, 'HEADER')!, 'TALLYREQUEST')).toBe('Import Data');
    const imports = children(child(envelope, 'BODY')!, 'IMPORTDATA');
    expect(imports.map((i) => textOf(child(i, 'REQUESTDESC')!, 'REPORTNAME'))).toEqual(['All Masters', 'Vouchers']);
    const messages = (i: XmlNode) => children(child(i, 'REQUESTDATA')!, 'TALLYMESSAGE').flatMap((m) => m.children);

    const ledgers = new Map(messages(imports[0]!).map((l) => [textOf(l, 'NAME')!, l]));
    expect(ledgers.get('Shah & Sons <Pharma>')!.attributes.NAME).toBe('Shah & Sons <Pharma>');
    const parents = Object.fromEntries([...ledgers].map(([name, l]) => [name, textOf(l, 'PARENT')]));
    expect(parents).toMatchObject({
      'Sharma Medical Stores (RTL-MUM-001)': 'Sundry Debtors',
      'Walk-in Customers': 'Sundry Debtors',
      'Shah & Sons <Pharma>': 'Sundry Creditors',
      Sales: 'Sales Accounts',
      'Sales Returns': 'Sales Accounts',
      Purchases: 'Purchase Accounts',
      'Output CGST': 'Duties & Taxes',
      'Input IGST': 'Duties & Taxes',
      Cash: 'Cash-in-Hand',
      'Round Off': 'Indirect Expenses',
    });
    expect(textOf(ledgers.get('Output IGST')!, 'GSTDUTYHEAD')).toBe('Integrated Tax');

    const vouchers = messages(imports[1]!);
    // 5 invoices, a cash receipt, 3 credit notes, 2 purchase bills and a debit note.
    expect(vouchers.map((v) => textOf(v, 'VOUCHERTYPENAME')).sort()).toEqual(['Credit Note', 'Credit Note', 'Credit Note', 'Debit Note', 'Purchase', 'Purchase', 'Receipt', 'Sales', 'Sales', 'Sales', 'Sales', 'Sales']);
    for (const v of vouchers) {
      expect(v.attributes).toEqual({ VCHTYPE: textOf(v, 'VOUCHERTYPENAME'), ACTION: 'Create' });
      expect(textOf(v, 'DATE')).toBe('20261122');
      const entries = children(v, 'ALLLEDGERENTRIES.LIST');
      expect(entries.length).toBeGreaterThanOrEqual(2);
      const amounts = entries.map((e) => paiseOf(textOf(e, 'AMOUNT')!));
      expect(amounts.reduce((s, a) => s + a, 0)).toBe(0);
      for (const e of entries) {
        expect(textOf(e, 'ISDEEMEDPOSITIVE')).toBe(paiseOf(textOf(e, 'AMOUNT')!) < 0 ? 'Yes' : 'No');
        expect(ledgers.has(textOf(e, 'LEDGERNAME')!)).toBe(true);
      }
    }
    const first = vouchers.find((v) => textOf(v, 'VOUCHERNUMBER') === 'INV/26-27/000001')!;
    expect(textOf(first, 'PARTYLEDGERNAME')).toBe('Sharma Medical Stores (RTL-MUM-001)');
    // Dr the buyer ₹1,022 (negative in Tally), Cr Sales ₹936.86 and the taxes, Dr round off ₹0.18… as a credit.
    expect(children(first, 'ALLLEDGERENTRIES.LIST').map((e) => [textOf(e, 'LEDGERNAME'), textOf(e, 'AMOUNT')])).toEqual([
      ['Sharma Medical Stores (RTL-MUM-001)', '-1022.00'],
      ['Sales', '936.86'],
      ['Output CGST', '42.48'],
      ['Output SGST', '42.48'],
      ['Round Off', '0.18'],
    ]);
    const debitNote = vouchers.find((v) => textOf(v, 'VOUCHERTYPENAME') === 'Debit Note')!;
    expect(textOf(debitNote, 'PARTYLEDGERNAME')).toBe('Shah & Sons <Pharma>');

    // Default period: the financial year so far; another period has no vouchers but is still a document.
    const whole = await stockist.get(BOOKS_PATHS.tallyExport);
    expect(whole.headers['content-disposition']).toBe('attachment; filename="tally-vouchers-2026-04-01-2026-11-22.xml"');
    const empty = parseXml((await stockist.get(BOOKS_PATHS.tallyExport, { from: '2026-10-01', to: '2026-10-31' })).body);
    expect(children(child(empty, 'BODY')!, 'IMPORTDATA').map((i) => messages(i).length)).toEqual([0, 0]);
    expect((await stockist.get(BOOKS_PATHS.tallyExport, { from: '2026-11-30', to: '2026-11-01' })).statusCode).toBe(400);
  });
});
