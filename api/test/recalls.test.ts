import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { RECALL_PATHS, type NewRecall, type OrderDetail, type Recall, type RecallDocument, type RecallList, type RecallProductMatches } from 'shared-api';
import { buyAndReceive, signedIn, type BooksWorld } from './books-fixtures';
import { addBatch, addProduct, setGstRate, unitId } from './cart-fixtures';
import { multipart } from './inventory-fixtures';
import { acceptedOrder } from './ledger-fixtures';
import { DEMO, body, build, type TestContext } from './helpers';

/*
 * Recalls (issue 35). Clock 2026-11-22 (IST). "Recalvin 650 Tablet" by Recallo Labs Ltd: batch RV-101 at Agarwal
 * (STK-PUN-001, 100 units) and spelled "rv 101" at Lohar Chawl (STK-MUM-001, 40 units), RV-201 at Agarwal (50 units,
 * another batch), RV-OLD expiring 2027-01-31 at Thane (STK-THN-001, 30 units). Staff: Meera Kulkarni (9800000090).
 */
const t = build();
const STAFF = '9800000090';

async function world(c: TestContext = t) {
  await setGstRate(c.db, '30049099', '2020-01-01', 1200);
  const product = await addProduct(c.db, { name: 'Recalvin 650 Tablet', manufacturer: 'Recallo Labs Ltd', composition: 'Paracetamol 650mg', pack: '15 tablets', hsn: '30049099' });
  const other = await addProduct(c.db, { name: 'Recalvin 500 Tablet', manufacturer: 'Recallo Labs Ltd', pack: '10 tablets', hsn: '30049099' });
  const batches = {
    pun: await addBatch(c.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'RV-101', expiry: '2028-06-30', quantity: 100, ptr: 2800, mrp: 3400 }),
    mum: await addBatch(c.db, { sellerCode: 'STK-MUM-001', productId: product, batchNo: 'rv 101', expiry: '2028-06-30', quantity: 40, ptr: 2900, mrp: 3400 }),
    punOther: await addBatch(c.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'RV-201', expiry: '2028-09-30', quantity: 50, ptr: 2800, mrp: 3400 }),
    thnOld: await addBatch(c.db, { sellerCode: 'STK-THN-001', productId: product, batchNo: 'RV-OLD', expiry: '2027-01-31', quantity: 30, ptr: 2600, mrp: 3400 }),
    otherProduct: await addBatch(c.db, { sellerCode: 'STK-PUN-001', productId: other, batchNo: 'RV-101', expiry: '2028-06-30', quantity: 70, ptr: 2000, mrp: 2600 }),
  };
  return { product, other, batches, staff: await signedIn(c, STAFF), stockist: await signedIn(c, DEMO.stockist), retailer: await signedIn(c, DEMO.retailer) };
}
type World = Awaited<ReturnType<typeof world>>;

const newRecall = (productId: string, extra: Partial<NewRecall> = {}): NewRecall => ({
  productId,
  batchNos: ['RV101'],
  reason: 'NSQ',
  action: 'QUARANTINE',
  source: { noticeNumber: 'CDSCO/NSQ/2026/11', noticeDate: '2026-11-20', letterDocumentId: null },
  ...extra,
});

async function raise(who: World['staff'], recall: NewRecall): Promise<Recall> {
  const res = await who.post(RECALL_PATHS.list, recall);
  if (res.statusCode !== 200) throw new Error(`raise: ${res.statusCode} ${res.body}`);
  return body<Recall>(res);
}

const batchRow = (id: string) => t.db.selectFrom('inventory_batches').select(['quantity', 'reserved', 'recall_id']).where('id', '=', id).executeTakeFirstOrThrow();
const quarantineOf = async (unitCode: string, recallId: string) => {
  const unit = await unitId(t.db, unitCode);
  const { rows } = await sql<{ q: number | null }>`SELECT sum(quantity_delta)::int AS q FROM non_saleable_stock_movements WHERE unit_id = ${unit} AND recall_id = ${recallId}`.execute(t.db);
  return rows[0]?.q ?? 0;
};
const noticesOf = async (unitCode: string) =>
  t.db.selectFrom('notifications').select(['title', 'body', 'link']).where('unit_id', '=', await unitId(t.db, unitCode)).where('type', '=', 'RECALL').orderBy('created_at').execute();

