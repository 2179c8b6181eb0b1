import { sql } from 'kysely';
import { RECALL_PATHS, type NewRecall, type Recall } from 'shared-api';
import { addBatch, addProduct, setGstRate, unitId } from './cart-fixtures';
import { signedIn } from './books-fixtures';
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
export const quarantineOf = async (unitCode: string, recallId: string) => {
  const unit = await unitId(t.db, unitCode);
  const { rows } = await sql<{ q: number | null }>`SELECT sum(quantity_delta)::int AS q FROM non_saleable_stock_movements WHERE unit_id = ${unit} AND recall_id = ${recallId}`.execute(t.db);
  return rows[0]?.q ?? 0;
};
export const noticesOf = async (unitCode: string) =>
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
