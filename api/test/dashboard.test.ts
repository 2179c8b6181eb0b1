import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, CONNECTIONS_PATHS, DASHBOARD_PATHS, MARKETPLACE_PATHS, PAYMENTS_PATHS, type Dashboard, type OrdersGraph, type PartyDues, type SubmitResult } from 'shared-api';
import { addProduct, connect, setGstRate, unitId } from './cart-fixtures';
import { PEOPLE, clearConsignments, insertConsignment, outsideParty } from './deliveries-fixtures';
import { buildApp } from '../src/app';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

const SEASON_BOY = '9800000301';
const OTHER_STOCKIST = '9800000201';
const THANE_STOCKIST = '9800000202'; // STK-THN-001, connected to no one in the seed

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, query, headers: bearer(session) });
  const dashboard = async (period: 'DAY' | 'WEEK' = 'DAY') => {
    const res = await get(DASHBOARD_PATHS.dashboard, { period });
    expect(res.statusCode).toBe(200);
    return body<Dashboard>(res);
  };
  return { session, post, get, dashboard };
}

/** A batch in the active warehouse of the unit's owner (the one its dashboard reads). */
async function addStock(code: string, b: { productId: string; batchNo: string; expiry: string; quantity: number; ptr: number; scheme?: [number, number] }) {
  const unit = await unitId(t.db, code);
  const owner = await t.db.selectFrom('users').select('active_warehouse_id').where('unit_id', '=', unit).where('role', '=', 'OWNER').executeTakeFirstOrThrow();
  const now = t.clock.now();
  await t.db
    .insertInto('inventory_batches')
    .values({
      id: randomUUID(),
      unit_id: unit,
      warehouse_id: owner.active_warehouse_id!,
      product_id: b.productId,
      batch_no: b.batchNo,
      expiry_date: b.expiry,
      mrp_paise: b.ptr * 2,
      ptr_paise: b.ptr,
      quantity: b.quantity,
      scheme_buy: b.scheme?.[0] ?? null,
      scheme_free: b.scheme?.[1] ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const minus = (a: { count: number; valuePaise: number }, b: { count: number; valuePaise: number }) => ({ count: a.count - b.count, valuePaise: a.valuePaise - b.valuePaise });

describe('dashboard', () => {
  it("counts a stockist's stock, schemes, orders, sales and buyers' searches after the real actions", async () => {
    // Clock: 2026-11-22 10:00 IST.
    await setGstRate(t.db, '30049099', '2020-01-01', 1200);
    const dolo = await addProduct(t.db, { name: 'Dashovex 650 Tablet', manufacturer: 'Microvia Labs', pack: '15 tablets', hsn: '30049099' });
    const rare = await addProduct(t.db, { name: 'Dashrarin 5', manufacturer: 'Glaxovia Healthcare', hsn: '30049099' });
    await connect(t.db, 'RTL-MUM-001', 'STK-PUN-001');
    const stockist = await signedIn(DEMO.stockist);
    const retailer = await signedIn(DEMO.retailer);
    const before = await stockist.dashboard();
    const retailerBefore = await retailer.dashboard();

    await addStock('STK-PUN-001', { productId: dolo, batchNo: 'D-FAR', expiry: '2028-06-30', quantity: 100, ptr: 2800 });
    await addStock('STK-PUN-001', { productId: dolo, batchNo: 'D-70', expiry: '2027-01-31', quantity: 20, ptr: 2750 });
    await addStock('STK-PUN-001', { productId: dolo, batchNo: 'D-18', expiry: '2026-12-10', quantity: 10, ptr: 1000, scheme: [10, 1] });
    await addStock('STK-PUN-001', { productId: rare, batchNo: 'R-OLD', expiry: '2026-11-01', quantity: 500, ptr: 100 });
    // Written straight to the database (no request of the unit's, no notification): shown once the answer's 30 s are up.
    const cachedAnswer = await stockist.dashboard();
    expect(cachedAnswer.inventory).toEqual(before.inventory);
    t.clock.advance(30);

    const stocked = await stockist.dashboard();
    const inv = stocked.inventory!;
    expect(inv.valuedAt).toBe('PTR');
    expect(inv.inStock.valuePaise - before.inventory!.inStock.valuePaise).toBe(100 * 2800 + 20 * 2750 + 10 * 1000);
    // 18 days: within 30; 70 days: within 90 only; the expired batch is apart and in no window.
    expect(inv.nearExpiry.d30.valuePaise - before.inventory!.nearExpiry.d30.valuePaise).toBe(10_000);
    expect(inv.nearExpiry.d60.valuePaise - before.inventory!.nearExpiry.d60.valuePaise).toBe(10_000);
    expect(inv.nearExpiry.d90.valuePaise - before.inventory!.nearExpiry.d90.valuePaise).toBe(10_000 + 55_000);
    expect(inv.expired.valuePaise - before.inventory!.expired.valuePaise).toBe(50_000);
    expect(inv.expired.batches - before.inventory!.expired.batches).toBe(1);
    // Dashrarin has only expired stock: held, nothing to sell.
    expect(inv.products - before.inventory!.products).toBe(2);
    expect(inv.outOfStockProducts - before.inventory!.outOfStockProducts).toBe(1);
    expect(stocked.offers!.running - before.offers!.running).toBe(1);
    // Nearest expiry first: the scheme to push before the batch goes off.
    expect(stocked.offers!.schemes).toContainEqual(expect.objectContaining({ productName: 'Dashovex 650 Tablet', batchNo: 'D-18', schemeBuy: 10, schemeFree: 1, available: 10 }));

    // The retailer searches, opens the product's sellers and orders 30 + 3 free.
    expect((await retailer.post(MARKETPLACE_PATHS.globalSearch, { query: 'dashovex' })).statusCode).toBe(200);
    expect((await retailer.post(MARKETPLACE_PATHS.stockists, { productId: dolo })).statusCode).toBe(200);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: dolo, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
    const submitted = await retailer.post(MARKETPLACE_PATHS.cartSubmit);
    expect(submitted.statusCode).toBe(200);
    const order = body<SubmitResult>(submitted).orders[0]!;

    const placed = await stockist.dashboard();
    const r0 = before.orders!.received!;
    expect(minus(placed.orders!.received!.received, r0.received)).toEqual({ count: 1, valuePaise: order.totalPaise });
    expect(minus(placed.orders!.received!.pending, r0.pending)).toEqual({ count: 1, valuePaise: order.totalPaise });
    expect(placed.mostSearched!.find((p) => p.productId === dolo)).toEqual({ productId: dolo, name: 'Dashovex 650 Tablet', manufacturer: 'Microvia Labs', hits: 2, stocked: true });

    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(order.orderId))).statusCode).toBe(200);
    const invoiced = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(order.orderId));
    expect(invoiced.statusCode).toBe(200);
    const sold = await stockist.dashboard();
    expect(minus(sold.orders!.received!.accepted, r0.accepted)).toEqual({ count: 1, valuePaise: order.totalPaise });
    expect(minus(sold.orders!.received!.pending, r0.pending)).toEqual({ count: 0, valuePaise: 0 });
    expect(sold.mostSold!.find((p) => p.productId === dolo)).toEqual({ productId: dolo, name: 'Dashovex 650 Tablet', manufacturer: 'Microvia Labs', quantity: 33, valuePaise: order.totalPaise });
    // A sale on credit: the retailer owes it.
    expect(sold.payments.receivablePaise! - before.payments.receivablePaise!).toBe(order.totalPaise);
    // The whole figure is what the debtors' list adds up to (the demo's receipts and notes settled per invoice).
    expect(sold.payments.receivablePaise).toBe(body<PartyDues>(await stockist.get(PAYMENTS_PATHS.receivable)).totalPaise);
    expect(sold.preferences).toMatchObject({ autoApprove: expect.any(Boolean) });
    expect(sold.connections.withAccess).toEqual(expect.any(Number));

    const graph = body<OrdersGraph>(await stockist.get(DASHBOARD_PATHS.ordersDaily, { days: '3' }));
    expect(graph.days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(graph.days[2]!.received!.valuePaise).toBeGreaterThanOrEqual(order.totalPaise);
    expect(graph.days[2]!.sales!.count).toBeGreaterThanOrEqual(1);
    expect(graph.days[2]!.placed).toBeUndefined();

    // The retailer: its order placed and accepted; no seller-only sections.
    const mine = await retailer.dashboard();
    expect(minus(mine.orders!.placed!.placed, retailerBefore.orders!.placed!.placed)).toEqual({ count: 1, valuePaise: order.totalPaise });
    expect(minus(mine.orders!.placed!.accepted, retailerBefore.orders!.placed!.accepted)).toEqual({ count: 1, valuePaise: order.totalPaise });
    expect(mine.orders!.received).toBeUndefined();
    expect(mine).not.toHaveProperty('offers');
    expect(mine).not.toHaveProperty('preferences');
    expect(mine.connections).not.toHaveProperty('withAccess');
    expect(mine.connections).not.toHaveProperty('pendingReceived');
    // Retailers keep stock from their purchase bills and sell over the counter.
    expect(mine.inventory).toBeDefined();
    expect(mine.mostSold).toBeDefined();
    const retailerGraph = body<OrdersGraph>(await retailer.get(DASHBOARD_PATHS.ordersDaily, { days: '1' }));
    expect(retailerGraph.days[0]!.placed!.count).toBeGreaterThanOrEqual(1);
    expect(retailerGraph.days[0]!.received).toBeUndefined();

    // 24 Hours moves on; Last Week still holds the order.
    t.clock.advance(2 * 24 * 3600);
    const again = await signedIn(DEMO.stockist);
    const later = await again.dashboard('DAY');
    const week = await again.dashboard('WEEK');
    expect(later.period).toBe('DAY');
    expect(later.orders!.received!.received.count).toBe(0);
    expect(week.orders!.received!.received.count).toBeGreaterThanOrEqual(1);
    expect(week.mostSearched!.find((p) => p.productId === dolo)?.hits).toBe(2);
    expect(later.mostSearched!.find((p) => p.productId === dolo)).toBeUndefined();
  });

  it('shows the nearest-expiring schemes, by product name on the same day, and counts every running one', async () => {
    // Clock: 2026-11-22. Expiring within days: before any scheme of the demo stock.
    const names = ['Schemix Zeta', 'Schemix Alpha', 'Schemix Mid', 'Schemix Beta', 'Schemix Late', 'Schemix Later'];
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, await addProduct(t.db, { name, manufacturer: 'Microvia Labs' }));
    const stockist = await signedIn(DEMO.stockist);
    const before = (await stockist.dashboard()).offers!;
    const scheme = (name: string, batchNo: string, expiry: string, quantity = 10) =>
      addStock('STK-PUN-001', { productId: ids.get(name)!, batchNo, expiry, quantity, ptr: 1000, scheme: [5, 1] });
    await scheme('Schemix Zeta', 'Z-1', '2026-11-24');
    await scheme('Schemix Alpha', 'A-1', '2026-11-24');
    await scheme('Schemix Mid', 'M-1', '2026-11-25');
    await scheme('Schemix Beta', 'B-1', '2026-11-26');
    await scheme('Schemix Late', 'L-1', '2026-11-27');
    await scheme('Schemix Later', 'L-2', '2026-11-28');
    // Expired, and sold out: not running.
    await scheme('Schemix Alpha', 'A-OLD', '2026-11-20');
    await scheme('Schemix Beta', 'B-NONE', '2026-11-24', 0);
    t.clock.advance(30);

    const offers = (await stockist.dashboard()).offers!;
    expect(offers.running - before.running).toBe(6);
    expect(offers.schemes.map((s) => [s.expiryDate, s.productName, s.batchNo])).toEqual([
      ['2026-11-24', 'Schemix Alpha', 'A-1'],
      ['2026-11-24', 'Schemix Zeta', 'Z-1'],
      ['2026-11-25', 'Schemix Mid', 'M-1'],
      ['2026-11-26', 'Schemix Beta', 'B-1'],
      ['2026-11-27', 'Schemix Late', 'L-1'],
    ]);
    expect(offers.schemes[0]).toEqual(expect.objectContaining({ schemeBuy: 5, schemeFree: 1, available: 10, ptrPaise: 1000 }));
  });

  it("keeps a warehouse's stock figures while its batches stay as they are, and reads them again when one changes", async () => {
    const keptol = await addProduct(t.db, { name: 'Keptol 40', manufacturer: 'Microvia Labs' });
    // Expiring first: the nearest scheme shown.
    await addStock('STK-PUN-001', { productId: keptol, batchNo: 'K-1', expiry: '2026-11-23', quantity: 10, ptr: 1000, scheme: [5, 1] });
    const unit = await unitId(t.db, 'STK-PUN-001');
    const stockist = await signedIn(DEMO.stockist);
    const first = await stockist.dashboard();
    expect(first.offers!.schemes[0]).toMatchObject({ productName: 'Keptol 40', available: 10 });
    // Each notice drops the unit's answers, as an order, a payment or a pickup does.
    const notice = () => t.db.insertInto('notifications').values({ id: randomUUID(), unit_id: unit, type: 'GENERAL', title: 'Test', body: 'A change', created_at: t.clock.now() }).execute();

    // Something else moved (a second UPI ID) and the product was renamed; no batch changed.
    await t.db.insertInto('payout_accounts').values({ id: randomUUID(), unit_id: unit, kind: 'UPI', account_name: 'Agarwal Pharma', vpa: 'agarwal2@okaxis', is_default: false, created_at: t.clock.now() }).execute();
    await t.db.updateTable('products').set({ name: 'Keptol 40 (renamed)' }).where('id', '=', keptol).execute();
    await notice();
    const again = await stockist.dashboard();
    expect(again.payments.upiAccounts).toBe(first.payments.upiAccounts + 1);
    // The stock figures were kept: the new name shows when they are next read.
    expect(again.offers!.schemes[0]).toMatchObject({ productName: 'Keptol 40', available: 10 });
    expect(again.inventory).toEqual(first.inventory);

    // A batch of the warehouse changed (here straight in the database, as another API process would write it).
    await t.db.updateTable('inventory_batches').set({ reserved: 4 }).where('unit_id', '=', unit).where('batch_no', '=', 'K-1').execute();
    await notice();
    const changed = await stockist.dashboard();
    expect(changed.offers!.schemes[0]).toMatchObject({ productName: 'Keptol 40 (renamed)', available: 6 });
  });

  it('patches the kept stock when some batches change, to what a fresh read counts', async () => {
    const unit = await unitId(t.db, 'STK-PUN-001');
    const [patchol, gone] = [await addProduct(t.db, { name: 'Patchol 10', manufacturer: 'Microvia Labs' }), await addProduct(t.db, { name: 'Patchgone 5', manufacturer: 'Microvia Labs' })];
    await addStock('STK-PUN-001', { productId: gone, batchNo: 'G-1', expiry: '2027-03-01', quantity: 20, ptr: 800 });
    const stockist = await signedIn(DEMO.stockist);
    const first = await stockist.dashboard();

    // As another API process writes them: a new product's batch on a scheme, expiring first; a batch sold out; a batch
    // gone; then the unit is notified (as an order does), so its answer is counted again.
    await addStock('STK-PUN-001', { productId: patchol, batchNo: 'P-1', expiry: '2026-11-23', quantity: 7, ptr: 500, scheme: [2, 1] });
    // The same product in the unit's other warehouse: not in this one's figures.
    const nashik = await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', unit).where('display_name', '=', 'Nashik Branch').executeTakeFirstOrThrow();
    const now = t.clock.now();
    await t.db
      .insertInto('inventory_batches')
      .values({ id: randomUUID(), unit_id: unit, warehouse_id: nashik.id, product_id: patchol, batch_no: 'P-N', expiry_date: '2026-11-23', mrp_paise: 1000, ptr_paise: 500, quantity: 50, scheme_buy: 2, scheme_free: 1, created_at: now, updated_at: now })
      .execute();
    // A batch on no scheme (one on a scheme would leave the running count), of a product the warehouse keeps.
    const soldOut = await t.db
      .selectFrom('inventory_batches')
      .select('id')
      .where('unit_id', '=', unit)
      .where('warehouse_id', '=', (await t.db.selectFrom('users').select('active_warehouse_id').where('mobile', '=', DEMO.stockist).executeTakeFirstOrThrow()).active_warehouse_id)
      .where('product_id', '!=', gone)
      .where('quantity', '>', 0)
      .where('expiry_date', '>', '2027-01-01')
      .where((eb) => eb.or([eb('scheme_free', 'is', null), eb('scheme_free', '=', 0)]))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('inventory_batches').set({ reserved: sql`quantity` }).where('id', '=', soldOut.id).execute();
    await t.db.deleteFrom('inventory_batches').where('unit_id', '=', unit).where('product_id', '=', gone).execute();
    await t.db.insertInto('notifications').values({ id: randomUUID(), unit_id: unit, type: 'GENERAL', title: 'Test', body: 'A change', created_at: t.clock.now() }).execute();
    const patched = await stockist.dashboard();
    expect(patched.offers!.schemes[0]).toMatchObject({ productName: 'Patchol 10', batchNo: 'P-1', available: 7, schemeBuy: 2, schemeFree: 1 });
    expect(patched.offers!.running).toBe(first.offers!.running + 1);
    expect(patched.inventory!.products).toBe(first.inventory!.products);
    expect(patched.inventory!.inStock.quantity).toBe(first.inventory!.inStock.quantity + 7 - 20);

    // A second API process keeps nothing yet: it reads the warehouse whole.
    const other = await buildApp(t.config, { db: t.db });
    try {
      const res = await other.inject({ method: 'GET', url: DASHBOARD_PATHS.dashboard, query: { period: 'DAY' }, headers: bearer(stockist.session) });
      const fresh = body<Dashboard>(res);
      expect(patched.inventory).toEqual(fresh.inventory);
      expect(patched.offers).toEqual(fresh.offers);
    } finally {
      await other.close();
    }
  });

  it('counts connections on each side as a request is made and approved', async () => {
    const thane = await signedIn(THANE_STOCKIST);
    const retailer = await signedIn(DEMO.retailer);
    const [s0, r0] = [(await thane.dashboard()).connections, (await retailer.dashboard()).connections];
    const asked = await retailer.post(CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' });
    expect(asked.statusCode).toBe(200);
    const [s1, r1] = [(await thane.dashboard()).connections, (await retailer.dashboard()).connections];
    expect([s1.pendingReceived! - s0.pendingReceived!, s1.pendingSent - s0.pendingSent, s1.connected - s0.connected]).toEqual([1, 0, 0]);
    expect([r1.pendingSent - r0.pendingSent, r1.connected - r0.connected]).toEqual([1, 0]);

    const { connectionId } = body<{ connectionId: string }>(asked);
    expect((await thane.post(CONNECTIONS_PATHS.approve, { connectionId, grantAccess: true })).statusCode).toBe(200);
    const [s2, r2] = [(await thane.dashboard()).connections, (await retailer.dashboard()).connections];
    expect([s2.pendingReceived! - s0.pendingReceived!, s2.connected - s0.connected, s2.withAccess! - s0.withAccess!]).toEqual([0, 1, 1]);
    expect([r2.pendingSent - r0.pendingSent, r2.connected - r0.connected]).toEqual([0, 1]);
  });

  it("counts pickups coming in from other units, and not the unit's own collects among them", async () => {
    await clearConsignments(t.db);
    const hourAgo = new Date(t.clock.now().getTime() - 3600_000);
    await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', status: 'IN_TRANSIT', assignee: PEOPLE.vijay, createdAt: hourAgo });
    await insertConsignment(t.db, { owner: 'RTL-MUM-001', direction: 'COLLECT', party: outsideParty('Girgaon Nursing Home'), createdAt: hourAgo });
    const { pickups } = await (await signedIn(DEMO.retailer)).dashboard('WEEK');
    expect([pickups.incoming?.total, pickups.incoming?.byStatus.IN_TRANSIT, pickups.offline?.total, pickups.offline?.byStatus.BOOKED]).toEqual([1, 1, 1, 1]);
  });

  it('gives a season boy what he carries and where he is paid, and no trading sections', async () => {
    const boy = await signedIn(SEASON_BOY);
    const d = await boy.dashboard('WEEK');
    expect(d.customerType).toBe('SEASON_BOY');
    expect(d.pickups.carried).toEqual({ total: expect.any(Number), byStatus: expect.objectContaining({ DELIVERED: expect.any(Number) }) });
    expect(d.pickups).not.toHaveProperty('online');
    for (const absent of ['orders', 'inventory', 'offers', 'mostSold', 'mostSearched', 'preferences'] as const) expect(d).not.toHaveProperty(absent);
    expect(d.payments).not.toHaveProperty('receivablePaise');
  });

  it("never shows one unit another's figures, and refuses a bad period", async () => {
    await setGstRate(t.db, '30049099', '2020-01-01', 1200);
    const dolo = await addProduct(t.db, { name: 'Dashovex 650 Tablet', manufacturer: 'Microvia Labs', hsn: '30049099' });
    await connect(t.db, 'RTL-MUM-001', 'STK-PUN-001');
    await addStock('STK-PUN-001', { productId: dolo, batchNo: 'D-1', expiry: '2028-06-30', quantity: 100, ptr: 2800 });
    const other = await signedIn(OTHER_STOCKIST);
    const hospital = await signedIn(DEMO.hospital);
    const [otherBefore, hospitalBefore] = [await other.dashboard(), await hospital.dashboard()];

    const retailer = await signedIn(DEMO.retailer);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: dolo, sellerUnitCode: 'STK-PUN-001', quantity: 5 });
    expect((await retailer.post(MARKETPLACE_PATHS.cartSubmit)).statusCode).toBe(200);

    const otherAfter = await other.dashboard();
    expect(otherAfter.orders!.received).toEqual(otherBefore.orders!.received);
    expect(otherAfter.inventory).toEqual(otherBefore.inventory);
    expect((await hospital.dashboard()).orders).toEqual(hospitalBefore.orders);
    // Another stockist does not stock it, whoever searched for it (searches notify no one: shown within 30 s).
    await retailer.post(MARKETPLACE_PATHS.stockists, { productId: dolo });
    t.clock.advance(30);
    expect((await other.dashboard()).mostSearched!.find((p) => p.productId === dolo)).toMatchObject({ hits: 1, stocked: false });

    expect((await other.get(DASHBOARD_PATHS.dashboard, { period: 'YEAR' })).json()).toMatchObject({ type: 'error' });
    expect((await t.app.inject({ method: 'GET', url: DASHBOARD_PATHS.dashboard })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: DASHBOARD_PATHS.ordersDaily })).statusCode).toBe(403);
  });
});
