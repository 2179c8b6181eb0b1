import { BASKET_PATHS, PATHS, basketCartEntries, type BasketList, type BasketResult, type Cart, type SolveBasket } from 'shared-api';
import { addBatch, addProduct, connect, setGstRate, unitId } from './cart-fixtures';
import { multipart, xlsxOf } from './inventory-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

/*
 * Invented products (clock 2026-11-22), so the demo stock never changes what is expected. Agarwal (STK-PUN-001) and
 * Lohar Chawl (STK-MUM-001) give Sharma Medical (the demo retailer) access; Thane (STK-THN-001) does not and is the
 * cheapest everywhere: it must never be offered. GST 0 % (a nil rate recorded for a code of these tests only: a product
 * without a rate on record is not offered for sale), so landed cost = taxable value.
 */
const BASKET_HSN = '01079000';

async function world() {
  await setGstRate(t.db, BASKET_HSN, '2017-07-01', 0);
  await connect(t.db, 'RTL-MUM-001', 'STK-THN-001', 'PENDING', false);
  const basketol = await addProduct(t.db, { name: 'Basketol 650 Tablet', manufacturer: 'Test Labs', composition: 'Zentamol 650 mg', pack: '15 Tab', hsn: BASKET_HSN });
  const kid = await addProduct(t.db, { name: 'Zenkid 650 Tablet', manufacturer: 'Test Labs', composition: 'Zentamol 650 mg', pack: '10 Tab', hsn: BASKET_HSN });
  const duo = await addProduct(t.db, { name: 'Basketin 625 Duo Tablet', manufacturer: 'Test Labs', composition: 'Amoxyzen 625 mg', pack: '10 Tab', hsn: BASKET_HSN });
  const rare = await addProduct(t.db, { name: 'Rarexin 10 Tablet', manufacturer: 'Test Labs', pack: '10 Tab', hsn: BASKET_HSN });
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: basketol, batchNo: 'BP1', expiry: '2027-06-30', quantity: 100, ptr: 2750, mrp: 3360, scheme: [10, 1] });
  await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: basketol, batchNo: 'BM1', expiry: '2028-01-31', quantity: 40, ptr: 2900, mrp: 3360 });
  await addBatch(t.db, { sellerCode: 'STK-THN-001', productId: basketol, batchNo: 'BT1', expiry: '2028-01-31', quantity: 500, ptr: 1000, mrp: 3360 });
  await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: kid, batchNo: 'KM1', expiry: '2027-12-31', quantity: 20, ptr: 3000, mrp: 3600 });
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: duo, batchNo: 'DP1', expiry: '2027-09-30', quantity: 50, ptr: 20000, mrp: 24000 });
  // Lohar Chawl's first-expiring batch is cheap but expires in five weeks.
  await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: duo, batchNo: 'DM0', expiry: '2026-12-31', quantity: 50, ptr: 15000, mrp: 24000 });
  await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: duo, batchNo: 'DM1', expiry: '2027-10-31', quantity: 50, ptr: 18000, mrp: 24000 });
  await addBatch(t.db, { sellerCode: 'STK-THN-001', productId: duo, batchNo: 'DT1', expiry: '2028-01-31', quantity: 500, ptr: 100, mrp: 24000 });
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: rare, batchNo: 'RP1', expiry: '2027-09-30', quantity: 5, ptr: 1000, mrp: 1200 });
  return { basketol, kid, duo, rare };
}

const LIST = 'Basketol 650 x 11\nBasketin 625 x 5\nzentamol 650 x 2\nRarexin 10 x 8\nNonexistentium x 1\nBasktol 650 x 1';

async function buyer(mobile: string = DEMO.retailer) {
  const session = await login(t.app, mobile);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const solve = async (input: SolveBasket) => {
    const res = await post(BASKET_PATHS.solve, input);
    expect(res.statusCode).toBe(200);
    return body<BasketResult>(res);
  };
  const listOf = async (text: string) => body<BasketList>(await post(BASKET_PATHS.parse, { text })).lines;
  return { session, post, solve, listOf };
}

const byLine = (r: BasketResult) => Object.fromEntries(r.lines.map((l) => [l.lineNo, l]));

