import { randomUUID } from 'node:crypto';
import { BOOKS_PATHS, type StoreDetails, type StoresDashboard } from 'shared-api';
import { booksWorld, buyAndReceive, counterSale, returnUnits } from './books-fixtures';
import { addProduct, unitId } from './cart-fixtures';
import { body, build } from './helpers';

const t = build();

/**
 * Sharma's two shops. Andheri (the first, active): Booksol 10 + 2 free at ₹10 (₹8.33 a unit), Fifozin 5 at ₹10 all
 * sold for cash, and 5 units of an expired batch uploaded at PTS ₹3. Bandra: Booksol 10 at ₹12.50 and Fifozin
 * (expiring 2027-01-10, 49 days on) 4 at ₹10; 5 Booksol sold on credit, 1 taken back.
 */
async function twoShops() {
  const w = await booksWorld(t);
  const andheri = (await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', w.retailerUnit).executeTakeFirstOrThrow()).id;
  const bandra = randomUUID();
  await t.db
    .insertInto('warehouses')
    .values({ id: bandra, unit_id: w.retailerUnit, display_name: 'Bandra Shop', city: 'Mumbai', address_line: '14 Hill Road, Bandra West', pincode: '400050', created_at: new Date('2026-11-01T00:00:00Z') })
    .execute();
  const owner = await t.db.selectFrom('users').select('id').where('mobile', '=', '9800000002').executeTakeFirstOrThrow();
  const activate = (id: string) => t.db.updateTable('users').set({ active_warehouse_id: id }).where('id', '=', owner.id).execute();

  await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, free: 2, ptrPaise: 1000 });
  await buyAndReceive(t, w, { productId: w.other, batchId: w.nearBatch, quantity: 5, ptrPaise: 1000 });
  t.clock.advance(60);
  await counterSale(w, w.other, 5);
  const expiredProduct = await addProduct(t.db, { name: 'Oldomol', manufacturer: 'Ledgerly Labs' });
  const expired = randomUUID();
  const at = t.clock.now();
  await t.db
    .insertInto('inventory_batches')
    .values({ id: expired, unit_id: w.retailerUnit, warehouse_id: andheri, product_id: expiredProduct, batch_no: 'OLD-1', expiry_date: '2026-11-01', mrp_paise: 1000, ptr_paise: 400, pts_paise: 300, quantity: 5, created_at: at, updated_at: at })
    .execute();
  await t.db.insertInto('stock_movements').values({ id: randomUUID(), batch_id: expired, unit_id: w.retailerUnit, kind: 'UPLOAD', quantity_delta: 5, created_at: at }).execute();

  await activate(bandra);
  t.clock.advance(60);
  await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1250 });
  await buyAndReceive(t, w, { productId: w.other, batchId: w.nearBatch, quantity: 4, ptrPaise: 1000 });
  t.clock.advance(60);
  const sale = await counterSale(w, w.product, 5, 'CREDIT');
  expect(sale.invoice.totals).toMatchObject({ taxablePaise: 10000, totalPaise: 11200 });
  t.clock.advance(60);
  const note = await returnUnits(w, sale.invoice.invoiceId, 1);
  // ₹22.40 rounds to ₹22.00
  expect(note.totals).toMatchObject({ taxablePaise: 2000, totalPaise: 2200 });
  await activate(andheri);
  return { w, andheri, bandra, expired };
}

