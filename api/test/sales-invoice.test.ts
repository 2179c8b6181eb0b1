import { sql } from 'kysely';
import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, gstinCheckChar, type HsnSummary, type SalesInvoice, type SalesInvoiceList, type SalesRegister, type SubmitResult, type TrialBalance } from 'shared-api';
import type { Caller } from '../src/http/access';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { SalesService } from '../src/modules/sales/service';
import { addBatch, addProduct, marketplaceWorld, setGstRate, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

const t = build();

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const AGARWAL_GSTIN = gstin('27', 'AAJFA4821L');
const SHARMA_GSTIN = gstin('27', 'BXKPS5512M');
const LIFELINE_GSTIN = gstin('24', 'AACCL7734Q');

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}

/** Sharma (Mumbai) orders 30 + 3 free Dolovex and 3 Crocivex from Agarwal (Pune), and Agarwal accepts. */
async function acceptedMarketplaceOrder() {
  const w = await marketplaceWorld(t.db);
  const retailer = await signedIn(DEMO.retailer);
  await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
  await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
  const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
  const stockist = await signedIn(DEMO.stockist);
  const orderId = orders[0]!.orderId;
  expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId))).statusCode).toBe(200);
  return { w, retailer, stockist, orderId, orderNumber: orders[0]!.orderNumber };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
}