describe('raise', () => {
  it('blocks every batch of that number at every unit (case, spaces and punctuation ignored) and moves its units to quarantine', async () => {
    const w = await world();
    const recall = await raise(w.staff, newRecall(w.product));
    expect(recall.recallNumber).toMatch(/^RC-\d{6}$/);
    expect(recall).toMatchObject({ status: 'ACTIVE', batchNos: ['RV101'], raisedBy: { kind: 'STAFF', unitName: 'Medico back office' }, reason: 'NSQ' });
    expect(recall.counts).toMatchObject({ holders: 2, quarantined: 140, ordersFlagged: 0 });

    expect(await batchRow(w.batches.pun)).toEqual({ quantity: 0, reserved: 0, recall_id: recall.id });
    expect(await batchRow(w.batches.mum)).toEqual({ quantity: 0, reserved: 0, recall_id: recall.id });
    // Another batch of the product, and the same number of another product, are untouched.
    expect(await batchRow(w.batches.punOther)).toEqual({ quantity: 50, reserved: 0, recall_id: null });
    expect(await batchRow(w.batches.otherProduct)).toEqual({ quantity: 70, reserved: 0, recall_id: null });

    // A RECALL stock movement out of the batch and the same units into the store, both naming the recall.
    const moves = await t.db.selectFrom('stock_movements').select(['batch_id', 'quantity_delta', 'reference']).where('kind', '=', 'RECALL').orderBy('quantity_delta').execute();
    expect(moves).toEqual([
      { batch_id: w.batches.pun, quantity_delta: -100, reference: recall.id },
      { batch_id: w.batches.mum, quantity_delta: -40, reference: recall.id },
    ]);
    const store = await t.db
      .selectFrom('non_saleable_stock_movements')
      .select(['batch_id', 'quantity_delta', 'reason', 'source_type', 'source_id', 'batch_no', 'product_name'])
      .where('recall_id', '=', recall.id)
      .orderBy('quantity_delta', 'desc')
      .execute();
    expect(store).toEqual([
      { batch_id: w.batches.pun, quantity_delta: 100, reason: 'RECALL', source_type: 'RECALL', source_id: recall.id, batch_no: 'RV-101', product_name: 'Recalvin 650 Tablet' },
      { batch_id: w.batches.mum, quantity_delta: 40, reason: 'RECALL', source_type: 'RECALL', source_id: recall.id, batch_no: 'rv 101', product_name: 'Recalvin 650 Tablet' },
    ]);
    // The store's balance (the view every store screen reads).
    const balance = await sql<{ quantity: number }>`SELECT quantity FROM non_saleable_stock WHERE unit_id = ${await unitId(t.db, 'STK-PUN-001')} AND batch_no = 'RV-101'`.execute(t.db);
    expect(balance.rows).toEqual([{ quantity: 100 }]);
    // Not sellable anywhere.
    const sellable = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sellable_batches WHERE batch_id = ANY(${[w.batches.pun, w.batches.mum]}::uuid[])`.execute(t.db);
    expect(sellable.rows[0]!.n).toBe(0);
  });
});

/** An order placed (not yet accepted) holding `quantity` units of a batch: the allocation RESERVED and the batch's reserved raised. */
async function placedOrder(c: TestContext, o: { sellerCode: string; buyerCode: string; productId: string; batchId: string; quantity: number }): Promise<string> {
  const orderId = await acceptedOrder(c.db, { sellerCode: o.sellerCode, buyerCode: o.buyerCode, lines: [{ productId: o.productId, quantity: o.quantity, ptrPaise: 2800, batches: [{ batchId: o.batchId, quantity: o.quantity }] }] });
  await c.db.updateTable('orders').set({ status: 'PLACED', decided_at: null }).where('id', '=', orderId).execute();
  await sql`UPDATE order_allocations SET status = 'RESERVED' WHERE order_line_id IN (SELECT id FROM order_lines WHERE order_id = ${orderId})`.execute(c.db);
  await sql`UPDATE inventory_batches SET reserved = reserved + ${o.quantity} WHERE id = ${o.batchId}`.execute(c.db);
  return orderId;
}

/** A unit of type MANUFACTURER with an owner who can sign in. */
async function manufacturer(tradeName: string, mobile: string) {
  const unit = randomUUID();
  const now = t.clock.now();
  await t.db.insertInto('units').values({ id: unit, unit_code: `MFR-${mobile.slice(-4)}`, trade_name: tradeName, customer_type: 'MANUFACTURER', activated: true, city: 'Mumbai', created_at: now }).execute();
  await t.db.insertInto('users').values({ id: randomUUID(), unit_id: unit, role: 'OWNER', first_name: 'Maker', mobile, created_at: now }).execute();
  return signedIn(t, mobile);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function upload(who: World['staff'] & { session: { token: string } }, kind: string | null, fileName: string, bytes: Buffer) {
  const form = multipart(fileName, bytes, kind ? { kind } : {});
  return t.app.inject({ method: 'POST', url: RECALL_PATHS.documents, headers: { ...form.headers, authorization: `Bearer ${who.session.token}` }, payload: form.payload });
}

describe('raise: what it matches and moves', () => {
  it('all batches up to an expiry: only those expiring on or before the day', async () => {
    const w = await world();
    const recall = await raise(w.staff, newRecall(w.product, { batchNos: [], expiryUpTo: '2027-03-31', reason: 'MANUFACTURER_RECALL' }));
    expect(await batchRow(w.batches.thnOld)).toEqual({ quantity: 0, reserved: 0, recall_id: recall.id });
    for (const id of [w.batches.pun, w.batches.mum, w.batches.punOther]) expect((await batchRow(id)).recall_id).toBeNull();
    expect(await quarantineOf('STK-THN-001', recall.id)).toBe(30);
    const [notice] = await noticesOf('STK-THN-001');
    expect(notice!.body).toContain('All batches expiring up to 2027-03-31 of Recalvin 650 Tablet (Recallo Labs Ltd) are recalled: Recalled by the manufacturer.');
    expect(notice!.body).toContain('Your 30 units were moved to quarantine.');
  });

  it('is one transaction: a failure half-way leaves no recall, no mark, no movement and every reservation as it was', async () => {
    const w = await world();
    const orderId = await placedOrder(t, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', productId: w.product, batchId: w.batches.pun, quantity: 10 });
    // The last statements of a raise write the parties: make them fail.
    await sql`CREATE FUNCTION recall_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER recall_test_refuse BEFORE INSERT ON recall_parties FOR EACH ROW EXECUTE FUNCTION recall_test_refuse()`.execute(t.db);
    try {
      const res = await w.staff.post(RECALL_PATHS.list, newRecall(w.product));
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER recall_test_refuse ON recall_parties`.execute(t.db);
      await sql`DROP FUNCTION recall_test_refuse()`.execute(t.db);
    }
    expect(await t.db.selectFrom('recalls').select('id').execute()).toEqual([]);
    expect(await batchRow(w.batches.pun)).toEqual({ quantity: 100, reserved: 10, recall_id: null });
    expect(await t.db.selectFrom('stock_movements').select('id').where('kind', '=', 'RECALL').execute()).toEqual([]);
    expect(await t.db.selectFrom('non_saleable_stock_movements').select('id').where('reason', '=', 'RECALL').execute()).toEqual([]);
    expect(await t.db.selectFrom('recall_order_flags').select('order_id').execute()).toEqual([]);
    const allocations = await sql<{ status: string }>`SELECT a.status FROM order_allocations a JOIN order_lines l ON l.id = a.order_line_id WHERE l.order_id = ${orderId}`.execute(t.db);
    expect(allocations.rows).toEqual([{ status: 'RESERVED' }]);
    expect(await t.db.selectFrom('notifications').select('id').where('type', '=', 'RECALL').execute()).toEqual([]);
  });

  it('releases the reservations of unaccepted orders and flags accepted orders not yet dispatched to their sellers', async () => {
    const w = await world();
    const placed = await placedOrder(t, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', productId: w.product, batchId: w.batches.pun, quantity: 10 });
    // Lohar Chawl accepted an order whose goods were picked from its "rv 101" (stock already left the batch).
    const accepted = await acceptedOrder(t.db, { sellerCode: 'STK-MUM-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.product, quantity: 5, ptrPaise: 2900, batches: [{ batchId: w.batches.mum, quantity: 5 }] }] });
    // An order of another batch is not touched.
    const unrelated = await placedOrder(t, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', productId: w.product, batchId: w.batches.punOther, quantity: 3 });

    const recall = await raise(w.staff, newRecall(w.product));
    expect(recall.counts.ordersFlagged).toBe(2);
    // The reserved units went to quarantine with the rest: the order is filled from other batches on acceptance.
    expect(await batchRow(w.batches.pun)).toEqual({ quantity: 0, reserved: 0, recall_id: recall.id });
    expect(await quarantineOf('STK-PUN-001', recall.id)).toBe(100);
    const statuses = await sql<{ order_id: string; status: string }>`
      SELECT l.order_id, a.status FROM order_allocations a JOIN order_lines l ON l.id = a.order_line_id ORDER BY a.status`.execute(t.db);
    expect(statuses.rows).toEqual(expect.arrayContaining([{ order_id: placed, status: 'RELEASED' }, { order_id: accepted, status: 'ACCEPTED' }, { order_id: unrelated, status: 'RESERVED' }]));
    expect(await batchRow(w.batches.punOther)).toEqual({ quantity: 50, reserved: 3, recall_id: null });

    const placedDetail = body<OrderDetail>(await w.stockist.get(`/orders/v2/${placed}`));
    expect(placedDetail.recallFlags).toEqual([
      {
        recallId: recall.id,
        recallNumber: recall.recallNumber,
        kind: 'RESERVATION_RELEASED',
        batchNo: 'RV-101',
        units: 10,
        message: `Batch RV-101 is recalled (${recall.recallNumber}): 10 units reserved for this order were released; accepting fills them from other batches`,
      },
    ]);
    expect(body<OrderDetail>(await w.stockist.get(`/orders/v2/${unrelated}`)).recallFlags).toEqual([]);
    // The buyer's side of the order carries no flags.
    expect(body<OrderDetail>(await w.retailer.get(`/orders/v2/${placed}`)).recallFlags).toBeUndefined();
    const lohar = await signedIn(t, '9800000201');
    const acceptedDetail = body<OrderDetail>(await lohar.get(`/orders/v2/${accepted}`));
    expect(acceptedDetail.recallFlags).toEqual([expect.objectContaining({ kind: 'REPLACE_OR_CANCEL', batchNo: 'rv 101', units: 5 })]);
    expect(acceptedDetail.recallFlags![0]!.message).toContain('replace them from another batch or cancel the acceptance');

    const [agarwal] = await noticesOf('STK-PUN-001');
    expect(agarwal!.body).toContain('10 units reserved for 1 unaccepted order were released.');
    const [loharNotice] = await noticesOf('STK-MUM-001');
    expect(loharNotice!.body).toContain('1 accepted order holds 5 recalled units not yet dispatched: replace or cancel.');
  });

  it('tells every holder and every buyer that received units, with the quantities and invoice numbers', async () => {
    const w = await world();
    // Agarwal invoices Sharma 12 units of RV-101 and Sharma receives them into its own stock.
    const bill = await buyAndReceive(t, w as unknown as BooksWorld, { productId: w.product, batchId: w.batches.pun, quantity: 12, ptrPaise: 2800 });
    const recall = await raise(w.staff, newRecall(w.product));
    expect(recall.counts).toMatchObject({ holders: 3, buyers: 1 });

    const parties = await t.db.selectFrom('recall_parties').select(['unit_id', 'role', 'units']).where('recall_id', '=', recall.id).orderBy('role').orderBy('units').execute();
    const sharma = await unitId(t.db, 'RTL-MUM-001');
    expect(parties).toEqual(
      expect.arrayContaining([
        { unit_id: sharma, role: 'BUYER', units: 12 },
        { unit_id: sharma, role: 'HOLDER', units: 12 },
        { unit_id: await unitId(t.db, 'STK-MUM-001'), role: 'HOLDER', units: 40 },
      ]),
    );
    const notices = await noticesOf('RTL-MUM-001');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`Recall ${recall.recallNumber}: Recalvin 650 Tablet (not of standard quality)`);
    expect(notices[0]!.link).toBe(`/stocks/recalls/${recall.id}`);
    expect(notices[0]!.body).toContain('Batch RV101 of Recalvin 650 Tablet (Recallo Labs Ltd) is recalled: Not of standard quality.');
    expect(notices[0]!.body).toContain('Your 12 units were moved to quarantine.');
    expect(notices[0]!.body).toContain(`You received 12 units in the last 6 months on invoice ${bill.billNumber} (batch RV-101, 12 units)`);
    expect(await quarantineOf('RTL-MUM-001', recall.id)).toBe(12);
    // The buyer sees the recall as its own, both ways.
    const mine = body<Recall>(await w.retailer.get(RECALL_PATHS.detail(recall.id))).mine;
    expect(mine).toEqual({ holder: true, buyer: true, raisedByMe: false, unitsHeld: 12, unitsQuarantined: 12 });
    expect(await noticesOf('STK-THN-001')).toEqual([]);
  });

  it('blocks a batch that arrives after the recall as it is written, and tells its unit once', async () => {
    const w = await world();
    const recall = await raise(w.staff, newRecall(w.product));
    const late = await addBatch(t.db, { sellerCode: 'STK-THN-001', productId: w.product, batchNo: 'Rv.101', expiry: '2028-06-30', quantity: 25, ptr: 2600, mrp: 3400 });
    expect((await batchRow(late)).recall_id).toBe(recall.id);
    const sellable = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sellable_batches WHERE batch_id = ${late}`.execute(t.db);
    expect(sellable.rows[0]!.n).toBe(0);
    expect(body<Recall>(await w.staff.get(RECALL_PATHS.detail(recall.id))).counts.holders).toBe(3);
    // Its unit is told once, as a holder; a second batch adds to its units without a second notice.
    await addBatch(t.db, { sellerCode: 'STK-THN-001', productId: w.product, batchNo: 'RV 101', expiry: '2028-07-31', quantity: 5, ptr: 2600, mrp: 3400 });
    const notices = await noticesOf('STK-THN-001');
    expect(notices).toEqual([
      {
        title: `Recall ${recall.recallNumber}: Recalvin 650 Tablet (not of standard quality)`,
        body: `Batch Rv.101 of Recalvin 650 Tablet you just took into stock (25 units) is under recall ${recall.recallNumber}: it may not be sold. Keep it apart and see the recall for what to do.`,
        link: `/stocks/recalls/${recall.id}`,
      },
    ]);
    const party = await t.db.selectFrom('recall_parties').select(['role', 'units']).where('recall_id', '=', recall.id).where('unit_id', '=', await unitId(t.db, 'STK-THN-001')).execute();
    expect(party).toEqual([{ role: 'HOLDER', units: 30 }]);
    const thane = await signedIn(t, '9800000202');
    expect(body<RecallList>(await thane.get(RECALL_PATHS.list)).items.map((r) => r.id)).toEqual([recall.id]);
  });
});

describe('lift', () => {
  it('restores the quarantined units to sale with a movement back and tells the same units', async () => {
    const w = await world();
    const recall = await raise(w.staff, newRecall(w.product));
    t.clock.advance(60);
    const res = await w.staff.post(RECALL_PATHS.lift(recall.id), { reason: 'Cleared on retest' });
    expect(res.statusCode).toBe(200);
    const lifted = body<Recall>(res);
    expect(lifted).toMatchObject({ status: 'LIFTED', liftReason: 'Cleared on retest', counts: { quarantined: 0 } });
    expect(await batchRow(w.batches.pun)).toEqual({ quantity: 100, reserved: 0, recall_id: null });
    expect(await batchRow(w.batches.mum)).toEqual({ quantity: 40, reserved: 0, recall_id: null });
    const back = await t.db.selectFrom('stock_movements').select(['batch_id', 'quantity_delta']).where('kind', '=', 'RECALL').where('quantity_delta', '>', 0).orderBy('quantity_delta').execute();
    expect(back).toEqual([
      { batch_id: w.batches.mum, quantity_delta: 40 },
      { batch_id: w.batches.pun, quantity_delta: 100 },
    ]);
    expect(await quarantineOf('STK-PUN-001', recall.id)).toBe(0);
    const sellable = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sellable_batches WHERE batch_id = ${w.batches.pun}`.execute(t.db);
    expect(sellable.rows[0]!.n).toBe(1);
    const notices = await noticesOf('STK-MUM-001');
    expect(notices.map((n) => n.title)).toEqual([expect.stringContaining(recall.recallNumber), `Recall ${recall.recallNumber} lifted: Recalvin 650 Tablet`]);
    expect(notices[1]!.body).toBe('Batch RV101 of Recalvin 650 Tablet may be sold again: Cleared on retest. Your 40 units were moved back from quarantine to stock.');

    const again = await w.staff.post(RECALL_PATHS.lift(recall.id), { reason: 'Cleared on retest' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E0013', message: `Recall ${recall.recallNumber} is already lifted` });
  });

  it('leaves a batch blocked when another active recall still covers it, its units in quarantine under that one', async () => {
    const w = await world();
    const first = await raise(w.staff, newRecall(w.product));
    const second = await raise(w.staff, newRecall(w.product, { batchNos: [], expiryUpTo: '2028-06-30' }));
    expect((await batchRow(w.batches.pun)).recall_id).toBe(first.id);
    expect((await batchRow(w.batches.thnOld)).recall_id).toBe(second.id);
    expect((await w.staff.post(RECALL_PATHS.lift(first.id), { reason: 'Wrong batch named' })).statusCode).toBe(200);
    expect(await batchRow(w.batches.pun)).toEqual({ quantity: 0, reserved: 0, recall_id: second.id });
    expect(await quarantineOf('STK-PUN-001', first.id)).toBe(0);
    expect(await quarantineOf('STK-PUN-001', second.id)).toBe(100);
  });
});

describe('who may raise and lift', () => {
  it('a stockist only for stock it holds or has held, marked as a distributor; a retailer never', async () => {
    const w = await world();
    const refused = await w.stockist.post(RECALL_PATHS.list, newRecall(w.product));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'E0040', message: 'You have never held Recalvin 650 Tablet: a distributor may recall only stock it distributes' });
    // Once a movement shows Agarwal held the batch (stock added by hand), it may.
    await t.db
      .insertInto('stock_movements')
      .values({ id: randomUUID(), batch_id: w.batches.pun, unit_id: await unitId(t.db, 'STK-PUN-001'), kind: 'MANUAL_ADD', quantity_delta: 100, created_at: t.clock.now() })
      .execute();
    const recall = await raise(w.stockist, newRecall(w.product, { reason: 'SPURIOUS' }));
    expect(recall.raisedBy).toEqual({ kind: 'STOCKIST', unitName: 'Agarwal Pharma Distributors' });
    // Its page offers the raiser (and no holder that did not raise it) the lift.
    expect(recall.mine.raisedByMe).toBe(true);
    expect(body<Recall>(await (await signedIn(t, '9800000201')).get(RECALL_PATHS.detail(recall.id))).mine.raisedByMe).toBe(false);
    expect((await w.retailer.post(RECALL_PATHS.list, newRecall(w.product))).statusCode).toBe(403);

    // Lifting: the raiser may; a holder that did not raise it is refused; a unit it does not reach does not see it.
    const lohar = await signedIn(t, '9800000201');
    const byHolder = await lohar.post(RECALL_PATHS.lift(recall.id), { reason: 'Cleared on retest' });
    expect(byHolder.statusCode).toBe(403);
    expect(byHolder.json()).toMatchObject({ code: 'E0040' });
    const thane = await signedIn(t, '9800000202');
    expect((await thane.post(RECALL_PATHS.lift(recall.id), { reason: 'Cleared on retest' })).statusCode).toBe(404);
    expect((await w.stockist.post(RECALL_PATHS.lift(recall.id), { reason: 'Cleared on retest' })).statusCode).toBe(200);
  });

  it('a manufacturer only for products under its own name, however the legal form is spelled', async () => {
    const w = await world();
    const maker = await manufacturer('RECALLO LABS LIMITED', '9800000771');
    const recall = await raise(maker, newRecall(w.product));
    expect(recall.raisedBy).toEqual({ kind: 'MANUFACTURER', unitName: 'RECALLO LABS LIMITED' });
    const otherMaker = await manufacturer('Othera Pharma Pvt. Ltd.', '9800000772');
    const refused = await otherMaker.post(RECALL_PATHS.list, newRecall(w.product));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'E0040', message: 'Recalvin 650 Tablet is made by Recallo Labs Ltd: a manufacturer may recall only its own products' });
    // The maker sees recalls of its products (network view is rc-trace's), another maker does not.
    expect((await maker.get(RECALL_PATHS.detail(recall.id))).statusCode).toBe(200);
    expect((await otherMaker.get(RECALL_PATHS.detail(recall.id))).statusCode).toBe(404);
  });

  it('lists the recalls that reach a unit; staff see all', async () => {
    const w = await world();
    const first = await raise(w.staff, newRecall(w.product));
    t.clock.advance(60);
    const second = await raise(w.staff, newRecall(w.product, { batchNos: [], expiryUpTo: '2027-03-31' }));
    await w.staff.post(RECALL_PATHS.lift(second.id), { reason: 'Cleared on retest' });
    const idsOf = (l: RecallList) => l.items.map((r) => r.id);
    expect(idsOf(body<RecallList>(await w.staff.get(RECALL_PATHS.list)))).toEqual([second.id, first.id]);
    expect(idsOf(body<RecallList>(await w.staff.get(RECALL_PATHS.list, { status: 'ACTIVE' })))).toEqual([first.id]);
    const agarwal = body<RecallList>(await w.stockist.get(RECALL_PATHS.list));
    expect(idsOf(agarwal)).toEqual([first.id]);
    expect(agarwal.items[0]!.mine).toEqual({ holder: true, buyer: false, raisedByMe: false, unitsHeld: 100, unitsQuarantined: 100 });
    const thane = await signedIn(t, '9800000202');
    expect(idsOf(body<RecallList>(await thane.get(RECALL_PATHS.list)))).toEqual([second.id]);
    expect((await thane.get(RECALL_PATHS.detail(first.id))).statusCode).toBe(404);
    expect(body<RecallList>(await w.retailer.get(RECALL_PATHS.list)).totalResults).toBe(0);
  });
});

