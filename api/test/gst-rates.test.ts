import { sql } from 'kysely';
import {
  ACCOUNTING_PATHS,
  CLEARANCE_PATHS,
  INVENTORY_PATHS,
  MARKETPLACE_PATHS,
  type ClearanceOfferList,
  type CounterLookup,
  type GlobalSearchResult,
  type OrderDetail,
  type ProductHsn,
  type PurchaseBill,
  type SalesInvoice,
  type StockBatch,
  type StockistsResult,
  type SubmitResult,
} from 'shared-api';
import { gstRatesOn } from '../src/modules/ledger/gst-rates';
import { addBatch, addProduct, batch, marketplaceWorld } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { HEADER, multipart, xlsxOf } from './inventory-fixtures';
import { acceptedOrder } from './ledger-fixtures';

const t = build();

/** No such tariff item: no rate is, or will be, on record for it (rates outlive the per-test reset). */
const UNRATED = '99999999';

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const headers = bearer(session);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const put = (url: string, payload: object = {}) => t.app.inject({ method: 'PUT', url, headers, payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, query });
  return { headers, post, put, get };
}

describe('GST rate master (migration 034)', () => {
  it('takes the most specific HSN on record among the rows in force, before and from 22 September 2025', async () => {
    const codes = ['30042011', '30021400', '33061020', '33061010', '33049100', '33049910', '96190010', '96190020', '22021010', '40151100', '90189099', '38220090', '01012100'];
    const on = async (date: string) => Object.fromEntries(await gstRatesOn(t.db, codes, date));
    expect(await on('2025-09-21')).toEqual({
      '30042011': 1200, // medicines: 3004
      '30021400': 1200,
      '33061020': 1800, // toothpaste: the 3306 heading
      '33061010': 1200, // tooth powder: its own 8-digit row
      '33049100': 1800, // talcum: the 3304 heading
      '33049910': 1800,
      '96190010': 0, // sanitary towels: exempt since 27.07.2018
      '96190020': 1200,
      '22021010': 2800,
      '40151100': 1200, // surgical gloves: 401511 before 4015
      '90189099': 1200,
      '38220090': 1200,
      '01012100': null,
    });
    expect(await on('2025-09-22')).toEqual({
      '30042011': 500,
      '30021400': 500,
      '33061020': 500, // 330610 from 22.09.2025 beats the heading
      '33061010': 500, // its 8-digit row ended on 21.09.2025: 330610 now
      '33049100': 500,
      '33049910': 1800,
      '96190010': 0,
      '96190020': 500,
      '22021010': 4000,
      '40151100': 500,
      '90189099': 500,
      '38220090': 500,
      '01012100': null,
    });
    // Every row the migrations wrote cites its source.
    const uncited = await sql<{ hsn: string }>`SELECT hsn FROM hsn_gst_rates WHERE source IS NULL AND hsn IN
      ('3003', '3004', '3005', '2106', '9018', '3808', '3304', '3006', '3822', '9619', '1901', '3401')`.execute(t.db);
    expect(uncited.rows).toEqual([]);
  });

  it('prices a document dated 21.09.2025 at the old rate and one dated 22.09.2025 at the new', async () => {
    // Toothpaste: 18 % (the 3306 heading) until 21.09.2025, 5 % (330610) from 22.09.2025.
    const product = await addProduct(t.db, { name: 'Ratewhite Toothpaste', manufacturer: 'Ratewell Labs', pack: '100 g', hsn: '33061020' });
    const retailer = await signedIn(DEMO.retailer);
    const bill = async (billDate: string) => {
      const res = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, {
        supplierName: 'Old Rate Traders',
        supplierState: '27',
        billNumber: `RT-${billDate}`,
        billDate,
        lines: [{ productId: product, hsn: '33061020', batchNo: `RT-${billDate}`, expiryDate: '2028-03-31', mrpPaise: 12000, ratePaise: 10000, quantity: 1 }],
      });
      expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
      return body<PurchaseBill>(res).lines[0]!;
    };
    expect(await bill('2025-09-21')).toMatchObject({ gstRateBp: 1800, taxablePaise: 10000, cgstPaise: 900, sgstPaise: 900 });
    expect(await bill('2025-09-22')).toMatchObject({ gstRateBp: 500, taxablePaise: 10000, cgstPaise: 250, sgstPaise: 250 });
  });
});

