import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { INVENTORY_PATHS, MARKETPLACE_PATHS, OUTWARD_PATHS, type OutwardEntryResult, type OutwardList, type StockDetail, type SubmitResult } from 'shared-api';
import { addBatch, addProduct, batch, marketplaceWorld, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}

/** The stockist's active warehouse is where the fixtures put batches (the first one), as the register is read per warehouse. */
async function stockistOnFirstWarehouse() {
  const unit = await unitId(t.db, 'STK-PUN-001');
  const first = await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', unit).orderBy('created_at').executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ active_warehouse_id: first.id }).where('unit_id', '=', unit).execute();
  return signedIn(DEMO.stockist);
}

async function ownBatch(name: string, quantity: number, extra: { reserved?: number; ptr?: number } = {}) {
  const productId = await addProduct(t.db, { name, manufacturer: 'Outwardia Labs', pack: '10 tablets' });
  const batchId = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId, batchNo: `${name.slice(0, 3).toUpperCase()}-1`, expiry: '2027-12-31', quantity, ptr: extra.ptr ?? 1000, mrp: 1500, reserved: extra.reserved ?? 0 });
  // The fixture stamps the wall clock; stock cannot leave before it came in, so it came in before the test clock.
  await t.db.updateTable('inventory_batches').set({ created_at: new Date('2026-10-01T00:00:00Z') }).where('id', '=', batchId).execute();
  return { productId, batchId };
}

const movementsOf = (batchId: string) => t.db.selectFrom('stock_movements').select(['kind', 'quantity_delta']).where('batch_id', '=', batchId).orderBy('created_at').execute();

