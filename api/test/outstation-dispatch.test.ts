import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNTING_PATHS, DELIVERY_PATHS, EWAYBILL_PATHS, MARKETPLACE_PATHS, PATHS, type Cart, type ConsignmentDetail, type NotificationList, type OrderDetail, type TrackingList } from 'shared-api';
import { deliveryCounts } from '../src/modules/billing/service';
import { addBatch, addProduct, connect, marketplaceWorld, unitId } from './cart-fixtures';
import { FakeSms, PEOPLE } from './deliveries-fixtures';
import { TestEwb } from './eway-bills-fixtures';
import { bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * Issue 39, item 2: an outstation order (Agarwal Pharma, Pune → Sharma Medical Stores, Mumbai) that no delivery boy
 * may carry is dispatched by the seller's own transport or a courier (transporter, LR/docket, vehicle, freight),
 * tracked on both sides to delivered with a proof of delivery, and the buyer is warned at the cart. The people are
 * the demo seed's: Ramesh (Agarwal), Priya (Sharma), Rajesh (Lohar Chawl, Mumbai), Amit (Thane Pharma, a stranger).
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
  portal.reset();
});

const code = (res: LightMyRequestResponse) => [res.statusCode, res.json().code as string | undefined];
const ok = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return body<ConsignmentDetail>(res);
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** An order Agarwal (Pune) sold to Sharma (Mumbai) and accepted: `units` at ₹1,000 (plus GST). */
async function outstationOrder(units = 10): Promise<string> {
  const product = await addProduct(t.db, { name: `Transportol ${units}`, manufacturer: 'Test Labs', hsn: '30049099' });
  const batchId = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: `TR-${units}`, expiry: '2028-01-31', quantity: units, ptr: 100_000, mrp: 150_000 });
  await connect(t.db, 'RTL-MUM-001', 'STK-PUN-001');
  return acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: product, quantity: units, ptrPaise: 100_000, batches: [{ batchId, quantity: units }] }] });
}

const TRANSPORT = { transporterName: 'VRL Logistics', docketNumber: 'LR-448812', docketDate: '2026-11-22', vehicleNumber: 'mh12ab4321', freightPaise: 45_000, packages: 2, weightKg: 6.5 };
const dispatch = async (orderId: string, extra: object = {}) => (await as(PEOPLE.ramesh)).post(DELIVERY_PATHS.dispatchByTransport, { orderId, ...TRANSPORT, ...extra });

