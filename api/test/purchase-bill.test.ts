import { randomUUID } from 'node:crypto';
import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, MAX_QUANTITY, gstinCheckChar, type DebitNote, type DebitNoteList, type PurchaseBill, type PurchaseBillList, type PurchaseBillPayment, type PurchaseReport, type SalesInvoice, type SupplierOrder, type SupplierPurchases, type SubmitResult, type TrialBalance } from 'shared-api';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { recordBillPayment } from '../src/modules/purchases/service';
import { addProduct, marketplaceWorld, setGstRate, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}

/** Sharma (Mumbai) buys 30 + 3 free Dolovex and 3 Crocivex from Agarwal (Pune); Agarwal accepts and invoices. */
async function invoicedOrder() {
  const w = await marketplaceWorld(t.db);
  const retailer = await signedIn(DEMO.retailer);
  await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
  await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
  const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
  const stockist = await signedIn(DEMO.stockist);
  const orderId = orders[0]!.orderId;
  expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId))).statusCode).toBe(200);
  const invoice = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
  return { w, retailer, stockist, invoice };
}

async function retailerWarehouse() {
  const user = await t.db.selectFrom('users').select('active_warehouse_id').where('mobile', '=', DEMO.retailer).executeTakeFirstOrThrow();
  return user.active_warehouse_id!;
}

/** The outside supplier's product that the manual bills, the purchase report and the purchase order buy. */
const addAzivex = () => addProduct(t.db, { name: 'Azivex 500', manufacturer: 'Ciplovia', composition: 'Azithromycin 500 mg', pack: '3 tablets', hsn: '30049099' });

const byBatch = (lines: PurchaseBill['lines']) => [...lines].sort((a, b) => a.batchNo.localeCompare(b.batchNo));

