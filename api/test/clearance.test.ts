import {
  CLEARANCE_PATHS,
  DASHBOARD_PATHS,
  MARKETPLACE_PATHS,
  type Cart,
  type CartConfirmation,
  type ClearanceCandidates,
  type ClearanceOffer,
  type ClearanceOfferList,
  type Dashboard,
  type OrderDetail,
  type SubmitResult,
} from 'shared-api';
import { addBatch, addProduct, batch, setGstRate, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

/*
 * Near-expiry exchange (issue 18) and the cart's minimum expiry date. Clock: 2026-11-22 (IST). The seller is the
 * demo stockist Agarwal (STK-PUN-001, Pune); Sharma Medical (RTL-MUM-001) is connected with access; the Ahmedabad
 * hospital (HSP-AMD-001) is connected without access, so it sees an offer only as a nearby buyer.
 */
const t = build();
const TODAY = '2026-11-22';
const PUNE = { latitude: 18.5204, longitude: 73.8567 };

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  const headers = bearer(session);
  return {
    post: (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload }),
    get: (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, query }),
    del: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}

/** "Nearvex" at Agarwal: an expired batch, and batches 10, 60, 85 and 200 days from today; the warehouse is in Pune. */
async function world() {
  await setGstRate(t.db, '30049099', '2020-01-01', 1200);
  const seller = await unitId(t.db, 'STK-PUN-001');
  const warehouse = await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', seller).orderBy('created_at').executeTakeFirstOrThrow();
  await t.db.updateTable('warehouses').set(PUNE).where('id', '=', warehouse.id).execute();
  // Candidates are the active warehouse's: the one the fixtures put batches in.
  await t.db.updateTable('users').set({ active_warehouse_id: warehouse.id }).where('unit_id', '=', seller).execute();
  const product = await addProduct(t.db, { name: 'Nearvex 500 Tablet', manufacturer: 'Clearwell Labs', composition: 'Azithrovia 500mg', pack: '10 tablets', hsn: '30049099' });
  const other = await addProduct(t.db, { name: 'Farmol Syrup', manufacturer: 'Clearwell Labs', pack: '60 ml', hsn: '30049099' });
  const batches = {
    expired: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'NX-OLD', expiry: '2026-11-20', quantity: 50, ptr: 1000, mrp: 1500 }),
    d10: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'NX-10', expiry: '2026-12-02', quantity: 30, ptr: 1000, mrp: 1500 }),
    d60: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'NX-60', expiry: '2027-01-21', quantity: 40, ptr: 1000, mrp: 1500, reserved: 5 }),
    d85: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'NX-85', expiry: '2027-02-15', quantity: 20, ptr: 1000, mrp: 1500 }),
    d200: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'NX-200', expiry: '2027-06-10', quantity: 100, ptr: 1100, mrp: 1500 }),
    syrup: await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: other, batchNo: 'FS-1', expiry: '2027-02-01', quantity: 10, ptr: 4000, mrp: 5000 }),
  };
  return { product, other, batches, stockist: await signedIn(DEMO.stockist), retailer: await signedIn(DEMO.retailer) };
}

type World = Awaited<ReturnType<typeof world>>;

async function list(w: World, batchId: string, extra: object = {}) {
  const res = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId, offerPtrPaise: 600, endsOn: '2026-12-31', ...extra });
  expect(res.statusCode).toBe(200);
  return body<ClearanceOffer>(res);
}

/** Moves the hospital (unit and warehouses) to a point `km` north of the Pune warehouse. */
async function hospitalAt(km: number) {
  const hospital = await unitId(t.db, 'HSP-AMD-001');
  const place = { latitude: PUNE.latitude + km / 111.2, longitude: PUNE.longitude };
  await t.db.updateTable('units').set(place).where('id', '=', hospital).execute();
  await t.db.updateTable('warehouses').set(place).where('unit_id', '=', hospital).execute();
}

const marketOf = async (who: World['retailer'], query: Record<string, string> = {}) => body<ClearanceOfferList>(await who.get(CLEARANCE_PATHS.market, query));