describe('bad input', () => {
  it('answers 400 with a message a person understands', async () => {
    const w = await world();
    const cases: [object, string][] = [
      [newRecall(w.product, { batchNos: [] }), 'Name the batch numbers, or all batches up to an expiry'],
      [newRecall(w.product, { source: { noticeNumber: 'CDSCO/1', noticeDate: null, letterDocumentId: null } }), "Give the notice number and date, or upload the manufacturer's letter"],
      [{ ...newRecall(w.product), reason: 'BAD' }, 'Choose why the batch is recalled'],
      [newRecall(w.product, { batchNos: ['--'] }), 'A batch number needs a letter or digit'],
      [newRecall(randomUUID()), 'No such product: pick it from the product list'],
    ];
    for (const [payload, message] of cases) {
      const res = await w.staff.post(RECALL_PATHS.list, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'error', code: 'E0001' });
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const recall = await raise(w.staff, newRecall(w.product));
    const shortReason = await w.staff.post(RECALL_PATHS.lift(recall.id), { reason: 'ok' });
    expect(shortReason.statusCode).toBe(400);
    expect(JSON.stringify(shortReason.json())).toContain('Say why the recall is lifted');
  });
});

describe('documents', () => {
  it("keeps the manufacturer's letter, raises on it, and shows it to those the recall reaches", async () => {
    const w = await world();
    const res = await upload(w.staff, 'LETTER', 'letter from Recallo.pdf', PDF);
    expect(res.statusCode).toBe(200);
    const doc = body<RecallDocument>(res);
    expect(doc.fileName).toBe('letter_from_Recallo.pdf');
    const recall = await raise(w.staff, newRecall(w.product, { source: { noticeNumber: null, noticeDate: null, letterDocumentId: doc.documentId } }));
    expect(recall.letterDocumentId).toBe(doc.documentId);
    const lohar = await signedIn(t, '9800000201');
    const file = await lohar.get(RECALL_PATHS.document(doc.documentId));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const thane = await signedIn(t, '9800000202');
    expect((await thane.get(RECALL_PATHS.document(doc.documentId))).statusCode).toBe(404);
    // Another unit's letter cannot be named.
    const own = body<RecallDocument>(await upload(lohar, 'LETTER', 'mine.pdf', PDF));
    const foreign = await w.staff.post(RECALL_PATHS.list, newRecall(w.product, { source: { noticeNumber: null, noticeDate: null, letterDocumentId: own.documentId } }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'E0001', message: "The manufacturer's letter was not found: upload it again" });
  });

  it('refuses a file that is not a PDF or image by its content, an unknown kind and an empty file', async () => {
    const w = await world();
    const renamed = await upload(w.staff, 'LETTER', 'letter.pdf', Buffer.from('just some text, not a PDF'));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ code: 'E0001', message: 'The file is not a PDF or an image (PNG, JPEG, WebP)' });
    const noKind = await upload(w.staff, null, 'letter.pdf', PDF);
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().message).toContain("Say what the file is");
    const empty = await upload(w.staff, 'DESTRUCTION_CERTIFICATE', 'c.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const png = await upload(w.stockist, 'DESTRUCTION_CERTIFICATE', 'cert.PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    expect(png.statusCode).toBe(200);
    expect(body<RecallDocument>(png).fileName).toBe('cert.png');
  });
});

