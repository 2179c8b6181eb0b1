import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  ACCOUNTING_PATHS,
  CATALOGUE_PATHS,
  MARKETPLACE_PATHS,
  PATHS,
  RECALL_PATHS,
  type Cart,
  type DuplicateGroups,
  type GlobalSearchResult,
  type MergeResult,
  type SalesInvoice,
  type SubmitResult,
} from 'shared-api';
import { inTransaction } from '../src/db/transaction';
import { matchItems } from '../src/modules/catalogue';
import { mergeDuplicateGroups, mergeProducts } from '../src/modules/catalogue/merge';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { addOrIncreaseBatch } from '../src/modules/inventory/repository';
import { addBatch, addProduct, marketplaceWorld, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

/*
 * Merging duplicates in the product master (issue 36). "DLV" is a spelling the catalogue cannot take for "Dolovex":
 * staff who know better force those merges. The world is cart-fixtures' (clock 2026-11-22): "Dolovex 650
 * Tablet" (the survivor) at Agarwal (STK-PUN-001: PUN-B2, PUN-B1, PUN-OLD expired), Lohar Chawl (MUM-1) and Thane;
 * its duplicate "DLV 650 Tab", as a stockist's upload named it, at Agarwal (PUN-B2 again, and PUN-D1) and Lohar Chawl
 * (MUM-D). Products are kept between tests (helpers.ts KEPT): each test makes its own.
 */
const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const headers = bearer(session);
  return {
    post: (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload }),
    get: (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, query }),
  };
}

/** Each batch's opening movement, so on-hand equals the sum of movements from the start (as an upload leaves it). */
async function openingMovements(productIds: string[]) {
  await sql`INSERT INTO stock_movements (id, batch_id, unit_id, kind, quantity_delta, reference, created_at)
    SELECT gen_random_uuid(), id, unit_id, 'UPLOAD', quantity, 'opening', now() FROM inventory_batches
    WHERE product_id = ANY(${productIds}::uuid[]) AND quantity > 0`.execute(t.db);
}

/** Batches whose on-hand is not the sum of their movements (none, when the books of stock are right). */
async function unbalancedBatches(productIds: string[]) {
  const { rows } = await sql<{ batch_no: string; quantity: number; moved: number }>`SELECT b.batch_no, b.quantity,
      coalesce((SELECT sum(m.quantity_delta) FROM stock_movements m WHERE m.batch_id = b.id), 0)::int AS moved
    FROM inventory_batches b WHERE b.product_id = ANY(${productIds}::uuid[])`.execute(t.db);
  return rows.filter((r) => r.quantity !== r.moved);
}

async function duplicateWorld() {
  const w = await marketplaceWorld(t.db);
  const dlv = await addProduct(t.db, { name: 'DLV 650 Tab', manufacturer: 'Microvia Labs', pack: '15 tablets', hsn: '30049099' });
  const dup = {
    punB2: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: dlv, batchNo: 'PUN-B2', expiry: '2027-03-31', quantity: 30, ptr: 2800, mrp: 3400 }),
    punD1: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: dlv, batchNo: 'PUN-D1', expiry: '2028-01-31', quantity: 25, ptr: 2800, mrp: 3400 }),
    mumD: await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: dlv, batchNo: 'MUM-D', expiry: '2027-10-31', quantity: 10, ptr: 2900, mrp: 3400 }),
  };
  await openingMovements([w.dolovex, dlv]);
  return { ...w, dlv, dup };
}

const batchRow = (id: string) =>
  t.db.selectFrom('inventory_batches').select(['product_id', 'batch_no', 'quantity', 'reserved']).where('id', '=', id).executeTakeFirst();

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
}