describe('purchase bill from a platform invoice', () => {
  it('is waiting for the buyer, filled in from the invoice, as soon as the seller invoices', async () => {
    const { retailer, invoice } = await invoicedOrder();
    const list = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills));
    expect(list.items).toEqual([
      {
        billId: expect.any(String),
        source: 'PLATFORM',
        status: 'PENDING',
        billNumber: invoice.invoiceNumber,
        billDate: invoice.invoiceDate,
        supplierName: 'Agarwal Pharma Distributors',
        supplierGstin: invoice.supplier.gstin,
        itemCount: 3,
        taxablePaise: 87000,
        taxPaise: 10440,
        totalPaise: 97400,
      },
    ]);
    const bill = body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(list.items[0]!.billId)));
    expect(bill).toMatchObject({ salesInvoiceId: invoice.invoiceId, supplier: invoice.supplier, supplyKind: 'INTRA', totals: invoice.totals, receivedAt: null, payment: { status: 'NOT_RECEIVED', amountPaise: 97400, paidPaise: 0 } });
    // stockBatch: none of these batches is in Sharma's warehouse yet (Receive will create them); nothing credited back
    expect(bill.lines.map(({ receivedQuantity, salePricePaise, batchId, stockBatch, creditedQuantity, ...l }) => [l, receivedQuantity, salePricePaise, batchId, stockBatch, creditedQuantity])).toEqual(invoice.lines.map((l) => [l, null, null, null, null, 0]));
    // The seller sees none of it; nothing is on the buyer's books before it is received.
    const stockist = await signedIn(DEMO.stockist);
    expect(body<PurchaseBillList>(await stockist.get(ACCOUNTING_PATHS.purchaseBills)).items).toEqual([]);
    const res = await stockist.get(ACCOUNTING_PATHS.purchaseBill(bill.billId));
    expect([res.statusCode, res.json().code]).toEqual([404, 'E0053']);
    const buyer = await unitId(t.db, 'RTL-MUM-001');
    expect(await t.db.selectFrom('vouchers').select('id').where('unit_id', '=', buyer).execute()).toEqual([]);
  });

  it('Receive takes the batches into the buyer’s warehouse at its own sale price, notes a short receipt and posts input tax, once', async () => {
    const { retailer, invoice } = await invoicedOrder();
    const billId = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills)).items[0]!.billId;
    const lines = byBatch(body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).lines);
    // CRO-1: 3 billed, 2 arrived. PUN-B1: 20. PUN-B2: 10 + 3 free.
    const received = [2, 20, 13];
    const salePrice = [1700, 3000, 3050];
    const res = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), {
      lines: lines.map((l, i) => ({ position: l.position, receivedQuantity: received[i], salePricePaise: salePrice[i] })),
      note: 'Checked by Ravi',
    });
    expect(res.statusCode).toBe(200);
    const bill = body<PurchaseBill>(res);
    expect(bill).toMatchObject({ status: 'RECEIVED', receiptNote: 'Checked by Ravi\nShort receipt: Crocivex 500 CRO-1: 2 of 3', payment: { status: 'UNPAID', amountPaise: 97400, paidPaise: 0, duePaise: 97400 } });
    expect(bill.warehouseName).toEqual(expect.any(String));

    const warehouse = await retailerWarehouse();
    const batches = await t.db
      .selectFrom('inventory_batches as b')
      .innerJoin('stock_movements as m', 'm.batch_id', 'b.id')
      .select(['b.id', 'b.warehouse_id', 'b.batch_no', 'b.expiry_date', 'b.mrp_paise', 'b.ptr_paise', 'b.quantity', 'm.kind', 'm.quantity_delta', 'm.reference'])
      .where('b.unit_id', '=', await unitId(t.db, 'RTL-MUM-001'))
      .orderBy('b.batch_no')
      .execute();
    expect(batches.map(({ id: _id, ...b }) => b)).toEqual([
      { warehouse_id: warehouse, batch_no: 'CRO-1', expiry_date: '2027-08-31', mrp_paise: 2000, ptr_paise: 1700, quantity: 2, kind: 'PURCHASE', quantity_delta: 2, reference: billId },
      { warehouse_id: warehouse, batch_no: 'PUN-B1', expiry_date: '2027-01-31', mrp_paise: 3400, ptr_paise: 3000, quantity: 20, kind: 'PURCHASE', quantity_delta: 20, reference: billId },
      { warehouse_id: warehouse, batch_no: 'PUN-B2', expiry_date: '2028-06-30', mrp_paise: 3400, ptr_paise: 3050, quantity: 13, kind: 'PURCHASE', quantity_delta: 13, reference: billId },
    ]);
    expect(byBatch(bill.lines).map((l) => [l.receivedQuantity, l.salePricePaise, l.batchId])).toEqual(batches.map((b, i) => [received[i], salePrice[i], b.id]));

    // Buyer's books: Dr Purchases + Input CGST/SGST, Cr the seller's creditor head for the invoice total.
    const books = body<TrialBalance>(await retailer.get(ACCOUNTING_PATHS.trialBalance));
    const moved = Object.fromEntries(books.rows.filter((r) => r.balancePaise !== 0).map((r) => [r.name, r.balancePaise]));
    expect(moved).toEqual({ 'Agarwal Pharma Distributors (STK-PUN-001) – Creditor': -97400, Purchases: 87000, 'Input CGST': 5220, 'Input SGST': 5220, 'Round Off': -40 });
    expect(invoice.totals.totalPaise).toBe(97400);

    // Twice, or twice at once: refused, stock unchanged.
    const again = await Promise.all([0, 1].map(() => retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines: lines.map((l) => ({ position: l.position, receivedQuantity: 1, salePricePaise: 1 })) })));
    expect(again.map((r) => [r.statusCode, r.json().code])).toEqual([
      [409, 'E0009'],
      [409, 'E0009'],
    ]);
    const stock = await t.db.selectFrom('inventory_batches').select((e) => e.fn.sum<number>('quantity').as('q')).where('warehouse_id', '=', warehouse).executeTakeFirstOrThrow();
    expect(Number(stock.q)).toBe(35);
    expect(await t.db.selectFrom('vouchers').select('id').where('document_id', '=', billId).execute()).toHaveLength(1);
  });

  it('Receive into a batch the warehouse holds keeps its MRP, PTR, PTS and 10 + 1 scheme unless the request changes them (issue 32)', async () => {
    const { retailer } = await invoicedOrder();
    const billId = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills)).items[0]!.billId;
    const pending = byBatch(body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).lines);
    // Sharma already holds PUN-B1 and PUN-B2 (as from an earlier bill), both on a 10 + 1 scheme.
    const unit = await unitId(t.db, 'RTL-MUM-001');
    const warehouse = await retailerWarehouse();
    const held = async (l: PurchaseBill['lines'][number]) => {
      const id = randomUUID();
      const now = t.clock.now();
      await t.db
        .insertInto('inventory_batches')
        .values({ id, unit_id: unit, warehouse_id: warehouse, product_id: l.productId, batch_no: l.batchNo, expiry_date: '2028-03-31', mrp_paise: 4000, ptr_paise: 3200, pts_paise: 2900, quantity: 5, scheme_buy: 10, scheme_free: 1, created_at: now, updated_at: now })
        .execute();
      return id;
    };
    const keptId = await held(pending[1]!);
    const changedId = await held(pending[2]!);
    const terms = { mrpPaise: 4000, ptrPaise: 3200, ptsPaise: 2900, schemeBuy: 10, schemeFree: 1 };
    // The Receive screen prefills from these.
    const bill = byBatch(body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).lines);
    expect(bill.map((l) => l.stockBatch)).toEqual([null, { batchId: keptId, ...terms }, { batchId: changedId, ...terms }]);

    const res = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), {
      lines: [
        // a new batch: the bill's MRP and rate unless given
        { position: bill[0]!.position, receivedQuantity: 3 },
        // nothing changed on the screen: the batch keeps every term
        { position: bill[1]!.position, receivedQuantity: 20 },
        // changed on the screen: a new PTR and scheme, PTS removed; the MRP kept
        { position: bill[2]!.position, receivedQuantity: 13, salePricePaise: 3400, ptsPaise: null, scheme: { buy: 5, free: 1 } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const received = byBatch(body<PurchaseBill>(res).lines);
    const batch = (id: string) => t.db.selectFrom('inventory_batches').select(['quantity', 'mrp_paise', 'ptr_paise', 'pts_paise', 'scheme_buy', 'scheme_free']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await batch(received[0]!.batchId!)).toEqual({ quantity: 3, mrp_paise: bill[0]!.mrpPaise, ptr_paise: bill[0]!.ratePaise, pts_paise: null, scheme_buy: null, scheme_free: null });
    expect(await batch(keptId)).toEqual({ quantity: 25, mrp_paise: 4000, ptr_paise: 3200, pts_paise: 2900, scheme_buy: 10, scheme_free: 1 });
    expect(await batch(changedId)).toEqual({ quantity: 18, mrp_paise: 4000, ptr_paise: 3400, pts_paise: null, scheme_buy: 5, scheme_free: 1 });
    // The bill records the PTR each batch sells at after Receive; once received, no stockBatch.
    expect(received.map((l) => [l.batchId, l.salePricePaise, l.stockBatch])).toEqual([
      [expect.any(String), bill[0]!.ratePaise, undefined],
      [keptId, 3200, undefined],
      [changedId, 3400, undefined],
    ]);
  });

  it('refuses a Receive that misses a line or receives more than was billed, and changes nothing', async () => {
    const { retailer } = await invoicedOrder();
    const billId = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills)).items[0]!.billId;
    const lines = body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).lines;
    const missing = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines: lines.slice(1).map((l) => ({ position: l.position, receivedQuantity: 1, salePricePaise: 100 })) });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'E0001']);
    const tooMany = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), {
      lines: lines.map((l, i) => ({ position: l.position, receivedQuantity: i === lines.length - 1 ? l.quantity + l.freeQuantity + 1 : 1, salePricePaise: 100 })),
    });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'E0001']);
    const negative = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines: lines.map((l) => ({ position: l.position, receivedQuantity: -1, salePricePaise: 100 })) });
    expect([negative.statusCode, negative.json().code]).toEqual([400, 'E0001']);
    expect(body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).status).toBe('PENDING');
    expect(await t.db.selectFrom('inventory_batches').select('id').where('unit_id', '=', await unitId(t.db, 'RTL-MUM-001')).execute()).toEqual([]);
  });

  it('shows paid and due from the payment vouchers recordBillPayment posts against it', async () => {
    const { retailer } = await invoicedOrder();
    const billId = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills)).items[0]!.billId;
    const buyer = await unitId(t.db, 'RTL-MUM-001');
    const pay = (amountPaise: number) => t.db.transaction().execute((trx) => recordBillPayment(trx, { unitId: buyer, billId, amountPaise, via: 'BANK', date: '2026-11-22', at: new Date() }));
    await expect(pay(100)).rejects.toMatchObject({ code: 'E0010' });
    const lines = body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).lines;
    await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines: lines.map((l) => ({ position: l.position, receivedQuantity: l.quantity + l.freeQuantity, salePricePaise: l.ratePaise })) });
    await pay(40_000);
    expect(body<PurchaseBillPayment>(await retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(billId)))).toMatchObject({ amountPaise: 97400, paidPaise: 40000, duePaise: 57400, status: 'PARTLY_PAID' });
    await expect(pay(57_401)).rejects.toMatchObject({ code: 'E0010' });
    await pay(57_400);
    const status = body<PurchaseBillPayment>(await retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(billId)));
    expect(status).toMatchObject({ paidPaise: 97400, duePaise: 0, status: 'PAID' });
    expect(status.payments.map((p) => p.amountPaise)).toEqual([40000, 57400]);
    const books = body<TrialBalance>(await retailer.get(ACCOUNTING_PATHS.trialBalance));
    expect(books.rows.find((r) => r.name === 'Agarwal Pharma Distributors (STK-PUN-001) – Creditor')?.balancePaise).toBe(0);
  });
});

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;