describe('tax invoice from an accepted order', () => {
  it('carries Rule 46 content, one line per batch, CGST + SGST inside Maharashtra, and posts the sales voucher', async () => {
    const { stockist, orderId, orderNumber } = await acceptedMarketplaceOrder();
    const res = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
    expect(res.statusCode).toBe(200);
    const inv = body<SalesInvoice>(res);
    expect(inv).toMatchObject({
      invoiceNumber: 'INV/26-27/000001',
      invoiceDate: '2026-11-22',
      orderId,
      orderNumber,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      supplyKind: 'INTRA',
      reverseCharge: false,
      callerSide: 'SELLER',
      amountInWords: 'Rupees Nine Hundred Seventy Four Only',
    });
    expect(inv.supplier).toEqual({
      unitCode: 'STK-PUN-001',
      name: 'Agarwal Pharma Distributors',
      address: 'Shop 14, Market Yard, Gultekdi, Pune, Maharashtra 411037',
      gstin: AGARWAL_GSTIN,
      stateCode: '27',
      stateName: 'Maharashtra',
      drugLicences: ['MH-PZ1-20B-118452', 'MH-PZ1-21B-118453'],
      phone: null,
    });
    expect(inv.recipient).toMatchObject({ unitCode: 'RTL-MUM-001', name: 'Sharma Medical Stores', gstin: SHARMA_GSTIN, stateCode: '27', drugLicences: ['MH-MZ2-20-509871', 'MH-MZ2-21-509872'] });
    // 33 Dolovex left FEFO: 20 from PUN-B1, 13 from PUN-B2 (the 3 free ones last); 12 % on HSN 30049099.
    // Lines in order-line order (the cart's), then first expiry first.
    expect([...inv.lines].sort((x, y) => x.batchNo.localeCompare(y.batchNo)).map((l) => [l.productName, l.hsn, l.batchNo, l.expiryDate, l.mrpPaise, l.ratePaise, l.quantity, l.freeQuantity, l.taxablePaise, l.gstRateBp, l.cgstPaise, l.sgstPaise, l.igstPaise, l.totalPaise])).toEqual([
      ['Crocivex 500', '30049099', 'CRO-1', '2027-08-31', 2000, 1500, 3, 0, 4500, 1200, 270, 270, 0, 5040],
      ['Dolovex 650 Tablet', '30049099', 'PUN-B1', '2027-01-31', 3400, 2750, 20, 0, 55000, 1200, 3300, 3300, 0, 61600],
      ['Dolovex 650 Tablet', '30049099', 'PUN-B2', '2028-06-30', 3400, 2750, 10, 3, 27500, 1200, 1650, 1650, 0, 30800],
    ]);
    // ₹974.40 rounds down to ₹974.00.
    expect(inv.totals).toEqual({ grossPaise: 87000, discountPaise: 0, taxablePaise: 87000, cgstPaise: 5220, sgstPaise: 5220, igstPaise: 0, taxPaise: 10440, beforeRoundOffPaise: 97440, roundOffPaise: -40, totalPaise: 97400 });

    const books = body<TrialBalance>(await stockist.get(ACCOUNTING_PATHS.trialBalance));
    const moved = Object.fromEntries(books.rows.filter((r) => r.balancePaise !== 0).map((r) => [r.name, r.balancePaise]));
    expect(moved).toEqual({ 'Sharma Medical Stores (RTL-MUM-001)': 97400, Sales: -87000, 'Output CGST': -5220, 'Output SGST': -5220, 'Round Off': 40 });
    expect(books.debitPaise).toBe(books.creditPaise);
    const voucher = await t.db.selectFrom('vouchers').select(['kind', 'document_type', 'document_id', 'document_number']).executeTakeFirstOrThrow();
    expect(voucher).toEqual({ kind: 'SALES', document_type: 'SALES_INVOICE', document_id: inv.invoiceId, document_number: 'INV/26-27/000001' });
  });

  it('is one invoice per order: asking again, even twice at once, answers the same invoice', async () => {
    const { stockist, orderId } = await acceptedMarketplaceOrder();
    const [a, b] = await Promise.all([stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)), stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))]);
    const again = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
    expect(new Set([a, b, again].map((r) => body<SalesInvoice>(r).invoiceId)).size).toBe(1);
    expect(await t.db.selectFrom('sales_invoices').select('invoice_number').execute()).toEqual([{ invoice_number: 'INV/26-27/000001' }]);
    expect(await t.db.selectFrom('vouchers').select('id').execute()).toHaveLength(1);
  });

  it('charges IGST when the buyer is in another state (Gujarat), and leaves the invoice as issued', async () => {
    const w = await marketplaceWorld(t.db);
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'HSP-AMD-001', lines: [{ productId: w.dolovex, quantity: 10, ptrPaise: 2750, batches: [{ batchId: w.batches.punFar, quantity: 10 }] }] });
    const stockist = await signedIn(DEMO.stockist);
    const inv = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    expect(inv).toMatchObject({ placeOfSupply: { code: '24', name: 'Gujarat' }, supplyKind: 'INTER', recipient: { gstin: LIFELINE_GSTIN, stateCode: '24' } });
    expect(inv.totals).toMatchObject({ taxablePaise: 27500, cgstPaise: 0, sgstPaise: 0, igstPaise: 3300, roundOffPaise: 0, totalPaise: 30800 });
    expect(inv.amountInWords).toBe('Rupees Three Hundred Eight Only');
    await expect(sql`UPDATE sales_invoices SET total_paise = 0 WHERE id = ${inv.invoiceId}`.execute(t.db)).rejects.toThrow(/never changed/);
    await expect(sql`DELETE FROM sales_invoice_lines WHERE invoice_id = ${inv.invoiceId}`.execute(t.db)).rejects.toThrow(/never changed/);
    // A rate change after issue does not touch it (the rate table outlives the per-test reset: put it back).
    await setGstRate(t.db, '30049099', '2026-11-01', 500);
    try {
      expect(body<SalesInvoice>(await stockist.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId))).totals.igstPaise).toBe(3300);
    } finally {
      await sql`DELETE FROM hsn_gst_rates WHERE hsn = '30049099' AND effective_from = '2026-11-01'`.execute(t.db);
    }
  });

  it('is read by its seller and its buyer only', async () => {
    const { stockist, retailer, orderId } = await acceptedMarketplaceOrder();
    const inv = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    // What the seller got when issuing is what is stored.
    expect(body<SalesInvoice>(await stockist.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId)))).toEqual(inv);
    const asBuyer = body<SalesInvoice>(await retailer.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId)));
    expect({ ...asBuyer, callerSide: 'SELLER' }).toEqual(inv);
    expect(asBuyer.callerSide).toBe('BUYER');
    const hospital = await signedIn(DEMO.hospital);
    for (const url of [ACCOUNTING_PATHS.salesInvoice(inv.invoiceId), ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId)]) {
      const res = await hospital.get(url);
      expect([res.statusCode, res.json().code]).toEqual([404, 'E0053']);
    }
    expect((await stockist.get(ACCOUNTING_PATHS.salesInvoice('not-a-uuid'))).json()).toMatchObject({ code: 'E0002' });
  });

  it('refuses what cannot be invoiced, with the reason', async () => {
    const w = await marketplaceWorld(t.db);
    const stockist = await signedIn(DEMO.stockist);
    const retailer = await signedIn(DEMO.retailer);
    // Placed, not accepted.
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 2 });
    const placed = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit)).orders[0]!;
    const res = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(placed.orderId));
    expect([res.statusCode, res.json()]).toEqual([409, expect.objectContaining({ code: 'E0010', message: `Cannot issue the invoice: order ${placed.orderNumber} is placed; only an accepted order is invoiced` })]);
    // The buyer cannot invoice its own order; another stockist does not see it.
    expect((await retailer.post(ACCOUNTING_PATHS.invoiceFromOrder(placed.orderId))).json()).toMatchObject({ code: 'E0040' });
    const otherStockist = await signedIn('9800000201');
    expect((await otherStockist.post(ACCOUNTING_PATHS.invoiceFromOrder(placed.orderId))).json()).toMatchObject({ code: 'E0002' });

    // An HSN with no GST rate on record: refused until one is recorded (rates outlive the per-test reset: removed after).
    // 01069000 (live animals): a heading the rate master leaves out.
    const pads = await addProduct(t.db, { name: 'Maternity Pads', manufacturer: 'Medisurge', pack: '10 pads', hsn: '01069000' });
    const padsBatch = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: pads, batchNo: 'MP-1', expiry: '2028-01-31', quantity: 50, ptr: 4000, mrp: 6000 });
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: pads, quantity: 5, ptrPaise: 4000, batches: [{ batchId: padsBatch, quantity: 5 }] }] });
    expect((await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))).json()).toMatchObject({
      code: 'E0021',
      message: "Maternity Pads: no GST rate on record for HSN 01069000 on 2026-11-22; fix the product's HSN (Stocks, the batch's page) and bill it again",
    });
    expect(await t.db.selectFrom('document_counters').select('last_serial').execute()).toEqual([]);
    await setGstRate(t.db, '0106', '2025-09-22', 500);
    try {
      expect(body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))).invoiceNumber).toBe('INV/26-27/000001');
    } finally {
      await sql`DELETE FROM hsn_gst_rates WHERE hsn = '0106'`.execute(t.db);
    }

    // A seller without a GSTIN on its registration cannot issue a tax invoice.
    await sql`UPDATE registrations SET gstin = NULL WHERE unit_id = ${await unitId(t.db, 'STK-PUN-001')}`.execute(t.db);
    const another = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.crocivex, quantity: 1, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 1 }] }] });
    expect((await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(another))).json()).toMatchObject({ code: 'E0010', message: 'Cannot issue the invoice: a tax invoice needs your GSTIN, and your registration has none' });
  });

  it('numbers 50 invoices issued at once consecutively, with no gap or duplicate', async () => {
    const w = await marketplaceWorld(t.db);
    const orders = [];
    for (let i = 0; i < 50; i++) {
      orders.push(await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: i % 2 ? 'RTL-MUM-001' : 'HSP-AMD-001', lines: [{ productId: w.dolovex, quantity: 1 + i, ptrPaise: 2800, batches: [{ batchId: w.batches.punFar, quantity: 1 + i }] }] }));
    }
    const seller = await t.db.selectFrom('users as u').innerJoin('units as n', 'n.id', 'u.unit_id').select(['u.id', 'n.id as unit_id']).where('u.mobile', '=', DEMO.stockist).executeTakeFirstOrThrow();
    const caller: Caller = { userId: seller.id, unitId: seller.unit_id, unitCode: 'STK-PUN-001', customerType: 'STOCKIST', role: 'OWNER', familyId: 'f', activated: true };
    const sales = new SalesService(t.db, t.config);
    const invoices = await Promise.all(orders.map((id) => sales.issueFromOrder(caller, id)));
    const serials = invoices.map((i) => Number(i.invoiceNumber.slice(-6))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(invoices.every((i) => /^INV\/26-27\/\d{6}$/.test(i.invoiceNumber) && i.invoiceNumber.length <= 16)).toBe(true);
    // Every voucher balances and the books as a whole do too.
    const { rows } = await sql<{ unbalanced: number; debit: number; credit: number }>`
      SELECT (SELECT count(*)::int FROM (SELECT voucher_id FROM voucher_lines GROUP BY voucher_id HAVING sum(debit_paise) <> sum(credit_paise)) x) AS unbalanced,
             (SELECT sum(debit_paise)::bigint FROM voucher_lines) AS debit, (SELECT sum(credit_paise)::bigint FROM voucher_lines) AS credit`.execute(t.db);
    expect(rows[0]!.unbalanced).toBe(0);
    expect(rows[0]!.debit).toBe(rows[0]!.credit);
    expect(rows[0]!.debit).toBe(invoices.reduce((s, i) => s + i.totals.totalPaise + Math.max(0, -i.totals.roundOffPaise), 0));
  });
});

