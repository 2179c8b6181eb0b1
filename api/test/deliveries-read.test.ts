import type { LightMyRequestResponse } from 'fastify';
import { DELIVERY_PATHS, MARKETPLACE_PATHS, type ConsignmentCounts, type ConsignmentDetail, type ConsignmentList, type MyDeliveries, type PickupGraph, type ReadyOrder, type SubmitResult, type TrackingList } from 'shared-api';
import { ConsignmentReader } from '../src/modules/deliveries/read';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { code128Svg } from '../src/pdf/codes';
import { marketplaceWorld } from './cart-fixtures';
import { PEOPLE, barsOfPdf, barsOfSvg, callerFor, clearConsignments, decodeCode128, insertConsignment, outsideParty, widthsOfBars } from './deliveries-fixtures';
import { bearer, body, build, login } from './helpers';

/*
 * Reading consignments (issue 12): one consignment as each party sees it, the orders overview with its filters and
 * counts, the delivery boy's day, the orders ready to dispatch, the label and the graphs. Rows are written directly
 * (deliveries-fixtures.ts) so each test states the world it reads; the demo seed's consignments are cleared first.
 * People: Lohar Chawl (Rajesh, Mumbai) sells to Sharma Medical (Priya, Mumbai); Vijay More carries; Thane Pharma
 * (Amit) books its own offline pickups; Agarwal Pharma (Ramesh, Pune) has its own delivery staff, Suresh.
 */

const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });

type Client = { get: (url: string, query?: Record<string, string>) => Promise<LightMyRequestResponse>; post: (url: string, payload?: object) => Promise<LightMyRequestResponse> };
const sessions = new Map<string, Client>();
beforeEach(() => sessions.clear());

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

const minutes = (n: number) => new Date(t.clock.now().getTime() + n * 60_000);
const errorOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code as string];
const sorted = (a: readonly string[]) => [...a].sort();

async function detail(mobile: string, key: string): Promise<ConsignmentDetail> {
  const res = await (await as(mobile)).get(DELIVERY_PATHS.consignment(key));
  expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
  return body<ConsignmentDetail>(res);
}

async function list(mobile: string, query: Record<string, string> = {}): Promise<ConsignmentList> {
  const res = await (await as(mobile)).get(DELIVERY_PATHS.consignments, query);
  expect(res.statusCode).toBe(200);
  return body<ConsignmentList>(res);
}

/**
 * Lohar Chawl's online order to Sharma, in transit with Vijay (pin 4821, two wrong tries, a position near Andheri,
 * two photos); Lohar Chawl's offline collect from Girgaon, booked; Thane Pharma's offline send, delivered by Vijay.
 */
async function mumbaiWorld() {
  await clearConsignments(t.db);
  const online = await insertConsignment(t.db, {
    owner: 'STK-MUM-001',
    buyer: 'RTL-MUM-001',
    orderNumber: 'ORD-2611-000777',
    itemCount: 4,
    status: 'IN_TRANSIT',
    assignee: PEOPLE.vijay,
    createdAt: minutes(-120),
    packages: 3,
    weightKg: 12.5,
    notes: 'Cold chain',
    pin: { pin: '4821', expiresAt: minutes(60), tries: 2 },
    lastPosition: { latitude: 19.0596, longitude: 72.8295, at: minutes(-5) },
    images: 2,
  });
  const collect = await insertConsignment(t.db, { owner: 'STK-MUM-001', direction: 'COLLECT', party: outsideParty('Girgaon Nursing Home'), createdAt: minutes(-60) });
  const thane = await insertConsignment(t.db, { owner: 'STK-THN-001', direction: 'SEND', party: outsideParty('Crawford Market Chemists', { pincode: '400001' }), status: 'DELIVERED', assignee: PEOPLE.vijay, createdAt: minutes(-180), stepMinutes: 10 });
  return { online, collect, thane };
}