describe('merging duplicates in the product master', () => {
  it('moves stock, open orders and carts to the survivor, combines a batch of the same number, and keeps issued invoices as they were', async () => {
    const w = await duplicateWorld();
    const retailer = await signedIn(DEMO.retailer);
    const stockist = await signedIn(DEMO.stockist);
    // An order of the duplicate, accepted and invoiced (5 units leave its PUN-B2) ...
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dlv, sellerUnitCode: 'STK-PUN-001', quantity: 5 });
    const invoiced = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit)).orders[0]!.orderId;
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(invoiced))).statusCode).toBe(200);
    const invoice = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(invoiced)));
    // ... one placed (10 units reserved on its PUN-B2) ...
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dlv, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
    const placed = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit)).orders[0]!.orderId;
    expect((await batchRow(w.dup.punB2))!.reserved).toBe(10);
    // ... and a cart holding both products from the same seller.
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dlv, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 2 });

    const staff = await signedIn(DEMO.staff);
    const res = await staff.post(CATALOGUE_PATHS.merge, { survivorId: w.dolovex, duplicateIds: [w.dlv], force: true });
    expect(res.statusCode).toBe(200);
    expect(body<MergeResult>(res)).toEqual({ survivorId: w.dolovex, merged: [w.dlv], batchesMoved: 2, batchesCombined: 1, aliasesAdded: 1 });

    // PUN-B2: the survivor's 100 and the duplicate's 25 left, with its 10 reserved.
    expect(await batchRow(w.batches.punFar)).toEqual({ product_id: w.dolovex, batch_no: 'PUN-B2', quantity: 125, reserved: 10 });
    // The duplicate's PUN-B2 is named by the invoice: it stays, empty, under the merged product.
    expect(await batchRow(w.dup.punB2)).toEqual({ product_id: w.dlv, batch_no: 'PUN-B2', quantity: 0, reserved: 0 });
    expect((await batchRow(w.dup.punD1))!.product_id).toBe(w.dolovex);
    expect((await batchRow(w.dup.mumD))!.product_id).toBe(w.dolovex);
    expect(await unbalancedBatches([w.dolovex, w.dlv])).toEqual([]);

    // The placed order is the survivor's, its reservation on the combined batch; the invoiced one keeps the duplicate.
    const lines = await t.db.selectFrom('order_lines').select(['order_id', 'product_id']).where('order_id', 'in', [placed, invoiced]).execute();
    expect(Object.fromEntries(lines.map((l) => [l.order_id, l.product_id]))).toEqual({ [placed]: w.dolovex, [invoiced]: w.dlv });
    const allocations = await t.db
      .selectFrom('order_allocations as a')
      .innerJoin('order_lines as l', 'l.id', 'a.order_line_id')
      .select(['a.batch_id', 'a.status'])
      .where('l.order_id', '=', placed)
      .execute();
    expect(allocations).toEqual([{ batch_id: w.batches.punFar, status: 'RESERVED' }]);
    // The cart: one entry of the survivor, 3 + 2 units.
    const cart = body<Cart>(await retailer.get(PATHS.cart, { unitCode: 'RTL-MUM-001' }));
    expect(cart.entries.map((e) => [e.productId, e.productName, e.quantity])).toEqual([[w.dolovex, 'Dolovex 650 Tablet', 5]]);

    // The placed order is accepted from the combined batch.
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(placed))).statusCode).toBe(200);
    expect(await batchRow(w.batches.punFar)).toEqual({ product_id: w.dolovex, batch_no: 'PUN-B2', quantity: 115, reserved: 0 });
    expect(await unbalancedBatches([w.dolovex, w.dlv])).toEqual([]);

    // The issued invoice still prints the name it was issued with.
    const pdf = await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(invoice.invoiceId));
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('DLV 650 Tab');
    expect(text).not.toContain('Dolovex');

    // A recall of the survivor's PUN-B2 raised after the merge reaches the buyer invoiced under the old name (5 units);
    // Agarwal holds 115 and the 15 of the two accepted orders not yet dispatched.
    const raised = await staff.post(RECALL_PATHS.list, {
      productId: w.dolovex, batchNos: ['PUN-B2'], reason: 'NSQ', action: 'QUARANTINE', source: { noticeNumber: 'CDSCO/NSQ/1', noticeDate: '2026-11-21' },
    });
    expect(raised.statusCode).toBe(200);
    const told = await t.db.selectFrom('recall_parties').select(['unit_id', 'role', 'units']).where('recall_id', '=', body<{ id: string }>(raised).id).orderBy('role').execute();
    expect(told).toEqual([
      { unit_id: await unitId(t.db, 'RTL-MUM-001'), role: 'BUYER', units: 5 },
      { unit_id: await unitId(t.db, 'STK-PUN-001'), role: 'HOLDER', units: 130 },
    ]);

    const merged = await t.db.selectFrom('products').select('merged_into').where('id', '=', w.dlv).executeTakeFirstOrThrow();
    expect(merged.merged_into).toBe(w.dolovex);
    expect(await t.db.selectFrom('product_aliases').select(['product_id', 'name', 'pack', 'manufacturer', 'merged_from']).execute()).toEqual([
      { product_id: w.dolovex, name: 'DLV 650 Tab', pack: '15 tablets', manufacturer: 'Microvia Labs', merged_from: w.dlv },
    ]);
  });

  it('finds the survivor when a buyer searches the old name, and never offers the merged product again', async () => {
    const w = await duplicateWorld();
    const retailer = await signedIn(DEMO.retailer);
    const search = async (query: string) => body<GlobalSearchResult>(await retailer.post(MARKETPLACE_PATHS.globalSearch, { query })).products.map((p) => p.productId);
    expect(await search('dlv 650')).toEqual([w.dlv]);

    const staff = await signedIn(DEMO.staff);
    expect((await staff.post(CATALOGUE_PATHS.merge, { survivorId: w.dolovex, duplicateIds: [w.dlv], force: true })).statusCode).toBe(200);
    // The same app (its index already loaded): the change log tells it.
    expect(await search('dlv 650')).toEqual([w.dolovex]);
    expect(await search('dolovex')).toEqual([w.dolovex]);
    const suggestions = body<{ suggestors: { productId: string }[] }>(await retailer.post(MARKETPLACE_PATHS.suggest, { suggest: 'dlv', type: 'ALL', subType: 'ALL' }));
    expect(suggestions.suggestors.map((s) => s.productId)).toEqual([w.dolovex]);

    // Nor does the catalogue offer it to a seller's upload: an item written as the old name is matched among the rest.
    const [match] = await matchItems(t.db, await unitId(t.db, 'STK-PUN-001'), [
      { itemKey: 'dlv 650 tab|15 tablets|microvia labs', itemCode: null, name: 'DLV 650 Tab', pack: '15 tablets', manufacturer: 'Microvia Labs', hsn: null, mrpPaise: null, rowNumber: 1, rows: 1 },
    ]);
    expect(match!.productId).not.toBe(w.dlv);
    expect(match!.candidates.map((c) => c.productId)).not.toContain(w.dlv);

    // A batch written later for the merged product (an upload keyed by the old name) lands on the survivor.
    const late = await addBatch(t.db, { sellerCode: 'STK-THN-001', productId: w.dlv, batchNo: 'THN-D', expiry: '2028-02-29', quantity: 5, ptr: 2600, mrp: 3400 });
    expect((await batchRow(late))!.product_id).toBe(w.dolovex);
    // A purchase bill received or stock added later naming the merged product (the one upsert of batches) adds to
    // the survivor's batch of that number instead of failing on it or splitting the stock.
    const thane = await unitId(t.db, 'STK-THN-001');
    const warehouse = await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', thane).orderBy('created_at').executeTakeFirstOrThrow();
    const line = { rowNumber: 0, name: 'DLV', pack: '15', manufacturer: 'M', composition: null, batchNo: 'THN-D', expiryDate: '2028-02-29', mrpPaise: 3400, ptrPaise: 2600, ptsPaise: null, quantity: 7, freeQuantity: 0, schemeBuy: null, schemeFree: null, hsn: null, gstBp: null };
    await inTransaction(t.db, (trx) => addOrIncreaseBatch(trx, { unitId: thane, warehouseId: warehouse.id, productId: w.dlv, line, now: new Date() }));
    const thaneD = await t.db.selectFrom('inventory_batches').select(['id', 'product_id', 'quantity']).where('warehouse_id', '=', warehouse.id).where('batch_no', '=', 'THN-D').execute();
    expect(thaneD).toEqual([{ id: late, product_id: w.dolovex, quantity: 12 }]);
  });

  it('refuses a different strength unless forced, a duplicate that is the survivor or merged before, and unknown products', async () => {
    const strong = await addProduct(t.db, { name: 'Zentrix 650 Tablet', manufacturer: 'Zen Labs', pack: '15 tablets' });
    const weak = await addProduct(t.db, { name: 'Zentrix 500 Tablet', manufacturer: 'Zen Labs', pack: '15 tablets' });
    const again = await addProduct(t.db, { name: 'ZENTRIX 650 TAB', manufacturer: 'Zen Labs', pack: '15 tablets' });
    const staff = await signedIn(DEMO.staff);
    const merge = (payload: object) => staff.post(CATALOGUE_PATHS.merge, payload);
    const refusal = (res: Awaited<ReturnType<typeof merge>>) => [res.statusCode, res.json().code, res.json().message];

    expect(refusal(await merge({ survivorId: strong, duplicateIds: [weak] }))).toEqual([
      409,
      'E0049',
      expect.stringMatching(/^Zentrix 500 Tablet \(15 tablets\) is not Zentrix 650 Tablet \(15 tablets\): .*strength/),
    ]);
    expect(refusal(await merge({ survivorId: strong, duplicateIds: [again, strong] }))).toEqual([409, 'E0049', 'A product cannot be merged into itself: choose another survivor']);
    expect(refusal(await merge({ survivorId: strong, duplicateIds: [randomUUID()] }))).toEqual([404, 'E0002', 'Not found']);
    expect((await merge({ survivorId: strong, duplicateIds: [again] })).statusCode).toBe(200);
    expect(refusal(await merge({ survivorId: weak, duplicateIds: [again] }))).toEqual([409, 'E0049', 'ZENTRIX 650 TAB (15 tablets) was merged before']);
    expect(refusal(await merge({ survivorId: again, duplicateIds: [weak] }))).toEqual([409, 'E0049', 'ZENTRIX 650 TAB was merged into another product: merge into that one']);
    // Nothing moved by the refusals.
    expect(await t.db.selectFrom('product_aliases').select('merged_from').execute()).toEqual([{ merged_from: again }]);

    // Staff who know better force it.
    expect((await merge({ survivorId: strong, duplicateIds: [weak], force: true })).statusCode).toBe(200);
    const products = await t.db.selectFrom('products').select(['id', 'merged_into']).where('id', 'in', [strong, weak, again]).execute();
    expect(Object.fromEntries(products.map((p) => [p.id, p.merged_into]))).toEqual({ [strong]: null, [weak]: strong, [again]: strong });
  });

  it('refuses anyone who is not back-office staff', async () => {
    const a = await addProduct(t.db, { name: 'Refusix 10', manufacturer: 'Ref Labs', pack: '10 tablets' });
    const b = await addProduct(t.db, { name: 'REFUSIX 10', manufacturer: 'Ref Labs', pack: '10 tablets' });
    for (const mobile of [DEMO.stockist, DEMO.retailer, DEMO.stockistEmployee]) {
      const caller = await signedIn(mobile);
      for (const res of [await caller.get(CATALOGUE_PATHS.duplicates), await caller.post(CATALOGUE_PATHS.merge, { survivorId: a, duplicateIds: [b] })]) {
        expect([mobile, res.statusCode, res.json().code]).toEqual([mobile, 403, 'E0040']);
      }
    }
    expect(await t.db.selectFrom('products').select('merged_into').where('id', '=', b).executeTakeFirstOrThrow()).toEqual({ merged_into: null });
  });

  it('lists the groups the catalogue takes for one, the survivor first (most holders, then oldest), and the one-off command merges them', async () => {
    const older = await addProduct(t.db, { name: 'Grouplex 250 Tablet', manufacturer: 'Group Labs', pack: '10 tablets', hsn: '30049099' });
    t.clock.advance(1);
    const held = await addProduct(t.db, { name: 'GROUPLEX 250 TABLET', manufacturer: 'Group Labs', pack: '10 tablets', hsn: '30049099' });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: held, batchNo: 'G1', expiry: '2028-01-31', quantity: 5, ptr: 100, mrp: 150 });
    await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: held, batchNo: 'G2', expiry: '2028-01-31', quantity: 5, ptr: 100, mrp: 150 });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: older, batchNo: 'G1', expiry: '2028-01-31', quantity: 7, ptr: 100, mrp: 150 });
    await openingMovements([older, held]);
    const staff = await signedIn(DEMO.staff);
    const { groups } = body<DuplicateGroups>(await staff.get(CATALOGUE_PATHS.duplicates));
    const group = groups.find((g) => g.products.some((p) => p.productId === held))!;
    expect(group.products.map((p) => [p.productId, p.holders, p.batches])).toEqual([
      [held, 2, 2],
      [older, 1, 1],
    ]);

    // The catalogue's spellings of one product group together; another strength, form or variant does not.
    const uploaded = await addProduct(t.db, { name: "GROUPLEX 250 TAB 10'S", manufacturer: 'GROUP LABS LTD', pack: '1X10' });
    const others = [
      await addProduct(t.db, { name: 'Grouplex 500 Tablet', manufacturer: 'Group Labs', pack: '10 tablets' }),
      await addProduct(t.db, { name: 'Grouplex 250 Syrup', manufacturer: 'Group Labs', pack: '10 tablets' }),
      await addProduct(t.db, { name: 'Grouplex P 250 Tablet', manufacturer: 'Group Labs', pack: '10 tablets' }),
      await addProduct(t.db, { name: 'Grouplex 250 Tablet', manufacturer: 'Group Labs', pack: '15 tablets' }),
    ];
    const listed = body<DuplicateGroups>(await staff.get(CATALOGUE_PATHS.duplicates)).groups.find((g) => g.products.some((p) => p.productId === held))!;
    expect(listed.products.map((p) => p.productId)).toEqual([held, older, uploaded]);
    expect(listed.products.some((p) => others.includes(p.productId))).toBe(false);
    expect((await staff.post(CATALOGUE_PATHS.merge, { survivorId: held, duplicateIds: [uploaded] })).statusCode).toBe(200);

    // A dry run changes nothing; --apply merges the group into its survivor.
    const dry = await mergeDuplicateGroups(t.db, { apply: false, now: t.clock.now });
    expect(dry.find((o) => o.group.groupKey === group.groupKey)).toMatchObject({ result: null, refused: null });
    expect(await t.db.selectFrom('products').select('merged_into').where('id', '=', older).executeTakeFirstOrThrow()).toEqual({ merged_into: null });
    const applied = await mergeDuplicateGroups(t.db, { apply: true, now: t.clock.now });
    expect(applied.find((o) => o.group.groupKey === group.groupKey)!.result).toEqual({ survivorId: held, merged: [older], batchesMoved: 0, batchesCombined: 1, aliasesAdded: 1 });
    const g1 = await t.db.selectFrom('inventory_batches').select(['product_id', 'quantity']).where('batch_no', '=', 'G1').execute();
    expect(g1).toEqual([{ product_id: held, quantity: 12 }]);
    expect(await unbalancedBatches([older, held])).toEqual([]);
    expect((body<DuplicateGroups>(await staff.get(CATALOGUE_PATHS.duplicates))).groups.some((g) => g.groupKey === group.groupKey)).toBe(false);
  });

  it('moves recalls, search hits, offers and the sellers\' remembered items, and marks the survivor batches a moved recall names', async () => {
    const w = await duplicateWorld();
    const agarwal = await unitId(t.db, 'STK-PUN-001');
    const staffUser = await t.db.selectFrom('users').select(['id', 'unit_id']).where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow();
    // An active recall of the duplicate's PUN-D1 and PUN-B1 (the survivor holds a PUN-B1 of its own).
    const recallId = randomUUID();
    await t.db
      .insertInto('recalls')
      .values({
        id: recallId, recall_number: 'RC-MERGE1', product_id: w.dlv, reason: 'NSQ', action: 'QUARANTINE', notice_number: 'N-1', notice_date: '2026-11-20',
        raised_by_kind: 'STAFF', raised_by_unit_id: staffUser.unit_id, raised_by: staffUser.id, status: 'ACTIVE', raised_at: t.clock.now(),
      })
      .execute();
    await t.db.insertInto('recall_batches').values([{ recall_id: recallId, batch_key: 'PUND1', batch_no: 'PUN-D1' }, { recall_id: recallId, batch_key: 'PUNB1', batch_no: 'PUN-B1' }]).execute();
    await t.db.updateTable('inventory_batches').set({ recall_id: recallId }).where('id', '=', w.dup.punD1).execute();
    await t.db.insertInto('product_search_hits').values([{ day: '2026-11-21', product_id: w.dlv, hits: 3 }, { day: '2026-11-21', product_id: w.dolovex, hits: 4 }, { day: '2026-11-20', product_id: w.dlv, hits: 1 }]).execute();
    const offer = randomUUID();
    const owner = await t.db.selectFrom('users').select('id').where('mobile', '=', DEMO.stockist).executeTakeFirstOrThrow();
    await t.db.insertInto('clearance_offers').values({ id: offer, seller_unit_id: agarwal, batch_id: w.dup.punB2, offer_ptr_paise: 2000, ends_on: '2027-01-31', created_by: owner.id, created_at: t.clock.now() }).execute();

    // Agarwal's remembered item (migration 051): its code DLV650 meant the duplicate.
    await t.db
      .insertInto('seller_items')
      .values({ id: randomUUID(), unit_id: agarwal, item_key: 'dlv 650 tab|15|microvia', item_code: 'DLV650', product_id: w.dlv, name: 'DLV 650 Tab', created_at: t.clock.now(), updated_at: t.clock.now() })
      .execute();

    await inTransaction(t.db, (trx) => mergeProducts(trx, w.dolovex, [w.dlv], { userId: null, now: t.clock.now(), force: true }));

    expect(await t.db.selectFrom('seller_items').select(['item_code', 'product_id']).where('unit_id', '=', agarwal).execute()).toEqual([{ item_code: 'DLV650', product_id: w.dolovex }]);

    expect(await t.db.selectFrom('recalls').select('product_id').where('id', '=', recallId).executeTakeFirstOrThrow()).toEqual({ product_id: w.dolovex });
    const recalled = await t.db.selectFrom('inventory_batches').select('batch_no').where('recall_id', '=', recallId).orderBy('batch_no').execute();
    expect(recalled.map((b) => b.batch_no)).toEqual(['PUN-B1', 'PUN-D1']);
    expect(await t.db.selectFrom('recall_parties').select(['unit_id', 'role', 'units']).where('recall_id', '=', recallId).execute()).toEqual([{ unit_id: agarwal, role: 'HOLDER', units: 20 }]);
    const hits = await t.db.selectFrom('product_search_hits').select(['day', 'product_id', 'hits']).where('product_id', 'in', [w.dlv, w.dolovex]).orderBy('day').execute();
    expect(hits.map((h) => [String(h.day).slice(0, 10), h.product_id, h.hits])).toEqual([
      ['2026-11-20', w.dolovex, 1],
      ['2026-11-21', w.dolovex, 7],
    ]);
    expect(await t.db.selectFrom('clearance_offers').select(['batch_id', 'ended_at']).where('id', '=', offer).executeTakeFirstOrThrow()).toEqual({ batch_id: w.batches.punFar, ended_at: null });
  });
});