describe('invoice PDF', () => {
  it('reads back with both GSTINs and drug licences, the number, totals and the amount in words, on A4 and A5', async () => {
    const { stockist, retailer, orderId } = await acceptedMarketplaceOrder();
    const inv = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    for (const [who, size] of [[stockist, undefined], [retailer, 'A5']] as const) {
      const res = await who.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId), size ? { size } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('inline; filename="INV-26-27-000001.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        'TAX INVOICE',
        'Agarwal Pharma Distributors',
        `GSTIN: ${AGARWAL_GSTIN} State: Maharashtra (27)`,
        `GSTIN: ${SHARMA_GSTIN} State: Maharashtra (27)`,
        'D.L. No.: MH-PZ1-20B-118452, MH-PZ1-21B-118453',
        'D.L. No.: MH-MZ2-20-509871, MH-MZ2-21-509872',
        'Invoice No.: INV/26-27/000001',
        'Invoice date: 22-11-2026',
        'Place of supply: Maharashtra (27)',
        'Reverse charge: No',
        'PUN-B1 01/27 34.00 27.50 20 550.00 12% 33.00 33.00 616.00',
        'PUN-B2 06/28 34.00 27.50 10 3 275.00 12% 16.50 16.50 308.00',
        'Taxable value 870.00',
        'CGST 52.20',
        'SGST 52.20',
        'Round off -0.40',
        'Total (Rs.) 974.00',
        'Rupees Nine Hundred Seventy Four Only',
      ]) {
        expect(text.replace(/\s+/g, ' ')).toContain(expected);
      }
    }
    expect((await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId), { size: 'A3' })).json()).toMatchObject({ code: 'E0001' });
  });

  it('runs over several pages with the table header on each', async () => {
    const w = await marketplaceWorld(t.db);
    const batches = [];
    for (let i = 0; i < 60; i++) batches.push({ batchId: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: w.crocivex, batchNo: `MANY-${String(i).padStart(2, '0')}`, expiry: '2028-12-31', quantity: 10, ptr: 1500, mrp: 2000 }), quantity: 1 });
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.crocivex, quantity: 60, ptrPaise: 1500, batches }] });
    const stockist = await signedIn(DEMO.stockist);
    const inv = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    expect(inv.lines).toHaveLength(60);
    const text = await pdfText((await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId), { size: 'A5' })).rawPayload);
    expect(text.match(/# Description HSN Batch/g)!.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('MANY-59');
    expect(text).toContain(inv.amountInWords);
  });
});

