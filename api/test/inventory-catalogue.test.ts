import { INVENTORY_PATHS, ITEM_PICKS_FIELD, isSettledMatch, type ImportResult, type ItemMatch, type ItemPick, type UploadPreview } from 'shared-api';
import { DEMO_PRODUCTS } from '../src/db/seed-inventory';
import { DEMO, bearer, build, login } from './helpers';
import { HEADER, MARG_HEADER, MARG_STOCK_ROWS, margStockStatement, multipart, xlsxOf } from './inventory-fixtures';

/*
 * The stock upload on the one catalogue (issue 36): every distinct item of a file is matched to the shared product
 * master, the seller answers the uncertain ones, and its answers are remembered.
 */

const t = build();

async function stockist(mobile = DEMO.stockist) {
  const session = await login(t.app, mobile);
  return { headers: bearer(session) };
}

async function upload(path: string, headers: Record<string, string>, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const body = multipart(name, bytes, fields);
  return t.app.inject({ method: 'POST', url: path, headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function uploaded<T>(path: string, headers: Record<string, string>, name: string, bytes: Buffer, fields: Record<string, string> = {}): Promise<T> {
  const res = await upload(path, headers, name, bytes, fields);
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
  return res.json().body as T;
}

const productIds = async () => new Set((await t.db.selectFrom('products').select('id').execute()).map((p) => p.id));

/** The catalogue product each Marg row's batch went to. */
async function productOfBatches(prefix: string) {
  const rows = await t.db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select(['b.batch_no', 'p.name', 'b.quantity'])
    .where('b.batch_no', 'like', `${prefix}%`)
    .execute();
  return new Map(rows.map((r) => [r.batch_no, r]));
}

/** The seller's answers, as the upload screen would send them once the person chose the right product for each. */
function sellerPicks(matches: readonly ItemMatch[]): ItemPick[] {
  return matches
    .filter((m) => m.kind === 'UNCERTAIN')
    .map((m) => {
      const expected = MARG_STOCK_ROWS.find((r) => r.cells[0] === m.name)!.expected;
      const candidate = m.candidates.find((c) => c.name === expected);
      return { itemKey: m.itemKey, productId: candidate?.productId ?? 'NEW' };
    });
}

describe('the stock upload on one catalogue (issue 36)', () => {
  it('maps a Marg-style stock statement onto the catalogue: no product the catalogue has is created; the next upload asks nothing', async () => {
    const s = await stockist();
    const catalogue = await productIds();
    const demoNames = new Set(DEMO_PRODUCTS.map((p) => p.name));
    const bytes = await margStockStatement();

    const preview = await uploaded<UploadPreview>(INVENTORY_PATHS.uploadPreview, s.headers, 'STOCK.xlsx', bytes);
    expect(preview).toMatchObject({ headerRow: 3, missingFields: [], validRows: 21, rejectedRows: 0 });
    expect(preview.mapping).toMatchObject({ name: 0, pack: 1, manufacturer: 2, ptr: 6, cost: 7, quantity: 8 });
    // 21 rows, 19 items (two batches of Dolo, two of Pan 40); 18 are in the catalogue, Neurobion is not.
    expect(preview.catalogue.items).toBe(19);
    const { items, remembered, exact, confident, uncertain, new: fresh } = preview.catalogue;
    expect(remembered + exact + confident + uncertain + fresh).toBe(items);
    // Every uncertain item is shown, its right product among the candidates and preselected (the best one).
    const uncertainShown = preview.itemMatches.filter((m) => m.kind === 'UNCERTAIN');
    expect(uncertainShown).toHaveLength(uncertain);
    for (const m of uncertainShown) {
      const expected = MARG_STOCK_ROWS.find((r) => r.cells[0] === m.name)!.expected;
      if (expected) expect({ item: m.name, best: m.candidates[0]?.name }).toEqual({ item: m.name, best: expected });
    }
    // Items the catalogue settled went to the right product; the one it lacks is new (or uncertain, answered NEW).
    expect(preview.itemMatches.filter((m) => m.name === 'NEUROBION FORTE TAB').map((m) => m.kind)).toEqual([expect.stringMatching(/^(NEW|UNCERTAIN)$/)]);
    expect(fresh).toBeLessThanOrEqual(1);
    // Rows 4 and 5 of the data (Dolo's two batches) are one item.
    expect(preview.itemMatches.find((m) => m.name === 'DOLO 650 TAB')?.rows ?? 2).toBe(2);

    const picks = sellerPicks(preview.itemMatches);
    const result = await uploaded<ImportResult>(INVENTORY_PATHS.uploadImport, s.headers, 'STOCK.xlsx', bytes, { mode: 'ADD', [ITEM_PICKS_FIELD]: JSON.stringify(picks) });
    expect(result).toMatchObject({ rowsImported: 21, rowsRejected: 0, productsCreated: 1, alreadyImported: false });
    expect(result.catalogue).toMatchObject({ items: 19 });

    // No product the catalogue already has was created: the one new product is Neurobion.
    const created = await t.db.selectFrom('products').select(['id', 'name']).execute();
    expect(created.filter((p) => !catalogue.has(p.id)).map((p) => p.name)).toEqual(['NEUROBION FORTE TAB']);
    const batches = await productOfBatches('MG-');
    expect(MARG_STOCK_ROWS.map((r) => [r.cells[3], batches.get(String(r.cells[3]))?.name])).toEqual(
      MARG_STOCK_ROWS.map((r) => [r.cells[3], r.expected ?? 'NEUROBION FORTE TAB']),
    );
    expect(MARG_STOCK_ROWS.filter((r) => r.expected && !demoNames.has(r.expected))).toEqual([]);

    // The same statement again (re-exported: the quantities moved, so it is another file): nothing to ask, every
    // item maps itself (remembered or exact), and no product is created.
    const again = await xlsxOf([MARG_HEADER, ...MARG_STOCK_ROWS.map((r) => r.cells.map((c, i) => (i === 8 ? Number(c) + 5 : c)))], ['AGARWAL PHARMA DISTRIBUTORS', 'STOCK STATEMENT AS ON 23-11-2026']);
    const second = await uploaded<UploadPreview>(INVENTORY_PATHS.uploadPreview, s.headers, 'STOCK-2.xlsx', again);
    expect(second.catalogue).toMatchObject({ items: 19, confident: 0, uncertain: 0, new: 0 });
    expect(second.itemMatches.filter((m) => !isSettledMatch(m.kind))).toEqual([]);
    const secondResult = await uploaded<ImportResult>(INVENTORY_PATHS.uploadImport, s.headers, 'STOCK-2.xlsx', again, { mode: 'REPLACE' });
    expect(secondResult).toMatchObject({ rowsImported: 21, productsCreated: 0 });
    expect((await productOfBatches('MG-DL-01')).get('MG-DL-01')).toMatchObject({ name: 'Dolo 650 Tablet', quantity: 125 });
  });

  it('takes the seller’s answer for each uncertain item (a candidate, or a new product), makes an unanswered one a new product, and remembers all three', async () => {
    const s = await stockist();
    const rows = (batch: string) => [
      ['AMLONG TAB', "15'S", 'MICRO LABS', `${batch}-AM`, '06/28', '38.40', '30.72', 10],
      ['SHELCAL TAB', "15'S", 'TORRENT', `${batch}-SH`, '06/28', '131.20', '104.96', 10],
      ['ALLEGRA TAB', "10'S", 'SANOFI', `${batch}-AL`, '06/28', '226.00', '180.80', 10],
    ];
    const first = await xlsxOf([HEADER.slice(0, 8), ...rows('UQ1')]);
    const preview = await uploaded<UploadPreview>(INVENTORY_PATHS.uploadPreview, s.headers, 'a.xlsx', first);
    // No strength in the file: each is offered its brand's only strength, to confirm.
    expect(preview.catalogue).toMatchObject({ items: 3, uncertain: 3 });
    expect(preview.itemMatches.map((m) => [m.kind, m.name, m.rowNumber, m.candidates[0]?.name])).toEqual([
      ['UNCERTAIN', 'AMLONG TAB', 4, 'Amlong 5 Tablet'],
      ['UNCERTAIN', 'SHELCAL TAB', 5, 'Shelcal 500 Tablet'],
      ['UNCERTAIN', 'ALLEGRA TAB', 6, 'Allegra 120 Tablet'],
    ]);
    const [amlong, shelcal] = preview.itemMatches;
    const picks: ItemPick[] = [
      { itemKey: amlong!.itemKey, productId: amlong!.candidates[0]!.productId },
      { itemKey: shelcal!.itemKey, productId: 'NEW' },
    ];
    const result = await uploaded<ImportResult>(INVENTORY_PATHS.uploadImport, s.headers, 'a.xlsx', first, { mode: 'ADD', [ITEM_PICKS_FIELD]: JSON.stringify(picks) });
    expect(result).toMatchObject({ rowsImported: 3, productsCreated: 2, catalogue: { items: 3, uncertain: 3 } });
    const placed = async (batch: string) => [...(await productOfBatches(batch)).values()].map((b) => [b.batch_no, b.name]).sort();
    expect(await placed('UQ1-')).toEqual([
      ['UQ1-AL', 'ALLEGRA TAB'],
      ['UQ1-AM', 'Amlong 5 Tablet'],
      ['UQ1-SH', 'SHELCAL TAB'],
    ]);

    // The next file of the same items asks nothing: each goes where the seller put it.
    const second = await xlsxOf([HEADER.slice(0, 8), ...rows('UQ2')]);
    const again = await uploaded<UploadPreview>(INVENTORY_PATHS.uploadPreview, s.headers, 'b.xlsx', second);
    expect(again.catalogue).toMatchObject({ items: 3, remembered: 3, uncertain: 0, new: 0 });
    expect(again.itemMatches).toEqual([]);
    expect(await uploaded<ImportResult>(INVENTORY_PATHS.uploadImport, s.headers, 'b.xlsx', second, { mode: 'ADD' })).toMatchObject({ rowsImported: 3, productsCreated: 0 });
    expect(await placed('UQ2-')).toEqual([
      ['UQ2-AL', 'ALLEGRA TAB'],
      ['UQ2-AM', 'Amlong 5 Tablet'],
      ['UQ2-SH', 'SHELCAL TAB'],
    ]);
  });

  it('refuses picks that are not a list of items and products, or name a product the catalogue lacks, storing nothing', async () => {
    const s = await stockist();
    const bytes = await xlsxOf([HEADER, ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'PK-1', '03/28', '33.60', '26.88', 10, '', '3004', '5']]);
    const before = await t.db.selectFrom('inventory_imports').select('id').execute();
    const send = (picks: string) => upload(INVENTORY_PATHS.uploadImport, s.headers, 'stock.xlsx', bytes, { mode: 'ADD', [ITEM_PICKS_FIELD]: picks });
    for (const picks of ['not json', '{"itemKey":"x"}', JSON.stringify([{ itemKey: 'x', productId: 'not-an-id' }])]) {
      const res = await send(picks);
      expect([res.statusCode, res.json().code, res.json().fields]).toEqual([400, 'E0001', { [ITEM_PICKS_FIELD]: 'A list of { itemKey, productId or NEW }' }]);
    }
    const unknown = await send(JSON.stringify([{ itemKey: 'dolo 650 tablet|15 tab|micro labs', productId: '0190a000-0000-7000-8000-000000000000' }]));
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
      400,
      'E0001',
      'The product chosen for "dolo 650 tablet|15 tab|micro labs" is not in the catalogue (merged or removed): read the file again and choose again',
    ]);
    expect(await t.db.selectFrom('inventory_imports').select('id').execute()).toEqual(before);
  });
});

