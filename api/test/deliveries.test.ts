import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { DELIVERY_PATHS, PATHS, PROOF_IMAGE_MAX_BYTES, PROOF_IMAGES_PER_CONSIGNMENT, type ConsignmentDetail, type DeliveryBoy, type Market, type NotificationList, type ProofImage } from 'shared-api';
import { addBatch, addProduct, connect, unitId } from './cart-fixtures';
import { FakeSms, PEOPLE, callerFor } from './deliveries-fixtures';
import { bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * The writes of deliveries (issue 12) through the HTTP API: booking, assigning, the status machine, the delivery
 * pin, proof photos, rings and positions, who may do each, and two people acting at once. The people are the demo
 * seed's: Lohar Chawl Medical Agencies (Rajesh, Mumbai) sells to Sharma Medical Stores (Priya, Mumbai) and works
 * with the season boy Vijay More; Agarwal Pharma (Ramesh, Pune) has its delivery staff Suresh; Thane Pharma (Amit)
 * is a stranger to all of it.
 */

const sms = new FakeSms();
const t = build({ sms, env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000', DELIVERY_HEAVY_WEIGHT_KG: '25', DELIVERY_PIN_TTL_MINUTES: '60' } });

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
});

const code = (res: LightMyRequestResponse) => [res.statusCode, res.json().code as string | undefined];
const row = (id: string) => t.db.selectFrom('consignments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userId = async (mobile: string) => (await callerFor(t.db, mobile)).userId;

async function marketId(name: string): Promise<string> {
  const markets = body<Market[]>(await (await as(PEOPLE.rajesh)).get(DELIVERY_PATHS.markets));
  return markets.find((m) => m.city === name)!.id;
}

/** Notifications of a type: the unit-wide ones of a unit, or those addressed to one person. */
async function notices(type: string, to: { unit?: string; user?: string }) {
  let q = t.db.selectFrom('notifications').select(['title', 'body', 'user_id', 'unit_id']).where('type', '=', type).where('created_at', '>=', t.clock.now());
  if (to.unit) q = q.where('unit_id', '=', await unitId(t.db, to.unit)).where('user_id', 'is', null);
  if (to.user) q = q.where('user_id', '=', to.user);
  return q.orderBy('created_at').execute();
}

/** An order Lohar Chawl (Mumbai) sold to Sharma Medical (Mumbai) and accepted: ready to dispatch. */
async function mumbaiOrder(): Promise<string> {
  const product = await addProduct(t.db, { name: 'Dispatchol 500', manufacturer: 'Test Labs', hsn: '30049099' });
  const batchId = await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: product, batchNo: 'DSP-1', expiry: '2028-01-31', quantity: 50, ptr: 1000, mrp: 1500 });
  return acceptedOrder(t.db, { sellerCode: 'STK-MUM-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: product, quantity: 10, ptrPaise: 1000, batches: [{ batchId, quantity: 10 }] }] });
}

async function vijayRide() {
  return { deliveryBoyUserId: await userId(PEOPLE.vijay), vehicleNumber: 'mh01ab1234' };
}

/** Booked by Lohar Chawl for an accepted order, assigned to Vijay (optionally moved further by him). */
async function onlineConsignment(moves: ('COLLECTED' | 'IN_TRANSIT')[] = [], weightKg = 8): Promise<string> {
  const rajesh = await as(PEOPLE.rajesh);
  const res = await rajesh.post(DELIVERY_PATHS.createOnline, { orderId: await mumbaiOrder(), packages: 2, weightKg, assignment: await vijayRide() });
  expect(res.statusCode).toBe(200);
  const id = body<ConsignmentDetail>(res).id;
  const vijay = await as(PEOPLE.vijay);
  for (const status of moves) expect((await vijay.post(DELIVERY_PATHS.status(id), { status })).statusCode).toBe(200);
  return id;
}

const pngOf = (size: number) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
/** A real 64 × 48 picture in the format, made by sharp (`extra` adds, e.g., EXIF). */
const photo = (format: 'png' | 'jpeg', extra: (image: Sharp) => Sharp = (image) => image) =>
  extra(sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 30 } } })[format]()).toBuffer();

