import { randomUUID } from 'node:crypto';
import { MARKETPLACE_PATHS, type Cart, type OrderDetail, type OrderList, type SubmitResult } from 'shared-api';
import type { Caller } from '../src/http/access';
import type { AppError } from '../src/http/errors';
import { OrdersService } from '../src/modules/orders/service';
import { addBatch, batch, connect, marketplaceWorld, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
  return { session, post, get };
}

describe('submit', () => {
  it('makes one order per seller with GST per line, reserves stock, empties the cart and tells each seller', async () => {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 7 });

    const res = await retailer.post(MARKETPLACE_PATHS.cartSubmit);
    expect(res.statusCode).toBe(200);
    const { orders } = body<SubmitResult>(res);
    // Agarwal: 30 × ₹27.50 + 3 × ₹15.00 = ₹870.00, GST 12 % = ₹104.40. Lohar Chawl: 7 × ₹29.00 = ₹203.00 + ₹24.36.
    expect(orders.map((o) => [o.counterpartyUnitCode, o.itemCount, o.taxablePaise, o.gstPaise, o.totalPaise])).toEqual([
      ['STK-MUM-001', 1, 20300, 2436, 22736],
      ['STK-PUN-001', 2, 87000, 10440, 97440],
    ]);
    // 33 units FEFO: all 20 of the near batch, 13 of the next; never the expired one.
    expect(await batch(t.db, w.batches.punNear)).toEqual({ quantity: 20, reserved: 20 });
    expect(await batch(t.db, w.batches.punFar)).toEqual({ quantity: 100, reserved: 13 });
    expect(await batch(t.db, w.batches.punExpired)).toEqual({ quantity: 500, reserved: 0 });

    const cart = body<Cart>(await retailer.get(MARKETPLACE_PATHS.placedOrders.replace('/orders/v2/placed', '/cart')));
    expect(cart.total.itemCount).toBe(0);
    expect((await retailer.post(MARKETPLACE_PATHS.cartSubmit)).json()).toMatchObject({ code: 'E0043' });

    const seller = await unitId(t.db, 'STK-PUN-001');
    const note = await t.db.selectFrom('notifications').select(['type', 'title', 'body']).where('unit_id', '=', seller).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(note).toEqual({ type: 'B2B_ORDER', title: 'New order from Sharma Medical Stores', body: `${orders[1]!.orderNumber}: 2 items, ₹974.40.` });

    const placed = body<OrderList>(await retailer.get(MARKETPLACE_PATHS.placedOrders));
    expect(placed.items.filter((o) => orders.some((mine) => mine.orderId === o.orderId)).map((o) => o.status)).toEqual(['PLACED', 'PLACED']);
  });

  it('answers E0044 without a cart and E0042 (with the item) when stock ran out since it was added', async () => {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    expect((await retailer.post(MARKETPLACE_PATHS.cartSubmit)).json()).toMatchObject({ code: 'E0044' });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 30 });
    await t.db.updateTable('inventory_batches').set({ reserved: 20 }).where('id', '=', w.batches.mum).execute();
    const res = await retailer.post(MARKETPLACE_PATHS.cartSubmit);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'E0042', message: 'Order not submitted: only 20 of Dolovex 650 Tablet left at Lohar Chawl Medical Agencies (you asked for 30)' });
    expect(body<Cart>(await retailer.get('/cart')).total.itemCount).toBe(1);
  });
});

describe('20 buyers racing for the last units', () => {
  it('never oversells: every loser gets E0042, reserved never exceeds stock', async () => {
    const w = await marketplaceWorld(t.db);
    const sellerId = await unitId(t.db, 'STK-PUN-001');
    const now = t.clock.now();
    const callers: Caller[] = [];
    for (let i = 0; i < 20; i++) {
      const unit = randomUUID();
      const code = `RTL-RACE-${String(i).padStart(2, '0')}`;
      await t.db.insertInto('units').values({ id: unit, unit_code: code, trade_name: `Race Chemist ${i}`, customer_type: 'RETAILER', activated: true, city: 'Mumbai', created_at: now }).execute();
      const user = randomUUID();
      await t.db.insertInto('users').values({ id: user, unit_id: unit, role: 'OWNER', first_name: 'Race', mobile: `97000000${String(i).padStart(2, '0')}`, created_at: now }).execute();
      await connect(t.db, code, 'STK-PUN-001');
      const cart = randomUUID();
      await t.db.insertInto('carts').values({ id: cart, buyer_unit_id: unit, created_at: now, updated_at: now }).execute();
      await t.db
        .insertInto('cart_entries')
        .values({ id: randomUUID(), cart_id: cart, seller_unit_id: sellerId, product_id: w.crocivex, manufacturer: 'Glaxovia Healthcare', product_name: 'Crocivex 500', quantity: 4, ptr_paise: 1500, mrp_paise: 2000, created_at: now })
        .execute();
      callers.push({ userId: user, unitId: unit, unitCode: code, customerType: 'RETAILER', role: 'OWNER', familyId: randomUUID(), activated: true });
    }
    // 30 left and a second batch of 5: 35 units, 4 each → 8 winners, 3 units left over.
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: w.crocivex, batchNo: 'CRO-2', expiry: '2028-01-31', quantity: 5, ptr: 1500, mrp: 2000 });
    const orders = new OrdersService(t.db, t.config);
    const results = await Promise.allSettled(callers.map((c) => orders.submit(c)));
    const won = results.filter((r) => r.status === 'fulfilled').length;
    const lost = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as AppError);
    expect(won).toBe(8);
    expect(lost.map((e) => e.code)).toEqual(Array(12).fill('E0042'));
    const stock = await t.db.selectFrom('inventory_batches').select(['quantity', 'reserved']).where('product_id', '=', w.crocivex).execute();
    expect(stock.reduce((s, b) => s + b.reserved, 0)).toBe(32);
    expect(stock.every((b) => b.reserved <= b.quantity)).toBe(true);
  });
});

