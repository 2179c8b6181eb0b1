import { sql } from 'kysely';
import { ACCOUNTING_PATHS, type CounterLookup, type CounterPreview, type CounterSale, type CounterSaleList, type CounterSettings, type Quotation, type SalesInvoiceList } from 'shared-api';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { walkInRate } from '../src/modules/instore/service';
import { addBatch, addProduct, batch, marketplaceWorld } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, put, get };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
}

/** Σ debit and Σ credit of every voucher of a document, by kind. */
async function vouchersOf(documentId: string) {
  const { rows } = await sql<{ kind: string; document_number: string; debit: number; credit: number; lines: string }>`
    SELECT v.kind, v.document_number, sum(l.debit_paise)::int AS debit, sum(l.credit_paise)::int AS credit,
           string_agg(a.code || ':' || l.debit_paise || '/' || l.credit_paise, ' ' ORDER BY l.position) AS lines
    FROM vouchers v JOIN voucher_lines l ON l.voucher_id = v.id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE v.document_id = ${documentId} GROUP BY v.id, v.kind, v.document_number ORDER BY v.kind DESC`.execute(t.db);
  return rows;
}

const movements = (reference: string) =>
  t.db.selectFrom('stock_movements').select(['batch_id', 'kind', 'quantity_delta', 'note']).where('reference', '=', reference).orderBy('quantity_delta').execute();

/** Agarwal (STK-PUN-001, the demo stockist) sells Dolovex from PUN-B1 (2027-01-31), PUN-B2 (2028-06-30) and the expired PUN-OLD. */
async function world() {
  const w = await marketplaceWorld(t.db);
  const nearol = await addProduct(t.db, { name: 'Nearol 10', manufacturer: 'Microvia Labs', pack: '10 tablets', hsn: '30049099' });
  const near = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: nearol, batchNo: 'NR-NEAR', expiry: '2026-12-10', quantity: 10, ptr: 800, mrp: 1120 });
  const far = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: nearol, batchNo: 'NR-FAR', expiry: '2027-12-31', quantity: 10, ptr: 800, mrp: 1120 });
  return { ...w, nearol, near, far, stockist: await signedIn(DEMO.stockist) };
}

describe('counter lookup', () => {
  it('finds products by a word of the name or a scanned batch code, batches first expiry first, expired ones marked unsellable', async () => {
    const { dolovex, batches, stockist } = await world();
    const res = await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: 'dolov' });
    expect(res.statusCode).toBe(200);
    const found = body<CounterLookup>(res);
    expect(found.items.map((i) => i.name)).toEqual(['Dolovex 650 Tablet']);
    const item = found.items[0]!;
    expect(item.batches.map((b) => [b.batchNo, b.state, b.sellable, b.available])).toEqual([
      ['PUN-OLD', 'EXPIRED', false, 500],
      ['PUN-B1', 'OK', true, 20],
      ['PUN-B2', 'OK', true, 100],
    ]);
    expect(item.fefoBatchId).toBe(batches.punNear);
    const scanned = body<CounterLookup>(await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: 'pun-b2' }));
    expect(scanned.items.map((i) => i.productId)).toEqual([dolovex]);
    expect(body<CounterLookup>(await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: '650' })).items.map((i) => i.name)).toContain('Dolovex 650 Tablet');
    expect(body<CounterLookup>(await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: 'ovex' })).items).toEqual([]);
  });
});