describe('one consignment', () => {
  it('is found by barcode id or id, with its timeline, proof, order, delivery boy and position', async () => {
    const { online } = await mumbaiWorld();
    const byBarcode = await detail(PEOPLE.rajesh, online.barcodeId);
    expect(await detail(PEOPLE.rajesh, online.id)).toEqual(byBarcode);
    // A hand scanner may type lower case.
    expect((await detail(PEOPLE.rajesh, online.barcodeId.toLowerCase())).id).toBe(online.id);

    expect(byBarcode).toMatchObject({
      id: online.id,
      barcodeId: online.barcodeId,
      kind: 'ONLINE',
      direction: null,
      status: 'IN_TRANSIT',
      orderId: online.orderId,
      orderNumber: 'ORD-2611-000777',
      tradeName: 'Sharma Medical Stores',
      market: 'Mumbai Metropolitan Region',
      items: 4,
      packages: 3,
      weightKg: 12.5,
      deliveries: 1,
      images: 2,
      notes: 'Cold chain',
      vehicleNumber: 'MH01AB1234',
      deliveryBoy: 'Vijay More',
      role: 'OWNER',
      date: minutes(-120).toISOString(),
      pickupDate: '2026-11-22',
      freeDelivery: false,
      assignee: { userId: (await callerFor(t.db, PEOPLE.vijay)).userId, name: 'Vijay More', mobile: PEOPLE.vijay },
      from: { unitCode: 'STK-MUM-001', name: 'Lohar Chawl Medical Agencies', pincode: '400002', mobile: PEOPLE.rajesh },
      to: { unitCode: 'RTL-MUM-001', name: 'Sharma Medical Stores', pincode: '400069', city: 'Mumbai' },
      lastPosition: { latitude: 19.0596, longitude: 72.8295, at: minutes(-5).toISOString() },
    });
    // Lohar Chawl (Kalbadevi) to Andheri East is about 19 km: FAR.
    expect(byBarcode.distanceKm).toBeGreaterThan(15);
    expect(byBarcode.distanceType).toBe('FAR');
    // From the last position (Bandra) to Sharma's shop (Andheri East), as the crow flies.
    expect(byBarcode.distanceLeftKm).toBeGreaterThan(5);
    expect(byBarcode.distanceLeftKm).toBeLessThan(8);
    expect(byBarcode.timeline.map((e) => [e.status, e.by, e.at])).toEqual([
      ['BOOKED', 'Rajesh Shah', minutes(-120).toISOString()],
      ['ASSIGNED', 'Rajesh Shah', minutes(-115).toISOString()],
      ['COLLECTED', 'Vijay More', minutes(-110).toISOString()],
      ['IN_TRANSIT', 'Vijay More', minutes(-105).toISOString()],
    ]);
    expect(byBarcode.proof.map((p) => [p.kind, p.uploadedBy])).toEqual([
      ['PARCEL', 'Vijay More'],
      ['SIGNATURE', 'Vijay More'],
    ]);
  });

  it('shows each party its role, the other party and its actions; anyone else gets 404', async () => {
    const { online, collect } = await mumbaiWorld();
    const owner = await detail(PEOPLE.rajesh, online.id);
    const receiver = await detail(PEOPLE.priya, online.id);
    const boy = await detail(PEOPLE.vijay, online.id);
    expect([owner.role, owner.tradeName, sorted(owner.actions)]).toEqual(['OWNER', 'Sharma Medical Stores', ['LABEL', 'REISSUE_PIN', 'REQUEST_CALL']]);
    expect([receiver.role, receiver.tradeName, sorted(receiver.actions)]).toEqual(['RECEIVER', 'Lohar Chawl Medical Agencies', ['REISSUE_PIN', 'REQUEST_CALL']]);
    expect([boy.role, boy.tradeName, sorted(boy.actions)]).toEqual(['ASSIGNEE', 'Sharma Medical Stores', ['ADD_PROOF', 'DELIVER', 'FAIL', 'RING_RECEIVER', 'RING_SENDER']]);
    // An offline collect: its owner sees whom it collects from, and may assign or cancel it.
    const booked = await detail(PEOPLE.rajesh, collect.barcodeId);
    expect([booked.role, booked.tradeName, booked.orderNumber, booked.items, sorted(booked.actions)]).toEqual(['OWNER', 'Girgaon Nursing Home', collect.barcodeId, 0, ['ASSIGN', 'CANCEL', 'LABEL']]);

    for (const [who, key] of [
      [PEOPLE.amit, online.id],
      [PEOPLE.amit, online.barcodeId],
      [PEOPLE.priya, collect.id],
      [PEOPLE.vijay, collect.barcodeId],
      [PEOPLE.rajesh, 'MB2611999999'],
      [PEOPLE.rajesh, '3f1d1f6e-0000-4000-8000-000000000000'],
    ] as const) {
      expect(errorOf(await (await as(who)).get(DELIVERY_PATHS.consignment(key)))).toEqual([404, 'E0002']);
    }
  });

  it('shows the pin to the receiving side only, with the tries left, until it expires', async () => {
    const { online } = await mumbaiWorld();
    expect((await detail(PEOPLE.priya, online.id)).pin).toEqual({ pin: '4821', expiresAt: minutes(60).toISOString(), triesLeft: 3 });
    expect((await detail(PEOPLE.rajesh, online.id)).pin).toBeNull();
    expect((await detail(PEOPLE.vijay, online.id)).pin).toBeNull();

    // An offline collect is received by its owner, not by its own delivery staff carrying it.
    const collect = await insertConsignment(t.db, { owner: 'STK-PUN-001', direction: 'COLLECT', party: outsideParty('Swargate Medicos', { pincode: '411042', city: 'Pune' }), status: 'IN_TRANSIT', assignee: PEOPLE.suresh, createdAt: minutes(-30), pin: { pin: '0192', expiresAt: minutes(30) } });
    expect((await detail(PEOPLE.ramesh, collect.id)).pin).toMatchObject({ pin: '0192', triesLeft: 5 });
    const suresh = await detail(PEOPLE.suresh, collect.id);
    expect([suresh.role, suresh.pin]).toEqual(['ASSIGNEE', null]);

    t.clock.advance(61 * 60);
    // Signed in again: the access token does not outlive the hour either.
    sessions.clear();
    expect((await detail(PEOPLE.priya, online.id)).pin).toBeNull();
  });

  it('answers a consignment inside the writer’s transaction, and no position once delivered', async () => {
    const { thane } = await mumbaiWorld();
    const amit = await callerFor(t.db, PEOPLE.amit);
    const seen = await t.db.transaction().execute((trx) => new ConsignmentReader(t.db, t.config).detail(amit, thane.id, trx));
    expect(seen).toMatchObject({ status: 'DELIVERED', tradeName: 'Crawford Market Chemists', lastPosition: null, distanceLeftKm: null, pin: null, deliveries: 1 });
    expect(seen.timeline.map((e) => e.status)).toEqual(['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'DELIVERED']);
  });
});

describe('the orders overview', () => {
  it('lists what the caller sends, receives or carries, newest first, with the SPEC §3 columns', async () => {
    const { online, collect, thane } = await mumbaiWorld();
    const rajesh = await list(PEOPLE.rajesh);
    expect(rajesh).toMatchObject({ totalResults: 2, page: 0, pageSize: 20 });
    expect(rajesh.items.map((c) => [c.barcodeId, c.role, c.tradeName])).toEqual([
      [collect.barcodeId, 'OWNER', 'Girgaon Nursing Home'],
      [online.barcodeId, 'OWNER', 'Sharma Medical Stores'],
    ]);
    const row = rajesh.items[1]!;
    const { from, to, assignee, timeline, proof, freeDelivery, pin, pinCannotProve, lastPosition, distanceLeftKm, actions, ewayBillRequirement, ewayBill, ...summary } = await detail(PEOPLE.rajesh, online.id);
    void [from, to, assignee, timeline, proof, freeDelivery, pin, pinCannotProve, lastPosition, distanceLeftKm, actions, ewayBillRequirement, ewayBill];
    expect(row).toEqual(summary);

    expect((await list(PEOPLE.priya)).items.map((c) => [c.barcodeId, c.role, c.tradeName])).toEqual([[online.barcodeId, 'RECEIVER', 'Lohar Chawl Medical Agencies']]);
    expect((await list(PEOPLE.vijay)).items.map((c) => [c.barcodeId, c.role, c.tradeName])).toEqual([
      [online.barcodeId, 'ASSIGNEE', 'Sharma Medical Stores'],
      [thane.barcodeId, 'ASSIGNEE', 'Crawford Market Chemists'],
    ]);
    // Sides: an offline collect comes in to its owner.
    expect((await list(PEOPLE.rajesh, { side: 'INCOMING' })).items.map((c) => c.id)).toEqual([collect.id]);
    expect((await list(PEOPLE.rajesh, { side: 'OUTGOING' })).items.map((c) => c.id)).toEqual([collect.id, online.id]);
    expect((await list(PEOPLE.priya, { side: 'OUTGOING' })).totalResults).toBe(0);
    // The delivery boy carries them; he neither sends nor receives them.
    expect((await list(PEOPLE.vijay, { side: 'INCOMING' })).totalResults).toBe(0);
  });

  it('filters by status, kind, IST day and search, and counts per status', async () => {
    const { online, collect } = await mumbaiWorld();
    // 00:30 IST on 22 November is still the 21st in UTC; 23:30 IST on the 21st is the day before.
    const early = await insertConsignment(t.db, { owner: 'STK-MUM-001', direction: 'SEND', party: outsideParty('Mazgaon 50% Discount Store'), status: 'CANCELLED', createdAt: new Date('2026-11-21T19:00:00Z') });
    const late = await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', status: 'DELIVERED', assignee: PEOPLE.vijay, createdAt: new Date('2026-11-21T18:00:00Z') });
    const ids = async (query: Record<string, string>) => (await list(PEOPLE.rajesh, query)).items.map((c) => c.id);

    expect(await ids({ status: 'IN_TRANSIT' })).toEqual([online.id]);
    expect(await ids({ kind: 'OFFLINE' })).toEqual([collect.id, early.id]);
    expect(await ids({ kind: 'ONLINE', status: 'DELIVERED' })).toEqual([late.id]);
    expect(await ids({ from: '2026-11-22', to: '2026-11-22' })).toEqual([collect.id, online.id, early.id]);
    expect(await ids({ from: '2026-11-21', to: '2026-11-21' })).toEqual([late.id]);
    expect(await ids({ to: '2026-11-20' })).toEqual([]);

    expect(await ids({ search: online.barcodeId.toLowerCase() })).toEqual([online.id]);
    expect(await ids({ search: '000777' })).toEqual([online.id]);
    expect(await ids({ search: 'girgaon' })).toEqual([collect.id]);
    // Both names: Sharma is the drop point of two.
    expect(await ids({ search: 'SHARMA medical' })).toEqual([online.id, late.id]);
    expect(await ids({ search: 'vijay mo' })).toEqual([online.id, late.id]);
    // Pattern characters are taken literally.
    expect(await ids({ search: '50%' })).toEqual([early.id]);
    expect(await ids({ search: '%' })).toEqual([early.id]);
    expect(await ids({ search: '_' })).toEqual([]);
    // Another unit's consignment never matches.
    expect(await ids({ search: 'crawford' })).toEqual([]);

    const counts = body<ConsignmentCounts>(await (await as(PEOPLE.rajesh)).get(DELIVERY_PATHS.counts));
    expect(counts).toEqual({ byStatus: { BOOKED: 1, ASSIGNED: 0, COLLECTED: 0, IN_TRANSIT: 1, DELIVERED: 1, FAILED: 0, RETURNED: 0, CANCELLED: 1 }, total: 4 });
    const online22 = body<ConsignmentCounts>(await (await as(PEOPLE.rajesh)).get(DELIVERY_PATHS.counts, { kind: 'ONLINE', from: '2026-11-22', status: 'IN_TRANSIT' }));
    expect(online22).toEqual({ byStatus: { BOOKED: 0, ASSIGNED: 0, COLLECTED: 0, IN_TRANSIT: 1, DELIVERED: 0, FAILED: 0, RETURNED: 0, CANCELLED: 0 }, total: 1 });
    expect(body<ConsignmentCounts>(await (await as(PEOPLE.vijay)).get(DELIVERY_PATHS.counts)).total).toBe(3);
  });

  it('finds a delivery boy under his new name, and totals a search paged past its end', async () => {
    const { online, collect } = await mumbaiWorld();
    await t.db.updateTable('users').set({ first_name: 'Vijaykumar' }).where('mobile', '=', PEOPLE.vijay).execute();
    expect((await list(PEOPLE.rajesh, { search: 'vijaykumar more' })).items.map((c) => c.id)).toEqual([online.id]);
    // Lohar Chawl sends the online one and receives the collect.
    expect((await list(PEOPLE.rajesh, { search: 'lohar' })).items.map((c) => c.id)).toEqual([collect.id, online.id]);
    expect(await list(PEOPLE.rajesh, { search: 'lohar', page: '3', pageSize: '1' })).toEqual({ items: [], totalResults: 2, page: 3, pageSize: 1 });
  });

  it('keeps each total until a consignment the unit sends, receives or carries comes, goes or moves', async () => {
    const { online } = await mumbaiWorld();
    const totals = () => Promise.all([PEOPLE.rajesh, PEOPLE.priya, PEOPLE.vijay].map(async (mobile) => (await list(mobile)).totalResults));
    const inTransit = async () => (await list(PEOPLE.rajesh, { status: 'IN_TRANSIT' })).totalResults;
    const logged = async () => Number((await t.db.selectFrom('change_log').select((e) => e.fn.countAll().as('n')).where('topic', '=', 'consignment').executeTakeFirstOrThrow()).n);
    expect(await totals()).toEqual([2, 1, 2]);
    expect(await inTransit()).toBe(1);
    // Thane Pharma's order to Sharma, carried by Vijay: Sharma's and Vijay's totals move, Lohar Chawl's does not.
    const thaneOrder = await insertConsignment(t.db, { owner: 'STK-THN-001', buyer: 'RTL-MUM-001', status: 'ASSIGNED', assignee: PEOPLE.vijay, createdAt: minutes(-10) });
    expect(await totals()).toEqual([2, 2, 3]);
    // A position report or a pin moves no total, so it is not logged.
    const before = await logged();
    await t.db.updateTable('consignments').set({ last_latitude: 19.1, last_longitude: 72.85, last_position_at: minutes(0), pin_tries: 3 }).where('id', '=', online.id).execute();
    expect(await logged()).toBe(before);
    // Delivered: out of the in-transit total.
    await t.db.updateTable('consignments').set({ status: 'DELIVERED' }).where('id', '=', online.id).execute();
    expect(await inTransit()).toBe(0);
    // Handed to another carrier: out of Vijay's total (the unit he no longer carries for is logged from the old row).
    const suresh = await t.db.selectFrom('users').select('id').where('mobile', '=', PEOPLE.suresh).executeTakeFirstOrThrow();
    await t.db.updateTable('consignments').set({ assignee_user_id: suresh.id }).where('id', '=', thaneOrder.id).execute();
    expect(await totals()).toEqual([2, 2, 2]);
    await t.db.deleteFrom('consignments').where('id', '=', thaneOrder.id).execute();
    expect(await totals()).toEqual([2, 1, 2]);
  });

  it('pages newest first without repeats, and refuses a bad query with 400', async () => {
    await clearConsignments(t.db);
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push((await insertConsignment(t.db, { owner: 'STK-THN-001', direction: 'SEND', party: outsideParty(`Thane Clinic ${i + 1}`), createdAt: minutes(-i) })).id);
    // Two at the same instant still come in one fixed order.
    made.push((await insertConsignment(t.db, { owner: 'STK-THN-001', direction: 'SEND', party: outsideParty('Same Minute Clinic'), createdAt: minutes(-24) })).id);
    const pages: ConsignmentList[] = [];
    for (const page of [0, 1, 2]) pages.push(await list(PEOPLE.amit, { page: String(page), pageSize: '10' }));
    expect(pages.map((p) => [p.items.length, p.totalResults])).toEqual([
      [10, 26],
      [10, 26],
      [6, 26],
    ]);
    const seen = pages.flatMap((p) => p.items.map((c) => c.id));
    expect(new Set(seen).size).toBe(26);
    expect(seen.slice(0, 24)).toEqual(made.slice(0, 24));
    expect(errorOf(await (await as(PEOPLE.amit)).get(DELIVERY_PATHS.consignments, { status: 'LOST' }))[0]).toBe(400);
  });
});

describe("the delivery boy's day", () => {
  it('has his open consignments as details by pickup date, and what he finished today', async () => {
    const { online, thane } = await mumbaiWorld();
    const tomorrow = await insertConsignment(t.db, { owner: 'STK-MUM-001', direction: 'SEND', party: outsideParty('Byculla Polyclinic'), status: 'ASSIGNED', assignee: PEOPLE.vijay, createdAt: minutes(24 * 60) });
    await t.db.updateTable('consignments').set({ pickup_date: '2026-11-23', created_at: minutes(-1) }).where('id', '=', tomorrow.id).execute();
    const failed = await insertConsignment(t.db, { owner: 'STK-PUN-001', direction: 'SEND', party: outsideParty('Sahyadri Clinic', { pincode: '411038', city: 'Pune' }), status: 'FAILED', assignee: PEOPLE.vijay, createdAt: minutes(-300) });
    // Delivered yesterday (IST): not today's work.
    await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', status: 'DELIVERED', assignee: PEOPLE.vijay, createdAt: minutes(-24 * 60) });
    // Someone else's.
    await insertConsignment(t.db, { owner: 'STK-PUN-001', direction: 'SEND', party: outsideParty('Kothrud Clinic', { pincode: '411038' }), status: 'ASSIGNED', assignee: PEOPLE.suresh, createdAt: minutes(-10) });

    const day = body<MyDeliveries>(await (await as(PEOPLE.vijay)).get(DELIVERY_PATHS.myDeliveries));
    expect(day.active.map((c) => [c.id, c.status])).toEqual([
      [failed.id, 'FAILED'],
      [online.id, 'IN_TRANSIT'],
      [tomorrow.id, 'ASSIGNED'],
    ]);
    expect(day.active[1]).toMatchObject({ role: 'ASSIGNEE', pin: null, actions: expect.arrayContaining(['DELIVER']), timeline: expect.any(Array) });
    expect(day.finishedToday.map((c) => [c.id, c.status, c.tradeName])).toEqual([[thane.id, 'DELIVERED', 'Crawford Market Chemists']]);
    expect(Object.keys(day.finishedToday[0]!)).not.toContain('timeline');
    expect(body<MyDeliveries>(await (await as(PEOPLE.priya)).get(DELIVERY_PATHS.myDeliveries))).toEqual({ active: [], finishedToday: [] });
  });
});

describe('delivery tracking', () => {
  it('holds what is on its way to or from the unit, most urgent first, as details; the receiver sees its pin', async () => {
    const { online } = await mumbaiWorld();
    const assigned = await insertConsignment(t.db, { owner: 'STK-MUM-001', direction: 'SEND', party: outsideParty('Byculla Polyclinic'), status: 'ASSIGNED', assignee: PEOPLE.vijay, createdAt: minutes(-30) });
    const collected = await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', status: 'COLLECTED', assignee: PEOPLE.vijay, createdAt: minutes(-90) });
    const tracked = async (mobile: string, query: Record<string, string> = {}) => {
      const res = await (await as(mobile)).get(DELIVERY_PATHS.tracking, query);
      expect(res.statusCode).toBe(200);
      return body<TrackingList>(res);
    };

    // Lohar Chawl: in transit first, then collected, then assigned; BOOKED and DELIVERED ones are not on their way.
    const seller = await tracked(PEOPLE.rajesh);
    expect(seller.items.map((c) => [c.id, c.status])).toEqual([
      [online.id, 'IN_TRANSIT'],
      [collected.id, 'COLLECTED'],
      [assigned.id, 'ASSIGNED'],
    ]);
    expect(seller.totalResults).toBe(3);
    expect(seller.items[0]).toMatchObject({ role: 'OWNER', pin: null, lastPosition: { latitude: 19.0596 }, timeline: expect.any(Array) });

    // Sharma Medical receives two of them, sees the pin of the one in transit; "outgoing" it has none.
    const buyer = await tracked(PEOPLE.priya, { side: 'INCOMING' });
    expect(buyer.items.map((c) => c.id)).toEqual([online.id, collected.id]);
    expect(buyer.items[0]!.pin).toMatchObject({ pin: '4821', triesLeft: 3 });
    expect((await tracked(PEOPLE.priya, { side: 'OUTGOING' })).items).toEqual([]);
    // Nobody else's.
    expect(await tracked(PEOPLE.amit)).toEqual({ items: [], totalResults: 0 });
  });
});

describe('orders ready to dispatch', () => {
  it('lists accepted orders the caller sold with no live consignment, and says which are outstation', async () => {
    await clearConsignments(t.db);
    const w = await marketplaceWorld(t.db);
    const priya = await as(PEOPLE.priya);
    await priya.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 5 });
    await priya.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
    const { orders } = body<SubmitResult>(await priya.post(MARKETPLACE_PATHS.cartSubmit));
    const mumbaiOrder = orders.find((o) => o.counterpartyUnitCode === 'STK-MUM-001')!;
    const puneOrder = orders.find((o) => o.counterpartyUnitCode === 'STK-PUN-001')!;
    const rajesh = await as(PEOPLE.rajesh);
    const ramesh = await as(PEOPLE.ramesh);
    // Placed, not yet accepted: nothing to dispatch.
    expect(body<ReadyOrder[]>(await rajesh.get(DELIVERY_PATHS.readyOrders))).toEqual([]);
    t.clock.advance(60);
    expect((await rajesh.post(MARKETPLACE_PATHS.acceptOrder(mumbaiOrder.orderId))).statusCode).toBe(200);
    expect((await ramesh.post(MARKETPLACE_PATHS.acceptOrder(puneOrder.orderId))).statusCode).toBe(200);

    expect(body<ReadyOrder[]>(await rajesh.get(DELIVERY_PATHS.readyOrders))).toEqual([
      { orderId: mumbaiOrder.orderId, orderNumber: mumbaiOrder.orderNumber, acceptedAt: t.clock.now().toISOString(), buyerName: 'Sharma Medical Stores', buyerCity: 'Mumbai', items: 1, totalPaise: mumbaiOrder.totalPaise, outstation: null },
    ]);
    const pune = body<ReadyOrder[]>(await ramesh.get(DELIVERY_PATHS.readyOrders));
    expect(pune.map((o) => o.orderId)).toEqual([puneOrder.orderId]);
    expect(pune[0]!.outstation).toBe('Agarwal Pharma Distributors is in Pune and Sharma Medical Stores in Mumbai Metropolitan Region: outstation, our delivery boys do not carry it: dispatch it by transport or courier');
    // The buyer has nothing to dispatch.
    expect(body<ReadyOrder[]>(await priya.get(DELIVERY_PATHS.readyOrders))).toEqual([]);

    // Booked: gone; cancelled: ready again; delivered: gone for good.
    const booked = await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', orderId: mumbaiOrder.orderId, createdAt: t.clock.now() });
    expect(body<ReadyOrder[]>(await rajesh.get(DELIVERY_PATHS.readyOrders))).toEqual([]);
    await t.db.updateTable('consignments').set({ status: 'CANCELLED' }).where('id', '=', booked.id).execute();
    expect(body<ReadyOrder[]>(await rajesh.get(DELIVERY_PATHS.readyOrders)).map((o) => o.orderId)).toEqual([mumbaiOrder.orderId]);
    await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', orderId: mumbaiOrder.orderId, status: 'DELIVERED', assignee: PEOPLE.vijay, createdAt: t.clock.now() });
    expect(body<ReadyOrder[]>(await rajesh.get(DELIVERY_PATHS.readyOrders))).toEqual([]);
  });
});