describe('manual purchase bill (supplier outside the platform)', () => {
  it('prices by the GST rules (IGST from another state), owes a creditor head named after the supplier, and is received the same way', async () => {
    await setGstRate(t.db, '30049099', '2020-01-01', 1200);
    const product = await addAzivex();
    const retailer = await signedIn(DEMO.retailer);
    const entry = {
      supplierName: 'Gujarat Pharma Traders',
      supplierGstin: gstin('24', 'AAGFG1234K'),
      billNumber: 'GPT/778',
      billDate: '2026-11-20',
      lines: [{ productId: product, hsn: '30049099', batchNo: 'AZ-9', expiryDate: '2028-03-31', mrpPaise: 12000, ratePaise: 8000, quantity: 10, freeQuantity: 2, discountBp: 500 }],
    };
    const res = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, entry);
    expect(res.statusCode).toBe(200);
    const bill = body<PurchaseBill>(res);
    // 10 × ₹80 = ₹800, 5 % off = ₹760, IGST 12 % = ₹91.20 → ₹851.20, rounded to ₹851.
    expect(bill).toMatchObject({ source: 'MANUAL', status: 'PENDING', billNumber: 'GPT/778', supplyKind: 'INTER', supplier: { name: 'Gujarat Pharma Traders', stateCode: '24' } });
    expect(bill.totals).toEqual({ grossPaise: 80000, discountPaise: 4000, taxablePaise: 76000, cgstPaise: 0, sgstPaise: 0, igstPaise: 9120, taxPaise: 9120, beforeRoundOffPaise: 85120, roundOffPaise: -20, totalPaise: 85100 });
    expect(bill.lines[0]).toMatchObject({ productName: 'Azivex 500', manufacturer: 'Ciplovia', pack: '3 tablets', quantity: 10, freeQuantity: 2 });

    const dup = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { ...entry, billNumber: 'gpt/778' });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'E0009']);
    const noState = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { ...entry, supplierGstin: undefined, billNumber: 'X1' });
    expect([noState.statusCode, noState.json().code]).toEqual([400, 'E0001']);
    const unknown = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { ...entry, billNumber: 'X2', lines: [{ ...entry.lines[0], productId: '00000000-0000-4000-8000-000000000000' }] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'E0002']);

    const received = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(bill.billId), { lines: [{ position: 1, receivedQuantity: 12, salePricePaise: 9500 }] });
    expect(body<PurchaseBill>(received).status).toBe('RECEIVED');
    const books = body<TrialBalance>(await retailer.get(ACCOUNTING_PATHS.trialBalance));
    const moved = Object.fromEntries(books.rows.filter((r) => r.balancePaise !== 0).map((r) => [r.name, r.balancePaise]));
    expect(moved).toEqual({ 'Gujarat Pharma Traders': -85100, Purchases: 76000, 'Input IGST': 9120, 'Round Off': -20 });
    const head = await t.db.selectFrom('ledger_accounts').select(['group_code', 'system']).where('name', '=', 'Gujarat Pharma Traders').executeTakeFirstOrThrow();
    expect(head).toEqual({ group_code: 'SUNDRY_CREDITORS', system: false });
    const stock = await t.db.selectFrom('inventory_batches').select(['batch_no', 'quantity', 'ptr_paise']).where('product_id', '=', product).where('warehouse_id', '=', await retailerWarehouse()).execute();
    expect(stock).toEqual([{ batch_no: 'AZ-9', quantity: 12, ptr_paise: 9500 }]);
    // The supplier's next bill uses the same head.
    const second = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { ...entry, billNumber: 'GPT/779' });
    expect(second.statusCode).toBe(200);
    expect(await t.db.selectFrom('ledger_accounts').select('id').where('name', '=', 'Gujarat Pharma Traders').execute()).toHaveLength(1);
  });

  it('refuses with 400 naming the line a receipt that would take a batch past the quantity limit, changing nothing (issue 33)', async () => {
    await setGstRate(t.db, '30049099', '2020-01-01', 1200);
    const product = await addAzivex();
    const retailer = await signedIn(DEMO.retailer);
    const line = { productId: product, hsn: '30049099', batchNo: 'AZ-9', expiryDate: '2028-03-31', mrpPaise: 12000, ratePaise: 8000, quantity: 10 };
    const entry = { supplierName: 'Gujarat Pharma Traders', supplierState: '24', billDate: '2026-11-20', lines: [line] };
    const first = body<PurchaseBill>(await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { ...entry, billNumber: 'GPT/1' }));
    expect((await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(first.billId), { lines: [{ position: 1, receivedQuantity: 10, salePricePaise: 9500 }] })).statusCode).toBe(200);
    await t.db.updateTable('inventory_batches').set({ quantity: MAX_QUANTITY - 5 }).where('product_id', '=', product).where('batch_no', '=', 'AZ-9').execute();
    const second = body<PurchaseBill>(await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { ...entry, billNumber: 'GPT/2' }));
    const res = await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(second.billId), { lines: [{ position: 1, receivedQuantity: 10, salePricePaise: 9500 }] });
    expect([res.statusCode, res.json().code, res.json().fields]).toEqual([400, 'E0001', { 'lines.1.receivedQuantity': 'Too many for the batch' }]);
    expect(body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(second.billId))).status).toBe('PENDING');
    expect((await t.db.selectFrom('inventory_batches').select('quantity').where('product_id', '=', product).where('batch_no', '=', 'AZ-9').executeTakeFirstOrThrow()).quantity).toBe(MAX_QUANTITY - 5);
  });

  it('pages through bills of the same date entered in the same instant without repeating or skipping one', async () => {
    const product = await addAzivex();
    const retailer = await signedIn(DEMO.retailer);
    const line = { productId: product, hsn: '30049099', batchNo: 'AZ-9', expiryDate: '2028-03-31', mrpPaise: 12000, ratePaise: 8000, quantity: 10 };
    const numbers = ['GPT/801', 'GPT/802', 'GPT/803', 'GPT/804', 'GPT/805'];
    // The test clock stands still: every bill has the same date and the same created_at.
    for (const billNumber of numbers) {
      const res = await retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { supplierName: 'Gujarat Pharma Traders', supplierState: '24', billNumber, billDate: '2026-11-20', lines: [line] });
      expect(res.statusCode).toBe(200);
    }
    const seen: string[] = [];
    for (let page = 0; page < numbers.length; page++) {
      const list = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills, { source: 'MANUAL', page: String(page), pageSize: '1' }));
      expect(list.totalResults).toBe(numbers.length);
      seen.push(...list.items.map((b) => b.billNumber));
    }
    expect(seen.sort()).toEqual(numbers);
  });
});