describe('invoice PDF: long product names', () => {
  it('wraps a long name onto further lines of its row, so the whole name prints (it was cut with "...")', async () => {
    const w = await marketplaceWorld(t.db);
    const name = 'Amoxiclavex Duo Forte 1000 mg Extended Release Film Coated Tablet With Lactic Acid Bacillus';
    const product = await addProduct(t.db, { name, manufacturer: 'Microvia Labs', composition: 'Amoxicillin', pack: '10 tablets', hsn: '30049099' });
    const batchId = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'LONG-01', expiry: '2028-12-31', quantity: 10, ptr: 1500, mrp: 2000 });
    const crocivexBatch = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: w.crocivex, batchNo: 'AFTER-01', expiry: '2028-12-31', quantity: 10, ptr: 1500, mrp: 2000 });
    const orderId = await acceptedOrder(t.db, {
      sellerCode: 'STK-PUN-001',
      buyerCode: 'RTL-MUM-001',
      lines: [
        { productId: product, quantity: 2, ptrPaise: 1500, batches: [{ batchId, quantity: 2 }] },
        { productId: w.crocivex, quantity: 1, ptrPaise: 1500, batches: [{ batchId: crocivexBatch, quantity: 1 }] },
      ],
    });
    const stockist = await signedIn(DEMO.stockist);
    const inv = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    for (const size of ['A4', 'A5']) {
      const { lines } = await readIsolated('PDF', (await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId), { size })).rawPayload);
      // The description column: the text that starts where the header's "Description" starts, up to the HSN column.
      const header = lines.find((items) => items.some((i) => i.s === 'Description'))!;
      const from = header.find((i) => i.s === 'Description')!.x - 1;
      const to = header.find((i) => i.s === 'HSN')!.x - 1;
      const described = lines.flatMap((items) => items.filter((i) => i.x >= from && i.x < to && i.s !== 'Description').map((i) => i.s)).join(' ');
      expect(described.replace(/\s+/g, ' ')).toContain(`${name} (10 tablets)`);
      expect(described).not.toContain('...');
      // The next row is not drawn over the wrapped name.
      expect(described).toContain('Crocivex 500 (10 tablets)');
    }
  });
});