describe('counter sale', () => {
  it('takes units first expiry first, moves the stock, posts a balanced sales voucher and a cash receipt', async () => {
    const { dolovex, batches, stockist } = await world();
    const res = await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar', walkInMobile: '9876543210' }, lines: [{ productId: dolovex, quantity: 25 }], paymentMode: 'CASH' });
    expect(res.statusCode).toBe(200);
    const sale = body<CounterSale>(res);
    const rate = walkInRate(3400, 1200);
    expect(rate).toBe(3036);
    expect(sale.invoice).toMatchObject({ invoiceNumber: 'INV/26-27/000001', orderId: null, supplyKind: 'INTRA', recipient: { unitCode: null, name: 'Ravi Kumar', gstin: null, phone: '+91 9876543210' } });
    expect(sale.invoice.lines.map((l) => [l.batchNo, l.quantity, l.ratePaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      ['PUN-B1', 20, rate, 60720, 3643, 3643],
      ['PUN-B2', 5, rate, 15180, 911, 911],
    ]);
    // 759.00 + 45.54 + 45.54 = 850.08 → 850: about the MRP (25 × 34.00), as a walk-in buyer expects.
    expect(sale.invoice.totals).toMatchObject({ taxablePaise: 75900, cgstPaise: 4554, sgstPaise: 4554, roundOffPaise: -8, totalPaise: 85000 });
    expect(sale.payment).toMatchObject({ mode: 'CASH', status: 'PAID', settledBy: 'CASH', receiptNumber: 'RCT/26-27/000001' });

    expect((await batch(t.db, batches.punNear)).quantity).toBe(0);
    expect((await batch(t.db, batches.punFar)).quantity).toBe(95);
    expect((await batch(t.db, batches.punExpired)).quantity).toBe(500);
    expect(await movements(sale.invoice.invoiceId)).toEqual([
      // The movements print the number taken in the statement that writes them (sales/write.ts).
      { batch_id: batches.punNear, kind: 'SALE', quantity_delta: -20, note: 'Counter sale INV/26-27/000001' },
      { batch_id: batches.punFar, kind: 'SALE', quantity_delta: -5, note: 'Counter sale INV/26-27/000001' },
    ]);
    const vouchers = await vouchersOf(sale.invoice.invoiceId);
    expect(vouchers).toEqual([
      { kind: 'SALES', document_number: 'INV/26-27/000001', debit: 85008, credit: 85008, lines: 'WALK_IN:85000/0 SALES:0/75900 OUTPUT_CGST:0/4554 OUTPUT_SGST:0/4554 ROUND_OFF:8/0' },
      { kind: 'RECEIPT', document_number: 'RCT/26-27/000001', debit: 85000, credit: 85000, lines: 'CASH:85000/0 WALK_IN:0/85000' },
    ]);

    const list = body<CounterSaleList>(await stockist.get(ACCOUNTING_PATHS.instoreSales));
    expect(list.items).toEqual([expect.objectContaining({ invoiceNumber: 'INV/26-27/000001', buyerName: 'Ravi Kumar', paymentMode: 'CASH', paymentStatus: 'PAID', totalPaise: 85000 })]);
    // Online Sales lists marketplace invoices only; a counter bill is under the COUNTER channel (and in the register).
    const numbers = async (channel?: string) =>
      body<SalesInvoiceList>(await stockist.get(ACCOUNTING_PATHS.salesInvoices, channel ? { channel } : {})).items.map((i) => i.invoiceNumber);
    expect(await numbers('ONLINE')).toEqual([]);
    expect(await numbers('COUNTER')).toEqual(['INV/26-27/000001']);
    expect(await numbers()).toEqual(['INV/26-27/000001']);
    const pdf = await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(sale.invoice.invoiceId));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Ravi Kumar');
    expect(text).toContain('INV/26-27/000001');
  });

  it('refuses an expired batch: nothing sold, no number taken', async () => {
    const { dolovex, batches, stockist } = await world();
    const draft = { buyer: {}, lines: [{ productId: dolovex, batchId: batches.punExpired, quantity: 2 }] };
    const preview = await stockist.post(ACCOUNTING_PATHS.instorePreview, draft);
    expect(preview.statusCode).toBe(409);
    expect(preview.json()).toMatchObject({ code: 'E0010' });
    const res = await stockist.post(ACCOUNTING_PATHS.instoreSales, { ...draft, paymentMode: 'UPI' });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'E0010', message: expect.stringContaining('batch PUN-OLD of Dolovex 650 Tablet expired on 22-11-2026') });
    expect((await batch(t.db, batches.punExpired)).quantity).toBe(500);
    expect(await t.db.selectFrom('document_counters').selectAll().execute()).toEqual([]);
    // The next good sale is number 1.
    const ok = body<CounterSale>(await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: dolovex, batchId: batches.punFar, quantity: 2 }], paymentMode: 'UPI' }));
    expect(ok.invoice.invoiceNumber).toBe('INV/26-27/000001');
    expect(ok.invoice.recipient.name).toBe('Walk-in customer');
    expect((await vouchersOf(ok.invoice.invoiceId))[1]).toMatchObject({ kind: 'RECEIPT', lines: `UPI_CLEARING:${ok.invoice.totals.totalPaise}/0 WALK_IN:0/${ok.invoice.totals.totalPaise}` });
  });

  it('refuses a product whose HSN has no GST rate with E0021 naming it: nothing sold, no number taken (issue 32)', async () => {
    const { stockist } = await world();
    // 01069000 (live animals): a heading the rate master leaves out.
    const pads = await addProduct(t.db, { name: 'Maternity Pads', manufacturer: 'Medisurge', pack: '10 pads', hsn: '01069000' });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: pads, batchNo: 'MP-1', expiry: '2028-01-31', quantity: 50, ptr: 4000, mrp: 6000 });
    const res = await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: pads, quantity: 2 }], paymentMode: 'CASH' });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      409,
      'E0021',
      "Maternity Pads: no GST rate on record for HSN 01069000 on 2026-11-22; fix the product's HSN (Stocks, the batch's page) and bill it again",
    ]);
    expect(await t.db.selectFrom('document_counters').selectAll().execute()).toEqual([]);
  });

  it('warns about near-expiry batches by default and refuses them once the unit says so', async () => {
    const { nearol, near, far, stockist } = await world();
    expect(body<CounterSettings>(await stockist.get(ACCOUNTING_PATHS.instoreSettings))).toEqual({ nearExpiryDays: 30, nearExpiryPolicy: 'WARN' });
    const warned = body<CounterPreview>(await stockist.post(ACCOUNTING_PATHS.instorePreview, { buyer: {}, lines: [{ productId: nearol, quantity: 3 }] }));
    expect(warned.lines.map((l) => l.batchNo)).toEqual(['NR-NEAR']);
    expect(warned.warnings).toEqual(['Nearol 10 batch NR-NEAR expires on 10-12-2026']);
    // A preview takes no number and moves nothing.
    expect((await batch(t.db, near)).quantity).toBe(10);

    const employee = await signedIn(DEMO.stockistEmployee);
    expect((await employee.put(ACCOUNTING_PATHS.instoreSettings, { nearExpiryDays: 30, nearExpiryPolicy: 'REFUSE' })).statusCode).toBe(403);
    expect((await stockist.put(ACCOUNTING_PATHS.instoreSettings, { nearExpiryDays: 400, nearExpiryPolicy: 'REFUSE' })).statusCode).toBe(400);
    expect((await stockist.put(ACCOUNTING_PATHS.instoreSettings, { nearExpiryDays: 30, nearExpiryPolicy: 'REFUSE' })).statusCode).toBe(200);

    const lookup = body<CounterLookup>(await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: 'nearol' }));
    expect(lookup.items[0]!.batches.map((b) => [b.batchNo, b.state, b.sellable])).toEqual([['NR-NEAR', 'NEAR_EXPIRY', false], ['NR-FAR', 'OK', true]]);
    const fefo = body<CounterSale>(await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: nearol, quantity: 3 }], paymentMode: 'CASH' }));
    expect(fefo.invoice.lines.map((l) => l.batchNo)).toEqual(['NR-FAR']);
    expect(fefo.warnings).toEqual([]);
    const chosen = await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: nearol, batchId: near, quantity: 1 }], paymentMode: 'CASH' });
    expect(chosen.statusCode).toBe(409);
    expect(JSON.parse(chosen.body).message).toContain('within 30 days');
    // A shorter window makes it sellable again.
    await stockist.put(ACCOUNTING_PATHS.instoreSettings, { nearExpiryDays: 7, nearExpiryPolicy: 'REFUSE' });
    expect((await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: nearol, batchId: near, quantity: 1 }], paymentMode: 'CASH' })).statusCode).toBe(200);
    expect((await batch(t.db, near)).quantity).toBe(9);
    expect((await batch(t.db, far)).quantity).toBe(7);
  });

  it('bills a connected party at PTR on credit, settles it later once; refuses an unconnected unit and too little stock', async () => {
    const { dolovex, crocivex, stockist } = await world();
    const res = await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: crocivex, quantity: 10, discountBp: 1000 }], paymentMode: 'CREDIT' });
    expect(res.statusCode).toBe(200);
    const sale = body<CounterSale>(res);
    expect(sale.invoice.recipient).toMatchObject({ unitCode: 'RTL-MUM-001', name: 'Sharma Medical Stores' });
    expect(sale.invoice.lines.map((l) => [l.batchNo, l.ratePaise, l.grossPaise, l.discountPaise, l.taxablePaise])).toEqual([['CRO-1', 1500, 15000, 1500, 13500]]);
    expect(sale.payment).toEqual({ mode: 'CREDIT', status: 'OUTSTANDING', settledBy: null, receiptNumber: null, paidAt: null });
    const buyerUnit = await t.db.selectFrom('sales_invoices').select('buyer_unit_id').where('id', '=', sale.invoice.invoiceId).executeTakeFirstOrThrow();
    expect(buyerUnit.buyer_unit_id).not.toBeNull();
    expect((await vouchersOf(sale.invoice.invoiceId)).map((v) => v.kind)).toEqual(['SALES']);
    expect((await vouchersOf(sale.invoice.invoiceId))[0]!.lines).toMatch(new RegExp(`^DEBTOR:${buyerUnit.buyer_unit_id}:15100/0 `));

    const settled = await stockist.post(ACCOUNTING_PATHS.instoreSalePayment(sale.invoice.invoiceId), { mode: 'UPI' });
    expect(settled.statusCode).toBe(200);
    expect(body<CounterSale>(settled).payment).toMatchObject({ mode: 'CREDIT', status: 'PAID', settledBy: 'UPI', receiptNumber: 'RCT/26-27/000001' });
    expect((await vouchersOf(sale.invoice.invoiceId))[1]).toMatchObject({ kind: 'RECEIPT', lines: `UPI_CLEARING:15100/0 DEBTOR:${buyerUnit.buyer_unit_id}:0/15100` });
    const again = await stockist.post(ACCOUNTING_PATHS.instoreSalePayment(sale.invoice.invoiceId), { mode: 'CASH' });
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).code).toBe('E0009');

    const stranger = await stockist.post(ACCOUNTING_PATHS.instorePreview, { buyer: { partyUnitCode: 'RTL-DEL-001' }, lines: [{ productId: dolovex, quantity: 1 }] });
    expect(stranger.statusCode).toBe(409);
    const tooMany = await stockist.post(ACCOUNTING_PATHS.instorePreview, { buyer: {}, lines: [{ productId: dolovex, quantity: 121 }] });
    expect(JSON.parse(tooMany.body)).toMatchObject({ code: 'E0010', message: 'only 120 of Dolovex 650 Tablet can be sold from ' + body<CounterLookup>(await stockist.get(ACCOUNTING_PATHS.instoreLookup, { q: 'dolov' })).warehouseName + ' (expired batches are not sold)' });
    // Bad input is a 400, and another unit's sale is not found.
    expect((await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: dolovex, quantity: 0 }], paymentMode: 'CASH' })).statusCode).toBe(400);
    const retailer = await signedIn(DEMO.retailer);
    expect((await retailer.get(ACCOUNTING_PATHS.instoreSale(sale.invoice.invoiceId))).statusCode).toBe(404);
  });
});