describe('a product whose HSN has no GST rate on record', () => {
  it('is flagged on its row in the upload preview and when added by hand', async () => {
    const stockist = await signedIn(DEMO.stockist);
    const file = await xlsxOf([
      HEADER,
      ['Rated Syrup', '100 ml', 'Test Pharma', 'RS-1', '31/12/2027', '120', '96', 40, '', '3004', ''],
      ['Mystery Balm', '25 g', 'Test Pharma', 'MB-1', '31/12/2027', '90', '70', 10, '', UNRATED, ''],
      ['Nameless Drops', '10 ml', 'Test Pharma', 'ND-1', '31/12/2027', '60', '45', 10, '', '', ''],
    ]);
    const form = multipart('stock.xlsx', file, {});
    const res = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.uploadPreview, headers: { ...stockist.headers, ...form.headers }, payload: form.payload });
    expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    const preview = res.json().body;
    expect([preview.validRows, preview.rejectedRows]).toEqual([3, 0]);
    expect(preview.sample.map((r: { name: string; warnings: string[] }) => [r.name, r.warnings])).toEqual([
      ['Rated Syrup', []],
      ['Mystery Balm', [`No GST rate on record for HSN ${UNRATED}: not offered for sale until the product's HSN is fixed`]],
      ['Nameless Drops', ["No HSN: not offered for sale until the product's HSN is fixed"]],
    ]);
    expect(preview.warnedRows).toBe(2);

    const added = await stockist.post(INVENTORY_PATHS.add, { productName: 'Mystery Balm Hand', manufacturer: 'Test Pharma', pack: '25 g', hsn: UNRATED, batchNo: 'MBH-1', expiryDate: '2028-01-31', mrpPaise: 9000, ptrPaise: 7000, quantity: 5 });
    expect(added.statusCode).toBe(200);
    expect(body<StockBatch>(added)).toMatchObject({ hsn: UNRATED, gstBp: null, notForSale: `No GST rate on record for HSN ${UNRATED}: not offered for sale until the product's HSN is fixed` });
    const rated = body<StockBatch>(await stockist.post(INVENTORY_PATHS.add, { productName: 'Rated Balm Hand', manufacturer: 'Test Pharma', pack: '25 g', hsn: '3004', batchNo: 'RBH-1', expiryDate: '2028-01-31', mrpPaise: 9000, ptrPaise: 7000, quantity: 5 }));
    expect([rated.gstBp, rated.notForSale]).toEqual([500, undefined]);
  });

  it('is not offered in search, the stockists list, the cart or at the counter until its HSN is fixed', async () => {
    await marketplaceWorld(t.db);
    const product = await addProduct(t.db, { name: 'Unratedol 250', manufacturer: 'Nohsn Labs', pack: '10 tablets', hsn: UNRATED });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'UNR-1', expiry: '2028-06-30', quantity: 50, ptr: 1000, mrp: 1500 });
    const nearExpiry = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'UNR-NEAR', expiry: '2027-01-15', quantity: 10, ptr: 1000, mrp: 1500 });
    const retailer = await signedIn(DEMO.retailer);
    const stockist = await signedIn(DEMO.stockist);
    expect((await stockist.post(CLEARANCE_PATHS.offers, { batchId: nearExpiry, offerPtrPaise: 600, endsOn: '2026-12-31' })).statusCode).toBe(200);
    const offered = async () => ({
      nearExpiry: body<ClearanceOfferList>(await retailer.get(CLEARANCE_PATHS.market, { q: 'unratedol' })).items.map((o) => o.batchNo),
      search: body<GlobalSearchResult>(await retailer.post(MARKETPLACE_PATHS.globalSearch, { query: 'Unratedol' })).products.map((p) => p.name),
      stockists: body<StockistsResult>(await retailer.post(MARKETPLACE_PATHS.stockists, { productId: product })).stockists.map((s) => s.sellerUnitCode),
      counter: body<CounterLookup>(await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: 'unratedol' })).items.map((i) => i.name),
    });
    expect(await offered()).toEqual({ nearExpiry: [], search: [], stockists: [], counter: [] });
    const add = await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: product, sellerUnitCode: 'STK-PUN-001', quantity: 5 });
    expect(add.statusCode).toBeGreaterThanOrEqual(400);

    const fixed = await stockist.put(INVENTORY_PATHS.productHsn(product), { hsn: '30042011' });
    expect([fixed.statusCode, fixed.statusCode === 200 ? '' : fixed.body]).toEqual([200, '']);
    expect(body<ProductHsn>(fixed)).toEqual({ productId: product, productName: 'Unratedol 250', hsn: '30042011', gstBp: 500, ordersRepriced: 0 });
    expect(await offered()).toEqual({ nearExpiry: ['UNR-NEAR'], search: ['Unratedol 250'], stockists: ['STK-PUN-001'], counter: ['Unratedol 250'] });
    expect((await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: product, sellerUnitCode: 'STK-PUN-001', quantity: 5 })).statusCode).toBe(200);
  });

  it('fixing the HSN is refused for an HSN on record, for a new HSN without a rate, and to a unit without its stock', async () => {
    const w = await marketplaceWorld(t.db);
    const stockist = await signedIn(DEMO.stockist);
    const rated = await stockist.put(INVENTORY_PATHS.productHsn(w.dolovex), { hsn: '30042011' });
    expect([rated.statusCode, rated.json().code]).toEqual([409, 'E0013']);
    const product = await addProduct(t.db, { name: 'Unratedol 500', manufacturer: 'Nohsn Labs', hsn: UNRATED });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'UNR-5', expiry: '2028-06-30', quantity: 5, ptr: 1000, mrp: 1500 });
    const stillUnrated = await stockist.put(INVENTORY_PATHS.productHsn(product), { hsn: '99999998' });
    expect([stillUnrated.statusCode, stillUnrated.json().code, stillUnrated.json().message]).toEqual([409, 'E0021', 'No GST rate on record for HSN 99999998 either: give Unratedol 500 the HSN of its tariff heading']);
    const other = await signedIn('9800000201');
    expect((await other.put(INVENTORY_PATHS.productHsn(product), { hsn: '30042011' })).json()).toMatchObject({ code: 'E0002' });
    expect((await stockist.put(INVENTORY_PATHS.productHsn(product), { hsn: '30A4' })).json()).toMatchObject({ code: 'E0001' });
  });
});