describe('product matching', () => {
  it('finds the product as a notice prints it (name variants, manufacturer spelled otherwise), exact when one is certain', async () => {
    const w = await world();
    // Products of their own: the master keeps every test's products, so "Recalvin 650 Tablet" is there many times.
    const product = await addProduct(t.db, { name: 'Matchora 650 Tablet', manufacturer: 'Recallo Labs Ltd', pack: '15 tablets', hsn: '30049099' });
    const other = await addProduct(t.db, { name: 'Matchora 500 Tablet', manufacturer: 'Recallo Labs Ltd', pack: '10 tablets', hsn: '30049099' });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'M-1', expiry: '2028-06-30', quantity: 10, ptr: 100, mrp: 200 });
    await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: product, batchNo: 'M-2', expiry: '2028-06-30', quantity: 10, ptr: 100, mrp: 200 });
    const q = async (query: Record<string, string>) => body<RecallProductMatches>(await w.staff.get(RECALL_PATHS.products, query));
    const exact = await q({ name: 'MATCHORA-650 TAB', manufacturer: 'RECALLO LABS LIMITED' });
    expect(exact.exact).toBe(true);
    expect(exact.candidates[0]).toEqual({ productId: product, name: 'Matchora 650 Tablet', manufacturer: 'Recallo Labs Ltd', pack: '15 tablets', holders: 2 });
    const loose = await q({ name: 'matchora' });
    expect(loose.exact).toBe(false);
    expect(loose.candidates.map((c) => c.productId).sort()).toEqual([product, other].sort());
    // A typo, as search forgives it.
    expect((await q({ name: 'Matchra 650 Tablets' })).candidates[0]!.productId).toBe(product);
    expect((await q({ name: 'Matchora 650', manufacturer: 'Othera Pharma' })).candidates).toEqual([]);
    // Two products of the same name (two packs): the person confirms one.
    await addProduct(t.db, { name: 'Matchora 650 Tablet', manufacturer: 'Recallo Labs Ltd', pack: '30 tablets', hsn: '30049099' });
    expect((await q({ name: 'Matchora 650 Tablet' })).exact).toBe(false);
    const tooShort = await w.staff.get(RECALL_PATHS.products, { name: 'r' });
    expect(tooShort.statusCode).toBe(400);
    expect(JSON.stringify(tooShort.json())).toContain('Enter at least 2 letters of the product name');
  });
});