describe('candidates', () => {
  it('lists unexpired batches of the active warehouse expiring within the window, with units promised to orders', async () => {
    const w = await world();
    const mine = (c: ClearanceCandidates) => c.items.filter((i) => i.productId === w.product).map((i) => [i.batchNo, i.daysToExpiry, i.quantity, i.reserved]);
    const byDefault = body<ClearanceCandidates>(await w.stockist.get(CLEARANCE_PATHS.candidates));
    expect([byDefault.fromDays, byDefault.toDays]).toEqual([30, 120]);
    expect(mine(byDefault)).toEqual([
      ['NX-60', 60, 40, 5],
      ['NX-85', 85, 20, 0],
    ]);
    // From today: the 10-day batch too, never the expired one.
    expect(mine(body<ClearanceCandidates>(await w.stockist.get(CLEARANCE_PATHS.candidates, { fromDays: '0', toDays: '365' })))).toEqual([
      ['NX-10', 10, 30, 0],
      ['NX-60', 60, 40, 5],
      ['NX-85', 85, 20, 0],
      ['NX-200', 200, 100, 0],
    ]);
    expect((await w.stockist.get(CLEARANCE_PATHS.candidates, { fromDays: '90', toDays: '30' })).statusCode).toBe(400);
    // Buyers have no candidates.
    expect((await w.retailer.get(CLEARANCE_PATHS.candidates)).json()).toMatchObject({ code: 'E0040' });
  });
});

describe('listing a batch', () => {
  it('refuses an expired batch, a cut-off on or after expiry, a price not below the PTR and another unit’s batch', async () => {
    const w = await world();
    const expired = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: w.batches.expired, offerPtrPaise: 600, endsOn: TODAY });
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'E0014']);
    const late = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: w.batches.d85, offerPtrPaise: 600, endsOn: '2027-02-15' });
    expect([late.statusCode, late.json().code, late.json().fields]).toEqual([400, 'E0014', { endsOn: '2027-02-14 at the latest' }]);
    const past = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: w.batches.d85, offerPtrPaise: 600, endsOn: '2026-11-21' });
    expect(past.json()).toMatchObject({ code: 'E0001', fields: { endsOn: 'Pick today or a later day' } });
    const dear = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: w.batches.d85, offerPtrPaise: 1000, endsOn: '2026-12-31' });
    expect(dear.json()).toMatchObject({ code: 'E0001', fields: { offerPtrPaise: 'Lower than ₹10.00' } });
    const theirs = await addBatch(t.db, { sellerCode: 'STK-THN-001', productId: w.product, batchNo: 'TH-1', expiry: '2027-01-31', quantity: 5, ptr: 1000, mrp: 1500 });
    expect((await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: theirs, offerPtrPaise: 600, endsOn: '2026-12-31' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('clearance_offers').select('id').execute()).toEqual([]);
  });

  it('warns first when units are promised to orders, lists once acknowledged, one running offer per batch', async () => {
    const w = await world();
    const warned = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: w.batches.d60, offerPtrPaise: 700, endsOn: '2027-01-20', nearbyBuyers: true });
    expect([warned.statusCode, warned.json().code, warned.json().message, warned.json().fields]).toEqual([
      409,
      'E0015',
      '5 units are promised to placed orders; list the other 35 anyway?',
      { acknowledgePromised: '5' },
    ]);
    const offer = await list(w, w.batches.d60, { offerPtrPaise: 700, endsOn: '2027-01-20', nearbyBuyers: true, acknowledgePromised: true });
    expect(offer).toMatchObject({ batchNo: 'NX-60', expiryDate: '2027-01-21', daysToExpiry: 60, available: 35, ptrPaise: 1000, offerPtrPaise: 700, discountBp: 3000, endsOn: '2027-01-20', nearbyBuyers: true, status: 'ACTIVE', sellerUnitCode: 'STK-PUN-001', distanceKm: null });

    const again = await w.stockist.post(CLEARANCE_PATHS.offers, { batchId: w.batches.d60, offerPtrPaise: 650, endsOn: '2026-12-31', acknowledgePromised: true });
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0009']);
    const candidates = body<ClearanceCandidates>(await w.stockist.get(CLEARANCE_PATHS.candidates));
    expect(candidates.items.find((i) => i.batchId === w.batches.d60)?.offer?.offerId).toBe(offer.offerId);

    // Ended by the seller: ending again is E0016, and the batch may be listed anew.
    const ended = body<ClearanceOffer>(await w.stockist.del(CLEARANCE_PATHS.offer(offer.offerId)));
    expect(ended.status).toBe('ENDED');
    expect((await w.stockist.del(CLEARANCE_PATHS.offer(offer.offerId))).json()).toMatchObject({ code: 'E0016' });
    t.clock.advance(1);
    const relisted = await list(w, w.batches.d60, { acknowledgePromised: true });
    const mine = body<ClearanceOfferList>(await w.stockist.get(CLEARANCE_PATHS.offers));
    expect(mine.items.map((o) => [o.offerId, o.status])).toEqual([
      [relisted.offerId, 'ACTIVE'],
      [offer.offerId, 'ENDED'],
    ]);
    expect(body<ClearanceOfferList>(await w.stockist.get(CLEARANCE_PATHS.offers, { status: 'ENDED' })).items.map((o) => o.offerId)).toEqual([offer.offerId]);
    // Another seller cannot end it.
    expect((await w.retailer.del(CLEARANCE_PATHS.offer(relisted.offerId))).statusCode).toBe(403);
  });

  it('ends by itself after the cut-off day, and the batch can be listed again', async () => {
    const w = await world();
    const offer = await list(w, w.batches.d85, { endsOn: TODAY });
    expect((await marketOf(w.retailer)).items.map((o) => o.offerId)).toEqual([offer.offerId]);
    t.clock.advance(24 * 3600);
    // A day later: new sessions (the access tokens expired meanwhile).
    const [retailer, stockist] = [await signedIn(DEMO.retailer), await signedIn(DEMO.stockist)];
    expect((await marketOf(retailer)).items).toEqual([]);
    expect(body<ClearanceOfferList>(await stockist.get(CLEARANCE_PATHS.offers)).items.map((o) => o.status)).toEqual(['ENDED']);
    const next = await list({ ...w, stockist }, w.batches.d85, { endsOn: '2026-12-31' });
    expect(next.status).toBe('ACTIVE');
  });
});

