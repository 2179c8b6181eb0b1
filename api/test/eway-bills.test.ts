import type { LightMyRequestResponse } from 'fastify';
import {
  DELIVERY_PATHS,
  EWAYBILL_PATHS,
  ACCOUNTING_PATHS,
  formatPaise,
  type ConsignmentDetail,
  type Market,
  type SalesInvoice,
} from 'shared-api';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import type { EwbBulkFile } from '../src/modules/eway-bills/bulk';
import { EwbExpiryWarnings } from '../src/modules/eway-bills/expiry';
import { portalFileErrors } from '../src/modules/gst-returns/portal-schemas';
import { addBatch, addProduct, unitId } from './cart-fixtures';
import { FakeSms, PEOPLE, callerFor, insertConsignment, outsideParty } from './deliveries-fixtures';
import { TestEwb } from './eway-bills-fixtures';
import { bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * E-way bills on consignments (issue 34) through the HTTP API, with the local portal adapter on the test's clock.
 * The people are the demo seed's: Lohar Chawl Medical Agencies (Rajesh, Mumbai, GSTIN 27…) sells to Sharma Medical
 * Stores (Priya, Mumbai) and works with the season boy Vijay More; Agarwal Pharma (Ramesh, Pune) has its delivery
 * staff Suresh. Maharashtra's own rule: moves inside the state need an e-way bill above ₹1,00,000.
 */

const sms = new FakeSms();
const portal = new TestEwb(() => t.clock.now());
const t = build({ sms, ewb: portal, env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });

type Client = { get: (url: string, query?: Record<string, string>) => Promise<LightMyRequestResponse>; post: (url: string, payload?: object) => Promise<LightMyRequestResponse> };
const sessions = new Map<string, Client>();

async function as(mobile: string): Promise<Client> {
  const known = sessions.get(mobile);
  if (known) return known;
  const headers = bearer(await login(t.app, mobile));
  const client: Client = {
    get: (url, query = {}) => t.app.inject({ method: 'GET', url, headers, query }),
    post: (url, payload = {}) => t.app.inject({ method: 'POST', url, headers, payload }),
  };
  sessions.set(mobile, client);
  return client;
}

beforeEach(() => {
  sessions.clear();
  sms.texts.length = 0;
  portal.reset();
});

const HOUR = 60 * 60;
/** Moves the clock; sessions signed in before would have expired, so everyone signs in again. */
const advance = (seconds: number) => {
  t.clock.advance(seconds);
  sessions.clear();
};
const errorOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code as string | undefined];
const messageOf = (res: LightMyRequestResponse) => res.json().message as string;
const ok = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return body<ConsignmentDetail>(res);
};
const inr = (paise: number) => `₹${formatPaise(paise).replace(/\.00$/, '')}`;
const userId = async (mobile: string) => (await callerFor(t.db, mobile)).userId;
const detail = async (mobile: string, id: string) => ok(await (await as(mobile)).get(DELIVERY_PATHS.consignment(id)));
const bills = (consignmentId: string) => t.db.selectFrom('eway_bills').selectAll().where('consignment_id', '=', consignmentId).orderBy('generated_at').execute();

async function marketId(city: string): Promise<string> {
  const markets = body<Market[]>(await (await as(PEOPLE.rajesh)).get(DELIVERY_PATHS.markets));
  return markets.find((m) => m.city === city)!.id;
}