describe('counter sales at the same moment', () => {
  it('never sell the same units twice: the batch is locked, the second bill is refused and takes no number', async () => {
    const { crocivex, batches, stockist } = await world();
    const sell = () => stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: {}, lines: [{ productId: crocivex, batchId: batches.crocivex, quantity: 20 }], paymentMode: 'CASH' });
    const results = await Promise.all([sell(), sell()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await batch(t.db, batches.crocivex)).quantity).toBe(10);
    expect(await t.db.selectFrom('document_counters').select(['series', 'last_serial']).orderBy('series').execute()).toEqual([
      { series: 'INV', last_serial: 1 },
      { series: 'RCT', last_serial: 1 },
    ]);
  });
});

describe('quotations', () => {
  it('are priced and numbered without moving stock, convert into an invoice once, and print', async () => {
    const { dolovex, batches, stockist } = await world();
    const res = await stockist.post(ACCOUNTING_PATHS.quotations, { buyer: { walkInName: 'City Clinic' }, lines: [{ productId: dolovex, quantity: 4 }], validUntil: '2026-11-30' });
    expect(res.statusCode).toBe(200);
    const q = body<Quotation>(res);
    expect(q).toMatchObject({ quotationNumber: 'QTN/26-27/000001', quotationDate: '2026-11-22', validUntil: '2026-11-30', status: 'OPEN', invoiceId: null });
    expect(q.lines.map((l) => [l.batchNo, l.quantity, l.ratePaise])).toEqual([['PUN-B1', 4, 3036]]);
    expect((await batch(t.db, batches.punNear)).quantity).toBe(20);
    expect(await t.db.selectFrom('vouchers').select('id').execute()).toEqual([]);
    expect(body<Quotation>(await stockist.get(ACCOUNTING_PATHS.quotation(q.quotationId))).totals).toEqual(q.totals);
    const text = await pdfText((await stockist.get(ACCOUNTING_PATHS.quotationPdf(q.quotationId))).rawPayload);
    expect(text).toContain('QUOTATION');
    expect(text).toContain('QTN/26-27/000001');
    expect(text).toContain('City Clinic');

    const converted = await stockist.post(ACCOUNTING_PATHS.quotationConvert(q.quotationId), { paymentMode: 'CASH' });
    expect(converted.statusCode).toBe(200);
    const sale = body<CounterSale>(converted);
    expect(sale.quotationNumber).toBe('QTN/26-27/000001');
    expect(sale.invoice.totals).toEqual(q.totals);
    expect((await batch(t.db, batches.punNear)).quantity).toBe(16);
    expect(body<Quotation>(await stockist.get(ACCOUNTING_PATHS.quotation(q.quotationId)))).toMatchObject({ status: 'CONVERTED', invoiceNumber: sale.invoice.invoiceNumber });
    const twice = await stockist.post(ACCOUNTING_PATHS.quotationConvert(q.quotationId), { paymentMode: 'CASH' });
    expect(twice.statusCode).toBe(409);
    expect(JSON.parse(twice.body).code).toBe('E0009');
    expect((await batch(t.db, batches.punNear)).quantity).toBe(16);
  });

  it('refuses a valid-until date in the past, and converting once it has lapsed', async () => {
    const w = await world();
    const { dolovex } = w;
    let { stockist } = w;
    const short = body<Quotation>(await stockist.post(ACCOUNTING_PATHS.quotations, { buyer: {}, lines: [{ productId: dolovex, quantity: 1 }], validUntil: '2026-11-23' }));
    const stale = await stockist.post(ACCOUNTING_PATHS.quotations, { buyer: {}, lines: [{ productId: dolovex, quantity: 1 }], validUntil: '2026-11-21' });
    expect(stale.statusCode).toBe(400);
    t.clock.advance(2 * 86400);
    stockist = await signedIn(DEMO.stockist);
    expect(body<Quotation>(await stockist.get(ACCOUNTING_PATHS.quotation(short.quotationId))).status).toBe('EXPIRED');
    const res = await stockist.post(ACCOUNTING_PATHS.quotationConvert(short.quotationId), { paymentMode: 'CASH' });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'E0010', message: expect.stringContaining('valid until 23-11-2026') });
  });
});