describe('dispatch by transport', () => {
  it('sends an outstation order no delivery boy may carry by courier, seen on both sides with carrier, docket and status', async () => {
    const orderId = await outstationOrder();
    const ramesh = await as(PEOPLE.ramesh);
    // By delivery boy it stays refused, and the refusal says what to do instead.
    const byBoy = await ramesh.post(DELIVERY_PATHS.createOnline, { orderId, packages: 1, weightKg: 1 });
    expect(code(byBoy)).toEqual([422, 'E0061']);
    expect(byBoy.json().message).toContain('dispatch it by transport or courier');
    const ready = body<{ orderId: string; outstation: string | null }[]>(await ramesh.get(DELIVERY_PATHS.readyOrders));
    expect(ready.find((o) => o.orderId === orderId)!.outstation).toContain('dispatch it by transport or courier');

    // A docket dated tomorrow is refused; the transport itself is taken.
    expect(code(await dispatch(orderId, { docketDate: '2026-11-23' }))).toEqual([400, 'E0001']);
    const sent = ok(await dispatch(orderId));
    expect(sent).toMatchObject({
      kind: 'ONLINE',
      carrier: 'TRANSPORT',
      status: 'IN_TRANSIT',
      market: '',
      vehicleNumber: 'MH12AB4321',
      deliveryBoy: null,
      transport: { transporterName: 'VRL Logistics', transporterId: null, docketNumber: 'LR-448812', docketDate: '2026-11-22', freightPaise: 45_000 },
      tradeName: 'Sharma Medical Stores',
      packages: 2,
      weightKg: 6.5,
      pin: null,
    });
    expect(sent.timeline.map((e) => [e.status, e.reason])).toEqual([
      ['BOOKED', null],
      ['IN_TRANSIT', 'Dispatched by VRL Logistics, LR LR-448812 of 2026-11-22, vehicle MH12AB4321'],
    ]);
    // The seller may add the proof of delivery and mark it delivered; it assigns no one.
    expect(sent.actions.sort()).toEqual(['ADD_PROOF', 'DELIVER', 'LABEL']);
    expect(code(await ramesh.post(DELIVERY_PATHS.assign(sent.id), { deliveryBoyUserId: sent.id, vehicleNumber: 'MH12AB1234' }))).toEqual([409, 'E0013']);
    // Once per order.
    expect(code(await dispatch(orderId))).toEqual([409, 'E0009']);

    // Tracked on both sides: the seller's outgoing and the buyer's incoming Delivery Tracking.
    const outgoing = body<TrackingList>(await ramesh.get(DELIVERY_PATHS.tracking, { side: 'OUTGOING' }));
    expect(outgoing.items.map((c) => c.id)).toContain(sent.id);
    const priya = await as(PEOPLE.priya);
    const incoming = body<TrackingList>(await priya.get(DELIVERY_PATHS.tracking, { side: 'INCOMING' }));
    const seen = incoming.items.find((c) => c.id === sent.id)!;
    expect(seen).toMatchObject({ role: 'RECEIVER', status: 'IN_TRANSIT', tradeName: 'Agarwal Pharma Distributors', transport: { transporterName: 'VRL Logistics', docketNumber: 'LR-448812' } });
    expect(seen.actions).toEqual(['DELIVER']);
    // The buyer is told who carries it under which docket.
    const notices = body<NotificationList>(await priya.get(PATHS.notifications));
    expect(notices.items.map((n) => n.body)).toContain('Agarwal Pharma Distributors sent 2 packages by VRL Logistics, LR LR-448812 of 2026-11-22, vehicle MH12AB4321.');
    // The buyer's order page shows how it travels.
    const order = body<OrderDetail>(await priya.get(MARKETPLACE_PATHS.order(orderId)));
    expect(order.shipment).toMatchObject({ consignmentId: sent.id, barcodeId: sent.barcodeId, status: 'IN_TRANSIT', carrier: 'TRANSPORT', deliveryBoy: null, transport: { transporterName: 'VRL Logistics', docketNumber: 'LR-448812', freightPaise: 45_000 } });
    // A stranger sees nothing of it.
    expect((await (await as(PEOPLE.amit)).get(DELIVERY_PATHS.consignment(sent.id))).statusCode).toBe(404);
  });

  it('is delivered by the seller only with the proof of delivery on file (photo or PDF), and counts as no delivery of ours', async () => {
    const sent = ok(await dispatch(await outstationOrder()));
    const ramesh = await as(PEOPLE.ramesh);
    const early = await ramesh.post(DELIVERY_PATHS.deliver(sent.id), {});
    expect(code(early)).toEqual([409, 'E0013']);
    expect(early.json().message).toContain('Upload the proof of delivery from VRL Logistics first');

    // A delivery boy's kinds are not a transport's proof; a PDF is taken only as one; the buyer cannot add it.
    const pdf = { kind: 'POD', mimeType: 'application/pdf', contentBase64: PDF.toString('base64') };
    expect(code(await ramesh.post(DELIVERY_PATHS.addImage(sent.id), { ...pdf, kind: 'PARCEL' }))).toEqual([400, 'E0001']);
    expect(code(await ramesh.post(DELIVERY_PATHS.addImage(sent.id), { ...pdf, contentBase64: Buffer.from('<html>').toString('base64') }))).toEqual([400, 'E0001']);
    expect(code(await (await as(PEOPLE.priya)).post(DELIVERY_PATHS.addImage(sent.id), pdf))).toEqual([409, 'E0013']);
    const proof = await ramesh.post(DELIVERY_PATHS.addImage(sent.id), pdf);
    expect(proof.statusCode).toBe(200);
    expect(body(proof)).toMatchObject({ kind: 'POD', mimeType: 'application/pdf' });

    const delivered = ok(await ramesh.post(DELIVERY_PATHS.deliver(sent.id), {}));
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.timeline.at(-1)).toMatchObject({ status: 'DELIVERED', reason: 'Proof of delivery from VRL Logistics', by: 'Ramesh Agarwal' });
    expect(delivered.freeDelivery).toBe(false);
    // The buyer reads the proof back as the PDF it is.
    const download = await (await as(PEOPLE.priya)).get(DELIVERY_PATHS.image(sent.id, delivered.proof[0]!.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // Billing charges deliveries by our delivery boys only.
    expect(await deliveryCounts(t.db, await unitId(t.db, 'STK-PUN-001'), '2026-11-01', '2026-11-30')).toEqual({ deliveries: 0, free: 0 });
  });

  it('is delivered when the buyer confirms receipt, without a proof; nothing moves after', async () => {
    const sent = ok(await dispatch(await outstationOrder()));
    const priya = await as(PEOPLE.priya);
    const received = ok(await priya.post(DELIVERY_PATHS.deliver(sent.id), {}));
    expect(received.status).toBe('DELIVERED');
    expect(received.timeline.at(-1)).toMatchObject({ status: 'DELIVERED', reason: 'Receipt confirmed by Sharma Medical Stores' });
    expect(code(await priya.post(DELIVERY_PATHS.deliver(sent.id), {}))).toEqual([409, 'E0013']);
    expect(code(await (await as(PEOPLE.ramesh)).post(DELIVERY_PATHS.deliver(sent.id), {}))).toEqual([409, 'E0013']);
    const seller = ok(await (await as(PEOPLE.ramesh)).get(DELIVERY_PATHS.consignment(sent.id)));
    expect(seller).toMatchObject({ status: 'DELIVERED' });
    // The proof may still follow for the seller's records.
    expect(seller.actions.sort()).toEqual(['ADD_PROOF', 'LABEL']);
  });

  it('works in town too, keeping the market, and refuses an order not accepted or not the caller’s', async () => {
    const product = await addProduct(t.db, { name: 'Towncourier 10', manufacturer: 'Test Labs' });
    const batchId = await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: product, batchNo: 'TC-1', expiry: '2028-01-31', quantity: 5, ptr: 1000, mrp: 1500 });
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-MUM-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: product, quantity: 5, ptrPaise: 1000, batches: [{ batchId, quantity: 5 }] }] });
    // Agarwal did not sell it.
    expect(code(await dispatch(orderId))).toEqual([404, 'E0002']);
    const rajesh = await as(PEOPLE.rajesh);
    const sent = ok(await rajesh.post(DELIVERY_PATHS.dispatchByTransport, { orderId, transporterName: 'Own transport', docketNumber: 'OWN-17', docketDate: '2026-11-22', packages: 1, weightKg: 2 }));
    expect(sent).toMatchObject({ carrier: 'TRANSPORT', status: 'IN_TRANSIT', market: 'Mumbai Metropolitan Region', vehicleNumber: null, transport: { freightPaise: null } });
    const declined = await outstationOrder();
    await t.db.updateTable('orders').set({ status: 'REJECTED' }).where('id', '=', declined).execute();
    expect(code(await dispatch(declined))).toEqual([409, 'E0013']);
  });
});

