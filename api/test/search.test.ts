import { MARKETPLACE_PATHS, type GlobalSearchResult, type StockistsResult, type SuggestResult } from 'shared-api';
import { addBatch, addProduct, marketplaceWorld } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { corrections, queryWords } from '../src/modules/search/text';

const t = build();

async function suggest(token: string, text: string) {
  return t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.suggest, headers: { authorization: `Bearer ${token}` }, payload: { suggest: text, type: 'ALL', subType: 'ALL' } });
}
const names = (r: SuggestResult) => r.suggestors.map((s) => s.suggestion);

describe('query words', () => {
  it('splits pack sizes from numbers, drops units and stems dosage forms', () => {
    expect(queryWords('Paracetamol 650mg')).toEqual(['paracetamol', '650']);
    expect(queryWords('dolo-650 Tablets')).toEqual(['dolo', '650', 'tab']);
  });
  it('finds near spellings, including of a word still being typed', () => {
    expect(corrections('paracetmol', ['paracetamol', 'pantoprazole'])).toEqual(['paracetamol']);
    expect(corrections('dollo', ['dolo', 'doxy'])).toEqual(['dolo']);
    expect(corrections('dolovx', ['dolo', 'dolovex'])).toEqual(['dolovex']);
    expect(corrections('pan', ['pantoprazole'])).toEqual([]);
  });
});

describe('POST /search/suggest/product', () => {
  it('suggests products by brand, salt with pack size, manufacturer and with a typo, with their stockist count', async () => {
    await marketplaceWorld(t.db);
    const { token } = await login(t.app, DEMO.retailer);
    const byBrand = body<SuggestResult>(await suggest(token, 'dolovex 650'));
    expect(byBrand.suggestors[0]).toMatchObject({ suggestion: 'Dolovex 650 Tablet (15 tablets) · Microvia Labs', stockists: 3 });

    expect(names(body(await suggest(token, 'paracetamol 650mg')))).toContain('Dolovex 650 Tablet (15 tablets) · Microvia Labs');
    expect(names(body(await suggest(token, 'paracetamol 650mg')))).not.toContain('Crocivex 500 (10 tablets) · Glaxovia Healthcare');
    expect(names(body(await suggest(token, 'glaxovia')))).toEqual(['Crocivex 500 (10 tablets) · Glaxovia Healthcare']);
    expect(names(body(await suggest(token, 'dolovx 650')))).toContain('Dolovex 650 Tablet (15 tablets) · Microvia Labs');
    expect(names(body(await suggest(token, 'crocivex tablet')))).toEqual(['Crocivex 500 (10 tablets) · Glaxovia Healthcare']);
  });

  it('refuses fewer than 3 characters, and stockists (the box is for buyers)', async () => {
    const { token } = await login(t.app, DEMO.retailer);
    expect((await suggest(token, 'do')).json()).toMatchObject({ type: 'error', code: 'E0001' });
    const stockist = await login(t.app, DEMO.stockist);
    expect((await suggest(stockist.token, 'dolovex')).statusCode).toBe(403);
  });

  it('never counts a seller whose only stock is expired or fully reserved, and shows stock changes at once', async () => {
    const w = await marketplaceWorld(t.db);
    const { token } = await login(t.app, DEMO.retailer);
    // Searched first, so what the API keeps in memory must be dropped when the rows change underneath it.
    expect(body<SuggestResult>(await suggest(token, 'dolovex')).suggestors[0]!.stockists).toBe(3);
    expect(body<SuggestResult>(await suggest(token, 'crocivex')).suggestors).toHaveLength(1);
    await t.db.updateTable('inventory_batches').set({ reserved: 40 }).where('id', '=', w.batches.mum).execute();
    expect(body<SuggestResult>(await suggest(token, 'dolovex')).suggestors[0]!.stockists).toBe(2);
    await t.db.updateTable('inventory_batches').set({ quantity: 0, reserved: 0 }).where('id', '=', w.batches.crocivex).execute();
    expect(body<SuggestResult>(await suggest(token, 'crocivex')).suggestors).toEqual([]);
  });

  it('finds a product added after the first search, and drops a batch at the midnight it expires', async () => {
    await marketplaceWorld(t.db);
    const { token } = await login(t.app, DEMO.retailer);
    expect(body<SuggestResult>(await suggest(token, 'zentravo')).suggestors).toEqual([]);
    const product = await addProduct(t.db, { name: 'Zentravo 20 Tablet', manufacturer: 'Orvia Pharma', composition: 'Rabeprazole 20mg', pack: '10 tablets', hsn: '30049099' });
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'ZV01', expiry: '2026-11-23', quantity: 10, ptr: 5000, mrp: 8000 });
    expect(body<SuggestResult>(await suggest(token, 'rabeprazol 20')).suggestors).toMatchObject([{ name: 'Zentravo 20 Tablet', stockists: 1 }]);
    t.clock.advance(24 * 60 * 60);
    const nextDay = await login(t.app, DEMO.retailer);
    expect(body<SuggestResult>(await suggest(nextDay.token, 'zentravo')).suggestors).toEqual([]);
  });

  // Needs a second connection: PGlite runs one session, so a transaction there holds every other query back.
  (process.env.DATABASE_URL ? it : it.skip)('sees a change from a transaction that began before, and committed after, a later one', async () => {
    const w = await marketplaceWorld(t.db);
    const { token } = await login(t.app, DEMO.retailer);
    expect(body<SuggestResult>(await suggest(token, 'dolovex')).suggestors[0]!.stockists).toBe(3);
    expect(body<SuggestResult>(await suggest(token, 'crocivex')).suggestors[0]!.stockists).toBe(1);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wasWritten = new Promise<void>((resolve) => (written = resolve));
    const older = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('inventory_batches').set({ reserved: 40 }).where('id', '=', w.batches.mum).execute();
      written();
      await released;
    });
    await wasWritten;
    await t.db.updateTable('inventory_batches').set({ quantity: 0, reserved: 0 }).where('id', '=', w.batches.crocivex).execute();
    expect(body<SuggestResult>(await suggest(token, 'crocivex')).suggestors).toEqual([]);
    expect(body<SuggestResult>(await suggest(token, 'dolovex')).suggestors[0]!.stockists).toBe(3);
    release();
    await older;
    expect(body<SuggestResult>(await suggest(token, 'dolovex')).suggestors[0]!.stockists).toBe(2);
  });
});