describe('an order line without a GST rate', () => {
  it('is not submitted, nor accepted; fixing the HSN reprices the order, which is then accepted and invoiced', async () => {
    const w = await marketplaceWorld(t.db);
    const product = await addProduct(t.db, { name: 'Driftol 100', manufacturer: 'Driftwell Labs', pack: '10 tablets', hsn: '30042011' });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'DR-1', expiry: '2028-06-30', quantity: 50, ptr: 1000, mrp: 1500 });
    const retailer = await signedIn(DEMO.retailer);
    const stockist = await signedIn(DEMO.stockist);
    expect((await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: product, sellerUnitCode: 'STK-PUN-001', quantity: 10 })).statusCode).toBe(200);
    expect((await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 2 })).statusCode).toBe(200);
    const ordersBefore = await t.db.selectFrom('orders').select('id').execute();
    // The product's HSN loses its rate while in the cart (data as an older master held it).
    await t.db.updateTable('products').set({ hsn: UNRATED }).where('id', '=', product).execute();
    const refused = await retailer.post(MARKETPLACE_PATHS.cartSubmit);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'E0021',
      `Driftol 100: no GST rate on record for HSN ${UNRATED} on 2026-11-22; it can be ordered once the seller fixes the product's HSN`,
    ]);
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual(ordersBefore);

    // An order placed by the old behaviour: the line at 0 %, its HSN without a rate.
    await t.db.updateTable('products').set({ hsn: '30042011' }).where('id', '=', product).execute();
    const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
    const orderId = orders[0]!.orderId;
    await t.db.updateTable('products').set({ hsn: UNRATED }).where('id', '=', product).execute();
    await t.db.updateTable('order_lines').set({ hsn: UNRATED, gst_rate_bp: 0, gst_paise: 0, total_paise: 10000 }).where('order_id', '=', orderId).where('product_id', '=', product).execute();
    const notAccepted = await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId));
    expect([notAccepted.statusCode, notAccepted.json().code, notAccepted.json().message]).toEqual([
      409,
      'E0021',
      `Driftol 100: no GST rate on record for HSN ${UNRATED} on 2026-11-22; fix the product's HSN (Stocks, the batch's page) and accept again`,
    ]);
    expect(await batch(t.db, w.batches.crocivex)).toEqual({ quantity: 30, reserved: 2 });

    expect(body<ProductHsn>(await stockist.put(INVENTORY_PATHS.productHsn(product), { hsn: '30042011' })).ordersRepriced).toBe(1);
    const accepted = body<OrderDetail>(await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId)));
    const driftol = accepted.lines.find((l) => l.productName === 'Driftol 100')!;
    // 10 × ₹10 at 5 %, and Crocivex (30049099 at 12 % in this world) 2 × ₹15.
    expect([driftol.hsn, driftol.gstRateBp, driftol.taxablePaise, driftol.gstPaise, driftol.totalPaise]).toEqual(['30042011', 500, 10000, 500, 10500]);
    expect([accepted.status, accepted.taxablePaise, accepted.gstPaise, accepted.totalPaise]).toEqual(['ACCEPTED', 13000, 860, 13860]);
    const invoice = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    expect(invoice.lines.map((l) => [l.productName, l.hsn, l.gstRateBp]).sort()).toEqual([
      ['Crocivex 500', '30049099', 1200],
      ['Driftol 100', '30042011', 500],
    ]);
  });
});