describe('an e-way bill for goods sent by transport', () => {
  it('waits booked until the bill is generated, whose Part B names the transporter and its docket; then it is handed over', async () => {
    // ₹1,20,000 and more inside Maharashtra needs an e-way bill.
    const orderId = await outstationOrder(120);
    const ramesh = await as(PEOPLE.ramesh);
    expect((await ramesh.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))).statusCode).toBe(200);
    const booked = ok(await dispatch(orderId, { transporterId: '27aaacv1234f1z5' }));
    expect(booked.status).toBe('BOOKED');
    expect(booked.ewayBillRequirement!.needed).toBe(true);
    expect(booked.actions).toEqual(expect.arrayContaining(['GENERATE_EWB', 'START_TRIP', 'CANCEL']));
    // Handing it over before the bill is refused with the bill's rule.
    expect(code(await ramesh.post(DELIVERY_PATHS.status(booked.id), { status: 'IN_TRANSIT' }))).toEqual([409, 'E0023']);

    ok(await ramesh.post(EWAYBILL_PATHS.generate(booked.id), {}));
    expect(portal.lastGenerate()).toMatchObject({ transporterName: 'VRL Logistics', transporterId: '27AAACV1234F1Z5', transDocNo: 'LR-448812', transDocDate: '22/11/2026', vehicleNo: 'MH12AB4321', transMode: '1' });
    const sent = ok(await ramesh.post(DELIVERY_PATHS.status(booked.id), { status: 'IN_TRANSIT' }));
    expect(sent.status).toBe('IN_TRANSIT');
    expect(sent.timeline.at(-1)!.reason).toBe('Dispatched by VRL Logistics, LR LR-448812 of 2026-11-22, vehicle MH12AB4321');
    expect(code(await ramesh.post(DELIVERY_PATHS.status(booked.id), { status: 'IN_TRANSIT' }))).toEqual([409, 'E0013']);
  });
});

describe('the cart warns', () => {
  it('per seller that cannot deliver to the buyer by Medico delivery', async () => {
    const w = await marketplaceWorld(t.db);
    const priya = await as(PEOPLE.priya);
    expect((await priya.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 2 })).statusCode).toBe(200);
    expect(body<Cart>(await priya.get(PATHS.cart)).deliveryWarnings).toEqual([]);
    expect((await priya.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 2 })).statusCode).toBe(200);
    const cart = body<Cart>(await priya.get(PATHS.cart));
    expect(cart.deliveryWarnings).toEqual([
      { sellerUnitCode: 'STK-PUN-001', stockist: 'Agarwal Pharma Distributors', message: 'Agarwal Pharma Distributors (Pune) cannot deliver to you by Medico delivery: they will dispatch by courier or transport' },
    ]);
    // The answers of the cart's writes carry it too.
    const removed = body<Cart>(await priya.post(MARKETPLACE_PATHS.cartDeleteSellerCart, { sellerUnitCode: 'STK-PUN-001' }));
    expect(removed.deliveryWarnings).toEqual([]);
  });
});