describe('purchase return (debit note)', () => {
  it('takes units out of the buyer’s batch, numbers a DN, posts the debit note, lowers what is due, and prints', async () => {
    const { retailer } = await invoicedOrder();
    const billId = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills)).items[0]!.billId;
    const lines = byBatch(body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(billId))).lines);
    const ret = (payload: object) => retailer.post(ACCOUNTING_PATHS.returnPurchase(billId), payload);
    // Not before the goods are received.
    const early = await ret({ lines: [{ position: lines[1]!.position, quantity: 1 }], reason: 'Damaged strip' });
    expect([early.statusCode, early.json().code]).toEqual([409, 'E0010']);
    // CRO-1: 2 of 3 arrived.
    const received = body<PurchaseBill>(
      await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines: lines.map((l, i) => ({ position: l.position, receivedQuantity: i === 0 ? 2 : l.quantity + l.freeQuantity, salePricePaise: l.ratePaise })) }),
    );
    const punB1 = received.lines.find((l) => l.batchNo === 'PUN-B1')!;

    const tooMany = await ret({ lines: [{ position: lines[0]!.position, quantity: 3 }], reason: 'Damaged strip' });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'E0010']);
    // A minute later: the test clock stands still, and the batch's movements are read back in time order.
    t.clock.advance(60);
    // 5 of PUN-B1 (₹27.50, 12 %) back: ₹137.50 + ₹8.25 + ₹8.25 = ₹154.00.
    const res = await ret({ lines: [{ position: lines[1]!.position, quantity: 5 }], reason: 'Damaged strip' });
    expect(res.statusCode).toBe(200);
    const note = body<DebitNote>(res);
    expect(note).toMatchObject({ noteNumber: 'DN/26-27/000001', billId, reason: 'Damaged strip', supplyKind: 'INTRA', supplier: { name: 'Agarwal Pharma Distributors' }, issuer: { name: 'Sharma Medical Stores' } });
    expect(note.totals).toMatchObject({ taxablePaise: 13750, cgstPaise: 825, sgstPaise: 825, totalPaise: 15400 });
    expect(note.lines.map((l) => [l.batchNo, l.quantity, l.billPosition])).toEqual([['PUN-B1', 5, lines[1]!.position]]);

    const batch = await t.db
      .selectFrom('inventory_batches as b')
      .innerJoin('stock_movements as m', 'm.batch_id', 'b.id')
      .select(['b.quantity', 'm.kind', 'm.quantity_delta'])
      .where('b.id', '=', punB1.batchId!)
      .orderBy('m.created_at')
      .execute();
    expect(batch.map((b) => [b.quantity, b.kind, b.quantity_delta])).toEqual([
      [15, 'PURCHASE', 20],
      [15, 'PURCHASE_RETURN', -5],
    ]);
    const books = body<TrialBalance>(await retailer.get(ACCOUNTING_PATHS.trialBalance));
    const moved = Object.fromEntries(books.rows.filter((r) => r.balancePaise !== 0).map((r) => [r.name, r.balancePaise]));
    expect(moved).toMatchObject({ 'Agarwal Pharma Distributors (STK-PUN-001) – Creditor': -97400 + 15400, 'Purchase Returns': -13750, 'Input CGST': 5220 - 825, 'Input SGST': 5220 - 825 });
    expect(body<PurchaseBillPayment>(await retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(billId)))).toMatchObject({ returnedPaise: 15400, duePaise: 82000, status: 'UNPAID' });

    // What is left to return shrinks: 15 of PUN-B1.
    const rest = await ret({ lines: [{ position: lines[1]!.position, quantity: 16 }], reason: 'Damaged strip' });
    expect([rest.statusCode, rest.json().code]).toEqual([409, 'E0010']);
    expect(body<DebitNoteList>(await retailer.get(ACCOUNTING_PATHS.purchaseReturns)).items.map((n) => [n.noteNumber, n.billNumber, n.totalPaise])).toEqual([['DN/26-27/000001', received.billNumber, 15400]]);

    const pdf = await retailer.get(ACCOUNTING_PATHS.purchaseReturnPdf(note.debitNoteId));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { lines: text } = await readIsolated('PDF', pdf.rawPayload);
    const printed = text.map((items) => items.map((i) => i.s).join(' ')).join('\n');
    expect(printed).toContain('DEBIT NOTE');
    expect(printed).toContain('DN/26-27/000001');
    expect(printed).toContain('Rupees One Hundred Fifty Four Only');
    const stranger = await (await signedIn(DEMO.stockist)).get(ACCOUNTING_PATHS.purchaseReturn(note.debitNoteId));
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'E0053']);
  });
});

