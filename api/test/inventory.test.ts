import { sql } from 'kysely';
import { ACCOUNTING_PATHS, BOOKS_PATHS, INVENTORY_PATHS, MAX_QUANTITY, UPLOAD_TYPES_MESSAGE, type BalanceSheet, type ProfitAndLoss } from 'shared-api';
import { batchStockAt } from '../src/modules/financials/stock-valuation';
import { DEMO, bearer, build, login } from './helpers';
import { HEADER, multipart, xlsxOf } from './inventory-fixtures';

const t = build();

async function stockist() {
  const session = await login(t.app, DEMO.stockist);
  const unit = await t.db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  const user = await t.db.selectFrom('users').select('active_warehouse_id').where('mobile', '=', DEMO.stockist).executeTakeFirstOrThrow();
  return { headers: bearer(session), unitId: unit.id, warehouseId: user.active_warehouse_id! };
}

const FILE_ROWS = [
  HEADER,
  ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'TEST-DOL-1', '03/28', '₹33.60', '26.88', 100, '10+1', '3004', '5'],
  ['Brand New Syrup', '100 ml', 'Test Pharma', 'TEST-BNS-1', '31/12/2027', '120', '96', 40, '', '3004', '5'],
  ['Pan 40 Tablet', '15 Tab', 'Alkem', '', '03/28', '168.50', '134.80', 10, '', '3004', '5'],
];

async function upload(path: string, headers: Record<string, string>, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const body = multipart(name, bytes, fields);
  return t.app.inject({ method: 'POST', url: path, headers: { ...headers, ...body.headers }, payload: body.payload });
}

/** An upload that must succeed: its body, or a failure that names what the API answered instead. */
async function uploaded(path: string, headers: Record<string, string>, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const res = await upload(path, headers, name, bytes, fields);
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
  return res.json().body;
}

async function ledgerMatchesStock(warehouseId: string) {
  const mismatches = await sql<{ id: string }>`
    SELECT b.id FROM inventory_batches b LEFT JOIN stock_movements m ON m.batch_id = b.id
    WHERE b.warehouse_id = ${warehouseId} GROUP BY b.id, b.quantity HAVING b.quantity <> coalesce(sum(m.quantity_delta), 0)`.execute(t.db);
  return mismatches.rows.length === 0;
}