describe('markets and delivery boys', () => {
  it('lists the markets, and whom each unit can assign: connected season boys and its delivery staff', async () => {
    const rajesh = await as(PEOPLE.rajesh);
    const markets = body<Market[]>(await rajesh.get(DELIVERY_PATHS.markets));
    expect(markets.map((m) => m.name)).toEqual(expect.arrayContaining(['Pune', 'Mumbai Metropolitan Region']));

    const mumbai = body<DeliveryBoy[]>(await rajesh.get(DELIVERY_PATHS.deliveryBoys));
    // The demo seed gave Vijay three open consignments of Lohar Chawl's (assigned, collected, in transit).
    expect(mumbai).toEqual([{ userId: await userId(PEOPLE.vijay), name: 'Vijay More', mobile: PEOPLE.vijay, source: 'SEASON_BOY', vehicleNumber: 'MH01AB1234', activeConsignments: 3 }]);

    const pune = body<DeliveryBoy[]>(await (await as(PEOPLE.ramesh)).get(DELIVERY_PATHS.deliveryBoys));
    expect(pune.map((b) => [b.name, b.source, b.activeConsignments])).toEqual([
      ['Suresh Patil', 'EMPLOYEE', 0],
      ['Vijay More', 'SEASON_BOY', 3],
    ]);
    // Nobody works for the Thane stockist.
    expect(body<DeliveryBoy[]>(await (await as(PEOPLE.amit)).get(DELIVERY_PATHS.deliveryBoys))).toEqual([]);

    // Reassigning: the new delivery boy gets the pickup, the previous one is told it is no longer his.
    const ramesh = await as(PEOPLE.ramesh);
    const [suresh, vijay] = [await userId(PEOPLE.suresh), await userId(PEOPLE.vijay)];
    const booked = body<ConsignmentDetail>(
      await ramesh.post(DELIVERY_PATHS.createOffline, { direction: 'SEND', partyName: 'Kothrud Clinic', mobile: '9822012345', addressLine: 'Karve Road', landmark: 'Depot', pincode: '411038', marketId: await marketId('Pune'), pickupDate: '2026-11-22', packages: 1, weightKg: 1, assignment: { deliveryBoyUserId: suresh, vehicleNumber: 'MH12AB1234' } }),
    ).id;
    expect((await ramesh.post(DELIVERY_PATHS.assign(booked), { deliveryBoyUserId: vijay, vehicleNumber: 'MH01AB1234' })).statusCode).toBe(200);
    expect(await row(booked)).toMatchObject({ status: 'ASSIGNED', assignee_user_id: vijay });
    expect((await notices('DELIVERY_BOY_ALERT', { user: suresh })).map((n) => n.title)).toEqual([`Pickup ${(await row(booked)).barcode_id} given to someone else`]);
    expect(await notices('PICKUPS', { user: vijay })).toHaveLength(1);
    const events = await t.db.selectFrom('consignment_events').select(['status', 'reason']).where('consignment_id', '=', booked).where('status', '=', 'ASSIGNED').execute();
    expect(events.map((e) => e.reason).sort()).toEqual(['Reassigned to Vijay More', null].sort());
  });
});