describe('who sees an offer', () => {
  it('connected buyers with access see every offer; others only those opted in for nearby buyers, when nearby', async () => {
    const w = await world();
    const connectedOnly = await list(w, w.batches.d85);
    const nearby = await list(w, w.batches.syrup, { offerPtrPaise: 3000, nearbyBuyers: true });
    const hospital = await signedIn(DEMO.hospital);

    const seen = await marketOf(w.retailer);
    expect(seen.items.map((o) => [o.productName, o.offerPtrPaise, o.discountBp])).toEqual([
      ['Farmol Syrup', 3000, 2500],
      ['Nearvex 500 Tablet', 600, 4000],
    ]);
    expect(seen.totalResults).toBe(2);
    expect((await marketOf(w.retailer, { q: 'azithrovia' })).items.map((o) => o.offerId)).toEqual([connectedOnly.offerId]);
    expect((await marketOf(w.retailer, { q: 'nearvex tab' })).items.map((o) => o.offerId)).toEqual([connectedOnly.offerId]);
    expect((await marketOf(w.retailer, { maxDays: '75' })).items.map((o) => o.offerId)).toEqual([nearby.offerId]);
    expect((await marketOf(w.retailer, { pageSize: '1', page: '1' })).items.map((o) => o.offerId)).toEqual([connectedOnly.offerId]);

    // Connected without access, 500 km away: nothing. Within 25 km: the opted-in offer only, with its distance.
    await hospitalAt(500);
    expect((await marketOf(hospital)).items).toEqual([]);
    await hospitalAt(10);
    const near = await marketOf(hospital);
    expect(near.items.map((o) => [o.offerId, o.distanceKm])).toEqual([[nearby.offerId, 10]]);

    // It may buy that offer, and nothing else of the seller.
    const add = (payload: object) => hospital.post(MARKETPLACE_PATHS.cartAddEntry, { sellerUnitCode: 'STK-PUN-001', quantity: 2, ...payload });
    expect((await add({ productId: w.other, clearanceOfferId: nearby.offerId })).statusCode).toBe(200);
    expect((await add({ productId: w.product, clearanceOfferId: connectedOnly.offerId })).statusCode).toBe(404);
    expect((await add({ productId: w.product })).json()).toMatchObject({ code: 'E0040' });
    // Moved away again: confirm reports the offer as no longer open to it.
    await hospitalAt(40);
    const confirmed = body<CartConfirmation>(await hospital.post(MARKETPLACE_PATHS.cartConfirm));
    expect(confirmed.changes.map((c) => [c.kind, c.message])).toEqual([['UNAVAILABLE', 'Agarwal Pharma Distributors no longer offers this batch to you']]);
    expect(confirmed.canSubmit).toBe(false);

    // Stockists have no market; the seller never sees its own offers there.
    expect((await w.stockist.get(CLEARANCE_PATHS.market)).json()).toMatchObject({ code: 'E0040' });
  });
});