describe('the seller decides', () => {
  async function placedOrder() {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
    const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
    return { w, retailer, orderId: orders[0]!.orderId };
  }

  it('accepting moves stock first expiry first with ORDER movements; the buyer sees it accepted', async () => {
    const { w, retailer, orderId } = await placedOrder();
    const stockist = await signedIn(DEMO.stockist);
    const received = body<OrderList>(await stockist.get(MARKETPLACE_PATHS.receivedOrders));
    expect(received.items[0]).toMatchObject({ orderId, status: 'PLACED', counterpartyTradeName: 'Sharma Medical Stores', itemCount: 1 });

    const res = await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId));
    const detail = body<OrderDetail>(res);
    expect(detail.status).toBe('ACCEPTED');
    expect(detail.lines[0]!.allocations).toEqual([
      { batchNo: 'PUN-B1', expiryDate: '2027-01-31', quantity: 20 },
      { batchNo: 'PUN-B2', expiryDate: '2028-06-30', quantity: 13 },
    ]);
    expect(await batch(t.db, w.batches.punNear)).toEqual({ quantity: 0, reserved: 0 });
    expect(await batch(t.db, w.batches.punFar)).toEqual({ quantity: 87, reserved: 0 });
    const moves = await t.db.selectFrom('stock_movements').select(['kind', 'quantity_delta']).where('reference', '=', orderId).orderBy('quantity_delta').execute();
    expect(moves).toEqual([{ kind: 'ORDER', quantity_delta: -20 }, { kind: 'ORDER', quantity_delta: -13 }]);
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId))).json()).toMatchObject({ code: 'E0042' });
    expect(body<OrderDetail>(await retailer.get(MARKETPLACE_PATHS.order(orderId))).status).toBe('ACCEPTED');
  });

  it('a reserved batch that expired before acceptance is replaced by the next batch', async () => {
    const { w, orderId } = await placedOrder();
    await t.db.updateTable('inventory_batches').set({ expiry_date: '2026-11-22' }).where('id', '=', w.batches.punNear).execute();
    const stockist = await signedIn(DEMO.stockist);
    const detail = body<OrderDetail>(await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId)));
    expect(detail.lines[0]!.allocations).toEqual([{ batchNo: 'PUN-B2', expiryDate: '2028-06-30', quantity: 33 }]);
    expect(await batch(t.db, w.batches.punNear)).toEqual({ quantity: 20, reserved: 0 });
    expect(await batch(t.db, w.batches.punFar)).toEqual({ quantity: 67, reserved: 0 });
  });

  it('rejecting releases the reservation; other units cannot see or decide the order', async () => {
    const { w, orderId } = await placedOrder();
    const hospital = await signedIn(DEMO.hospital);
    expect((await hospital.get(MARKETPLACE_PATHS.order(orderId))).statusCode).toBe(404);
    const stockist = await signedIn(DEMO.stockist);
    const detail = body<OrderDetail>(await stockist.post(MARKETPLACE_PATHS.rejectOrder(orderId), { reason: 'Out of delivery area' }));
    expect(detail.status).toBe('REJECTED');
    expect(await batch(t.db, w.batches.punNear)).toEqual({ quantity: 20, reserved: 0 });
    expect(await batch(t.db, w.batches.punFar)).toEqual({ quantity: 100, reserved: 0 });
  });
});