describe('best basket', () => {
  it('matches each line, splits the list across the sellers that gave access at the lowest cost, and shows the saving', async () => {
    const w = await world();
    const { solve, listOf } = await buyer();
    const result = await solve({ lines: await listOf(LIST), objective: 'COST' });
    const lines = byLine(result);
    // 11 wanted under "10 + 1": 10 charged + 1 free at Agarwal (27,500) beats 11 at Lohar Chawl (31,900).
    expect(lines[1]).toMatchObject({ status: 'CHOSEN', product: { productId: w.basketol }, offer: { sellerUnitCode: 'STK-PUN-001', quantity: 10, freeQuantity: 1, ptrPaise: 2750, landedPaise: 27_500, expiryDate: '2027-06-30' } });
    // Priced from Lohar Chawl's first-expiring batch, as the cart prices it.
    expect(lines[2]).toMatchObject({ status: 'CHOSEN', offer: { sellerUnitCode: 'STK-MUM-001', quantity: 5, ptrPaise: 15_000, landedPaise: 75_000, expiryDate: '2026-12-31' } });
    // A salt name matching two products: the buyer picks.
    expect(lines[3]).toMatchObject({ status: 'AMBIGUOUS', offer: null });
    expect(lines[3]!.candidates.map((c) => c.productId).sort()).toEqual([w.basketol, w.kid].sort());
    // Nobody has 8: the most anyone has, left out of the plan.
    expect(lines[4]).toMatchObject({ status: 'PARTIAL', offer: { sellerUnitCode: 'STK-PUN-001', quantity: 5, freeQuantity: 0 } });
    expect(lines[5]).toMatchObject({ status: 'NOT_FOUND', product: null });
    // A typo is matched as the search box matches it.
    expect(lines[6]).toMatchObject({ status: 'CHOSEN', product: { productId: w.basketol }, offer: { sellerUnitCode: 'STK-PUN-001', quantity: 1, landedPaise: 2_750 } });
    expect(result.sellers.map((s) => [s.sellerUnitCode, s.lineNos, s.landedPaise])).toEqual([
      ['STK-MUM-001', [2], 75_000],
      ['STK-PUN-001', [1, 6], 30_250],
    ]);
    expect(result.totals).toMatchObject({ lines: 3, sellers: 2, landedPaise: 105_250 });
    // Lohar Chawl alone: 31,900 + 75,000 + 2,900.
    expect(result.singleSeller).toEqual({ sellerUnitCode: 'STK-MUM-001', tradeName: 'Lohar Chawl Medical Agencies', landedPaise: 109_800, savingPaise: 4_550 });
    // The seller that gave no access is never offered, however cheap.
    expect(JSON.stringify(result)).not.toContain('STK-THN-001');
  });

  it('takes the picked product of an ambiguous line, honours shelf life, exclusions and the other objectives', async () => {
    const w = await world();
    const { solve } = await buyer();
    const picked = await solve({ lines: [{ lineNo: 1, text: 'zentamol 650', quantity: 2, productId: w.kid }] });
    expect(byLine(picked)[1]).toMatchObject({ status: 'CHOSEN', offer: { sellerUnitCode: 'STK-MUM-001', landedPaise: 6_000 } });

    const duo = [{ lineNo: 1, text: 'Basketin 625', quantity: 5 }];
    const fresh = await solve({ lines: duo, minShelfLifeDays: 60 });
    expect(byLine(fresh)[1]).toMatchObject({ minExpiryDate: '2027-01-21', offer: { sellerUnitCode: 'STK-MUM-001', ptrPaise: 18_000, expiryDate: '2027-10-31' } });
    const lineRule = await solve({ lines: [{ ...duo[0]!, minShelfLifeDays: 60 }] });
    expect(byLine(lineRule)[1]!.offer?.ptrPaise).toBe(18_000);
    const excluded = await solve({ lines: duo, excludeSellerCodes: ['STK-MUM-001'] });
    expect(byLine(excluded)[1]).toMatchObject({ offer: { sellerUnitCode: 'STK-PUN-001', ptrPaise: 20_000 } });
    const tooFresh = await solve({ lines: duo, minShelfLifeDays: 1_000 });
    expect(byLine(tooFresh)[1]).toMatchObject({ status: 'NO_OFFER', message: 'No seller has it expiring on or after 2029-08-18' });

    const two = [{ lineNo: 1, text: 'Basketol 650', quantity: 11 }, ...duo.map((l) => ({ ...l, lineNo: 2 }))];
    const longest = await solve({ lines: two, objective: 'LONGEST_EXPIRY' });
    expect(longest.sellers.map((s) => s.sellerUnitCode)).toEqual(['STK-PUN-001', 'STK-MUM-001'].filter((c) => longest.sellers.some((s) => s.sellerUnitCode === c)));
    expect(byLine(longest)[1]!.offer?.sellerUnitCode).toBe('STK-MUM-001');
    expect(byLine(longest)[2]!.offer?.sellerUnitCode).toBe('STK-PUN-001');
    const fewest = await solve({ lines: two, objective: 'FEWEST_SELLERS' });
    // One seller for both; Lohar Chawl is the cheaper of the two that have both (106,900 against 127,500).
    expect(fewest.sellers.map((s) => [s.sellerUnitCode, s.landedPaise])).toEqual([['STK-MUM-001', 106_900]]);
  });

  it("meets each seller's minimum order, and names the minimums no plan can meet", async () => {
    await world();
    const { solve } = await buyer();
    const setMinimum = async (code: string, paise: number | null) =>
      t.db.updateTable('units').set({ minimum_order_paise: paise }).where('id', '=', await unitId(t.db, code)).execute();
    const two = [{ lineNo: 1, text: 'Basketol 650', quantity: 11 }, { lineNo: 2, text: 'Basketin 625', quantity: 5 }];
    await setMinimum('STK-PUN-001', 50_000);
    // Agarwal's 27,500 for line 1 is below its minimum: Lohar Chawl takes both.
    const moved = await solve({ lines: two });
    expect(moved.feasible).toBe(true);
    expect(moved.sellers.map((s) => [s.sellerUnitCode, s.landedPaise, s.minimumOrderPaise])).toEqual([['STK-MUM-001', 106_900, null]]);
    await setMinimum('STK-MUM-001', 500_000);
    await setMinimum('STK-PUN-001', 500_000);
    const none = await solve({ lines: two });
    expect(none.feasible).toBe(false);
    expect(none.sellers).toEqual([]);
    expect(none.lines.map((l) => l.status)).toEqual(['UNPLANNED', 'UNPLANNED']);
    expect(none.unmetMinimums.map((m) => [m.sellerUnitCode, m.minimumOrderPaise])).toEqual([['STK-MUM-001', 500_000]]);
    expect(none.unmetMinimums[0]!.plannedPaise).toBe(106_900);
  });

  it('puts the plan into the cart in one transaction, all or nothing', async () => {
    await world();
    const { session, post, solve, listOf } = await buyer();
    const result = await solve({ lines: await listOf('Basketol 650 x 11\nBasketin 625 x 5') });
    const entries = basketCartEntries(result);
    const added = await post(BASKET_PATHS.toCart, { entries });
    expect(added.statusCode).toBe(200);
    expect(body<Cart>(added).entries.map((e) => [e.sellerUnitCode, e.productName, e.quantity, e.freeQuantity])).toEqual([
      ['STK-PUN-001', 'Basketol 650 Tablet', 10, 1],
      ['STK-MUM-001', 'Basketin 625 Duo Tablet', 5, 0],
    ]);
    // A second try whose last line the cart refuses (more than Agarwal has) adds nothing.
    const refused = await post(BASKET_PATHS.toCart, { entries: [entries[1]!, { ...entries[0]!, quantity: 1_000, freeQuantity: 0 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'E0019' });
    expect(refused.json().message).toContain('line 2');
    const cart = body<Cart>(await t.app.inject({ method: 'GET', url: PATHS.cart, headers: bearer(session) }));
    expect(cart.entries.map((e) => e.quantity).sort()).toEqual([10, 5].sort());
    // Adding for a seller that gave no access is refused by the cart's own check.
    const thane = await post(BASKET_PATHS.toCart, { entries: [{ ...entries[0]!, sellerUnitCode: 'STK-THN-001', quantity: 1, freeQuantity: 0 }] });
    expect(thane.statusCode).toBe(403);
  });

  it('carries the shelf-life rule into the cart, which prices from the same batch the plan did', async () => {
    await world();
    const { post, solve } = await buyer();
    const result = await solve({ lines: [{ lineNo: 1, text: 'Basketin 625', quantity: 5 }], minShelfLifeDays: 60 });
    const entries = basketCartEntries(result);
    expect(entries).toEqual([expect.objectContaining({ sellerUnitCode: 'STK-MUM-001', quantity: 5, minExpiryDate: '2027-01-21' })]);
    const cart = body<Cart>(await post(BASKET_PATHS.toCart, { entries }));
    expect(cart.entries.map((e) => [e.sellerUnitCode, e.ptrPaise, e.minExpiryDate])).toEqual([['STK-MUM-001', 18_000, '2027-01-21']]);
  });

  it('reads pasted lines and files with per-line errors, and buys again from a placed order', async () => {
    const { post, session } = await buyer();
    const parsed = body<BasketList>(await post(BASKET_PATHS.parse, { text: 'Dolo 650 x 10\nDolo 650\n5 Pan 40' }));
    expect(parsed.lines.map((l) => [l.lineNo, l.text, l.quantity])).toEqual([[1, 'Dolo 650', 10], [3, 'Pan 40', 5]]);
    expect(parsed.errors).toEqual([{ lineNo: 2, text: 'Dolo 650', message: 'Say how many, e.g. "Dolo 650 x 10" or "10 Dolo 650"' }]);
    expect((await post(BASKET_PATHS.parse, { text: '  \n\n' })).json()).toMatchObject({ code: 'E0017' });

    const upload = async (name: string, bytes: Buffer) => {
      const form = multipart(name, bytes);
      return t.app.inject({ method: 'POST', url: BASKET_PATHS.parseFile, headers: { ...bearer(session), ...form.headers }, payload: form.payload });
    };
    const sheet = await upload('order.xlsx', await xlsxOf([['Item Name', 'Qty'], ['Dolo 650', 10], ['Pan 40', 'two']], ['Sharma Medical order']));
    expect(body<BasketList>(sheet)).toEqual({
      lines: [{ lineNo: 3, text: 'Dolo 650', quantity: 10 }],
      errors: [{ lineNo: 4, text: 'Pan 40, two', message: 'The quantity "two" is not a whole number of packs' }],
    });
    expect(body<BasketList>(await upload('list.csv', Buffer.from('Product,Qty\nCalpol 650,4\n'))).lines).toEqual([{ lineNo: 2, text: 'Calpol 650', quantity: 4 }]);
    const wrong = await upload('list.pdf', Buffer.from('%PDF-1.4'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'E0017' });

    const buyerId = await unitId(t.db, 'RTL-MUM-001');
    const order = await t.db.selectFrom('orders').select('id').where('buyer_unit_id', '=', buyerId).orderBy('created_at').executeTakeFirstOrThrow();
    const lines = await t.db.selectFrom('order_lines').select(['product_id', 'quantity', 'free_quantity']).where('order_id', '=', order.id).orderBy('position').execute();
    const againRes = await t.app.inject({ method: 'GET', url: BASKET_PATHS.buyAgain(order.id), headers: bearer(session) });
    expect(againRes.json()).toMatchObject({ type: 'success' });
    const again = body<BasketList>(againRes);
    expect(again.lines.map((l) => [l.productId, l.quantity])).toEqual(lines.map((l) => [l.product_id, l.quantity + l.free_quantity]));
    // Someone else's order is not found.
    const hospital = await login(t.app, DEMO.hospital);
    expect((await t.app.inject({ method: 'GET', url: BASKET_PATHS.buyAgain(order.id), headers: bearer(hospital) })).statusCode).toBe(404);
  });

  it('is for buyers only', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const res = await t.app.inject({ method: 'POST', url: BASKET_PATHS.solve, headers: bearer(stockist), payload: { lines: [{ lineNo: 1, text: 'Dolo 650', quantity: 1 }] } });
    expect(res.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: BASKET_PATHS.solve, headers: bearer(await login(t.app, DEMO.retailer)), payload: { lines: [] } });
    expect(bad.statusCode).toBe(400);
  });
});