describe('an online pickup from an accepted order', () => {
  it('books, assigns, collects, goes out with a pin, locks after 5 wrong pins, takes a new pin and is delivered free', async () => {
    const rajesh = await as(PEOPLE.rajesh);
    const priya = await as(PEOPLE.priya);
    const vijay = await as(PEOPLE.vijay);
    const vijayId = await userId(PEOPLE.vijay);
    const orderId = await mumbaiOrder();

    const booked = await rajesh.post(DELIVERY_PATHS.createOnline, { orderId, packages: 3, weightKg: 30.5, notes: 'Fragile' });
    expect(booked.statusCode).toBe(200);
    const id = body<ConsignmentDetail>(booked).id;
    let c = await row(id);
    expect(c).toMatchObject({ kind: 'ONLINE', status: 'BOOKED', order_id: orderId, owner_unit_id: await unitId(t.db, 'STK-MUM-001'), receiver_unit_id: await unitId(t.db, 'RTL-MUM-001'), pickup_date: '2026-11-22', packages: 3, weight_grams: 30_500, notes: 'Fragile' });
    expect(c.barcode_id).toMatch(/^MB2611\d{6}$/);
    expect(c).toMatchObject({ from_name: 'Lohar Chawl Medical Agencies', from_pincode: '400002', from_landmark: 'Near Mumbadevi Temple', to_name: 'Sharma Medical Stores', to_pincode: '400069', to_unit_code: 'RTL-MUM-001' });
    // Kalbadevi → Andheri East, straight line.
    expect(c.distance_km).toBeGreaterThan(17);
    expect(c.distance_km).toBeLessThan(21);
    // One live consignment per order.
    expect(code(await rajesh.post(DELIVERY_PATHS.createOnline, { orderId, packages: 1, weightKg: 1 }))).toEqual([409, 'E0009']);
    // An order not yet accepted (the demo seed's, waiting in Online Orders) cannot be dispatched.
    const placed = await t.db.selectFrom('orders').select('id').where('seller_unit_id', '=', await unitId(t.db, 'STK-MUM-001')).where('status', '=', 'PLACED').executeTakeFirstOrThrow();
    expect(code(await rajesh.post(DELIVERY_PATHS.createOnline, { orderId: placed.id, packages: 1, weightKg: 1 }))).toEqual([409, 'E0013']);
    // The buyer cannot book or assign it; nobody can book an order it did not sell.
    expect(code(await priya.post(DELIVERY_PATHS.createOnline, { orderId, packages: 1, weightKg: 1 }))).toEqual([404, 'E0002']);
    expect(code(await priya.post(DELIVERY_PATHS.assign(id), await vijayRide()))).toEqual([409, 'E0013']);
    // Only one of the unit's own delivery boys.
    expect(code(await rajesh.post(DELIVERY_PATHS.assign(id), { deliveryBoyUserId: await userId(PEOPLE.suresh), vehicleNumber: 'MH01AB1234' }))).toEqual([404, 'E0002']);

    const assigned = await rajesh.post(DELIVERY_PATHS.assign(id), await vijayRide());
    expect(assigned.statusCode).toBe(200);
    expect(body<ConsignmentDetail>(assigned)).toMatchObject({ status: 'ASSIGNED', vehicleNumber: 'MH01AB1234' });
    expect(await row(id)).toMatchObject({ status: 'ASSIGNED', assignee_user_id: vijayId, vehicle_number: 'MH01AB1234' });
    expect((await notices('PICKUPS', { user: vijayId })).map((n) => n.title)).toEqual([`Pickup ${c.barcode_id} assigned to you`]);
    // 30.5 kg is over DELIVERY_HEAVY_WEIGHT_KG.
    expect(await notices('HEAVY_WEIGHT', { user: vijayId })).toHaveLength(1);
    // His own list shows what is addressed to him; the stockist's does not.
    const vijayBell = body<NotificationList>(await vijay.get(PATHS.notifications, { notificationType: 'ALL', pageSize: '50' }));
    expect(vijayBell.items.map((n) => n.type)).toEqual(expect.arrayContaining(['PICKUPS', 'HEAVY_WEIGHT']));

    expect((await vijay.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' })).statusCode).toBe(200);
    expect(await notices('DELIVERY_COLLECTED', { unit: 'STK-MUM-001' })).toHaveLength(1);
    expect(await notices('DELIVERY_COLLECTED', { unit: 'RTL-MUM-001' })).toHaveLength(1);

    expect((await vijay.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' })).statusCode).toBe(200);
    c = await row(id);
    expect(c).toMatchObject({ status: 'IN_TRANSIT', attempts: 1, pin_tries: 0 });
    expect(c.pin).toMatch(/^\d{4}$/);
    expect(c.pin_expires_at!.toISOString()).toBe(new Date(t.clock.now().getTime() + 60 * 60_000).toISOString());
    const alert = await notices('DELIVERY_BOY_ALERT', { unit: 'RTL-MUM-001' });
    expect(alert).toHaveLength(1);
    expect(alert[0]!.body).toContain(`pin ${c.pin}, valid until`);
    expect(await notices('DELIVERY_BOY_ALERT', { unit: 'STK-MUM-001' })).toHaveLength(0);

    // Wrong pins: four say how many tries are left, the fifth locks it, and then even the right pin is refused.
    const wrong = c.pin === '0000' ? '1111' : '0000';
    for (const left of [4, 3, 2, 1]) {
      const res = await vijay.post(DELIVERY_PATHS.deliver(id), { pin: wrong });
      expect(code(res)).toEqual([400, 'E0003']);
      expect(res.json().message).toBe(`Wrong pin: ${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    expect(code(await vijay.post(DELIVERY_PATHS.deliver(id), { pin: wrong }))).toEqual([429, 'E0004']);
    expect(code(await vijay.post(DELIVERY_PATHS.deliver(id), { pin: c.pin! }))).toEqual([429, 'E0004']);
    expect((await row(id)).pin_tries).toBe(5);
    // The delivery boy cannot unlock it himself; the receiver issues a new pin.
    expect(code(await vijay.post(DELIVERY_PATHS.reissuePin(id)))).toEqual([409, 'E0013']);
    expect((await priya.post(DELIVERY_PATHS.reissuePin(id))).statusCode).toBe(200);
    const renewed = await row(id);
    expect(renewed.pin_tries).toBe(0);
    expect(await notices('DELIVERY_BOY_ALERT', { unit: 'RTL-MUM-001' })).toHaveLength(2);

    // Free deliveries left before: Lohar Chawl's 5 referral credits, one used by the demo seed.
    expect((await vijay.post(DELIVERY_PATHS.deliver(id), { pin: renewed.pin! })).statusCode).toBe(200);
    c = await row(id);
    expect(c).toMatchObject({ status: 'DELIVERED', pin: null, pin_expires_at: null, free_delivery: true });
    expect(await notices('DELIVERY_DELIVERED', { unit: 'STK-MUM-001' })).toHaveLength(1);
    expect(await notices('DELIVERY_DELIVERED', { unit: 'RTL-MUM-001' })).toHaveLength(1);
    // A second DELIVERED is refused.
    expect(code(await vijay.post(DELIVERY_PATHS.deliver(id), { pin: renewed.pin! }))).toEqual([409, 'E0013']);

    const timeline = await t.db.selectFrom('consignment_events').select(['status', 'by_name']).where('consignment_id', '=', id).orderBy('at').orderBy('status').execute();
    expect(timeline.map((e) => e.status).sort()).toEqual(['ASSIGNED', 'BOOKED', 'COLLECTED', 'DELIVERED', 'IN_TRANSIT']);
    expect(timeline.find((e) => e.status === 'BOOKED')!.by_name).toBe('Rajesh Shah');
    expect(timeline.find((e) => e.status === 'DELIVERED')!.by_name).toBe('Vijay More');
  });

  it('refuses an expired pin until a new one is issued, and an order of another market (E0061)', async () => {
    const id = await onlineConsignment(['COLLECTED', 'IN_TRANSIT']);
    const { pin } = await row(id);
    t.clock.advance(61 * 60);
    // New sessions: the access tokens expired with the pin.
    sessions.clear();
    const vijay = await as(PEOPLE.vijay);
    const expired = await vijay.post(DELIVERY_PATHS.deliver(id), { pin: pin! });
    expect(code(expired)).toEqual([400, 'E0003']);
    expect(expired.json().message).toBe('The pin has expired: ask for a new pin');
    // The sender may issue it too.
    expect((await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.reissuePin(id))).statusCode).toBe(200);
    expect((await vijay.post(DELIVERY_PATHS.deliver(id), { pin: (await row(id)).pin! })).statusCode).toBe(200);

    // Pune → Mumbai is outstation.
    const product = await addProduct(t.db, { name: 'Outstationol', manufacturer: 'Test Labs' });
    const batchId = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'OUT-1', expiry: '2028-01-31', quantity: 5, ptr: 100, mrp: 150 });
    await connect(t.db, 'RTL-MUM-001', 'STK-PUN-001');
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: product, quantity: 1, ptrPaise: 100, batches: [{ batchId, quantity: 1 }] }] });
    const outstation = await (await as(PEOPLE.ramesh)).post(DELIVERY_PATHS.createOnline, { orderId, packages: 1, weightKg: 1 });
    expect(code(outstation)).toEqual([422, 'E0061']);
    expect(outstation.json().message).toContain('outstation');
  });
});

describe('offline pickups', () => {
  const offline = async (o: Record<string, unknown>) => ({
    partyName: 'Kothrud Clinic',
    mobile: '9822012345',
    addressLine: 'Karve Road, Kothrud',
    landmark: 'Opp. bus depot',
    pincode: '411038',
    marketId: await marketId('Pune'),
    pickupDate: '2026-11-22',
    packages: 1,
    weightKg: 2,
    ...o,
  });

  it('SEND: from the active warehouse to the party, its pin by SMS; delivered, not free once the credits are used', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const suresh = await as(PEOPLE.suresh);
    const sureshId = await userId(PEOPLE.suresh);
    const agarwal = await unitId(t.db, 'STK-PUN-001');
    const res = await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'SEND', assignment: { deliveryBoyUserId: sureshId, vehicleNumber: 'MH12AB1234' } }));
    expect(res.statusCode).toBe(200);
    const id = body<ConsignmentDetail>(res).id;
    expect(await row(id)).toMatchObject({ kind: 'OFFLINE', direction: 'SEND', status: 'ASSIGNED', receiver_unit_id: null, order_id: null, from_unit_id: agarwal, from_pincode: '411037', to_unit_id: null, to_name: 'Kothrud Clinic', to_mobile: '9822012345', to_landmark: 'Opp. bus depot', to_pincode: '411038' });
    // The PICKUPS notice is Suresh's own: the owner's bell does not show it, his does.
    const title = `Pickup ${(await row(id)).barcode_id} assigned to you`;
    const rameshBell = body<NotificationList>(await ramesh.get(PATHS.notifications, { notificationType: 'ALL', pageSize: '50' }));
    expect(rameshBell.items.map((n) => n.title)).not.toContain(title);
    const sureshBell = body<NotificationList>(await suresh.get(PATHS.notifications, { notificationType: 'ALL', pageSize: '50' }));
    expect(sureshBell.items.map((n) => n.title)).toContain(title);

    expect((await suresh.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' })).statusCode).toBe(200);
    expect((await suresh.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' })).statusCode).toBe(200);
    const { pin } = await row(id);
    expect(sms.last('9822012345')).toContain(`pin ${pin}`);
    // Nobody on the platform receives it: no pin notice to a unit.
    expect(await notices('DELIVERY_BOY_ALERT', { unit: 'STK-PUN-001' })).toHaveLength(0);

    // Every credit already used: this delivery is charged.
    await t.db.deleteFrom('referral_credits').where('unit_id', '=', agarwal).execute();
    expect((await suresh.post(DELIVERY_PATHS.deliver(id), { pin: pin! })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'DELIVERED', free_delivery: false });
  });

  it('COLLECT: from the party to the caller, who receives the pin; dates, markets and season boys are checked', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const res = await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'COLLECT', pickupDate: '2026-11-23' }));
    expect(res.statusCode).toBe(200);
    const id = body<ConsignmentDetail>(res).id;
    const agarwal = await unitId(t.db, 'STK-PUN-001');
    expect(await row(id)).toMatchObject({ direction: 'COLLECT', status: 'BOOKED', receiver_unit_id: agarwal, to_unit_id: agarwal, from_name: 'Kothrud Clinic', pickup_date: '2026-11-23' });
    expect((await ramesh.post(DELIVERY_PATHS.assign(id), { deliveryBoyUserId: await userId(PEOPLE.suresh), vehicleNumber: 'MH12AB1234' })).statusCode).toBe(200);
    const suresh = await as(PEOPLE.suresh);
    await suresh.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' });
    expect((await suresh.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' })).statusCode).toBe(200);
    // Agarwal receives the goods; Suresh, who carries them, is of Agarwal too: the pin is Ramesh's alone.
    expect((await notices('DELIVERY_BOY_ALERT', { user: await userId(PEOPLE.ramesh) }))[0]!.body).toContain(`pin ${(await row(id)).pin}`);
    expect(sms.texts.filter((x) => !x.message.startsWith('OTP'))).toEqual([]);

    expect(code(await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'SEND', pickupDate: '2026-11-21' })))).toEqual([400, 'E0001']);
    // A Mumbai party in the Pune market, a Pune party in the Mumbai market (the warehouse is in Pune), a place in no market.
    expect(code(await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'SEND', pincode: '400069' })))).toEqual([422, 'E0061']);
    expect(code(await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'SEND', marketId: await marketId('Mumbai') })))).toEqual([422, 'E0061']);
    expect(code(await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'COLLECT', pincode: '799001' })))).toEqual([422, 'E0061']);
    expect(code(await ramesh.post(DELIVERY_PATHS.createOffline, await offline({ direction: 'SEND', marketId: randomUUID() })))).toEqual([400, 'E0001']);
    // A season boy carries consignments; he does not book them.
    expect(code(await (await as(PEOPLE.vijay)).post(DELIVERY_PATHS.createOffline, await offline({ direction: 'SEND', pincode: '400002', marketId: await marketId('Mumbai') })))).toEqual([403, 'E0040']);
  });
});

describe('the pin never reaches the one carrying the goods', () => {
  /** A COLLECT Agarwal Pharma books and its own delivery staff Suresh carries, out for delivery. */
  async function ownCollect(before?: () => Promise<void>): Promise<string> {
    const ramesh = await as(PEOPLE.ramesh);
    const suresh = await as(PEOPLE.suresh);
    const booked = await ramesh.post(DELIVERY_PATHS.createOffline, {
      direction: 'COLLECT', partyName: 'Kothrud Clinic', mobile: '9822012345', addressLine: 'Karve Road', landmark: 'Depot', pincode: '411038',
      marketId: await marketId('Pune'), pickupDate: '2026-11-22', packages: 1, weightKg: 2, assignment: { deliveryBoyUserId: await userId(PEOPLE.suresh), vehicleNumber: 'MH12AB1234' },
    });
    expect(booked.statusCode).toBe(200);
    const id = body<ConsignmentDetail>(booked).id;
    expect((await suresh.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' })).statusCode).toBe(200);
    await before?.();
    expect((await suresh.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' })).statusCode).toBe(200);
    return id;
  }

  /** Every place a signed-in person could read a pin: the bell, the consignment, delivery tracking, my deliveries. */
  async function readsOf(mobile: string, id: string): Promise<string> {
    const who = await as(mobile);
    const reads = await Promise.all([
      who.get(PATHS.notifications, { notificationType: 'ALL', pageSize: '50' }),
      who.get(DELIVERY_PATHS.consignment(id)),
      who.get(DELIVERY_PATHS.consignment((await row(id)).barcode_id)),
      who.get(DELIVERY_PATHS.tracking),
      who.get(DELIVERY_PATHS.myDeliveries),
      who.get(DELIVERY_PATHS.consignments),
    ]);
    for (const r of reads) expect(r.statusCode).toBe(200);
    return reads.map((r) => r.body).join('\n');
  }

  it("tells the receiving unit's other members the pin, not its own delivery boy; he cannot renew it either", async () => {
    const id = await ownCollect();
    const { pin, barcode_id } = await row(id);
    const [ramesh, suresh] = [await userId(PEOPLE.ramesh), await userId(PEOPLE.suresh)];

    // The notice is addressed to Ramesh alone: nothing unit-wide, nothing Suresh's.
    const rows = await t.db.selectFrom('notifications').select(['user_id', 'body']).where('title', '=', `${barcode_id}: delivery pin ${pin}`).execute();
    expect(rows.map((r) => r.user_id)).toEqual([ramesh]);
    expect(await readsOf(PEOPLE.ramesh, id)).toContain(`pin ${pin}`);
    const sureshReads = await readsOf(PEOPLE.suresh, id);
    expect(sureshReads).not.toContain(`pin ${pin}`);
    expect(sureshReads).not.toContain(`"pin":"${pin}"`);
    const seen = body<ConsignmentDetail>(await (await as(PEOPLE.suresh)).get(DELIVERY_PATHS.consignment(id)));
    expect(seen).toMatchObject({ pin: null, pinCannotProve: false });
    expect(body<ConsignmentDetail>(await (await as(PEOPLE.ramesh)).get(DELIVERY_PATHS.consignment(id))).pin?.pin).toBe(pin);
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', suresh).where('body', 'like', `%pin ${pin}%`).execute()).toEqual([]);

    // Renewing the pin would unlock his own wrong tries: only the others of the unit do it.
    expect(seen.actions).not.toContain('REISSUE_PIN');
    expect(code(await (await as(PEOPLE.suresh)).post(DELIVERY_PATHS.reissuePin(id)))).toEqual([409, 'E0013']);
    // Without the pin he cannot mark it delivered; with the one Ramesh gives him he can.
    const none = await (await as(PEOPLE.suresh)).post(DELIVERY_PATHS.deliver(id), {});
    expect(code(none)).toEqual([400, 'E0001']);
    expect((await (await as(PEOPLE.suresh)).post(DELIVERY_PATHS.deliver(id), { pin: pin! })).statusCode).toBe(200);
    const delivered = await t.db.selectFrom('consignment_events').select('reason').where('consignment_id', '=', id).where('status', '=', 'DELIVERED').executeTakeFirstOrThrow();
    expect(delivered.reason).toBeNull();
  });

  it('records the hand-over as not pin-proven when no one but the delivery boy could receive the pin', async () => {
    // Ramesh leaves Agarwal Pharma before the trip starts: Suresh is all the receiving unit has.
    const id = await ownCollect(async () => {
      await t.db.updateTable('users').set({ deleted_at: t.clock.now() }).where('id', '=', await userId(PEOPLE.ramesh)).execute();
    });
    const { pin } = await row(id);
    expect(await t.db.selectFrom('notifications').select('id').where('title', 'like', `%delivery pin ${pin}`).execute()).toEqual([]);
    expect(await readsOf(PEOPLE.suresh, id)).not.toContain(`pin ${pin}`);

    const suresh = await as(PEOPLE.suresh);
    const seen = body<ConsignmentDetail>(await suresh.get(DELIVERY_PATHS.consignment(id)));
    expect(seen).toMatchObject({ pin: null, pinCannotProve: true });
    expect(seen.actions).toContain('DELIVER');
    const res = await suresh.post(DELIVERY_PATHS.deliver(id), {});
    expect(res.statusCode).toBe(200);
    expect(body<ConsignmentDetail>(res)).toMatchObject({ status: 'DELIVERED' });
    const timeline = body<ConsignmentDetail>(res).timeline;
    expect(timeline.find((e) => e.status === 'DELIVERED')).toMatchObject({ by: 'Suresh Patil', reason: 'Not pin-proven: no one but the delivery boy could receive the pin' });
  });

  it("sends no pin by SMS when the party's number is the delivery boy's own", async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const suresh = await as(PEOPLE.suresh);
    const booked = await ramesh.post(DELIVERY_PATHS.createOffline, {
      direction: 'SEND', partyName: 'Kothrud Clinic', mobile: PEOPLE.suresh, addressLine: 'Karve Road', landmark: 'Depot', pincode: '411038',
      marketId: await marketId('Pune'), pickupDate: '2026-11-22', packages: 1, weightKg: 2, assignment: { deliveryBoyUserId: await userId(PEOPLE.suresh), vehicleNumber: 'MH12AB1234' },
    });
    const id = body<ConsignmentDetail>(booked).id;
    await suresh.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' });
    expect((await suresh.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' })).statusCode).toBe(200);
    expect(sms.texts.filter((x) => x.mobile === PEOPLE.suresh && !x.message.startsWith('OTP'))).toEqual([]);
    expect(body<ConsignmentDetail>(await suresh.get(DELIVERY_PATHS.consignment(id))).pinCannotProve).toBe(true);
  });
});

describe('the status machine', () => {
  it('refuses illegal moves with E0013 and a sentence; fails, retries and returns with reasons', async () => {
    const rajesh = await as(PEOPLE.rajesh);
    const vijay = await as(PEOPLE.vijay);
    const booked = body<ConsignmentDetail>(await rajesh.post(DELIVERY_PATHS.createOnline, { orderId: await mumbaiOrder(), packages: 1, weightKg: 1 })).id;
    const skip = await rajesh.post(DELIVERY_PATHS.status(booked), { status: 'IN_TRANSIT' });
    expect(code(skip)).toEqual([409, 'E0013']);
    expect(skip.json().message).toMatch(/is booked: it cannot be marked in transit$/);
    // Collecting is the delivery boy's, not the sender's.
    const notHis = await rajesh.post(DELIVERY_PATHS.status(booked), { status: 'COLLECTED' });
    expect(code(notHis)).toEqual([409, 'E0013']);
    // Not yet assigned to Vijay: he has no part in it.
    expect(code(await vijay.post(DELIVERY_PATHS.status(booked), { status: 'COLLECTED' }))).toEqual([404, 'E0002']);
    expect(code(await rajesh.post(DELIVERY_PATHS.status(booked), { status: 'CANCELLED' }))).toEqual([400, 'E0001']);
    expect((await rajesh.post(DELIVERY_PATHS.status(booked), { status: 'CANCELLED', reason: 'Buyer will collect' })).statusCode).toBe(200);
    expect(code(await rajesh.post(DELIVERY_PATHS.assign(booked), await vijayRide()))).toEqual([409, 'E0013']);

    const id = await onlineConsignment(['COLLECTED']);
    expect(code(await rajesh.post(DELIVERY_PATHS.status(id), { status: 'CANCELLED', reason: 'Too late' }))).toEqual([409, 'E0013']);
    expect(code(await vijay.post(DELIVERY_PATHS.position(id), { latitude: 19, longitude: 72.9 }))).toEqual([409, 'E0013']);
    expect(code(await vijay.post(DELIVERY_PATHS.deliver(id), { pin: '1234' }))).toEqual([409, 'E0013']);
    await vijay.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' });
    expect((await vijay.post(DELIVERY_PATHS.position(id), { latitude: 19.05, longitude: 72.85, accuracyM: 20 })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ last_latitude: 19.05, last_longitude: 72.85, last_position_at: t.clock.now() });
    // Only the delivery boy reports where he is.
    expect(code(await rajesh.post(DELIVERY_PATHS.position(id), { latitude: 19, longitude: 72 }))).toEqual([409, 'E0013']);

    expect((await vijay.post(DELIVERY_PATHS.status(id), { status: 'FAILED', reason: 'Shop shut' })).statusCode).toBe(200);
    expect((await notices('DELIVERY_BOY_ALERT', { unit: 'STK-MUM-001' }))[0]!.body).toContain('Shop shut');
    expect((await notices('DELIVERY_BOY_ALERT', { unit: 'RTL-MUM-001' })).some((n) => n.body.includes('Shop shut'))).toBe(true);
    expect(code(await vijay.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' }))).toEqual([409, 'E0013']);
    expect((await vijay.post(DELIVERY_PATHS.status(id), { status: 'IN_TRANSIT' })).statusCode).toBe(200);
    expect((await row(id)).attempts).toBe(2);
    await vijay.post(DELIVERY_PATHS.status(id), { status: 'FAILED', reason: 'Shop shut again' });
    expect((await vijay.post(DELIVERY_PATHS.status(id), { status: 'RETURNED', reason: 'Back to the godown' })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'RETURNED', pin: null });
    const reasons = await t.db.selectFrom('consignment_events').select(['status', 'reason']).where('consignment_id', '=', id).where('reason', 'is not', null).orderBy('at').execute();
    expect(reasons.map((r) => r.reason)).toEqual(['Shop shut', 'Shop shut again', 'Back to the godown']);
    // Returned: the order may be booked again.
    const order = (await row(id)).order_id!;
    expect((await rajesh.post(DELIVERY_PATHS.createOnline, { orderId: order, packages: 1, weightKg: 1 })).statusCode).toBe(200);
  });

  it('lets one of two people acting at once win', async () => {
    const id = await onlineConsignment();
    const vijay = await as(PEOPLE.vijay);
    const rajesh = await as(PEOPLE.rajesh);
    const twice = await Promise.all([vijay.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' }), vijay.post(DELIVERY_PATHS.status(id), { status: 'COLLECTED' })]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('consignment_events').select('id').where('consignment_id', '=', id).where('status', '=', 'COLLECTED').execute()).toHaveLength(1);

    // The sender cancels while the delivery boy collects: exactly one of them happens.
    const other = await onlineConsignment();
    const race = await Promise.all([rajesh.post(DELIVERY_PATHS.status(other), { status: 'CANCELLED', reason: 'Changed mind' }), vijay.post(DELIVERY_PATHS.status(other), { status: 'COLLECTED' })]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const final = (await row(other)).status;
    expect(race[final === 'CANCELLED' ? 0 : 1]!.statusCode).toBe(200);

    // Booking one order twice at once: one consignment.
    const orderId = await mumbaiOrder();
    const books = await Promise.all([rajesh.post(DELIVERY_PATHS.createOnline, { orderId, packages: 1, weightKg: 1 }), rajesh.post(DELIVERY_PATHS.createOnline, { orderId, packages: 1, weightKg: 1 })]);
    expect(books.map((r) => code(r)[0]).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('consignments').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });
});

describe('who may act', () => {
  it('answers 404 to a stranger on every write, the image and the detail', async () => {
    const id = await onlineConsignment(['COLLECTED', 'IN_TRANSIT']);
    const amit = await as(PEOPLE.amit);
    const writes: [string, object][] = [
      [DELIVERY_PATHS.assign(id), { deliveryBoyUserId: await userId(PEOPLE.vijay), vehicleNumber: 'MH01AB1234' }],
      [DELIVERY_PATHS.status(id), { status: 'FAILED', reason: 'x' }],
      [DELIVERY_PATHS.status(id), { status: 'CANCELLED', reason: 'x' }],
      [DELIVERY_PATHS.deliver(id), { pin: '1234' }],
      [DELIVERY_PATHS.reissuePin(id), {}],
      [DELIVERY_PATHS.addImage(id), { kind: 'PARCEL', mimeType: 'image/png', contentBase64: (await photo('png')).toString('base64') }],
      [DELIVERY_PATHS.ring(id), { whom: 'SENDER' }],
      [DELIVERY_PATHS.callRequest(id), {}],
      [DELIVERY_PATHS.position(id), { latitude: 19, longitude: 72 }],
    ];
    for (const [url, payload] of writes) expect([url, ...code(await amit.post(url, payload))]).toEqual([url, 404, 'E0002']);
    const before = await row(id);
    expect(before).toMatchObject({ status: 'IN_TRANSIT', pin_tries: 0, last_latitude: null });
    expect(code(await amit.get(DELIVERY_PATHS.consignment(id)))).toEqual([404, 'E0002']);
    expect(code(await amit.get(DELIVERY_PATHS.image(id, randomUUID())))).toEqual([404, 'E0002']);
    // Unknown and malformed ids.
    expect(code(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.status(randomUUID()), { status: 'COLLECTED' }))).toEqual([404, 'E0002']);
    expect(code(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.status('not-an-id'), { status: 'COLLECTED' }))).toEqual([404, 'E0002']);
  });
});

describe('proof photos', () => {
  it('takes images up to the size and count limits, readable by the parties and the assignee', async () => {
    const id = await onlineConsignment(['COLLECTED']);
    const vijay = await as(PEOPLE.vijay);
    const add = (contentBase64: string, mimeType = 'image/png') => vijay.post(DELIVERY_PATHS.addImage(id), { kind: 'PARCEL', mimeType, contentBase64 });

    const png = await photo('png');
    const added = await add(png.toString('base64'));
    expect(added.statusCode).toBe(200);
    const image = body<ProofImage>(added);
    expect(image).toMatchObject({ kind: 'PARCEL', uploadedBy: 'Vijay More' });
    for (const who of [PEOPLE.vijay, PEOPLE.rajesh, PEOPLE.priya]) {
      const res = await (await as(who)).get(DELIVERY_PATHS.image(id, image.id));
      // Stored as the JPEG it was re-encoded to, the same picture.
      expect([who, res.statusCode, res.headers['content-type']]).toEqual([who, 200, 'image/jpeg']);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    }
    expect(code(await vijay.get(DELIVERY_PATHS.image(id, randomUUID())))).toEqual([404, 'E0056']);
    // Only the delivery boy adds photos.
    expect(code(await (await as(PEOPLE.rajesh)).post(DELIVERY_PATHS.addImage(id), { kind: 'PARCEL', mimeType: 'image/png', contentBase64: png.toString('base64') }))).toEqual([409, 'E0013']);

    // Bytes that are not what they claim, one byte over the limit, and a body far over it.
    const jpeg = await photo('jpeg');
    expect(code(await add(jpeg.toString('base64')))).toEqual([400, 'E0001']);
    expect((await add(jpeg.toString('base64'), 'image/jpeg')).statusCode).toBe(200);
    const over = await add(pngOf(PROOF_IMAGE_MAX_BYTES + 1).toString('base64'));
    expect(code(over)).toEqual([400, 'E0001']);
    expect(over.json().message).toBe('The file must be at most 2 MB');
    expect((await add(pngOf(PROOF_IMAGE_MAX_BYTES + 64 * 1024).toString('base64'))).statusCode).toBe(413);

    for (let i = 2; i < PROOF_IMAGES_PER_CONSIGNMENT; i++) expect((await add(png.toString('base64'))).statusCode).toBe(200);
    expect(code(await add(png.toString('base64')))).toEqual([409, 'E0010']);
    expect(await t.db.selectFrom('consignment_images').select('id').where('consignment_id', '=', id).execute()).toHaveLength(PROOF_IMAGES_PER_CONSIGNMENT);
  });

  it('refuses what does not decode as an image, whatever its first bytes say', async () => {
    const id = await onlineConsignment(['COLLECTED']);
    const vijay = await as(PEOPLE.vijay);
    const add = (bytes: Buffer, mimeType: string) => vijay.post(DELIVERY_PATHS.addImage(id), { kind: 'PARCEL', mimeType, contentBase64: bytes.toString('base64') });
    const whole = await photo('jpeg');
    for (const [bytes, mimeType] of [
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
      [JPEG, 'image/jpeg'],
      [whole.subarray(0, whole.length - 40), 'image/jpeg'],
      [pngOf(1000), 'image/png'],
    ] as const) {
      const res = await add(bytes, mimeType);
      expect(code(res)).toEqual([400, 'E0001']);
      expect(res.json().message).toBe('The photo could not be read as an image: take it again');
    }
    expect(await t.db.selectFrom('consignment_images').select('id').where('consignment_id', '=', id).execute()).toEqual([]);
  });

  it('stores the picture of a PNG followed by HTML without the HTML, and never serves it back as PNG', async () => {
    const id = await onlineConsignment(['COLLECTED']);
    const vijay = await as(PEOPLE.vijay);
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const polyglot = Buffer.concat([await photo('png'), Buffer.from(html)]);
    const res = await vijay.post(DELIVERY_PATHS.addImage(id), { kind: 'SIGNATURE', mimeType: 'image/png', contentBase64: polyglot.toString('base64') });
    expect(res.statusCode).toBe(200);
    const served = await vijay.get(DELIVERY_PATHS.image(id, body<ProofImage>(res).id));
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(served.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const stored = await t.db.selectFrom('consignment_images').select(['content', 'mime_type', 'size_bytes']).where('consignment_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.mime_type).toBe('image/jpeg');
    expect(Buffer.from(stored.content).includes(Buffer.from('<html'))).toBe(false);
    expect(stored.size_bytes).toBe(stored.content.length);
  });

  it("stores a phone's photo without its EXIF (no location)", async () => {
    const id = await onlineConsignment(['COLLECTED']);
    const vijay = await as(PEOPLE.vijay);
    const gps = { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 10/1' };
    const taken = await photo('jpeg', (image) => image.withExif({ IFD0: { Make: 'PhoneCo', Model: 'Snap 9' }, IFD3: gps }));
    // The test photo does carry the location (the GPS IFD pointer, tag 0x8825) and the camera.
    const exif = (await sharp(taken).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(taken.includes(Buffer.from('PhoneCo'))).toBe(true);

    const res = await vijay.post(DELIVERY_PATHS.addImage(id), { kind: 'PARCEL', mimeType: 'image/jpeg', contentBase64: taken.toString('base64') });
    expect(res.statusCode).toBe(200);
    const served = (await vijay.get(DELIVERY_PATHS.image(id, body<ProofImage>(res).id))).rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneCo'))).toBe(false);
  });
});

describe('rings and call requests', () => {
  it('rings the receiver or the sender, and lets a party ask the delivery boy to call', async () => {
    const id = await onlineConsignment(['COLLECTED']);
    const vijay = await as(PEOPLE.vijay);
    const priya = await as(PEOPLE.priya);
    expect((await vijay.post(DELIVERY_PATHS.ring(id), { whom: 'RECEIVER' })).statusCode).toBe(200);
    expect((await notices('RING2ALERT', { unit: 'RTL-MUM-001' }))[0]!.title).toBe(`Vijay More is ringing about ${(await row(id)).barcode_id}`);
    expect((await vijay.post(DELIVERY_PATHS.ring(id), { whom: 'SENDER' })).statusCode).toBe(200);
    expect(await notices('RING2ALERT', { unit: 'STK-MUM-001' })).toHaveLength(1);
    // Ringing is the delivery boy's; asking for a call is the parties'.
    expect(code(await priya.post(DELIVERY_PATHS.ring(id), { whom: 'SENDER' }))).toEqual([409, 'E0013']);
    expect(code(await vijay.post(DELIVERY_PATHS.callRequest(id)))).toEqual([409, 'E0013']);

    expect((await priya.post(DELIVERY_PATHS.callRequest(id))).statusCode).toBe(200);
    const calls = await notices('CALL_REQUEST', { user: await userId(PEOPLE.vijay) });
    expect(calls.map((n) => [n.title, n.body])).toEqual([[`Call Sharma Medical Stores about ${(await row(id)).barcode_id}`, `Priya Sharma asks you to call on ${PEOPLE.priya}.`]]);

    // An offline SEND has no receiver on the platform to ring.
    const ramesh = await as(PEOPLE.ramesh);
    const send = body<ConsignmentDetail>(
      await ramesh.post(DELIVERY_PATHS.createOffline, { direction: 'SEND', partyName: 'Kothrud Clinic', mobile: '9822012345', addressLine: 'Karve Road', landmark: 'Depot', pincode: '411038', marketId: await marketId('Pune'), pickupDate: '2026-11-22', packages: 1, weightKg: 1, assignment: { deliveryBoyUserId: await userId(PEOPLE.suresh), vehicleNumber: 'MH12AB1234' } }),
    ).id;
    expect(code(await (await as(PEOPLE.suresh)).post(DELIVERY_PATHS.ring(send), { whom: 'RECEIVER' }))).toEqual([409, 'E0013']);
  });
});