describe('purchase report', () => {
  it('sums received bills by supplier for a period, largest first, and drills down to one supplier’s bills', async () => {
    const { retailer } = await invoicedOrder();
    const platformBill = body<PurchaseBillList>(await retailer.get(ACCOUNTING_PATHS.purchaseBills)).items[0]!;
    const product = await addAzivex();
    const manual = (billNumber: string, billDate: string) =>
      retailer.post(ACCOUNTING_PATHS.manualPurchaseBill, { supplierName: 'Gujarat Pharma Traders', supplierState: '24', billNumber, billDate, lines: [{ productId: product, hsn: '30049099', batchNo: billNumber, expiryDate: '2028-03-31', mrpPaise: 12000, ratePaise: 8000, quantity: 10 }] });
    const early = body<PurchaseBill>(await manual('G-1', '2026-10-30'));
    const late = body<PurchaseBill>(await manual('G-2', '2026-11-21'));
    await manual('G-3', '2026-11-21'); // never received: not in the report
    for (const b of [early, late]) await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(b.billId), { lines: [{ position: 1, receivedQuantity: 10, salePricePaise: 9000 }] });
    // The platform bill is still pending: only the two received manual bills count so far.
    const before = body<PurchaseReport>(await retailer.get(ACCOUNTING_PATHS.purchaseReport, { from: '2026-10-01', to: '2026-11-30' }));
    expect(before.rows.map((r) => [r.supplierName, r.billCount, r.totalPaise])).toEqual([['Gujarat Pharma Traders', 2, 2 * 89600]]);
    const lines = body<PurchaseBill>(await retailer.get(ACCOUNTING_PATHS.purchaseBill(platformBill.billId))).lines;
    await retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(platformBill.billId), { lines: lines.map((l) => ({ position: l.position, receivedQuantity: l.quantity + l.freeQuantity, salePricePaise: l.ratePaise })) });

    // November (the default: this month so far): 10 × ₹80 + 12 % IGST = ₹896 from Gujarat, ₹974 from Agarwal.
    const november = body<PurchaseReport>(await retailer.get(ACCOUNTING_PATHS.purchaseReport));
    expect([november.from, november.to]).toEqual(['2026-11-01', '2026-11-22']);
    expect(november.rows.map((r) => [r.supplierName, r.billCount, r.taxablePaise, r.taxPaise, r.totalPaise])).toEqual([
      ['Agarwal Pharma Distributors', 1, 87000, 10440, 97400],
      ['Gujarat Pharma Traders', 1, 80000, 9600, 89600],
    ]);
    expect(november.totals).toEqual({ billCount: 2, taxablePaise: 167000, taxPaise: 20040, totalPaise: 187000 });

    const gujarat = november.rows[1]!.supplierKey;
    const drill = body<SupplierPurchases>(await retailer.get(ACCOUNTING_PATHS.purchaseReportSupplier(gujarat), { from: '2026-10-01' }));
    expect(drill.supplierName).toBe('Gujarat Pharma Traders');
    expect(drill.bills.map((b) => [b.billNumber, b.billDate])).toEqual([
      ['G-1', '2026-10-30'],
      ['G-2', '2026-11-21'],
    ]);
    expect(drill.totals.totalPaise).toBe(2 * 89600);
    const other = await (await signedIn(DEMO.stockist)).get(ACCOUNTING_PATHS.purchaseReportSupplier(gujarat));
    expect([other.statusCode, other.json().code]).toEqual([404, 'E0002']);
    const backwards = await retailer.get(ACCOUNTING_PATHS.purchaseReport, { from: '2026-11-30', to: '2026-11-01' });
    expect([backwards.statusCode, backwards.json().code]).toEqual([400, 'E0001']);
  });
});