describe('outward stock register', () => {
  it("lists an accepted order's units batch by batch with the order number, the buyer and their value at cost", async () => {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 30, freeQuantity: 3 });
    const [order] = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit)).orders;
    const stockist = await stockistOnFirstWarehouse();
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(order!.orderId))).statusCode).toBe(200);

    const res = await stockist.get(OUTWARD_PATHS.list, { productId: w.dolovex });
    expect(res.statusCode).toBe(200);
    const list = body<OutwardList>(res);
    // FEFO: all 20 of the near batch, 13 of the next; each batch has no cost layer, so its PTR is the cost.
    expect(list.items.map((r) => [r.kind, r.documentNumber, r.documentId, r.partyName, r.batchNo, r.quantity, r.valuePaise, r.by, r.date]).sort()).toEqual([
      ['ORDER', order!.orderNumber, order!.orderId, 'Sharma Medical Stores', 'PUN-B1', 20, 20 * 2750, 'Ramesh Agarwal', '2026-11-22'],
      ['ORDER', order!.orderNumber, order!.orderId, 'Sharma Medical Stores', 'PUN-B2', 13, 13 * 2800, 'Ramesh Agarwal', '2026-11-22'],
    ]);
    expect(list.totals).toEqual({ entries: 2, quantity: 33, valuePaise: 20 * 2750 + 13 * 2800 });
    expect(list.items[0]).toMatchObject({ productName: 'Dolovex 650 Tablet', pack: '15 tablets' });
    expect(list).toMatchObject({ from: '2026-10-23', to: '2026-11-22', totalResults: 2 });
  });

  it('a manual SAMPLE lowers the batch with an OUTWARD movement and shows in the register and the batch history', async () => {
    const stockist = await stockistOnFirstWarehouse();
    const { productId, batchId } = await ownBatch('Samplomax 10', 50, { reserved: 10 });

    const res = await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 5, reason: 'SAMPLE', partyName: 'Dr Mehta', note: 'Launch visit', documentNumber: 'CH-17' });
    expect(res.statusCode).toBe(200);
    const { entry, available } = body<OutwardEntryResult>(res);
    expect(available).toBe(35);
    expect(entry).toMatchObject({ kind: 'SAMPLE', partyName: 'Dr Mehta', documentNumber: 'CH-17', note: 'Launch visit', quantity: 5, valuePaise: 5000, by: 'Ramesh Agarwal', date: '2026-11-22', productId });
    expect(await batch(t.db, batchId)).toEqual({ quantity: 45, reserved: 10 });
    expect(await movementsOf(batchId)).toEqual([{ kind: 'OUTWARD', quantity_delta: -5 }]);

    const list = body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { productId }));
    expect(list.items.map((r) => r.movementId)).toEqual([entry.movementId]);
    const detail = body<StockDetail>(await stockist.get(INVENTORY_PATHS.batch(batchId)));
    expect(detail.movements[0]).toMatchObject({ kind: 'OUTWARD', quantityDelta: -5, note: 'Sample to Dr Mehta', reference: 'CH-17' });
  });

  it('a manual entry that fails part way leaves the batch, the ledger and the register as they were', async () => {
    const stockist = await stockistOnFirstWarehouse();
    const { productId, batchId } = await ownBatch('Rollbackin 5', 20);
    // The entry row is written last: refusing it proves the batch update and the movement roll back with it.
    await sql`CREATE FUNCTION refuse_outward() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_outward BEFORE INSERT ON outward_entries FOR EACH ROW EXECUTE FUNCTION refuse_outward()`.execute(t.db);
    try {
      const res = await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 4, reason: 'DAMAGED' });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_outward ON outward_entries`.execute(t.db);
      await sql`DROP FUNCTION refuse_outward()`.execute(t.db);
    }
    expect(await batch(t.db, batchId)).toEqual({ quantity: 20, reserved: 0 });
    expect(await movementsOf(batchId)).toEqual([]);
    expect(body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { productId })).totals.entries).toBe(0);
  });

  it('refuses more than is available (held stock cannot leave), naming what is', async () => {
    const stockist = await stockistOnFirstWarehouse();
    const { batchId } = await ownBatch('Heldomycin 250', 30, { reserved: 12 });
    const res = await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 19, reason: 'TRANSFER', partyName: 'Hadapsar godown' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'E0010',
      message: 'Only 18 units of Heldomycin 250 batch HEL-1 are available (30 on hand, 12 held for orders): 19 cannot leave',
      fields: { quantity: 'At most 18' },
    });
    expect(await batch(t.db, batchId)).toEqual({ quantity: 30, reserved: 12 });
    expect((await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 18, reason: 'TRANSFER', partyName: 'Hadapsar godown' })).statusCode).toBe(200);
    expect(await batch(t.db, batchId)).toEqual({ quantity: 12, reserved: 12 });
  });

  it("answers 404 for another unit's batch and 400 with the field for bad input", async () => {
    const stockist = await stockistOnFirstWarehouse();
    const productId = await addProduct(t.db, { name: 'Elsewherol', manufacturer: 'Outwardia Labs' });
    const theirs = await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId, batchNo: 'MUM-X', expiry: '2027-12-31', quantity: 40, ptr: 100, mrp: 150 });
    const foreign = await stockist.post(OUTWARD_PATHS.add, { batchId: theirs, quantity: 1, reason: 'OTHER' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'E0002' });
    expect((await stockist.post(OUTWARD_PATHS.add, { batchId: randomUUID(), quantity: 1, reason: 'OTHER' })).statusCode).toBe(404);
    expect(await batch(t.db, theirs)).toEqual({ quantity: 40, reserved: 0 });

    const { batchId } = await ownBatch('Validatrix', 10);
    const future = await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 1, reason: 'OTHER', date: '2026-11-23' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'E0001', fields: { date: 'Not after today' } });
    const noParty = await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 1, reason: 'SUPPLIER_RETURN' });
    expect(noParty.json()).toMatchObject({ code: 'E0001', fields: { partyName: 'Say who receives the goods' } });
    const zero = await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 0, reason: 'OTHER' });
    expect(zero.json()).toMatchObject({ code: 'E0001', fields: { quantity: 'More than 0' } });
    expect(await movementsOf(batchId)).toEqual([]);
  });

  it('filters by date, product, party and kind', async () => {
    let stockist = await stockistOnFirstWarehouse();
    const a = await ownBatch('Filtrazole Outx', 100);
    const b = await ownBatch('Sievamine Outx', 100);
    const add = async (batchId: string, quantity: number, reason: string, partyName: string, date: string) =>
      expect((await stockist.post(OUTWARD_PATHS.add, { batchId, quantity, reason, partyName, date })).statusCode).toBe(200);
    await add(a.batchId, 3, 'SAMPLE', 'Dr Mehta', '2026-11-02');
    await add(a.batchId, 4, 'SUPPLIER_RETURN', 'Zenith Pharma', '2026-11-20');
    await add(b.batchId, 5, 'SAMPLE', 'Dr Kulkarni', '2026-11-21');
    t.clock.advance(86_400);
    stockist = await signedIn(DEMO.stockist);
    await add(b.batchId, 6, 'DAMAGED', '', '2026-11-23');

    const q = async (query: Record<string, string>) => body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { product: 'zole', ...query }));
    const quantities = (list: OutwardList) => list.items.map((r) => r.quantity);
    const ours = async (query: Record<string, string>) => quantities(body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { product: 'outx', ...query })));

    // Newest first; a back-dated entry sits on its own day even though it was recorded later.
    expect(await ours({ from: '2026-11-01', to: '2026-11-23' })).toEqual([6, 5, 4, 3]);
    expect(await ours({ from: '2026-11-02', to: '2026-11-02' })).toEqual([3]);
    expect(await ours({ from: '2026-11-20', to: '2026-11-21' })).toEqual([5, 4]);
    expect(quantities(await q({ from: '2026-11-01' }))).toEqual([4, 3]);
    expect(quantities(body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { from: '2026-11-01', productId: b.productId })))).toEqual([6, 5]);
    expect(await ours({ from: '2026-11-01', party: 'dr ' })).toEqual([5, 3]);
    expect(await ours({ from: '2026-11-01', party: 'zenith' })).toEqual([4]);
    expect(await ours({ from: '2026-11-01', kind: 'SAMPLE' })).toEqual([5, 3]);
    const totals = await q({ from: '2026-11-01', party: 'Dr' });
    expect(totals.totals).toEqual({ entries: 1, quantity: 3, valuePaise: 3000 });
    // Paging: totals cover every match.
    const page = body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { from: '2026-11-01', product: 'Outx', pageSize: '1', page: '1' }));
    expect(page.items.map((r) => r.quantity)).toEqual([5]);
    expect(page.totals.quantity).toBe(18);
    expect((await stockist.get(OUTWARD_PATHS.list, { from: '2026-11-10', to: '2026-11-01' })).json()).toMatchObject({ code: 'E0001' });
  });

  it('values stock first in first out over the cost layers of the batch', async () => {
    const stockist = await stockistOnFirstWarehouse();
    const { productId, batchId } = await ownBatch('Fifomab 1', 0);
    const unit = await unitId(t.db, 'STK-PUN-001');
    const layer = (delta: number, cost: number, at: string) =>
      t.db.insertInto('stock_movements').values({ id: randomUUID(), batch_id: batchId, unit_id: unit, kind: 'PURCHASE', quantity_delta: delta, unit_cost_paise: cost, created_at: new Date(at) }).execute();
    await layer(10, 100, '2026-11-01T05:00:00Z');
    await layer(10, 200, '2026-11-02T05:00:00Z');
    await t.db.updateTable('inventory_batches').set({ quantity: 20, created_at: new Date('2026-11-01T00:00:00Z') }).where('id', '=', batchId).execute();
    const first = body<OutwardEntryResult>(await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 15, reason: 'OTHER' }));
    expect(first.entry.valuePaise).toBe(10 * 100 + 5 * 200);
    t.clock.advance(60);
    const second = body<OutwardEntryResult>(await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 5, reason: 'OTHER' }));
    expect(second.entry.valuePaise).toBe(5 * 200);
    expect(body<OutwardList>(await stockist.get(OUTWARD_PATHS.list, { productId })).totals).toEqual({ entries: 2, quantity: 20, valuePaise: 3000 });
  });

  it('exports the filtered rows as CSV and XLSX with a totals row', async () => {
    const stockist = await stockistOnFirstWarehouse();
    const { productId, batchId } = await ownBatch('Exportazine, 5 mg', 20);
    await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 2, reason: 'SAMPLE', partyName: 'Dr "Joshi"' });
    t.clock.advance(60);
    await stockist.post(OUTWARD_PATHS.add, { batchId, quantity: 3, reason: 'TRANSFER', partyName: 'Hadapsar godown' });

    const csv = await stockist.get(OUTWARD_PATHS.export, { productId, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="outward-stock-.*-2026-10-23-2026-11-22\.csv"$/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Time,Kind,Document,Party,Product,Pack,Batch,Expiry,Quantity,Value at cost (Rs),By,Note');
    // 04:30 UTC is 10:00 IST.
    expect(lines.slice(1, 4)).toEqual([
      '2026-11-22,10:01,Transfer,,Hadapsar godown,"Exportazine, 5 mg",10 tablets,EXP-1,2027-12-31,3,30.00,Ramesh Agarwal,',
      '2026-11-22,10:00,Sample,,"Dr ""Joshi""","Exportazine, 5 mg",10 tablets,EXP-1,2027-12-31,2,20.00,Ramesh Agarwal,',
      'Total,,,,,,,,,5,50.00,,',
    ]);

    const xlsx = await stockist.get(OUTWARD_PATHS.export, { productId, format: 'xlsx' });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Outward stock')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Date', 'Time', 'Kind', 'Document', 'Party', 'Product', 'Pack', 'Batch', 'Expiry', 'Quantity', 'Value at cost (Rs)', 'By', 'Note']);
    expect(values(2)).toEqual(['2026-11-22', '10:01', 'Transfer', undefined, 'Hadapsar godown', 'Exportazine, 5 mg', '10 tablets', 'EXP-1', '2027-12-31', 3, 30, 'Ramesh Agarwal']);
    expect(values(3)).toEqual(['2026-11-22', '10:00', 'Sample', undefined, 'Dr "Joshi"', 'Exportazine, 5 mg', '10 tablets', 'EXP-1', '2027-12-31', 2, 20, 'Ramesh Agarwal']);
    expect(values(4)).toEqual(['Total', undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 5, 50]);
  });

  it("picks the active warehouse's batches with stock available, expired ones too", async () => {
    const stockist = await stockistOnFirstWarehouse();
    const { productId } = await ownBatch('Pickerol 40', 10, { reserved: 4 });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId, batchNo: 'OLD-1', expiry: '2026-10-31', quantity: 6, ptr: 900, mrp: 1500 });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId, batchNo: 'ALL-HELD', expiry: '2027-10-31', quantity: 6, ptr: 900, mrp: 1500, reserved: 6 });
    const byId = body<{ items: { batchNo: string; available: number; expired: boolean }[] }>(await stockist.get(OUTWARD_PATHS.batches, { productId }));
    expect(byId.items.map((b) => [b.batchNo, b.available, b.expired])).toEqual([
      ['OLD-1', 6, true],
      ['PIC-1', 6, false],
    ]);
    const byName = body<{ items: { productId: string }[] }>(await stockist.get(OUTWARD_PATHS.batches, { q: 'pickerol' }));
    expect(byName.items.map((b) => b.productId)).toEqual([productId, productId]);
    expect((await stockist.get(OUTWARD_PATHS.batches)).json()).toMatchObject({ code: 'E0001' });
  });

  it('is open to employees of a unit that keeps stock and closed to units that keep none', async () => {
    await stockistOnFirstWarehouse();
    const employee = await signedIn(DEMO.stockistEmployee);
    expect((await employee.get(OUTWARD_PATHS.list)).statusCode).toBe(200);
    const seasonBoy = await signedIn('9800000301');
    expect((await seasonBoy.get(OUTWARD_PATHS.list)).statusCode).toBe(403);
    expect((await seasonBoy.post(OUTWARD_PATHS.add, { batchId: randomUUID(), quantity: 1, reason: 'OTHER' })).statusCode).toBe(403);
  });
});