describe('a large file written chunk by chunk as it is read (issue 38 item 1)', () => {
  it('matches each 2,000-line chunk as the preview saw the file: a later chunk\'s item is not put on a product an earlier chunk created', async () => {
    const s = await stockist();
    // Row 1: an item the catalogue lacks. Rows 2–2,000: another new item's batches (the rest of the first chunk).
    // Row 2,001, in the second chunk: the first item spelled another way, which would match the product row 1
    // creates. The preview (nothing written) shows both spellings as new items, so the import creates both.
    const rows: unknown[][] = [
      ['Zyntrax 650 Tablet', '15 Tab', 'Acme Labs', 'ZY-A', '03/29', 120, 95, 10, 0, '30049099', 12],
      ...Array.from({ length: 1_999 }, (_, i) => ['Fillorex Syrup', '100 ml', 'Acme Labs', `FX-${i}`, '03/29', 80, 64, 5, 0, '30049099', 12]),
      ['ZYNTRAX 650 TAB', "15'S", 'ACME LABS LTD', 'ZY-B', '03/29', 120, 95, 10, 0, '30049099', 12],
    ];
    const bytes = await xlsxOf([HEADER, ...rows]);
    const preview = await uploaded<UploadPreview>(INVENTORY_PATHS.uploadPreview, s.headers, 'BIG.xlsx', bytes);
    expect(preview).toMatchObject({ validRows: 2_001, catalogue: { items: 3, new: 3 } });

    const result = await uploaded<ImportResult>(INVENTORY_PATHS.uploadImport, s.headers, 'BIG.xlsx', bytes, { mode: 'ADD' });
    expect(result).toMatchObject({ rowsImported: 2_001, productsCreated: 3, catalogue: { items: 3, new: 3 } });
    const zy = await productOfBatches('ZY-');
    expect([zy.get('ZY-A')?.name, zy.get('ZY-B')?.name]).toEqual(['Zyntrax 650 Tablet', 'ZYNTRAX 650 TAB']);
  });
});

describe('stock added by hand on the one catalogue', () => {
  it('puts "DOLO 650 TAB / 15\'S / MICRO LABS LTD" on the catalogue\'s Dolo 650 Tablet instead of a second product', async () => {
    const s = await stockist();
    const before = await productIds();
    const res = await t.app.inject({
      method: 'POST',
      url: INVENTORY_PATHS.add,
      headers: s.headers,
      payload: { productName: 'DOLO 650 TAB', pack: "15'S", manufacturer: 'MICRO LABS LTD', batchNo: 'HAND-1', expiryDate: '2028-01-31', mrpPaise: 3360, ptrPaise: 2690, quantity: 12 },
    });
    expect(res.statusCode).toBe(200);
    expect(await productIds()).toEqual(before);
    expect((await productOfBatches('HAND-')).get('HAND-1')).toMatchObject({ name: 'Dolo 650 Tablet', quantity: 12 });
  });
});