/** An order Lohar Chawl (Mumbai) sold to Sharma Medical (Mumbai) and accepted: `units` at ₹1,000 (plus GST). */
async function mumbaiOrder(units: number): Promise<string> {
  const product = await addProduct(t.db, { name: 'Waybillin 500', manufacturer: 'Test Labs', hsn: '30049099' });
  const batchId = await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: product, batchNo: 'EWB-1', expiry: '2028-01-31', quantity: units, ptr: 100_000, mrp: 150_000 });
  return acceptedOrder(t.db, { sellerCode: 'STK-MUM-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: product, quantity: units, ptrPaise: 100_000, batches: [{ batchId, quantity: units }] }] });
}

/** The order's sales invoice, issued by Lohar Chawl. */
async function invoice(orderId: string): Promise<SalesInvoice> {
  const res = await (await as(PEOPLE.rajesh)).post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
  expect(res.statusCode).toBe(200);
  return body<SalesInvoice>(res);
}

const vijayRide = async (vehicleNumber = 'MH01AB1234') => ({ deliveryBoyUserId: await userId(PEOPLE.vijay), vehicleNumber });

/** Booked by Lohar Chawl for the order (assigned to Vijay unless `assign` is false), moved on by him as asked. */
async function onlineConsignment(orderId: string, o: { assign?: boolean; moves?: ('COLLECTED' | 'IN_TRANSIT')[] } = {}): Promise<string> {
  const rajesh = await as(PEOPLE.rajesh);
  const res = await rajesh.post(DELIVERY_PATHS.createOnline, { orderId, packages: 2, weightKg: 8, ...(o.assign === false ? {} : { assignment: await vijayRide() }) });
  const id = ok(res).id;
  for (const status of o.moves ?? []) ok(await (await as(PEOPLE.vijay)).post(DELIVERY_PATHS.status(id), { status }));
  return id;
}

/** An invoiced consignment over Maharashtra's limit, collected by Vijay: ready to start, but for its e-way bill. */
async function bigCollected(): Promise<{ id: string; invoice: SalesInvoice }> {
  const orderId = await mumbaiOrder(120);
  const inv = await invoice(orderId);
  const id = await onlineConsignment(orderId, { moves: ['COLLECTED'] });
  return { id, invoice: inv };
}

const startTrip = async (id: string) => (await as(PEOPLE.vijay)).post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' });
const generate = async (id: string, payload: object = {}) => (await as(PEOPLE.rajesh)).post(EWAYBILL_PATHS.generate(id), payload);

describe('whether a consignment needs an e-way bill', () => {
  it('judges an intra-state move by the invoice value against the state limit: under it starts as before, over it needs one', async () => {
    const smallOrder = await mumbaiOrder(10);
    const small = await invoice(smallOrder);
    const under = await onlineConsignment(smallOrder, { moves: ['COLLECTED'] });
    const seen = await detail(PEOPLE.rajesh, under);
    expect(seen.ewayBillRequirement).toMatchObject({ needed: false, valuePaise: small.totals.totalPaise, thresholdPaise: 10_000_000 });
    expect(seen.ewayBillRequirement!.estimatedDistanceKm).toBeGreaterThan(0);
    expect(seen.ewayBill).toBeNull();
    // The unit can always choose to generate one, also below the limit.
    expect(seen.actions).toContain('GENERATE_EWB');
    expect((await startTrip(under)).statusCode).toBe(200);

    const { id: over, invoice: big } = await bigCollected();
    expect(big.totals.totalPaise).toBeGreaterThan(10_000_000);
    expect((await detail(PEOPLE.rajesh, over)).ewayBillRequirement).toMatchObject({ needed: true, valuePaise: big.totals.totalPaise, thresholdPaise: 10_000_000 });
    // Every party sees the requirement; only the sender may generate.
    for (const who of [PEOPLE.priya, PEOPLE.vijay]) {
      const d = await detail(who, over);
      expect(d.ewayBillRequirement?.needed).toBe(true);
      expect(d.actions).not.toContain('GENERATE_EWB');
    }
  });

  it('judges an inter-state move by the inter-state limit', async () => {
    // Written straight in (bookings stay inside one market): Lohar Chawl sends to Gurugram (Haryana).
    const c = await insertConsignment(t.db, { owner: 'STK-MUM-001', direction: 'SEND', party: outsideParty('Gurugram Clinic', { pincode: '122001', city: 'Gurugram' }), createdAt: t.clock.now() });
    await t.db.updateTable('consignments').set({ goods_document_type: 'INV', goods_document_number: 'LC/77', goods_document_date: '2026-11-21', goods_value_paise: 6_000_000, goods_hsn: '3004' }).where('id', '=', c.id).execute();
    const d = await detail(PEOPLE.rajesh, c.id);
    expect(d.ewayBillRequirement).toMatchObject({ needed: true, valuePaise: 6_000_000, thresholdPaise: 5_000_000 });
  });

  it('explains that an order not invoiced yet has no document to make one from, and refuses to generate before the invoice', async () => {
    const orderId = await mumbaiOrder(120);
    const id = await onlineConsignment(orderId);
    const d = await detail(PEOPLE.rajesh, id);
    expect(d.ewayBillRequirement?.rule).toMatch(/not invoiced yet/);
    expect(d.actions).not.toContain('GENERATE_EWB');
    const res = await generate(id);
    expect(errorOf(res)).toEqual([409, 'E0013']);
    expect(messageOf(res)).toMatch(/cannot be generated before the invoice/);
    expect(portal.calls()).toBe(0);
  });
});

describe('starting the trip', () => {
  it('is refused with E0023 naming the rule until the sender generates the e-way bill, then starts', async () => {
    const { id, invoice: inv } = await bigCollected();
    const refused = await startTrip(id);
    expect(errorOf(refused)).toEqual([409, 'E0023']);
    expect(messageOf(refused)).toBe(`Goods worth ${inr(inv.totals.totalPaise)} need an e-way bill in Maharashtra (above ₹1,00,000): the sender generates it on the consignment page`);
    expect((await t.db.selectFrom('consignments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('COLLECTED');

    const generated = ok(await generate(id, { distanceKm: 30 }));
    const bill = generated.ewayBill!;
    expect(bill).toMatchObject({ status: 'ACTIVE', distanceKm: 30, expired: false, expiresSoon: false, extensions: 0, cancelReason: null });
    expect(bill.ewbNumber).toMatch(/^\d{12}$/);
    expect(bill.partB).toMatchObject({ vehicleNumber: 'MH01AB1234', mode: 'ROAD' });
    expect(bill.validFrom).toBe(t.clock.now().toISOString());
    expect(new Date(bill.validUntil!).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(bill.partA).toMatchObject({
      supplierGstin: inv.supplier.gstin,
      recipientGstin: inv.recipient.gstin ?? 'URP',
      fromPincode: '400002',
      toPincode: '400069',
      documents: [{ type: 'INV', number: inv.invoiceNumber, date: inv.invoiceDate, valuePaise: inv.totals.totalPaise }],
      valuePaise: inv.totals.totalPaise,
      hsnCodes: ['30049099'],
      reason: 'Supply',
    });
    expect(generated.actions).not.toContain('GENERATE_EWB');
    // The delivery boy's screen carries it.
    const mine = body<{ active: ConsignmentDetail[] }>(await (await as(PEOPLE.vijay)).get(DELIVERY_PATHS.myDeliveries));
    expect(mine.active.find((c) => c.id === id)?.ewayBill?.ewbNumber).toBe(bill.ewbNumber);

    expect((await startTrip(id)).statusCode).toBe(200);
  });

  it('needs the vehicle (Part B): a bill generated before assigning gets it when the owner assigns', async () => {
    const orderId = await mumbaiOrder(120);
    await invoice(orderId);
    const id = await onlineConsignment(orderId, { assign: false });
    const bill = ok(await generate(id)).ewayBill!;
    expect(bill).toMatchObject({ partB: null, validFrom: null, validUntil: null });

    advance(HOUR);
    const assigned = ok(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.assign(id), await vijayRide('MH01CD5678')));
    expect(assigned.ewayBill).toMatchObject({ ewbNumber: bill.ewbNumber, partB: { vehicleNumber: 'MH01CD5678', mode: 'ROAD' }, validFrom: t.clock.now().toISOString() });
    expect(assigned.vehicleNumber).toBe('MH01CD5678');
    ok(await (await as(PEOPLE.vijay)).post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' }));
    expect((await startTrip(id)).statusCode).toBe(200);
  });

  it('is refused once the e-way bill lapsed, until it is extended', async () => {
    const { id } = await bigCollected();
    const bill = ok(await generate(id, { distanceKm: 30 })).ewayBill!;
    advance((new Date(bill.validUntil!).getTime() - t.clock.now().getTime()) / 1000 + 60);
    const refused = await startTrip(id);
    expect(errorOf(refused)).toEqual([409, 'E0023']);
    expect(messageOf(refused)).toMatch(new RegExp(`e-way bill ${bill.ewbNumber} lapsed on .*: extend it first`));
    expect((await detail(PEOPLE.rajesh, id)).ewayBill).toMatchObject({ expired: true, expiresSoon: false });
    ok(await (await as(PEOPLE.rajesh)).post(EWAYBILL_PATHS.extend(id), { reasonCode: '99', remark: 'Vehicle delayed', fromPincode: '400002', remainingKm: 30 }));
    expect((await startTrip(id)).statusCode).toBe(200);
  });

  it('past the extension window says what is left: a new document with its own e-way bill', async () => {
    const { id } = await bigCollected();
    const bill = ok(await generate(id, { distanceKm: 30 })).ewayBill!;
    // 8 hours and a minute after it lapsed: the portal extends no more.
    advance((new Date(bill.validUntil!).getTime() - t.clock.now().getTime()) / 1000 + 8 * 3600 + 60);
    const refused = await startTrip(id);
    expect(errorOf(refused)).toEqual([409, 'E0023']);
    expect(messageOf(refused)).toContain(`e-way bill ${bill.ewbNumber} lapsed on`);
    expect(messageOf(refused)).toContain('can no longer be extended');
    expect(messageOf(refused)).toContain('offline pickup with a delivery challan');
    expect((await detail(PEOPLE.rajesh, id)).actions).not.toContain('EXTEND_EWB');
  });
});

describe('Part B, cancel and extend', () => {
  it('lets the delivery boy change the vehicle, and follows the owner reassigning to another vehicle', async () => {
    const { id } = await bigCollected();
    const first = ok(await generate(id)).ewayBill!;
    advance(HOUR);
    const changed = ok(await (await as(PEOPLE.vijay)).post(EWAYBILL_PATHS.vehicle(id), { vehicleNumber: 'mh02ef9012', reasonCode: '1', remark: 'Tyre burst' }));
    expect(changed.ewayBill).toMatchObject({ ewbNumber: first.ewbNumber, partB: { vehicleNumber: 'MH02EF9012', mode: 'ROAD', updatedAt: t.clock.now().toISOString() }, validFrom: first.validFrom });
    expect(changed.vehicleNumber).toBe('MH02EF9012');
    expect(portal.lastVehicle()).toMatchObject({ ewbNumber: first.ewbNumber, vehicleNumber: 'MH02EF9012', reasonCode: '1' });

    // Reassigning needs a status that allows it: a fresh consignment assigned, with a bill.
    const orderId = await mumbaiOrder(120);
    await invoice(orderId);
    const other = await onlineConsignment(orderId);
    const bill = ok(await generate(other)).ewayBill!;
    expect(bill.partB?.vehicleNumber).toBe('MH01AB1234');
    const reassigned = ok(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.assign(other), await vijayRide('MH03GH3456')));
    expect(reassigned.ewayBill?.partB?.vehicleNumber).toBe('MH03GH3456');
    expect(portal.lastVehicle()).toMatchObject({ ewbNumber: bill.ewbNumber, vehicleNumber: 'MH03GH3456', reasonCode: '3' });
    // The same vehicle again: nothing to tell the portal.
    const calls = portal.calls();
    ok(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.assign(other), await vijayRide('MH03GH3456')));
    expect(portal.calls()).toBe(calls);
  });

  it('cancels within 24 hours before the goods move, never after', async () => {
    const { id } = await bigCollected();
    const bill = ok(await generate(id)).ewayBill!;
    expect(bill.cancellableUntil).toBe(new Date(t.clock.now().getTime() + 24 * HOUR * 1000).toISOString());
    advance(23 * HOUR);
    expect((await detail(PEOPLE.rajesh, id)).actions).toContain('CANCEL_EWB');
    const cancelled = ok(await (await as(PEOPLE.rajesh)).post(EWAYBILL_PATHS.cancel(id), { reasonCode: '3', remark: 'Wrong distance' }));
    // The last cancelled bill stays on the page; a new one can be generated.
    expect(cancelled.ewayBill).toMatchObject({ ewbNumber: bill.ewbNumber, status: 'CANCELLED', cancelReason: { code: '3', label: 'Data entry mistake', remark: 'Wrong distance' }, cancellableUntil: null, expired: false });
    expect(cancelled.actions).toContain('GENERATE_EWB');
    expect(cancelled.actions).not.toContain('CANCEL_EWB');
    expect(errorOf(await startTrip(id))).toEqual([409, 'E0023']);

    const second = ok(await generate(id)).ewayBill!;
    expect(second.ewbNumber).not.toBe(bill.ewbNumber);
    expect((await bills(id)).map((b) => b.status)).toEqual(['CANCELLED', 'ACTIVE']);
    advance(24 * HOUR + 60);
    expect((await detail(PEOPLE.rajesh, id)).actions).not.toContain('CANCEL_EWB');
    const late = await (await as(PEOPLE.rajesh)).post(EWAYBILL_PATHS.cancel(id), { reasonCode: '4', remark: 'Too late' });
    expect(errorOf(late)).toEqual([409, 'E0013']);
    expect(messageOf(late)).toMatch(/could be cancelled only until .* \(24 hours after it was generated\)/);

    // Once the goods have moved under it, not even inside the window.
    const { id: moved } = await bigCollected();
    ok(await generate(moved));
    ok(await startTrip(moved));
    const onRoad = await (await as(PEOPLE.rajesh)).post(EWAYBILL_PATHS.cancel(moved), { reasonCode: '4', remark: 'Changed mind' });
    expect(errorOf(onRoad)).toEqual([409, 'E0013']);
    expect(messageOf(onRoad)).toMatch(/the goods have already moved/);
  });

  it('extends only around the end of its validity, from where the goods are', async () => {
    const { id } = await bigCollected();
    const bill = ok(await generate(id, { distanceKm: 30 })).ewayBill!;
    ok(await startTrip(id));
    const until = new Date(bill.validUntil!).getTime();
    const extend = { reasonCode: '5', remark: 'Accident on the highway', fromPincode: '400069', remainingKm: 12 };
    expect((await detail(PEOPLE.vijay, id)).actions).not.toContain('EXTEND_EWB');
    const early = await (await as(PEOPLE.vijay)).post(EWAYBILL_PATHS.extend(id), extend);
    expect(errorOf(early)).toEqual([409, 'E0013']);
    expect(messageOf(early)).toMatch(/can be extended only from .* to .*, around the end of its validity/);

    advance((until - t.clock.now().getTime()) / 1000 - 4 * HOUR);
    expect((await detail(PEOPLE.vijay, id)).actions).toContain('EXTEND_EWB');
    const extended = ok(await (await as(PEOPLE.vijay)).post(EWAYBILL_PATHS.extend(id), extend));
    expect(extended.ewayBill!.extensions).toBe(1);
    expect(new Date(extended.ewayBill!.validUntil!).getTime()).toBeGreaterThan(until);
    expect(portal.lastExtend()).toMatchObject({ ewbNumber: bill.ewbNumber, fromPincode: 400069, remainingDistance: 12, reasonCode: '5' });
  });
});

describe('the expiry warning', () => {
  it('flips expiresSoon within the warning hours and tells the owner and the delivery boy once per validity', async () => {
    const { id } = await bigCollected();
    const bill = ok(await generate(id, { distanceKm: 30 })).ewayBill!;
    ok(await startTrip(id));
    const warnings = new EwbExpiryWarnings(t.db, t.config, { error: () => undefined });
    expect(await warnings.run()).toBe(0);
    expect((await detail(PEOPLE.vijay, id)).ewayBill!.expiresSoon).toBe(false);

    const until = new Date(bill.validUntil!).getTime();
    advance((until - t.clock.now().getTime()) / 1000 - 7 * HOUR);
    expect((await detail(PEOPLE.vijay, id)).ewayBill).toMatchObject({ expiresSoon: true, expired: false });
    expect((await detail(PEOPLE.rajesh, id)).ewayBill!.expiresSoon).toBe(true);
    expect(await warnings.run()).toBe(1);
    expect(await warnings.run()).toBe(0);
    const notices = await t.db.selectFrom('notifications').select(['unit_id', 'user_id', 'title', 'body']).where('title', 'like', 'E-way bill of %').execute();
    const barcode = (await detail(PEOPLE.rajesh, id)).barcodeId;
    expect(notices.map((n) => [n.user_id === null ? 'unit' : 'user', n.title.startsWith(`E-way bill of ${barcode} lapses at`)]).sort()).toEqual([
      ['unit', true],
      ['user', true],
    ]);
    expect(notices.find((n) => n.user_id === null)?.unit_id).toBe(await unitId(t.db, 'STK-MUM-001'));
    expect(notices.find((n) => n.user_id !== null)?.user_id).toBe(await userId(PEOPLE.vijay));
    expect(notices[0]!.body).toContain(bill.ewbNumber);
  });
});

describe('an offline pickup with goods', () => {
  const goods = { documentType: 'INV', documentNumber: 'AP/2026/0042', documentDate: '2026-11-21', valuePaise: 15_000_000, hsn: '3004' };
  const pickup = async (direction: 'SEND' | 'COLLECT', extra: object) => ({
    direction,
    partyName: 'Kothrud Clinic',
    mobile: '9822012345',
    addressLine: 'Karve Road',
    landmark: 'Depot',
    pincode: '411038',
    marketId: await marketId('Pune'),
    pickupDate: '2026-11-22',
    packages: 1,
    weightKg: 1,
    assignment: { deliveryBoyUserId: await userId(PEOPLE.suresh), vehicleNumber: 'MH12AB1234' },
    ...extra,
  });

  it('keeps the declared goods and makes Part A from them: the unit supplies on SEND, the party on COLLECT', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const agarwal = (await t.db.selectFrom('registrations').select('gstin').where('unit_id', '=', await unitId(t.db, 'STK-PUN-001')).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).gstin!;
    const send = ok(await ramesh.post(DELIVERY_PATHS.createOffline, await pickup('SEND', { goods })));
    expect(await t.db.selectFrom('consignments').select(['goods_document_type', 'goods_document_number', 'goods_document_date', 'goods_value_paise', 'goods_hsn', 'goods_party_gstin']).where('id', '=', send.id).executeTakeFirstOrThrow()).toEqual({
      goods_document_type: 'INV',
      goods_document_number: 'AP/2026/0042',
      goods_document_date: '2026-11-21',
      goods_value_paise: 15_000_000,
      goods_hsn: '3004',
      goods_party_gstin: null,
    });
    expect(send.ewayBillRequirement).toMatchObject({ needed: true, valuePaise: 15_000_000 });
    const sent = ok(await ramesh.post(EWAYBILL_PATHS.generate(send.id), {})).ewayBill!;
    expect(sent.partA).toMatchObject({ supplierGstin: agarwal, recipientGstin: 'URP', documents: [{ type: 'INV', number: 'AP/2026/0042', date: '2026-11-21', valuePaise: 15_000_000 }], hsnCodes: ['3004'], fromPincode: send.from.pincode, toPincode: '411038' });
    expect(portal.lastGenerate()).toMatchObject({ supplyType: 'O', docType: 'INV', docNo: 'AP/2026/0042', docDate: '21/11/2026', fromGstin: agarwal, toGstin: 'URP', totInvValue: 150000, transMode: '1', vehicleNo: 'MH12AB1234' });

    const partyGstin = '27AAPFU0939F1ZV';
    const collect = ok(await ramesh.post(DELIVERY_PATHS.createOffline, await pickup('COLLECT', { goods: { ...goods, documentType: 'CHL', documentNumber: 'KC-17', valuePaise: 2_000_000, partyGstin: partyGstin.toLowerCase() } })));
    expect(collect.ewayBillRequirement).toMatchObject({ needed: false, valuePaise: 2_000_000 });
    const collected = ok(await ramesh.post(EWAYBILL_PATHS.generate(collect.id), {})).ewayBill!;
    expect(collected.partA).toMatchObject({ supplierGstin: partyGstin, recipientGstin: agarwal, documents: [{ type: 'CHL', number: 'KC-17' }], reason: 'Others' });
    expect(portal.lastGenerate()).toMatchObject({ supplyType: 'I', docType: 'CHL', subSupplyType: '8', fromGstin: partyGstin, toGstin: agarwal });
    // Both as the portal's bulk file too (an unregistered party, a challan).
    for (const id of [send.id, collect.id]) {
      const file = await ramesh.get(EWAYBILL_PATHS.bulkJson(id));
      expect(file.statusCode).toBe(200);
      expect(portalFileErrors('EWB-BULK', file.json())).toEqual([]);
    }
  });

  it('without goods: no requirement and no e-way bill; goods dated in the future are refused', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const bare = ok(await ramesh.post(DELIVERY_PATHS.createOffline, await pickup('SEND', {})));
    expect(bare.ewayBillRequirement).toBeNull();
    expect(bare.actions).not.toContain('GENERATE_EWB');
    expect(errorOf(await ramesh.post(EWAYBILL_PATHS.generate(bare.id), {}))).toEqual([409, 'E0013']);
    expect(errorOf(await ramesh.post(DELIVERY_PATHS.createOffline, await pickup('SEND', { goods: { ...goods, documentDate: '2026-11-23' } })))).toEqual([400, 'E0001']);
    expect(errorOf(await ramesh.post(DELIVERY_PATHS.createOffline, await pickup('SEND', { goods: { ...goods, hsn: '30' } })))).toEqual([400, 'E0001']);
  });
});

describe('who may act on the e-way bill', () => {
  it('refuses the receiver and a stranger; a DELIVERY employee who is not the assignee cannot change Part B', async () => {
    const { id } = await bigCollected();
    const priya = await as(PEOPLE.priya);
    expect(errorOf(await priya.post(EWAYBILL_PATHS.generate(id), {}))).toEqual([409, 'E0013']);
    expect(errorOf(await (await as(PEOPLE.amit)).post(EWAYBILL_PATHS.generate(id), {}))).toEqual([404, 'E0002']);
    ok(await generate(id));
    expect(errorOf(await priya.post(EWAYBILL_PATHS.cancel(id), { reasonCode: '1', remark: 'Duplicate' }))).toEqual([409, 'E0013']);
    expect(errorOf(await priya.post(EWAYBILL_PATHS.vehicle(id), { vehicleNumber: 'MH01ZZ0001', reasonCode: '3' }))).toEqual([409, 'E0013']);
    expect(errorOf(await (await as(PEOPLE.priya)).get(EWAYBILL_PATHS.bulkJson(id)))).toEqual([409, 'E0013']);

    // Agarwal Pharma's pickup carried by Vijay; Suresh is made a DELIVERY employee: he carries only what he is given.
    const ramesh = await as(PEOPLE.ramesh);
    const pune = ok(
      await ramesh.post(DELIVERY_PATHS.createOffline, {
        direction: 'SEND', partyName: 'Kothrud Clinic', mobile: '9822012345', addressLine: 'Karve Road', landmark: 'Depot', pincode: '411038', marketId: await marketId('Pune'), pickupDate: '2026-11-22', packages: 1, weightKg: 1,
        assignment: await vijayRide(),
        goods: { documentType: 'INV', documentNumber: 'AP-9', documentDate: '2026-11-22', valuePaise: 15_000_000, hsn: '3004' },
      }),
    );
    ok(await ramesh.post(EWAYBILL_PATHS.generate(pune.id), {}));
    await t.db.updateTable('users').set({ employee_role: 'DELIVERY' }).where('mobile', '=', PEOPLE.suresh).execute();
    sessions.delete(PEOPLE.suresh);
    const suresh = await as(PEOPLE.suresh);
    expect((await detail(PEOPLE.suresh, pune.id)).actions).not.toContain('UPDATE_EWB_VEHICLE');
    const res = await suresh.post(EWAYBILL_PATHS.vehicle(pune.id), { vehicleNumber: 'MH12ZZ0001', reasonCode: '3' });
    expect(errorOf(res)).toEqual([409, 'E0013']);
    expect(messageOf(res)).toMatch(/Only the sender or the assigned delivery boy/);
    expect(errorOf(await suresh.post(EWAYBILL_PATHS.generate(pune.id), {}))).toEqual([403, 'E0040']);
    // Vijay, the assignee, can.
    ok(await (await as(PEOPLE.vijay)).post(EWAYBILL_PATHS.vehicle(pune.id), { vehicleNumber: 'MH12ZZ0001', reasonCode: '3' }));
  });
});

describe('the portal', () => {
  it('down: 503 and nothing stored, also when a reassignment would change Part B; refusing: 409 with its reason', async () => {
    const orderId = await mumbaiOrder(120);
    await invoice(orderId);
    const id = await onlineConsignment(orderId);
    portal.down(true);
    const down = await generate(id);
    expect(errorOf(down)).toEqual([503, 'E0041']);
    expect(await bills(id)).toEqual([]);
    portal.down(false);
    ok(await generate(id));
    portal.down(true);
    expect(errorOf(await (await as(PEOPLE.vijay)).post(EWAYBILL_PATHS.vehicle(id), { vehicleNumber: 'MH01ZZ0002', reasonCode: '1' }))).toEqual([503, 'E0041']);
    expect((await bills(id))[0]!.vehicle_number).toBe('MH01AB1234');
    // Refusing: its reason and code, nothing stored.
    portal.down(false);
    advance(30 * HOUR);
    const tooFar = await (await as(PEOPLE.rajesh)).post(EWAYBILL_PATHS.extend(id), { reasonCode: '99', remark: 'Delayed', fromPincode: '400002', remainingKm: 400 });
    expect(errorOf(tooFar)).toEqual([409, 'E0013']);
    expect(messageOf(tooFar)).toBe('The e-way bill portal refused: Remaining Distance Can not be greater than Actual Distance. (error 390)');
    expect((await bills(id))[0]!.extensions).toBe(0);
    portal.down(true);
    // Reassigning to another vehicle while the portal is down changes nothing either.
    expect(errorOf(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.assign(id), await vijayRide('MH01ZZ0003')))).toEqual([503, 'E0041']);
    expect((await t.db.selectFrom('consignments').select('vehicle_number').where('id', '=', id).executeTakeFirstOrThrow()).vehicle_number).toBe('MH01AB1234');
  });
});