describe('purchase order to an outside supplier', () => {
  it('is numbered in the PO series with the catalogue’s names, printed, posts nothing, and is the buyer’s alone', async () => {
    const product = await addAzivex();
    const retailer = await signedIn(DEMO.retailer);
    const place = (payload: object) => retailer.post(ACCOUNTING_PATHS.supplierOrders, payload);
    const first = body<SupplierOrder>(await place({ supplierName: 'Gujarat Pharma Traders', supplierPhone: '98250 11111', notes: 'Deliver by Friday', lines: [{ productId: product, quantity: 50, freeQuantity: 5, ratePaise: 8000 }] }));
    const second = body<SupplierOrder>(await place({ supplierName: 'Gujarat Pharma Traders', lines: [{ productId: product, quantity: 10 }] }));
    expect([first.orderNumber, second.orderNumber]).toEqual(['PO/26-27/000001', 'PO/26-27/000002']);
    expect(first).toMatchObject({ orderDate: '2026-11-22', supplierPhone: '98250 11111', lines: [{ productName: 'Azivex 500', manufacturer: 'Ciplovia', pack: '3 tablets', quantity: 50, freeQuantity: 5, ratePaise: 8000 }] });
    expect(second.lines[0]!.ratePaise).toBeNull();
    expect(await t.db.selectFrom('vouchers').select('id').where('unit_id', '=', await unitId(t.db, 'RTL-MUM-001')).execute()).toEqual([]);

    const unknown = await place({ supplierName: 'Gujarat Pharma Traders', lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'E0002']);
    const empty = await place({ supplierName: 'Gujarat Pharma Traders', lines: [] });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'E0001']);

    const pdf = await retailer.get(ACCOUNTING_PATHS.supplierOrderPdf(first.orderId));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { lines: text } = await readIsolated('PDF', pdf.rawPayload);
    const printed = text.map((items) => items.map((i) => i.s).join(' ')).join('\n');
    for (const s of ['PURCHASE ORDER', 'PO No. PO/26-27/000001', 'Gujarat Pharma Traders', 'Azivex 500 (Ciplovia)', '80.00', 'Notes: Deliver by Friday']) expect(printed).toContain(s);
    const stranger = await (await signedIn(DEMO.stockist)).get(ACCOUNTING_PATHS.supplierOrder(first.orderId));
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'E0002']);
  });
});