// Decision 13: a merge beside a cart submit and an acceptance of the duplicate takes its locks in the same order (the
// documents, then the batches), so none deadlocks; on PostgreSQL they really run at once.
describe('merging while the duplicate is bought and sold', () => {
  it('lets a cart submit, an acceptance and the merge all finish, and the stock adds up', async () => {
    const w = await duplicateWorld();
    const retailer = await signedIn(DEMO.retailer);
    const stockist = await signedIn(DEMO.stockist);
    const staff = await signedIn(DEMO.staff);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dlv, sellerUnitCode: 'STK-PUN-001', quantity: 4 });
    const placed = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit)).orders[0]!.orderId;
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dlv, sellerUnitCode: 'STK-PUN-001', quantity: 6 });
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dlv, sellerUnitCode: 'STK-MUM-001', quantity: 2 });

    const [submit, accept, merge] = await Promise.all([
      retailer.post(MARKETPLACE_PATHS.cartSubmit),
      stockist.post(MARKETPLACE_PATHS.acceptOrder(placed)),
      staff.post(CATALOGUE_PATHS.merge, { survivorId: w.dolovex, duplicateIds: [w.dlv], force: true }),
    ]);
    expect([submit.statusCode, accept.statusCode, merge.statusCode]).toEqual([200, 200, 200]);
    expect(await unbalancedBatches([w.dolovex, w.dlv])).toEqual([]);
    // Reservations: each batch's reserved is what its RESERVED allocations hold.
    const { rows } = await sql<{ batch_no: string; reserved: number; held: number }>`SELECT b.batch_no, b.reserved,
        coalesce((SELECT sum(a.quantity) FROM order_allocations a WHERE a.batch_id = b.id AND a.status = 'RESERVED'), 0)::int AS held
      FROM inventory_batches b WHERE b.product_id = ANY(${[w.dolovex, w.dlv]}::uuid[])`.execute(t.db);
    expect(rows.filter((r) => r.reserved !== r.held)).toEqual([]);
    expect(rows.reduce((sum, r) => sum + r.reserved, 0)).toBe(8);
    const left = await t.db.selectFrom('inventory_batches').select(['product_id']).where('product_id', '=', w.dlv).where('quantity', '>', 0).execute();
    expect(left).toEqual([]);
  });
});