describe('buying an offer', () => {
  it('is an order of that very batch at the offer PTR: reserved and moved from it, never from another', async () => {
    const w = await world();
    const offer = await list(w, w.batches.d85, { offerPtrPaise: 600 });
    const add = (payload: object) => w.retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.product, sellerUnitCode: 'STK-PUN-001', ...payload });
    expect((await add({ clearanceOfferId: offer.offerId, quantity: 21 })).json()).toMatchObject({ code: 'E0001', message: 'Only 20 available' });
    expect((await add({ clearanceOfferId: offer.offerId, minExpiryDate: '2027-01-01', quantity: 1 })).json()).toMatchObject({ code: 'E0001' });
    await add({ clearanceOfferId: offer.offerId, quantity: 3 });
    await add({ clearanceOfferId: offer.offerId, quantity: 1 });
    t.clock.advance(1);
    const cart = body<Cart>(await add({ quantity: 2 }));
    const entries = cart.entries.filter((e) => e.productId === w.product).map((e) => [e.quantity, e.ptrPaise, e.totalPaise, e.clearanceOfferId, e.offerBatch]);
    expect(entries).toEqual([
      [4, 600, 2400, offer.offerId, { batchNo: 'NX-85', expiryDate: '2027-02-15' }],
      [2, 1000, 2000, null, null],
    ]);

    const { orders } = body<SubmitResult>(await w.retailer.post(MARKETPLACE_PATHS.cartSubmit));
    // 4 × ₹6.00 + 2 × ₹10.00 = ₹44.00, GST 12 % = ₹5.28.
    expect(orders.map((o) => [o.taxablePaise, o.gstPaise, o.totalPaise])).toEqual([[4400, 528, 4928]]);
    expect(await batch(t.db, w.batches.d85)).toEqual({ quantity: 20, reserved: 4 });
    expect(await batch(t.db, w.batches.d10)).toEqual({ quantity: 30, reserved: 2 });
    expect(body<ClearanceOfferList>(await w.stockist.get(CLEARANCE_PATHS.offers)).items[0]!.available).toBe(16);

    const accepted = body<OrderDetail>(await w.stockist.post(MARKETPLACE_PATHS.acceptOrder(orders[0]!.orderId)));
    expect(accepted.lines.map((l) => [l.quantity, l.ptrPaise, l.taxablePaise, l.clearanceOfferId, l.allocations])).toEqual([
      [4, 600, 2400, offer.offerId, [{ batchNo: 'NX-85', expiryDate: '2027-02-15', quantity: 4 }]],
      [2, 1000, 2000, null, [{ batchNo: 'NX-10', expiryDate: '2026-12-02', quantity: 2 }]],
    ]);
    expect(await batch(t.db, w.batches.d85)).toEqual({ quantity: 16, reserved: 0 });
    expect(await batch(t.db, w.batches.d10)).toEqual({ quantity: 28, reserved: 0 });
  });

  it('refuses an ended offer at add, confirm and submit (E0016), and an offer whose batch expired', async () => {
    const w = await world();
    const offer = await list(w, w.batches.d85);
    const add = () => w.retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.product, sellerUnitCode: 'STK-PUN-001', quantity: 2, clearanceOfferId: offer.offerId });
    expect((await add()).statusCode).toBe(200);
    await w.stockist.del(CLEARANCE_PATHS.offer(offer.offerId));
    expect((await add()).json()).toMatchObject({ code: 'E0016' });
    const confirmed = body<CartConfirmation>(await w.retailer.post(MARKETPLACE_PATHS.cartConfirm));
    expect(confirmed.changes.map((c) => [c.kind, c.message])).toEqual([['UNAVAILABLE', 'The near-expiry offer of Nearvex 500 Tablet has ended']]);
    const submitted = await w.retailer.post(MARKETPLACE_PATHS.cartSubmit);
    expect([submitted.statusCode, submitted.json().code]).toEqual([409, 'E0016']);
    expect(await batch(t.db, w.batches.d85)).toEqual({ quantity: 20, reserved: 0 });

    // A batch that expires while listed is never sold: gone from the market, refused at add.
    const d60 = await list(w, w.batches.d60, { acknowledgePromised: true });
    await t.db.updateTable('inventory_batches').set({ expiry_date: TODAY }).where('id', '=', w.batches.d60).execute();
    expect((await marketOf(w.retailer)).items).toEqual([]);
    expect((await w.retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.product, sellerUnitCode: 'STK-PUN-001', quantity: 1, clearanceOfferId: d60.offerId })).json()).toMatchObject({ code: 'E0016' });
  });

  it('an accepted offer line is never made up from another batch when its batch expired meanwhile', async () => {
    const w = await world();
    const offer = await list(w, w.batches.d85);
    await w.retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.product, sellerUnitCode: 'STK-PUN-001', quantity: 3, clearanceOfferId: offer.offerId });
    const { orders } = body<SubmitResult>(await w.retailer.post(MARKETPLACE_PATHS.cartSubmit));
    await t.db.updateTable('inventory_batches').set({ expiry_date: TODAY }).where('id', '=', w.batches.d85).execute();
    const res = await w.stockist.post(MARKETPLACE_PATHS.acceptOrder(orders[0]!.orderId));
    expect([res.statusCode, res.json().code]).toEqual([409, 'E0042']);
    expect(await batch(t.db, w.batches.d85)).toEqual({ quantity: 20, reserved: 3 });
    expect(await batch(t.db, w.batches.d200)).toEqual({ quantity: 100, reserved: 0 });
  });
});