const counts = async () => ({
  products: Number((await t.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  batches: Number((await t.db.selectFrom('inventory_batches').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  movements: Number((await t.db.selectFrom('stock_movements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  imports: Number((await t.db.selectFrom('inventory_imports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

describe('inventory upload', () => {
  it('previews with the detected mapping and named problems, storing nothing', async () => {
    const s = await stockist();
    const before = await counts();
    const res = await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'stock.xlsx', await xlsxOf(FILE_ROWS));
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({ fileType: 'XLSX', headerRow: 3, validRows: 2, rejectedRows: 1, missingFields: [], warehouseName: 'Pune Main Godown', previousImport: null });
    expect(body.mapping).toMatchObject({ name: 0, batch: 3, expiry: 4, mrp: 5, ptr: 6, quantity: 7 });
    expect(body.rejected).toEqual([expect.objectContaining({ rowNumber: 6, problems: ['missing batch'] })]);
    expect(await counts()).toEqual(before);
  });

  it('REPLACE makes the warehouse stock exactly the file, writes the ledger, and the same file again changes nothing', async () => {
    const s = await stockist();
    const bytes = await xlsxOf(FILE_ROWS);
    const res = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'stock.xlsx', bytes, { mode: 'REPLACE' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ rowsImported: 2, rowsRejected: 1, productsCreated: 1, alreadyImported: false });
    expect(res.json().body.batchesZeroed).toBeGreaterThan(10);

    const list = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.all, headers: s.headers, query: { pageSize: '200' } });
    // Stock reserved for submitted orders stays until those orders are decided.
    const items: { batchNo: string; quantity: number; reserved: number }[] = list.json().body.items;
    expect(items.filter((b) => b.reserved > 0 && b.quantity !== b.reserved)).toEqual([]);
    expect(items.filter((b) => b.reserved === 0).map((b) => [b.batchNo, b.quantity]).sort()).toEqual([
      ['TEST-BNS-1', 40],
      ['TEST-DOL-1', 100],
    ]);
    expect(await ledgerMatchesStock(s.warehouseId)).toBe(true);

    const after = await counts();
    expect(await uploaded(INVENTORY_PATHS.uploadImport, s.headers, 'renamed.xlsx', bytes, { mode: 'ADD' })).toMatchObject({ alreadyImported: true, rowsImported: 2 });
    expect(await counts()).toEqual(after);
    const preview = await uploaded(INVENTORY_PATHS.uploadPreview, s.headers, 'stock.xlsx', bytes);
    expect(preview.previousImport).toMatchObject({ mode: 'REPLACE', rowsImported: 2 });
  });

  it('ADD adds to existing batches, and the user’s mapping replaces the detected one', async () => {
    const s = await stockist();
    const first = await xlsxOf([HEADER, ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'TEST-ADD-1', '03/28', 33.6, 26.88, 50]]);
    await uploaded(INVENTORY_PATHS.uploadImport, s.headers, 'a.xlsx', first, { mode: 'ADD' });
    t.clock.advance(60);
    // Columns the detector cannot name: the user maps them.
    const second = await xlsxOf([
      ['Item Name', 'Pack', 'Company', 'Code', 'Use before', 'MRP', 'PTR', 'Nos'],
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'TEST-ADD-1', '03/28', 33.6, 26.88, 25],
    ]);
    const preview = await uploaded(INVENTORY_PATHS.uploadPreview, s.headers, 'b.xlsx', second);
    expect(preview.missingFields).toEqual(['Batch', 'Expiry', 'Quantity']);
    const before = await counts();
    const unmapped = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'b.xlsx', second, { mode: 'ADD' });
    expect([unmapped.statusCode, unmapped.json().message]).toEqual([400, 'Map these columns before importing: Batch, Expiry, Quantity']);
    const allBad = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'c.xlsx', await xlsxOf([HEADER, ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', '', '03/28', 33.6, 26.88, 5]]), { mode: 'REPLACE' });
    expect([allBad.statusCode, allBad.json().message]).toEqual([400, 'No valid rows to import: see the problems of each row']);
    expect(await counts()).toEqual(before);
    const mapping = JSON.stringify({ name: 0, pack: 1, manufacturer: 2, batch: 3, expiry: 4, mrp: 5, ptr: 6, quantity: 7 });
    expect(await uploaded(INVENTORY_PATHS.uploadImport, s.headers, 'b.xlsx', second, { mode: 'ADD', mapping })).toMatchObject({ rowsImported: 1, productsCreated: 0 });
    const batch = await t.db.selectFrom('inventory_batches').select(['id', 'quantity']).where('batch_no', '=', 'TEST-ADD-1').executeTakeFirstOrThrow();
    expect(batch.quantity).toBe(75);
    const detail = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.batch(batch.id), headers: s.headers });
    expect(detail.json().body.movements.map((m: { quantityDelta: number; balance: number }) => [m.quantityDelta, m.balance])).toEqual([
      [25, 75],
      [50, 50],
    ]);
    expect(await ledgerMatchesStock(s.warehouseId)).toBe(true);
  });

  it('an import that fails half way leaves no trace', async () => {
    const s = await stockist();
    const dolo = await t.db.selectFrom('inventory_batches').select(['id', 'product_id', 'batch_no']).where('warehouse_id', '=', s.warehouseId).executeTakeFirstOrThrow();
    const product = await t.db.selectFrom('products').selectAll().where('id', '=', dolo.product_id).executeTakeFirstOrThrow();
    // A database rule refuses the file's last stock movement, after its products and batches were written.
    await sql`CREATE FUNCTION refuse_half_way() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.batch_id = ${sql.lit(dolo.id)} THEN RAISE EXCEPTION 'refused half way'; END IF; RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_half_way BEFORE INSERT ON stock_movements FOR EACH ROW EXECUTE FUNCTION refuse_half_way()`.execute(t.db);
    try {
      const before = await counts();
      const bytes = await xlsxOf([
        HEADER,
        ['Half Way Tonic', '200 ml', 'Never Pharma', 'HALF-1', '03/28', 90, 72, 10],
        [product.name, product.pack, product.manufacturer, dolo.batch_no, '03/28', 33.6, 26.88, 5],
      ]);
      const res = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'half.xlsx', bytes, { mode: 'ADD' });
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
      expect(await t.db.selectFrom('products').select('id').where('name', '=', 'Half Way Tonic').execute()).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_half_way ON stock_movements`.execute(t.db);
      await sql`DROP FUNCTION refuse_half_way()`.execute(t.db);
    }
  });

  it('refuses with 400 naming the row an import that would take a batch past the quantity limit, storing nothing (issue 33)', async () => {
    const s = await stockist();
    const dolo = await t.db.selectFrom('inventory_batches').select(['id', 'product_id', 'batch_no']).where('warehouse_id', '=', s.warehouseId).executeTakeFirstOrThrow();
    const product = await t.db.selectFrom('products').selectAll().where('id', '=', dolo.product_id).executeTakeFirstOrThrow();
    // Near the limit already: the file's quantity (within the limit on its own) takes it over.
    await sql`UPDATE inventory_batches SET quantity = ${MAX_QUANTITY - 10} WHERE id = ${dolo.id}`.execute(t.db);
    const before = await counts();
    const bytes = await xlsxOf([
      HEADER,
      ['Half Way Tonic', '200 ml', 'Never Pharma', 'HALF-1', '03/28', 90, 72, 10],
      [product.name, product.pack, product.manufacturer, dolo.batch_no, '03/28', 33.6, 26.88, 5_000_000],
    ]);
    const res = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'over.xlsx', bytes, { mode: 'ADD' });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      400,
      'E0001',
      `Row 5: batch ${dolo.batch_no} would hold 1,49,99,990 units, more than 1,00,00,000: nothing was imported`,
    ]);
    expect(await counts()).toEqual(before);
    expect(await t.db.selectFrom('products').select('id').where('name', '=', 'Half Way Tonic').execute()).toEqual([]);
    // A row over the limit on its own is a row problem.
    const preview = await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'big.xlsx', await xlsxOf([HEADER, ['Big Tonic', '1 l', 'Never Pharma', 'BIG-1', '03/28', 90, 72, 2 ** 31]]));
    expect(preview.json().body.rejected[0].problems).toEqual(['quantity above 1,00,00,000 units']);
  });

  it('refuses other file types with the spec message and files over the limit, storing nothing', async () => {
    const s = await stockist();
    const before = await counts();
    const wrong = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'stock.docx', Buffer.from('PK\x03\x04'), { mode: 'ADD' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, UPLOAD_TYPES_MESSAGE]);
    const renamed = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'stock.xlsx', Buffer.from('just some text'), { mode: 'ADD' });
    expect([renamed.statusCode, renamed.json().message]).toEqual([400, 'This file is not really a XLSX file (its content does not match its name)']);
    const big = await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'big.txt', Buffer.alloc(20 * 1024 * 1024, 'a'));
    expect([big.statusCode, big.json().message]).toEqual([413, "The file is larger than 15 MB: split it or remove columns you don't need"]);
    expect(await counts()).toEqual(before);
  });

  it('imports a file larger than one stored chunk whole: lines, products, duplicates and rejects across chunks', async () => {
    const s = await stockist();
    const dolo = await t.db
      .selectFrom('inventory_batches as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.id', 'b.batch_no', 'b.quantity', 'p.name', 'p.pack', 'p.manufacturer'])
      .where('b.warehouse_id', '=', s.warehouseId)
      .executeTakeFirstOrThrow();
    // 4,500 lines: the reader hands them on 2,000 at a time, so products, existing batches, a duplicate and bad
    // rows fall in different chunks.
    const lines = Array.from({ length: 4500 }, (_, i) => `Chunk Tonic ${Math.floor(i / 3)},100 ml,Chunk Pharma,C-${i},03/28,90,72,${1 + (i % 7)}`);
    lines[2500] = `Chunk Tonic 1,100 ml,Chunk Pharma,C-3,03/28,90,72,5`; // same product and batch as line 3
    lines[3000] = `Chunk Tonic 9,100 ml,Chunk Pharma,,03/28,90,72,5`;
    lines[4200] = `${dolo.name},${dolo.pack},${dolo.manufacturer},${dolo.batch_no},03/28,90,72,11`;
    const bytes = Buffer.from([HEADER.slice(0, 8).join(','), ...lines].join('\n'));
    const preview = (await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'big.txt', bytes)).json().body;
    expect(preview).toMatchObject({ dataRows: 4500, validRows: 4498, rejectedRows: 2 });
    expect(preview.sample).toHaveLength(20);
    expect(preview.sample[19]).toMatchObject({ rowNumber: 21, name: 'Chunk Tonic 6', batchNo: 'C-19', quantity: 6 });
    expect(preview.rejected.map((r: { rowNumber: number; problems: string[] }) => [r.rowNumber, r.problems])).toEqual([
      [2502, ['duplicate batch (same product and batch as row 5)']],
      [3002, ['missing batch']],
    ]);

    const before = await counts();
    const res = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'big.txt', bytes, { mode: 'ADD' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ rowsImported: 4498, rowsRejected: 2, productsCreated: 1500, batchesZeroed: 0 });
    expect(await counts()).toEqual({ ...before, products: before.products + 1500, batches: before.batches + 4497, movements: before.movements + 4498, imports: before.imports + 1 });
    const doloAfter = await t.db.selectFrom('inventory_batches').select('quantity').where('id', '=', dolo.id).executeTakeFirstOrThrow();
    expect(doloAfter.quantity).toBe(dolo.quantity + 11);
    expect(await ledgerMatchesStock(s.warehouseId)).toBe(true);
  });

  it('credits the referral offer once, for the first inventory', async () => {
    const s = await stockist();
    await t.db.deleteFrom('referral_credits').where('unit_id', '=', s.unitId).execute();
    const first = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'a.xlsx', await xlsxOf(FILE_ROWS), { mode: 'ADD' });
    expect(first.json().body.referralCredited).toBe(true);
    const second = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'b.xlsx', await xlsxOf(FILE_ROWS.slice(0, 2)), { mode: 'ADD' });
    expect(second.json().body.referralCredited).toBe(false);
    const credits = await t.db.selectFrom('referral_credits').select(['deliveries', 'reason']).where('unit_id', '=', s.unitId).execute();
    expect(credits).toEqual([{ deliveries: 3, reason: 'FIRST_INVENTORY' }]);
  });

  it('keeps retailers out of upload, shows them only their own stock', async () => {
    const retailer = bearer(await login(t.app, DEMO.retailer));
    const res = await upload(INVENTORY_PATHS.uploadImport, retailer, 'a.xlsx', await xlsxOf(FILE_ROWS), { mode: 'ADD' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'E0040']);
    const s = await stockist();
    const batch = await t.db.selectFrom('inventory_batches').select('id').where('unit_id', '=', s.unitId).executeTakeFirstOrThrow();
    const read = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.batch(batch.id), headers: retailer });
    expect([read.statusCode, read.json().code]).toEqual([404, 'E0002']);
    // A retailer keeps stock too (purchase bills, counter sales): it adds a batch by hand and reads only its own.
    const added = await t.app.inject({
      method: 'POST',
      url: INVENTORY_PATHS.add,
      headers: retailer,
      payload: { productName: 'Limcee 500 Chewable Tablet', manufacturer: 'Abbott', pack: '15 Tab', batchNo: 'RTL-LIM-1', expiryDate: '2028-03-31', mrpPaise: 2550, ptrPaise: 2000, quantity: 30 },
    });
    expect(added.statusCode).toBe(200);
    const retailerUnit = await t.db.selectFrom('users').select('unit_id').where('mobile', '=', DEMO.retailer).executeTakeFirstOrThrow();
    const list = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.all, headers: retailer });
    const ids: string[] = list.json().body.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(added.json().body.id);
    const owners = await t.db.selectFrom('inventory_batches').select('unit_id').distinct().where('id', 'in', ids).execute();
    expect(owners).toEqual([{ unit_id: retailerUnit.unit_id }]);
    for (const url of [INVENTORY_PATHS.expiry, INVENTORY_PATHS.age, INVENTORY_PATHS.report]) {
      expect([url, (await t.app.inject({ method: 'GET', url, headers: retailer })).statusCode]).toEqual([url, 200]);
    }
  });

});

describe('stock screens', () => {
  it('adds a batch by hand with the upload’s validation', async () => {
    const s = await stockist();
    const body = { productName: 'Limcee 500 Chewable Tablet', manufacturer: 'Abbott', pack: '15 Tab', batchNo: 'TEST-LIM-9', expiryDate: '2028-06-30', mrpPaise: 2550, ptrPaise: 2040, quantity: 12 };
    const res = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.add, headers: s.headers, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ batchNo: 'TEST-LIM-9', quantity: 12, warehouseName: 'Pune Main Godown', gstBp: 500 });
    const bad = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.add, headers: s.headers, payload: { ...body, mrpPaise: 100 } });
    expect([bad.statusCode, Object.keys(bad.json().fields)]).toEqual([400, ['mrpPaise']]);
    const expired = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.add, headers: s.headers, payload: { ...body, expiryDate: '2026-01-31' } });
    expect(expired.statusCode).toBe(400);
    // Adding to the batch past MAX_QUANTITY (issue 33): 400 naming the quantity, the batch unchanged.
    await sql`UPDATE inventory_batches SET quantity = ${MAX_QUANTITY - 5} WHERE batch_no = 'TEST-LIM-9'`.execute(t.db);
    const over = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.add, headers: s.headers, payload: body });
    expect([over.statusCode, over.json().fields]).toEqual([400, { quantity: 'Batch TEST-LIM-9 would hold more than 1,00,00,000 units' }]);
    expect((await t.db.selectFrom('inventory_batches').select('quantity').where('batch_no', '=', 'TEST-LIM-9').executeTakeFirstOrThrow()).quantity).toBe(MAX_QUANTITY - 5);
    await sql`UPDATE inventory_batches SET quantity = 12 WHERE batch_no = 'TEST-LIM-9'`.execute(t.db);
    expect(await ledgerMatchesStock(s.warehouseId)).toBe(true);
  });

  it('lists expiring and expired stock, age buckets and the report; the sellable view never shows expired batches', async () => {
    const s = await stockist();
    const expiry = (await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.expiry, headers: s.headers })).json().body.buckets;
    expect(expiry.map((b: { key: string }) => b.key)).toEqual(['expired', '30', '60', '90']);
    expect(expiry[0].batches).toBeGreaterThan(0);
    expect(expiry[1].batches).toBeGreaterThan(0);
    const within30 = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.all, headers: s.headers, query: { expiry: '30', sort: 'expiry' } });
    for (const b of within30.json().body.items) expect(b.daysToExpiry > 0 && b.daysToExpiry <= 30).toBe(true);
    const age = (await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.age, headers: s.headers })).json().body.buckets;
    expect(age).toHaveLength(5);
    const report = (await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.report, headers: s.headers })).json().body;
    expect(report.rows.length).toBeGreaterThan(5);

    const expiredIds = (await t.db.selectFrom('inventory_batches').select('id').where('expiry_date', '<=', sql<string>`current_date`).execute()).map((r) => r.id);
    expect(expiredIds.length).toBeGreaterThan(0);
    const sellable = await sql<{ batch_id: string }>`SELECT batch_id FROM sellable_batches`.execute(t.db);
    expect(sellable.rows.length).toBeGreaterThan(50);
    expect(sellable.rows.filter((r) => expiredIds.includes(r.batch_id))).toEqual([]);
  });

  it('searches, filters by manufacturer and pages', async () => {
    const s = await stockist();
    const res = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.all, headers: s.headers, query: { search: 'dolo', pageSize: '5' } });
    const body = res.json().body;
    expect(body.items.every((b: { productName: string }) => /dolo/i.test(b.productName))).toBe(true);
    expect(body.manufacturers).toContain('GSK');
    const gsk = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.all, headers: s.headers, query: { manufacturer: 'GSK', pageSize: '2', page: '1' } });
    expect(gsk.json().body.items.every((b: { manufacturer: string }) => b.manufacturer === 'GSK')).toBe(true);
    expect(gsk.json().body.totalResults).toBeGreaterThan(2);
  });
});

describe('unknown column names', () => {
  it('offers the first table row as the header to map when no column name is known', async () => {
    const s = await stockist();
    const bytes = Buffer.from('Naam\tPkg\tLot\tUse by\tMax price\tRetail price\tNos\nE2E Tonic\t200 ml\tTN1\t03/28\t90\t72\t10\n');
    const preview = await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'odd.txt', bytes);
    expect(preview.json().body).toMatchObject({ headerRow: 1, mapping: {}, validRows: 0 });
    const mapping = JSON.stringify({ name: 0, pack: 1, batch: 2, expiry: 3, mrp: 4, ptr: 5, quantity: 6 });
    const res = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'odd.txt', bytes, { mode: 'ADD', mapping });
    expect(res.json().body).toMatchObject({ rowsImported: 1, rowsRejected: 0 });
  });
});

describe('import correctness (issue 11)', () => {
  const batchQuantity = async (batchNo: string) =>
    (await t.db.selectFrom('inventory_batches').select('quantity').where('batch_no', '=', batchNo).executeTakeFirstOrThrow()).quantity;

  it('two simultaneous imports of the same file (a double click): one imports, the other answers "already imported"', async () => {
    const s = await stockist();
    const bytes = await xlsxOf(FILE_ROWS);
    const before = await counts();
    const [a, b] = await Promise.all([
      upload(INVENTORY_PATHS.uploadImport, s.headers, 'stock.xlsx', bytes, { mode: 'ADD' }),
      upload(INVENTORY_PATHS.uploadImport, s.headers, 'stock.xlsx', bytes, { mode: 'ADD' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json().body, b.json().body];
    expect(answers.map((r) => r.alreadyImported).sort()).toEqual([false, true]);
    expect(answers[0].importId).toBe(answers[1].importId);
    expect(answers.map((r) => r.rowsImported)).toEqual([2, 2]);
    // Added once, not twice.
    expect(await batchQuantity('TEST-BNS-1')).toBe(40);
    expect((await counts()).imports).toBe(before.imports + 1);
    expect(await ledgerMatchesStock(s.warehouseId)).toBe(true);
  });

  it('refuses a TXT upload with a NUL byte anywhere as binary, storing nothing', async () => {
    const s = await stockist();
    const before = await counts();
    const text = Buffer.from(`${HEADER.slice(0, 8).join(',')}\nNul Tonic,100 ml,Test Pharma,NUL-1,03/28,90,72,10\n`);
    text[text.length - 3] = 0;
    for (const path of [INVENTORY_PATHS.uploadPreview, INVENTORY_PATHS.uploadImport]) {
      const res = await upload(path, s.headers, 'stock.txt', text, { mode: 'ADD' });
      expect([res.statusCode, res.json().code, res.json().fields]).toEqual([400, 'E0001', { file: 'Not a text file' }]);
      expect(res.json().message).toMatch(/^This file is binary, not text \(a NUL byte at byte \d+\)/);
    }
    expect(await counts()).toEqual(before);
  });

  it('fills a missing HSN from a later file; a file whose HSN or GST % disagrees gets warnings and never overwrites', async () => {
    const s = await stockist();
    const wash = ['Issue11 Face Wash', '100 ml', 'Test Cosmetics'];
    const productHsn = async () => (await t.db.selectFrom('products').select('hsn').where('name', '=', wash[0]!).executeTakeFirstOrThrow()).hsn;
    // First seen in a file without HSN or GST columns: GST unknown.
    const first = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'a.xlsx', await xlsxOf([HEADER.slice(0, 8), [...wash, 'FW-1', '03/28', 150, 120, 10]]), { mode: 'ADD' });
    expect([first.statusCode, first.statusCode === 200 ? '' : first.body]).toEqual([200, '']);
    expect(await productHsn()).toBeNull();

    // A later file carries HSN 3808 (18 % in force) and agrees: no warning, the HSN is filled in.
    const agreeing = await xlsxOf([HEADER, [...wash, 'FW-2', '03/28', 150, 120, 10, '', '3808', '18']]);
    const quiet = (await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'b.xlsx', agreeing)).json().body;
    expect([quiet.warnedRows, quiet.warned, quiet.sample[0].warnings]).toEqual([0, [], []]);
    await upload(INVENTORY_PATHS.uploadImport, s.headers, 'b.xlsx', agreeing, { mode: 'ADD' });
    expect(await productHsn()).toBe('3808');
    const list = await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.all, headers: s.headers, query: { search: 'Issue11 Face Wash' } });
    expect(list.json().body.items.map((b: { batchNo: string; hsn: string; gstBp: number }) => [b.batchNo, b.hsn, b.gstBp])).toEqual([
      ['FW-1', '3808', 1800],
      ['FW-2', '3808', 1800],
    ]);

    // Disagreeing files: warned on the row, imported, the record kept. Dolo's HSN 3004 is at 5 % since 22 Sep 2025.
    const disagreeing = await xlsxOf([
      HEADER,
      [...wash, 'FW-3', '03/28', 150, 120, 10, '', '3004', '12'],
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'ISSUE11-DOL', '03/28', 33.6, 26.88, 10, '', '', '12'],
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'ISSUE11-DOL2', '03/28', 33.6, 26.88, 10, '', '30049099', '5'],
    ]);
    const preview = (await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'c.xlsx', disagreeing)).json().body;
    const expected = [
      { rowNumber: 4, name: wash[0], batchNo: 'FW-3', warnings: ['HSN 3004 in the file, 3808 on record: the product keeps 3808', 'GST 12 % in the file, 18 % in force for HSN 3808'] },
      { rowNumber: 5, name: 'Dolo 650 Tablet', batchNo: 'ISSUE11-DOL', warnings: ['GST 12 % in the file, 5 % in force for HSN 3004'] },
    ];
    expect([preview.validRows, preview.warnedRows, preview.warned]).toEqual([3, 2, expected]);
    expect(preview.sample.map((r: { warnings: string[] }) => r.warnings)).toEqual([expected[0]!.warnings, expected[1]!.warnings, []]);
    const res = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'c.xlsx', disagreeing, { mode: 'ADD' });
    expect(res.json().body.rowsImported).toBe(3);
    expect(await productHsn()).toBe('3808');
    const dolo = await t.db.selectFrom('products').select('hsn').where('name', '=', 'Dolo 650 Tablet').where('manufacturer', '=', 'Micro Labs').execute();
    expect(dolo.map((p) => p.hsn)).toEqual(['3004']);
  });

  it('shows a quantity with free goods as "stock + free", and counts free goods as stock or not as chosen, remembered per unit', async () => {
    const s = await stockist();
    const file = (suffix: string) =>
      xlsxOf([
        HEADER,
        ['Free Goods Tonic', '100 ml', 'Test Pharma', `FREE-${suffix}`, '03/28', 90, 72, 480, 48, '3004', '5'],
        ['Free Goods Tonic', '100 ml', 'Test Pharma', `PLAIN-${suffix}`, '03/28', 90, 72, 20, '', '3004', '5'],
      ]);
    const first = await file('1');
    const sampleOf = (preview: { sample: { batchNo: string; fileQuantity: number; freeQuantity: number; quantity: number }[] }) =>
      preview.sample.map((r) => [r.batchNo, r.fileQuantity, r.freeQuantity, r.quantity]);

    // Default as before: free goods are stock.
    const counted = (await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'a.xlsx', first)).json().body;
    expect([counted.countFree, counted.rowsWithFree]).toEqual([true, 1]);
    expect(sampleOf(counted)).toEqual([
      ['FREE-1', 480, 48, 528],
      ['PLAIN-1', 20, 0, 20],
    ]);
    const notCounted = (await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'a.xlsx', first, { countFree: 'false' })).json().body;
    expect(notCounted.countFree).toBe(false);
    expect(sampleOf(notCounted)[0]).toEqual(['FREE-1', 480, 48, 480]);
    const bad = await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'a.xlsx', first, { countFree: 'yes' });
    expect([bad.statusCode, bad.json().code, bad.json().fields]).toEqual([400, 'E0001', { countFree: 'true or false' }]);

    const imported = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'a.xlsx', first, { mode: 'ADD', countFree: 'false' });
    expect(imported.json().body).toMatchObject({ countFree: false, rowsImported: 2, alreadyImported: false });
    expect(await batchQuantity('FREE-1')).toBe(480);

    // The unit's choice is remembered: the next upload without one does not count free goods either.
    const second = await file('2');
    const remembered = (await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'b.xlsx', second)).json().body;
    expect(remembered.countFree).toBe(false);
    expect(sampleOf(remembered)[0]).toEqual(['FREE-2', 480, 48, 480]);
    const again = await upload(INVENTORY_PATHS.uploadImport, s.headers, 'a.xlsx', first, { mode: 'ADD' });
    expect(again.json().body).toMatchObject({ alreadyImported: true, countFree: false });
    t.clock.advance(60);
    await upload(INVENTORY_PATHS.uploadImport, s.headers, 'b.xlsx', second, { mode: 'ADD', countFree: 'true' });
    expect(await batchQuantity('FREE-2')).toBe(528);
    expect((await upload(INVENTORY_PATHS.uploadPreview, s.headers, 'a.xlsx', first)).json().body.countFree).toBe(true);
    expect(await ledgerMatchesStock(s.warehouseId)).toBe(true);
  });
});

describe('opening stock at cost (issue 36)', () => {
  it('values the units of an upload with a Cost column at that cost in the books; a row without one at its PTS, else PTR', async () => {
    const s = await stockist();
    const file = await xlsxOf([
      ['Item Name', 'Pack', 'Company', 'Batch No', 'Exp.', 'MRP', 'PTR', 'PTS', 'Pur. Rate', 'Qty'],
      ['Costed Opening Syrup', '100 ml', 'Ledgerly Labs', 'CO-1', '06/28', '120', '96', '90', '72.50', 10],
      ['Costed Opening Syrup', '100 ml', 'Ledgerly Labs', 'CO-2', '06/28', '120', '96', '90', '', 4],
      ['Costed Opening Syrup', '100 ml', 'Ledgerly Labs', 'CO-3', '06/28', '120', '96', '', '', 2],
      ['Costed Opening Syrup', '100 ml', 'Ledgerly Labs', 'CO-4', '06/28', '120', '96', '', 'free', 2],
    ]);
    const preview = await uploaded(INVENTORY_PATHS.uploadPreview, s.headers, 'opening.xlsx', file);
    expect(preview.mapping).toMatchObject({ ptr: 6, pts: 7, cost: 8, quantity: 9 });
    expect(preview.sample.map((r: { batchNo: string; costPaise: number | null }) => [r.batchNo, r.costPaise])).toEqual([
      ['CO-1', 7250],
      ['CO-2', null],
      ['CO-3', null],
    ]);
    expect(preview.rejected).toEqual([expect.objectContaining({ rowNumber: 7, problems: ['cost is not an amount'] })]);

    const sheet = async () => {
      const res = await t.app.inject({ method: 'GET', url: BOOKS_PATHS.balanceSheet, headers: s.headers, query: { asOf: t.clock.now().toISOString().slice(0, 10) } });
      if (res.statusCode !== 200) throw new Error(`balance sheet answered ${res.statusCode}: ${res.body}`);
      return res.json().body as BalanceSheet;
    };
    const before = await sheet();
    await uploaded(INVENTORY_PATHS.uploadImport, s.headers, 'opening.xlsx', file, { mode: 'ADD' });
    const batches = await t.db
      .selectFrom('inventory_batches as b')
      .innerJoin('stock_movements as m', 'm.batch_id', 'b.id')
      .select(['b.batch_no', 'b.opening_cost_paise', 'm.unit_cost_paise'])
      .where('b.batch_no', 'like', 'CO-%')
      .orderBy('b.batch_no')
      .execute();
    expect(batches.map((b) => [b.batch_no, b.opening_cost_paise, b.unit_cost_paise])).toEqual([
      ['CO-1', 7250, 7250],
      ['CO-2', 9000, 9000],
      ['CO-3', 9600, 9600],
    ]);
    const atCost = 10 * 7250 + 4 * 9000 + 2 * 9600;
    const valued = await batchStockAt(t.db, { unitId: s.unitId, warehouseId: s.warehouseId }, new Date(t.clock.now().getTime() + 1000));
    expect(valued.filter((b) => b.batchNo.startsWith('CO-')).reduce((sum, b) => sum + b.valuePaise, 0)).toBe(atCost);
    // The balance sheet: stock on hand and the stock brought in (equity) both grow by the file's cost.
    const after = await sheet();
    expect([after.closingStockPaise - before.closingStockPaise, after.equity.stockBroughtInPaise - before.equity.stockBroughtInPaise]).toEqual([atCost, atCost]);
  });
});

describe("the owner's cost basis (issue 39 item 5)", () => {
  it('values stock without a cost at PTR less the chosen margin, so the gross profit of what sells is sales − that cost', async () => {
    const s = await stockist();
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: INVENTORY_PATHS.costBasis, headers: s.headers, payload });
    expect((await t.app.inject({ method: 'GET', url: INVENTORY_PATHS.costBasis, headers: s.headers })).json().body).toEqual({ basis: 'PTS', marginBp: 0 });
    // A margin goes with "PTR less a margin" only.
    expect((await put({ basis: 'PTR', marginBp: 500 })).json()).toMatchObject({ code: 'E0001' });
    expect((await put({ basis: 'PTR_LESS_MARGIN', marginBp: 2000 })).json().body).toEqual({ basis: 'PTR_LESS_MARGIN', marginBp: 2000 });

    // No Cost column and no PTS: as most billing software exports its stock.
    const file = await xlsxOf([
      ['Item Name', 'Pack', 'Company', 'Batch No', 'Exp.', 'MRP', 'PTR', 'HSN', 'Qty'],
      ['Margined Cough Syrup', '100 ml', 'Basis Labs', 'MB-1', '06/28', '125', '100', '30049099', 10],
    ]);
    const preview = await uploaded(INVENTORY_PATHS.uploadPreview, s.headers, 'basis.xlsx', file);
    expect(preview.costBasis).toEqual({ basis: 'PTR_LESS_MARGIN', marginBp: 2000 });

    const pl = async () => {
      const today = t.clock.now().toISOString().slice(0, 10);
      const res = await t.app.inject({ method: 'GET', url: BOOKS_PATHS.profitAndLoss, headers: s.headers, query: { from: `${today.slice(0, 4)}-04-01` > today ? `${Number(today.slice(0, 4)) - 1}-04-01` : `${today.slice(0, 4)}-04-01`, to: today, compare: 'none' } });
      if (res.statusCode !== 200) throw new Error(`P&L answered ${res.statusCode}: ${res.body}`);
      return res.json().body as ProfitAndLoss;
    };
    const before = await pl();
    await uploaded(INVENTORY_PATHS.uploadImport, s.headers, 'basis.xlsx', file, { mode: 'ADD' });
    const batch = await t.db.selectFrom('inventory_batches').select(['product_id', 'opening_cost_paise']).where('batch_no', '=', 'MB-1').executeTakeFirstOrThrow();
    expect(batch.opening_cost_paise).toBe(8000);

    // Four units sold over the counter.
    const sale = await t.app.inject({ method: 'POST', url: ACCOUNTING_PATHS.instoreSales, headers: s.headers, payload: { buyer: { walkInName: 'Basis Walk-in' }, lines: [{ productId: batch.product_id, quantity: 4 }], paymentMode: 'CASH' } });
    expect([sale.statusCode, sale.statusCode === 200 ? '' : sale.body]).toEqual([200, '']);
    const after = await pl();
    const sold = after.netSalesPaise - before.netSalesPaise;
    expect(sold).toBeGreaterThan(0);
    expect(after.stockBroughtInPaise - before.stockBroughtInPaise).toBe(10 * 8000);
    expect(after.costOfGoodsSoldPaise - before.costOfGoodsSoldPaise).toBe(4 * 8000);
    expect(after.grossProfitPaise - before.grossProfitPaise).toBe(sold - 4 * 8000);
  });
});