describe('two people generating at once', () => {
  it('makes one bill: the portal refuses the second for the same document', async () => {
    const { id } = await bigCollected();
    const rajesh = await as(PEOPLE.rajesh);
    const answers = await Promise.all([rajesh.post(EWAYBILL_PATHS.generate(id), {}), rajesh.post(EWAYBILL_PATHS.generate(id), {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(messageOf(answers.find((a) => a.statusCode === 409)!)).toMatch(/^The e-way bill portal refused: .* \(error 604\)$|already has e-way bill/);
    expect(await bills(id)).toHaveLength(1);
  });
});

describe('the label and the bulk JSON', () => {
  async function pdfText(bytes: Buffer): Promise<string> {
    const { lines } = await readIsolated('PDF', bytes);
    return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
  }

  it('prints the e-way bill number and its validity on the label', async () => {
    const { id } = await bigCollected();
    const bill = ok(await generate(id, { distanceKm: 30 })).ewayBill!;
    const rajesh = await as(PEOPLE.rajesh);
    const text = await pdfText((await rajesh.get(DELIVERY_PATHS.label(id))).rawPayload);
    expect(text).toContain(`E-way bill ${bill.ewbNumber}`);
    expect(text).toMatch(/Valid until \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    const svg = (await rajesh.get(DELIVERY_PATHS.label(id), { format: 'svg' })).body;
    expect(svg).toContain(bill.ewbNumber);
  });

  it("downloads the portal's bulk-upload JSON for the consignment, valid against the schema", async () => {
    const { id, invoice: inv } = await bigCollected();
    const res = await (await as(PEOPLE.rajesh)).get(EWAYBILL_PATHS.bulkJson(id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="eway-bill-MB\d+\.json"$/);
    const json = res.json() as EwbBulkFile;
    expect(json.billLists).toHaveLength(1);
    expect(json.billLists[0]).toMatchObject({ userGstin: inv.supplier.gstin, docType: 'INV', docNo: inv.invoiceNumber, fromPincode: 400002, toPincode: 400069, actualFromStateCode: 27, actualToStateCode: 27, totInvValue: inv.totals.totalPaise / 100, transMode: 1, vehicleNo: 'MH01AB1234', mainHsnCode: 30049099 });
    expect(portalFileErrors('EWB-BULK', json)).toEqual([]);
    // Nothing was generated: the file is for a unit that uploads by hand.
    expect(portal.calls()).toBe(0);
    expect(await bills(id)).toEqual([]);
  });
});