describe('an accepted order that cannot be invoiced', () => {
  it('is invoiced once the seller fixes the product HSN', async () => {
    await marketplaceWorld(t.db);
    const product = await addProduct(t.db, { name: 'Strandol 5', manufacturer: 'Stranded Labs', pack: '10 tablets', hsn: UNRATED });
    const b = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'ST-1', expiry: '2028-06-30', quantity: 20, ptr: 2000, mrp: 3000 });
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: product, quantity: 4, ptrPaise: 2000, batches: [{ batchId: b, quantity: 4 }] }] });
    const stockist = await signedIn(DEMO.stockist);
    expect((await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))).json()).toMatchObject({ code: 'E0021' });
    expect(body<ProductHsn>(await stockist.put(INVENTORY_PATHS.productHsn(product), { hsn: '30042011' })).ordersRepriced).toBe(1);
    const invoice = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    expect(invoice.lines.map((l) => [l.hsn, l.gstRateBp, l.taxablePaise])).toEqual([['30042011', 500, 8000]]);
  });

  it('or its acceptance is cancelled: the stock returns and the order ends rejected', async () => {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    const stockist = await signedIn(DEMO.stockist);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 4 });
    const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
    const orderId = orders[0]!.orderId;
    const placed = await stockist.post(MARKETPLACE_PATHS.cancelAcceptance(orderId));
    expect([placed.statusCode, placed.json().code]).toEqual([409, 'E0013']);
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId))).statusCode).toBe(200);
    expect(await batch(t.db, w.batches.crocivex)).toEqual({ quantity: 26, reserved: 0 });
    // Only the seller may.
    expect((await retailer.post(MARKETPLACE_PATHS.cancelAcceptance(orderId))).json()).toMatchObject({ code: 'E0040' });

    const cancelled = await stockist.post(MARKETPLACE_PATHS.cancelAcceptance(orderId), { reason: 'HSN to be checked' });
    expect([cancelled.statusCode, cancelled.statusCode === 200 ? '' : cancelled.body]).toEqual([200, '']);
    expect(body<OrderDetail>(cancelled)).toMatchObject({ status: 'REJECTED', rejectReason: 'Acceptance cancelled: HSN to be checked' });
    expect(await batch(t.db, w.batches.crocivex)).toEqual({ quantity: 30, reserved: 0 });
    const moves = await t.db.selectFrom('stock_movements').select(['kind', 'quantity_delta', 'note']).where('batch_id', '=', w.batches.crocivex).where('reference', '=', orderId).orderBy('created_at').orderBy('quantity_delta').execute();
    expect(moves).toEqual([
      { kind: 'ORDER', quantity_delta: -4, note: expect.stringMatching(/^Order ORD-/) },
      { kind: 'ORDER', quantity_delta: 4, note: expect.stringMatching(/: acceptance cancelled$/) },
    ]);
    const again = await stockist.post(MARKETPLACE_PATHS.cancelAcceptance(orderId));
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0013']);
  });

  it('an invoiced order keeps its acceptance', async () => {
    const w = await marketplaceWorld(t.db);
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.crocivex, quantity: 1, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 1 }] }] });
    const stockist = await signedIn(DEMO.stockist);
    expect((await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))).statusCode).toBe(200);
    const res = await stockist.post(MARKETPLACE_PATHS.cancelAcceptance(orderId));
    expect([res.statusCode, res.json().code]).toEqual([409, 'E0013']);
    expect(res.json().message).toMatch(/is invoiced \(INV\/26-27\/\d+\): issue a credit note instead$/);
  });
});