describe('POST /search/v3/global and GET /search/history', () => {
  it('gives seller count, and lowest PTR and nearest expiry from visible sellers only (never an expired batch)', async () => {
    await marketplaceWorld(t.db);
    const session = await login(t.app, DEMO.retailer);
    const res = await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.globalSearch, headers: bearer(session), payload: { query: 'Dolovex  650' } });
    const hit = body<GlobalSearchResult>(res).products[0]!;
    // Thane (not connected) has the cheapest PTR (₹26.00) and the expired Pune batch ₹1.00: neither is offered.
    expect(hit).toMatchObject({ name: 'Dolovex 650 Tablet', sellerCount: 3, visibleSellerCount: 2, lowestPtrPaise: 2750, nearestExpiry: '2027-01-31' });

    t.clock.advance(5);
    await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.globalSearch, headers: bearer(session), payload: { query: 'crocivex' } });
    const history = await t.app.inject({ method: 'GET', url: MARKETPLACE_PATHS.searchHistory, headers: bearer(session) });
    // Newest first, before the demo seed's older searches.
    expect(body<string[]>(history).slice(0, 2)).toEqual(['crocivex', 'dolovex 650']);
  });
});

describe("a retailer's or hospital's shelf is not a seller", () => {
  it('is counted by no search and listed by no stockists view, though it holds the product', async () => {
    const w = await marketplaceWorld(t.db);
    // Received into stock from a purchase bill: on the retailer's and the hospital's shelves, never for sale to the trade.
    await addBatch(t.db, { sellerCode: 'RTL-DEL-001', productId: w.dolovex, batchNo: 'SHELF-1', expiry: '2028-03-31', quantity: 30, ptr: 2000, mrp: 3400 });
    await addBatch(t.db, { sellerCode: 'HSP-AMD-001', productId: w.dolovex, batchNo: 'WARD-1', expiry: '2028-03-31', quantity: 30, ptr: 2000, mrp: 3400 });
    const session = await login(t.app, DEMO.retailer);
    const hit = body<GlobalSearchResult>(await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.globalSearch, headers: bearer(session), payload: { query: 'dolovex 650' } })).products[0]!;
    expect(hit).toMatchObject({ sellerCount: 3, visibleSellerCount: 2 });
    expect(body<SuggestResult>(await suggest(session.token, 'dolovex 650')).suggestors[0]!.stockists).toBe(3);
    const { stockists } = body<StockistsResult>(await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.stockists, headers: bearer(session), payload: { productId: w.dolovex } }));
    expect(stockists.map((s) => s.sellerUnitCode)).toEqual(['STK-THN-001', 'STK-MUM-001', 'STK-PUN-001']);
  });
});

describe('POST /search/v3/view/stockists', () => {
  it('lists every seller nearest first; stock, batches and prices only where the buyer has access', async () => {
    const w = await marketplaceWorld(t.db);
    const session = await login(t.app, DEMO.retailer);
    const res = await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.stockists, headers: bearer(session), payload: { productId: w.dolovex } });
    const { stockists } = body<StockistsResult>(res);
    // From Andheri: Thane ≈ 12 km, Kalbadevi ≈ 19 km, Pune ≈ 120 km.
    expect(stockists.map((s) => s.sellerUnitCode)).toEqual(['STK-THN-001', 'STK-MUM-001', 'STK-PUN-001']);
    expect(stockists[0]).toMatchObject({ visible: false, connectionStatus: 'PENDING', availableQuantity: null, batches: [] });
    const pune = stockists[2]!;
    expect(pune).toMatchObject({ visible: true, connectionStatus: 'APPROVED', availableQuantity: 120 });
    expect(pune.batches.map((b) => [b.batchNo, b.nearExpiry, b.schemeBuy, b.schemeFree])).toEqual([
      ['PUN-B1', true, 10, 1],
      ['PUN-B2', false, 10, 1],
    ]);
    expect(pune.distanceKm).toBeGreaterThan(100);
  });

  it('shows nothing of a seller that revoked access but that it has the product', async () => {
    const w = await marketplaceWorld(t.db);
    await t.db.updateTable('connections').set({ has_access: false }).execute();
    const session = await login(t.app, DEMO.retailer);
    const res = await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.stockists, headers: bearer(session), payload: { productId: w.dolovex } });
    expect(res.body).not.toContain('2750');
    expect(body<StockistsResult>(res).stockists.every((s) => !s.visible && s.batches.length === 0)).toBe(true);
  });
});