describe("the buyer's purchase orders", () => {
  async function twoOrders() {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 7 });
    const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
    const bySeller = (code: string) => orders.find((o) => o.counterpartyUnitCode === code)!.orderId;
    return { retailer, agarwal: bySeller('STK-PUN-001'), lohar: bySeller('STK-MUM-001') };
  }

  it('reads its own order with every line, the batches held for it, and the totals', async () => {
    const { retailer, agarwal } = await twoOrders();
    const res = await retailer.get(MARKETPLACE_PATHS.order(agarwal));
    expect(res.statusCode).toBe(200);
    const detail = body<OrderDetail>(res);
    expect(detail).toMatchObject({ callerSide: 'BUYER', status: 'PLACED', decidedAt: null, counterpartyTradeName: 'Agarwal Pharma Distributors', itemCount: 2, totalPaise: 97440 });
    expect(detail.rejectReason).toBeUndefined();
    const lines = [...detail.lines].sort((a, b) => a.productName.localeCompare(b.productName));
    expect(lines.map((l) => [l.productName, l.pack, l.manufacturer, l.quantity, l.freeQuantity, l.ptrPaise, l.mrpPaise, l.totalPaise])).toEqual([
      ['Crocivex 500', '10 tablets', 'Glaxovia Healthcare', 3, 0, 1500, 2000, 5040],
      ['Dolovex 650 Tablet', '15 tablets', 'Microvia Labs', 30, 3, 2750, 3400, 92400],
    ]);
    // While PLACED the allocations are the reservations, first expiry first.
    expect(lines[1]!.allocations).toEqual([
      { batchNo: 'PUN-B1', expiryDate: '2027-01-31', quantity: 20 },
      { batchNo: 'PUN-B2', expiryDate: '2028-06-30', quantity: 13 },
    ]);
  });

  it('sees the order accepted with when it changed, and filters its list by status', async () => {
    const { retailer, agarwal, lohar } = await twoOrders();
    const stockist = await signedIn(DEMO.stockist);
    t.clock.advance(60);
    await stockist.post(MARKETPLACE_PATHS.acceptOrder(agarwal));

    const detail = body<OrderDetail>(await retailer.get(MARKETPLACE_PATHS.order(agarwal)));
    expect(detail.status).toBe('ACCEPTED');
    expect(detail.decidedAt).toBe(t.clock.now().toISOString());

    const accepted = body<OrderList>(await retailer.get(`${MARKETPLACE_PATHS.placedOrders}?status=ACCEPTED`)).items;
    expect(accepted.map((o) => o.orderId)).toContain(agarwal);
    expect(accepted.every((o) => o.status === 'ACCEPTED')).toBe(true);
    const placed = body<OrderList>(await retailer.get(`${MARKETPLACE_PATHS.placedOrders}?status=PLACED`)).items;
    expect(placed.map((o) => o.orderId)).toContain(lohar);
    expect(placed.map((o) => o.orderId)).not.toContain(agarwal);

    const bad = await retailer.get(`${MARKETPLACE_PATHS.placedOrders}?status=SHIPPED`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'error' });
  });

  it('lists orders a page at a time, newest first, with the total', async () => {
    const { retailer, agarwal, lohar } = await twoOrders();
    const all = body<OrderList>(await retailer.get(MARKETPLACE_PATHS.placedOrders));
    expect(all).toMatchObject({ totalResults: all.items.length, page: 0, pageSize: 20 });
    expect(all.items.map((o) => o.orderId)).toEqual(expect.arrayContaining([agarwal, lohar]));

    const pages = [0, 1].map(async (page) => body<OrderList>(await retailer.get(`${MARKETPLACE_PATHS.placedOrders}?page=${page}&pageSize=1`)));
    const [first, second] = await Promise.all(pages);
    expect(first).toMatchObject({ totalResults: all.totalResults, page: 0, pageSize: 1 });
    expect(first!.items.map((o) => o.orderId)).toEqual([all.items[0]!.orderId]);
    expect(second!.items.map((o) => o.orderId)).toEqual([all.items[1]!.orderId]);
    const past = body<OrderList>(await retailer.get(`${MARKETPLACE_PATHS.placedOrders}?page=${all.totalResults}&pageSize=1`));
    expect(past).toMatchObject({ items: [], totalResults: all.totalResults });
  });

  it("sees the seller's reason on a rejected order, and no batches held", async () => {
    const { retailer, agarwal } = await twoOrders();
    const stockist = await signedIn(DEMO.stockist);
    await stockist.post(MARKETPLACE_PATHS.rejectOrder(agarwal), { reason: 'Dolovex is on allocation this week' });
    const detail = body<OrderDetail>(await retailer.get(MARKETPLACE_PATHS.order(agarwal)));
    expect(detail).toMatchObject({ status: 'REJECTED', rejectReason: 'Dolovex is on allocation this week' });
    expect(detail.lines.flatMap((l) => l.allocations)).toEqual([]);
  });

  it('still opens an order older than the newest 200', async () => {
    const { retailer, agarwal } = await twoOrders();
    const [buyer, seller] = [await unitId(t.db, 'RTL-MUM-001'), await unitId(t.db, 'STK-MUM-001')];
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          id: randomUUID(),
          order_number: `ORD-TEST-${String(i).padStart(6, '0')}`,
          buyer_unit_id: buyer,
          seller_unit_id: seller,
          status: 'PLACED' as const,
          order_date: '2026-11-22',
          item_count: 0,
          taxable_paise: 0,
          gst_paise: 0,
          total_paise: 0,
          created_at: later,
        })),
      )
      .execute();
    expect(body<OrderList>(await retailer.get(MARKETPLACE_PATHS.placedOrders)).items.map((o) => o.orderId)).not.toContain(agarwal);
    const res = await retailer.get(MARKETPLACE_PATHS.order(agarwal));
    expect(res.statusCode).toBe(200);
    expect(body<OrderDetail>(res).lines).toHaveLength(2);
  });
});