describe('a minimum expiry date on a cart entry', () => {
  it('prices, reserves and accepts only batches expiring on or after it, as an entry of its own', async () => {
    const w = await world();
    const add = (payload: object) => w.retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.product, sellerUnitCode: 'STK-PUN-001', ...payload });
    expect((await add({ quantity: 1, minExpiryDate: '2028-01-01' })).json()).toMatchObject({ code: 'E0001', message: 'Agarwal Pharma Distributors has no Nearvex 500 Tablet expiring on or after 2028-01-01' });
    expect((await add({ quantity: 101, minExpiryDate: '2027-03-01' })).json()).toMatchObject({ code: 'E0001', message: 'Only 100 available' });
    await add({ quantity: 5, minExpiryDate: '2027-03-01' });
    t.clock.advance(1);
    const cart = body<Cart>(await add({ quantity: 1 }));
    expect(cart.entries.filter((e) => e.productId === w.product).map((e) => [e.quantity, e.ptrPaise, e.minExpiryDate])).toEqual([
      [5, 1100, '2027-03-01'],
      [1, 1000, null],
    ]);
    const { orders } = body<SubmitResult>(await w.retailer.post(MARKETPLACE_PATHS.cartSubmit));
    expect(await batch(t.db, w.batches.d200)).toEqual({ quantity: 100, reserved: 5 });
    expect(await batch(t.db, w.batches.d10)).toEqual({ quantity: 30, reserved: 1 });

    // The reserved batch expires before acceptance: made up only from batches on or after the date.
    await t.db.updateTable('inventory_batches').set({ expiry_date: TODAY }).where('id', '=', w.batches.d200).execute();
    const later = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: w.product, batchNo: 'NX-400', expiry: '2027-12-31', quantity: 10, ptr: 1100, mrp: 1500 });
    const accepted = body<OrderDetail>(await w.stockist.post(MARKETPLACE_PATHS.acceptOrder(orders[0]!.orderId)));
    expect(accepted.lines.map((l) => [l.minExpiryDate, l.allocations.map((a) => [a.batchNo, a.quantity])])).toEqual([
      [null, [['NX-10', 1]]],
      ['2027-03-01', [['NX-400', 5]]],
    ]);
    expect(await batch(t.db, later)).toEqual({ quantity: 5, reserved: 0 });
    expect(await batch(t.db, w.batches.d60)).toEqual({ quantity: 40, reserved: 5 });
  });
});

describe('the dashboard tile', () => {
  it('shows buyers the offers they may buy (the 3 soonest) and sellers their running offers and units', async () => {
    const w = await world();
    await list(w, w.batches.d85);
    await list(w, w.batches.syrup, { offerPtrPaise: 3000 });
    await list(w, w.batches.d10, { endsOn: '2026-12-01' });
    await list(w, w.batches.d200, { offerPtrPaise: 900 });
    const ended = await list(w, w.batches.d60, { acknowledgePromised: true });
    await w.stockist.del(CLEARANCE_PATHS.offer(ended.offerId));

    const buyer = body<Dashboard>(await w.retailer.get(DASHBOARD_PATHS.dashboard)).nearExpiry;
    expect(buyer?.selling).toBeUndefined();
    expect(buyer?.buying?.offers).toBe(4);
    expect(buyer?.buying?.soonest.map((o) => o.batchNo)).toEqual(['NX-10', 'FS-1', 'NX-85']);

    const seller = body<Dashboard>(await w.stockist.get(DASHBOARD_PATHS.dashboard)).nearExpiry;
    // 30 + 10 + 20 + 100 free units on the four running offers; the ended one is not counted.
    expect(seller).toEqual({ selling: { running: 4, units: 160 } });

    // A hospital that may see none of them: a tile with nothing in it.
    const hospital = body<Dashboard>(await (await signedIn(DEMO.hospital)).get(DASHBOARD_PATHS.dashboard)).nearExpiry;
    expect(hospital).toEqual({ buying: { offers: 0, soonest: [] } });
  });
});