describe('the shipping label', () => {
  async function pdfText(bytes: Buffer): Promise<string> {
    const { lines } = await readIsolated('PDF', bytes);
    return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
  }

  it('prints as a 100 × 150 mm PDF with the Code 128 barcode, both parties, the order and the packages', async () => {
    const { online } = await mumbaiWorld();
    const res = await (await as(PEOPLE.rajesh)).get(DELIVERY_PATHS.label(online.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="label-${online.barcodeId}.pdf"`);
    const pdf = res.rawPayload;
    // 100 × 150 mm in points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 283\.46\d* 425\.19\d*\]/);
    const text = await pdfText(pdf);
    for (const expected of [online.barcodeId, 'Lohar Chawl Medical Agencies', '32, Lohar Chawl, Kalbadevi', 'Sharma Medical Stores', '7, Gundavali Road, Andheri East', 'Mumbai - 400069', 'ORD-2611-000777', 'Packages 3', '12.5 kg', 'Mumbai Metropolitan Region', '22-11-2026', 'Cold chain']) {
      expect(text).toContain(expected);
    }
    // A scanner reading the bars gets the barcode id.
    expect(decodeCode128(widthsOfBars(barsOfPdf(pdf)))).toBe(online.barcodeId);
  });

  it('prints as SVG with the same barcode, and only for its owner', async () => {
    const { online, collect } = await mumbaiWorld();
    const rajesh = await as(PEOPLE.rajesh);
    const res = await rajesh.get(DELIVERY_PATHS.label(collect.id), { format: 'svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    const svg = res.body;
    expect(svg).toContain('width="100mm" height="150mm"');
    for (const expected of ['Girgaon Nursing Home', 'Landmark: Opp. Girgaon Chowpatty', 'Mumbai - 400004', 'Lohar Chawl Medical Agencies', '32, Lohar Chawl, Kalbadevi', 'Offline pickup: collect', collect.barcodeId]) expect(svg).toContain(expected);
    expect(decodeCode128(widthsOfBars(barsOfSvg(svg)))).toBe(collect.barcodeId);

    for (const who of [PEOPLE.priya, PEOPLE.vijay, PEOPLE.amit]) expect(errorOf(await (await as(who)).get(DELIVERY_PATHS.label(online.id)))).toEqual([404, 'E0002']);
    expect(errorOf(await rajesh.get(DELIVERY_PATHS.label(online.id), { format: 'png' }))[0]).toBe(400);
  });

  it('encodes any barcode id the bars can carry (code sets B and C)', async () => {
    for (const id of ['MB2611000001', 'MB2612999999', 'MB2701123457']) expect(decodeCode128(widthsOfBars(barsOfSvg(await code128Svg(id))))).toBe(id);
  });
});

describe('pickup graphs', () => {
  it('counts the unit’s bookings per IST day over the last days, empty days included', async () => {
    await clearConsignments(t.db);
    // Today (22 Nov) 2 online + 1 offline; 20 Nov 1 online; 15 Nov (outside 7 days) 1 online; Thane's never counts.
    for (const at of [minutes(-10), minutes(-20), new Date('2026-11-20T10:00:00Z'), new Date('2026-11-15T10:00:00Z')]) await insertConsignment(t.db, { owner: 'STK-MUM-001', buyer: 'RTL-MUM-001', createdAt: at });
    await insertConsignment(t.db, { owner: 'STK-MUM-001', direction: 'COLLECT', createdAt: minutes(-30) });
    await insertConsignment(t.db, { owner: 'STK-THN-001', direction: 'SEND', createdAt: minutes(-30) });
    const rajesh = await as(PEOPLE.rajesh);
    const online = body<PickupGraph>(await rajesh.get(DELIVERY_PATHS.onlinePickupsGraph));
    expect(online.days).toEqual([
      { date: '2026-11-16', count: 0 },
      { date: '2026-11-17', count: 0 },
      { date: '2026-11-18', count: 0 },
      { date: '2026-11-19', count: 0 },
      { date: '2026-11-20', count: 1 },
      { date: '2026-11-21', count: 0 },
      { date: '2026-11-22', count: 2 },
    ]);
    expect(body<PickupGraph>(await rajesh.get(DELIVERY_PATHS.offlinePickupsGraph, { days: '2' })).days).toEqual([
      { date: '2026-11-21', count: 0 },
      { date: '2026-11-22', count: 1 },
    ]);
    expect(body<PickupGraph>(await rajesh.get(DELIVERY_PATHS.onlinePickupsGraph, { days: '30' })).days.reduce((n, d) => n + d.count, 0)).toBe(4);
    expect(errorOf(await rajesh.get(DELIVERY_PATHS.onlinePickupsGraph, { days: '0' }))[0]).toBe(400);
  });
});