describe('raising while the batch is being sold (on PostgreSQL: real concurrency)', () => {
  it('neither deadlocks nor oversells: every unit is sold, sent on an accepted order or quarantined, once', async () => {
    const w = await world();
    const agarwal = await unitId(t.db, 'STK-PUN-001');
    const warehouse = await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', agarwal).orderBy('created_at').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ active_warehouse_id: warehouse.id }).where('unit_id', '=', agarwal).execute();
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) orders.push(await placedOrder(t, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', productId: w.product, batchId: w.batches.pun, quantity: 5 }));

    const accepts = orders.map((id) => w.stockist.post(`/orders/v2/${id}/accept`));
    const sales = Array.from({ length: 6 }, () => w.stockist.post('/purchases/sales/instore', { buyer: {}, lines: [{ productId: w.product, batchId: w.batches.pun, quantity: 7 }], paymentMode: 'CASH' }));
    const raised = w.staff.post(RECALL_PATHS.list, newRecall(w.product));
    const answers = await Promise.all([raised, ...accepts, ...sales]);

    // Every answer is the raise, a success or a refusal a person understands: never a deadlock or a failure.
    for (const res of answers) {
      const understood = res.statusCode < 300 || res.statusCode === 409;
      // The answer's body when it is not (a deadlock shows as a 500 with its message).
      expect({ status: res.statusCode, understood, body: understood ? '' : res.body }).toEqual({ status: res.statusCode, understood: true, body: '' });
    }
    expect(answers[0]!.statusCode).toBe(200);
    const recall = body<Recall>(answers[0]!);

    const pun = await batchRow(w.batches.pun);
    expect(pun).toEqual({ quantity: 0, reserved: 0, recall_id: recall.id });
    const moved = await sql<{ kind: string; units: number }>`
      SELECT kind, -sum(quantity_delta)::int AS units FROM stock_movements WHERE batch_id = ${w.batches.pun} GROUP BY kind ORDER BY kind`.execute(t.db);
    const out = Object.fromEntries(moved.rows.map((r) => [r.kind, r.units]));
    // 100 units: what left on accepted orders and counter bills, and the rest in quarantine.
    expect((out.ORDER ?? 0) + (out.SALE ?? 0) + (out.RECALL ?? 0)).toBe(100);
    expect(await quarantineOf('STK-PUN-001', recall.id)).toBe(out.RECALL ?? 0);
    const accepted = await sql<{ units: number }>`SELECT coalesce(sum(quantity), 0)::int AS units FROM order_allocations WHERE batch_id = ${w.batches.pun} AND status = 'ACCEPTED'`.execute(t.db);
    expect(accepted.rows[0]!.units).toBe(out.ORDER ?? 0);
    const reserved = await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_allocations WHERE batch_id = ${w.batches.pun} AND status = 'RESERVED'`.execute(t.db);
    expect(reserved.rows[0]!.n).toBe(0);
    // Accepted orders that took units of it before the raise are flagged to replace or cancel, the others released.
    const flags = await t.db.selectFrom('recall_order_flags').select(['kind', 'units']).where('recall_id', '=', recall.id).execute();
    expect(flags.filter((f) => f.kind === 'REPLACE_OR_CANCEL').reduce((s, f) => s + f.units, 0)).toBe(out.ORDER ?? 0);
    const other = await batchRow(w.batches.punOther);
    expect(other.quantity).toBeGreaterThanOrEqual(other.reserved);
  });
});

describe('a batch written while the recall is raised', () => {
  // PGlite runs one transaction at a time: the two cannot overlap there.
  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('is blocked too: the raise waits for the writer, then marks and quarantines the new batch', async () => {
    const w = await world();
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: (id: string) => void;
    const batchId = new Promise<string>((resolve) => (written = resolve));
    // A purchase being received: the batch is written, the transaction not yet committed.
    const writer = t.db.transaction().execute(async (trx) => {
      written(await addBatch(trx, { sellerCode: 'STK-THN-001', productId: w.product, batchNo: 'RV/101', expiry: '2028-06-30', quantity: 25, ptr: 2600, mrp: 3400 }));
      await held;
    });
    const late = await batchId;
    let settled = false;
    const raising = w.staff.post(RECALL_PATHS.list, newRecall(w.product)).finally(() => (settled = true));
    // Until the raise is seen waiting for the writer's lock (or, without that lock, is already done).
    for (;;) {
      const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(t.db);
      if (waiting.rows[0]!.n > 0 || settled) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    commit();
    await writer;
    const res = await raising;
    expect(res.statusCode).toBe(200);
    const recall = body<Recall>(res);
    expect(await batchRow(late)).toEqual({ quantity: 0, reserved: 0, recall_id: recall.id });
    expect(await quarantineOf('STK-THN-001', recall.id)).toBe(25);
  });
});
