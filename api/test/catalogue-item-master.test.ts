import type { ItemRow } from 'shared-api';
import type { Database } from '../src/db/database';
import { importItemMaster, previewItemMaster } from '../src/modules/catalogue';
import { matchKey } from '../src/modules/inventory/parsers/rows';
import { build, START_TIME } from './helpers';

const ctx = build();
const TODAY = '2026-11-22';

const row = (rowNumber: number, name: string, pack: string, manufacturer: string, more: Partial<ItemRow> = {}): ItemRow => ({
  rowNumber,
  code: null,
  name,
  manufacturer,
  pack,
  hsn: '3004',
  gstBp: 500,
  mrpPaise: null,
  ptrPaise: null,
  ptsPaise: null,
  schemeBuy: null,
  schemeFree: null,
  barcode: null,
  warnings: [],
  ...more,
});

async function stockistUnit(db: Database): Promise<string> {
  return (await db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}

const productId = async (db: Database, name: string) => (await db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** A Marg-style item master: the demo catalogue's Dolo 650 and Telma 40 written the export's way, an item the
 * catalogue cannot settle (no strength), and one it has never seen. */
function masterRows(newName: string): ItemRow[] {
  return [
    row(2, "DOLO 650 TAB 15'S", '', 'MICRO LABS LTD', { code: 'D650', mrpPaise: 3360, ptrPaise: 2560, ptsPaise: 2300, schemeBuy: 10, schemeFree: 1, barcode: '8901234567890' }),
    row(3, 'TELMA 40 TAB', "30'S", 'GLENMARK', { code: 'T40', gstBp: 1200, mrpPaise: 28300, ptrPaise: 22640 }),
    row(4, 'PAN TAB', "15'S", 'ALKEM', { code: 'P', mrpPaise: 16850, ptrPaise: 13480 }),
    row(5, newName, "10'S", 'NOVA REMEDIES', { code: 'N1', mrpPaise: 9900, ptrPaise: 7920 }),
    // the same item again (a second line of the master): one item, two rows
    row(6, "DOLO 650 TAB 15'S", '', 'MICRO LABS LTD', { code: 'D650', mrpPaise: 3360, ptrPaise: 2560 }),
  ];
}

describe('move-in item master', () => {
  it('previews every distinct item with its match, the summary, and a warning where the GST % disagrees with the rate master', async () => {
    const unitId = await stockistUnit(ctx.db);
    const preview = await previewItemMaster(ctx.db, unitId, masterRows('QUORVEX 10 TAB'), TODAY);
    expect(preview.itemMatches.map((m) => [m.name, m.kind, m.rows])).toEqual([
      ["DOLO 650 TAB 15'S", 'EXACT', 2],
      ['TELMA 40 TAB', 'EXACT', 1],
      ['PAN TAB', 'UNCERTAIN', 1],
      ['QUORVEX 10 TAB', 'NEW', 1],
    ]);
    expect(preview.itemMatches[0]!.productId).toBe(await productId(ctx.db, 'Dolo 650 Tablet'));
    expect(preview.itemMatches[2]!.candidates[0]!.productId).toBe(await productId(ctx.db, 'Pan 40 Tablet'));
    expect(preview.catalogue).toEqual({ items: 4, remembered: 0, exact: 2, confident: 0, uncertain: 1, new: 1 });
    expect(preview.rows[1]!.warnings).toEqual(['GST 12 % in the file, 5 % in force for HSN 3004']);
    expect(preview.rows.filter((r) => r.warnings.length > 0)).toHaveLength(1);
  });

  it('imports the items as the seller picked them, with their figures; the same rows again change nothing', async () => {
    const unitId = await stockistUnit(ctx.db);
    const rows = masterRows('ZENTROVA 20 TAB');
    // an uncertain item without an answer refuses the whole import
    await expect(ctx.db.transaction().execute((trx) => importItemMaster(trx, unitId, rows, [], START_TIME))).rejects.toMatchObject({ code: 'E0001', statusCode: 400 });
    expect(await ctx.db.selectFrom('seller_items').selectAll().where('unit_id', '=', unitId).execute()).toEqual([]);

    const pan = await productId(ctx.db, 'Pan 40 Tablet');
    const picks = [{ itemKey: matchKey('PAN TAB', "15'S", 'ALKEM'), productId: pan }];
    const result = await ctx.db.transaction().execute((trx) => importItemMaster(trx, unitId, rows, picks, START_TIME));
    expect(result).toEqual({ imported: 5, skipped: 0, productsCreated: 1 });

    const items = await ctx.db.selectFrom('seller_items').selectAll().where('unit_id', '=', unitId).orderBy('item_code').execute();
    expect(items.map((i) => [i.item_code, i.name])).toEqual([
      ['D650', "DOLO 650 TAB 15'S"],
      ['N1', 'ZENTROVA 20 TAB'],
      ['P', 'PAN TAB'],
      ['T40', 'TELMA 40 TAB'],
    ]);
    expect(items[0]).toMatchObject({ product_id: await productId(ctx.db, 'Dolo 650 Tablet'), hsn: '3004', gst_bp: 500, mrp_paise: 3360, ptr_paise: 2560, pts_paise: 2300, scheme_buy: 10, scheme_free: 1, barcode: '8901234567890' });
    expect(items[2]!.product_id).toBe(pan);
    expect(items[3]).toMatchObject({ gst_bp: 1200, mrp_paise: 28300, ptr_paise: 22640 });
    expect(await ctx.db.selectFrom('products').select(['name', 'pack', 'manufacturer']).where('id', '=', items[1]!.product_id).executeTakeFirst()).toEqual({ name: 'ZENTROVA 20 TAB', pack: "10'S", manufacturer: 'NOVA REMEDIES' });

    // again, later: nothing written, nothing created, the rows untouched
    const later = new Date(START_TIME.getTime() + 3_600_000);
    const again = await ctx.db.transaction().execute((trx) => importItemMaster(trx, unitId, rows, [], later));
    expect(again).toEqual({ imported: 0, skipped: 5, productsCreated: 0 });
    expect(await ctx.db.selectFrom('seller_items').selectAll().where('unit_id', '=', unitId).orderBy('item_code').execute()).toEqual(items);

    // the next preview maps every item itself
    const next = await previewItemMaster(ctx.db, unitId, rows, TODAY);
    expect(next.catalogue).toEqual({ items: 4, remembered: 4, exact: 0, confident: 0, uncertain: 0, new: 0 });

    // a changed price is written, the rest skipped
    const changed = rows.map((r) => (r.code === 'T40' ? { ...r, mrpPaise: 29500 } : r));
    expect(await ctx.db.transaction().execute((trx) => importItemMaster(trx, unitId, changed, [], later))).toEqual({ imported: 1, skipped: 4, productsCreated: 0 });
    expect(await ctx.db.selectFrom('seller_items').select(['mrp_paise', 'updated_at']).where('item_code', '=', 'T40').executeTakeFirst()).toEqual({ mrp_paise: 29500, updated_at: later });
  });
});