describe('stores', () => {
  it('per warehouse: stock at FIFO cost and MRP, expiry, sales less returns, purchases, outstanding; and the totals', async () => {
    const { w, andheri, bandra } = await twoShops();
    const res = await w.retailer.get(BOOKS_PATHS.stores, { from: '2026-11-01', to: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    const dashboard = body<StoresDashboard>(res);
    expect(dashboard).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
      stores: [
        {
          warehouseId: andheri,
          name: 'Andheri Shop',
          city: 'Mumbai',
          isActive: true,
          // Booksol 12 × ₹8.33 + the expired 5 × ₹3
          stockValuePaise: 9996 + 1500,
          mrpValuePaise: 12 * 2240 + 5 * 1000,
          batchCount: 2,
          // Fifozin: its only batch here sold out
          outOfStockProducts: 1,
          nearExpiry: { d30Paise: 0, d60Paise: 0, d90Paise: 0, expiredPaise: 1500 },
          salesPaise: 10000,
          purchasesPaise: 15000,
          // sold for cash
          outstandingPaise: 0,
        },
        {
          warehouseId: bandra,
          name: 'Bandra Shop',
          city: 'Mumbai',
          isActive: false,
          // Booksol 10 in, 5 out, 1 back (at the layer's ₹12.50): 6 × ₹12.50; Fifozin 4 × ₹10
          stockValuePaise: 7500 + 4000,
          mrpValuePaise: 10 * 2240,
          batchCount: 2,
          outOfStockProducts: 0,
          nearExpiry: { d30Paise: 0, d60Paise: 4000, d90Paise: 4000, expiredPaise: 0 },
          salesPaise: 10000 - 2000,
          purchasesPaise: 16500,
          // ₹112 on credit less the ₹22 credit note
          outstandingPaise: 9000,
        },
      ],
      totals: {
        stockValuePaise: 22996,
        mrpValuePaise: 26880 + 5000 + 22400,
        batchCount: 4,
        outOfStockProducts: 1,
        nearExpiry: { d30Paise: 0, d60Paise: 4000, d90Paise: 4000, expiredPaise: 1500 },
        salesPaise: 18000,
        purchasesPaise: 31500,
        outstandingPaise: 9000,
      },
    });
    // The stores' stock adds up to the unit's stock in the balance sheet.
    const sheet = body<{ closingStockPaise: number }>(await w.retailer.get(BOOKS_PATHS.balanceSheet, { asOf: '2026-11-22' }));
    expect(sheet.closingStockPaise).toBe(dashboard.totals.stockValuePaise);
    // A period before any of it: no sales or purchases, stock as of today all the same.
    const october = body<StoresDashboard>(await w.retailer.get(BOOKS_PATHS.stores, { from: '2026-10-01', to: '2026-10-31' }));
    expect(october.totals).toMatchObject({ salesPaise: 0, purchasesPaise: 0, stockValuePaise: 22996 });
  });

  it('one store in detail: most valuable products, batches expiring within 90 days, months', async () => {
    const { w, bandra, andheri, expired } = await twoShops();
    const res = await w.retailer.get(BOOKS_PATHS.storeDetails, { warehouseId: bandra, from: '2026-10-01', to: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    const details = body<StoreDetails>(res);
    expect(details).toMatchObject({
      from: '2026-10-01',
      to: '2026-11-22',
      store: { warehouseId: bandra, name: 'Bandra Shop', stockValuePaise: 11500, salesPaise: 8000, purchasesPaise: 16500, outstandingPaise: 9000 },
      address: '14 Hill Road, Bandra West, Mumbai 400050',
      topProducts: [
        { productId: w.product, productName: 'Booksol 500', quantity: 6, stockValuePaise: 7500 },
        { productId: w.other, productName: 'Fifozin 250', quantity: 4, stockValuePaise: 4000 },
      ],
      expiringBatches: [{ batchId: expect.any(String), productName: 'Fifozin 250', batchNo: 'FZ-NEAR', expiryDate: '2027-01-10', quantity: 4, stockValuePaise: 4000 }],
      months: [
        { month: '2026-10', salesPaise: 0, purchasesPaise: 0 },
        { month: '2026-11', salesPaise: 8000, purchasesPaise: 16500 },
      ],
    });
    const mine = body<StoreDetails>(await w.retailer.get(BOOKS_PATHS.storeDetails, { warehouseId: andheri }));
    expect([mine.from, mine.to, mine.address, mine.expiringBatches.map((b) => [b.batchId, b.stockValuePaise])]).toEqual(['2026-04-01', '2026-11-22', null, [[expired, 1500]]]);
  });

  it('another unit’s warehouse, or none at all, is not found', async () => {
    const { w } = await twoShops();
    const agarwal = await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', await unitId(t.db, 'STK-PUN-001')).executeTakeFirstOrThrow();
    for (const warehouseId of [agarwal.id, randomUUID()]) {
      const res = await w.retailer.get(BOOKS_PATHS.storeDetails, { warehouseId });
      expect([res.statusCode, res.json().code]).toEqual([404, 'E0002']);
    }
    // …and the other unit sees only its own stores.
    const theirs = body<StoresDashboard>(await w.stockist.get(BOOKS_PATHS.stores));
    expect(theirs.stores.map((s) => s.name)).toEqual(['Pune Main Godown', 'Nashik Branch']);
  });
});