describe('sales lists and reports', () => {
  /** Three invoices: two in November (Sharma, Lifeline), one in December (Sharma). */
  async function threeInvoices() {
    const w = await marketplaceWorld(t.db);
    const line = (quantity: number) => [{ productId: w.dolovex, quantity, ptrPaise: 2800, batches: [{ batchId: w.batches.punFar, quantity }] }];
    const issue = async (stockist: Awaited<ReturnType<typeof signedIn>>, buyerCode: string, quantity: number) =>
      body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode, lines: line(quantity) }))));
    const november = await signedIn(DEMO.stockist);
    const a = await issue(november, 'RTL-MUM-001', 10);
    const b = await issue(november, 'HSP-AMD-001', 5);
    t.clock.advance(12 * 86400);
    // A new session: the old one expired meanwhile.
    const stockist = await signedIn(DEMO.stockist);
    const c = await issue(stockist, 'RTL-MUM-001', 1);
    return { stockist, a, b, c };
  }

  it('lists the seller’s invoices newest first, paged, by period and party', async () => {
    const { stockist, a, b, c } = await threeInvoices();
    const all = body<SalesInvoiceList>(await stockist.get(ACCOUNTING_PATHS.salesInvoices));
    expect(all.items.map((i) => i.invoiceNumber)).toEqual([c, b, a].map((i) => i.invoiceNumber));
    expect(all.items[1]).toEqual({
      invoiceId: b.invoiceId,
      invoiceNumber: 'INV/26-27/000002',
      invoiceDate: '2026-11-22',
      orderNumber: b.orderNumber,
      partyName: 'Lifeline Multispeciality Hospital',
      partyUnitCode: 'HSP-AMD-001',
      partyGstin: LIFELINE_GSTIN,
      itemCount: 1,
      taxablePaise: 14000,
      taxPaise: 1680,
      totalPaise: 15700,
    });
    const page = body<SalesInvoiceList>(await stockist.get(ACCOUNTING_PATHS.salesInvoices, { pageSize: '2', page: '1' }));
    expect([page.totalResults, page.items.map((i) => i.invoiceId)]).toEqual([3, [a.invoiceId]]);
    const sharmaNovember = body<SalesInvoiceList>(await stockist.get(ACCOUNTING_PATHS.salesInvoices, { from: '2026-11-01', to: '2026-11-30', partyUnitCode: 'RTL-MUM-001' }));
    expect(sharmaNovember.items.map((i) => i.invoiceId)).toEqual([a.invoiceId]);
    expect((await stockist.get(ACCOUNTING_PATHS.salesInvoices, { from: '2026-12-01', to: '2026-11-01' })).json()).toMatchObject({ code: 'E0001' });
    expect((await stockist.get(ACCOUNTING_PATHS.salesInvoices, { from: '2026-02-30' })).json()).toMatchObject({ code: 'E0001' });
    // The buyer's own sales list does not show what it bought.
    const retailer = await signedIn(DEMO.retailer);
    expect(body<SalesInvoiceList>(await retailer.get(ACCOUNTING_PATHS.salesInvoices)).totalResults).toBe(0);
  });

  it('gives the month’s sales register with totals, and its HSN summary', async () => {
    const { stockist, a, b } = await threeInvoices();
    const nov = body<SalesRegister>(await stockist.get(ACCOUNTING_PATHS.salesRegister, { month: '2026-11' }));
    expect([nov.from, nov.to, nov.totalResults]).toEqual(['2026-11-01', '2026-11-30', 2]);
    expect(nov.items.map((r) => [r.invoiceNumber, r.placeOfSupply, r.taxablePaise, r.cgstPaise, r.sgstPaise, r.igstPaise, r.roundOffPaise, r.totalPaise])).toEqual([
      // 10 × ₹28 = ₹280 + 6 % + 6 % = ₹313.60 → ₹314.00; 5 × ₹28 = ₹140 + 12 % IGST = ₹156.80 → ₹157.00.
      [a.invoiceNumber, '27', 28000, 1680, 1680, 0, 40, 31400],
      [b.invoiceNumber, '24', 14000, 0, 0, 1680, 20, 15700],
    ]);
    expect(nov.totals).toEqual({ invoiceCount: 2, taxablePaise: 42000, cgstPaise: 1680, sgstPaise: 1680, igstPaise: 1680, roundOffPaise: 60, totalPaise: 47100 });
    const sharma = body<SalesRegister>(await stockist.get(ACCOUNTING_PATHS.salesRegister, { month: '2026-11', partyUnitCode: 'RTL-MUM-001' }));
    expect(sharma.totals.totalPaise).toBe(31400);

    const hsn = body<HsnSummary>(await stockist.get(ACCOUNTING_PATHS.hsnSummary, { month: '2026-11' }));
    expect(hsn.rows).toEqual([{ hsn: '30049099', gstRateBp: 1200, quantity: 15, taxablePaise: 42000, cgstPaise: 1680, sgstPaise: 1680, igstPaise: 1680, totalPaise: 47040 }]);
    expect(body<HsnSummary>(await stockist.get(ACCOUNTING_PATHS.hsnSummary, { month: '2026-12' })).totals).toMatchObject({ quantity: 1, taxablePaise: 2800 });
    expect((await stockist.get(ACCOUNTING_PATHS.salesRegister, { month: '2026-13' })).json()).toMatchObject({ code: 'E0001' });
    expect((await stockist.get(ACCOUNTING_PATHS.hsnSummary)).json()).toMatchObject({ code: 'E0001' });
  });
});
