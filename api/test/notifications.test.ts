import type { LightMyRequestResponse } from 'fastify';
import {
  ACCOUNTING_PATHS,
  CONNECTIONS_PATHS,
  DELIVERY_PATHS,
  MARKETPLACE_PATHS,
  NOTIFICATION_PATHS,
  PATHS,
  PAYMENTS_PATHS,
  PROFILE_PATHS,
  type ConsignmentDetail,
  type Market,
  type NotificationList,
  type SubmitResult,
  type UnreadCount,
  type Warehouse,
} from 'shared-api';
import { CartReminders } from '../src/modules/notifications/cart-reminders';
import { marketplaceWorld } from './cart-fixtures';
import { PEOPLE, callerFor } from './deliveries-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { paymentsWorld } from './payments-fixtures';

/*
 * Notifications (issue 16): every producer changed or added here makes the right type, link and audience after the
 * real action through the API; reading marks them read (one, all, never another unit's); the list filters by type
 * and text; CART reminders fire once per cart change. The people are the demo seed's (see db/seed.ts).
 */

const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000', CART_REMINDER_MINUTES: '240' } });

type Client = { get: (url: string, query?: Record<string, string>) => Promise<LightMyRequestResponse>; post: (url: string, payload?: object) => Promise<LightMyRequestResponse> };

async function as(mobile: string): Promise<Client> {
  const headers = bearer(await login(t.app, mobile));
  return {
    get: (url, query = {}) => t.app.inject({ method: 'GET', url, headers, query }),
    post: (url, payload = {}) => t.app.inject({ method: 'POST', url, headers, payload }),
  };
}

/** Rows of a type written from `since` on, with whom they are for. */
async function written(type: string, since = t.clock.now()) {
  const rows = await t.db
    .selectFrom('notifications as n')
    .innerJoin('units as u', 'u.id', 'n.unit_id')
    .select(['n.id', 'u.unit_code', 'n.user_id', 'n.title', 'n.body', 'n.link', 'n.pushed_at'])
    .where('n.type', '=', type)
    .where('n.created_at', '>=', since)
    .orderBy('u.unit_code')
    .execute();
  return rows;
}

const list = async (c: Client, query: Record<string, string> = {}) => body<NotificationList>(await c.get(PATHS.notifications, { pageSize: '100', ...query }));

describe('producers: type, link and audience', () => {
  it('an order: B2B_ORDER to the seller opens the online order, ORDERS to the buyer its purchase order, INVOICE its purchase bill', async () => {
    const w = await marketplaceWorld(t.db);
    const priya = await as(DEMO.retailer);
    const ramesh = await as(DEMO.stockist);
    await priya.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
    const { orders } = body<SubmitResult>(await priya.post(MARKETPLACE_PATHS.cartSubmit));
    const orderId = orders[0]!.orderId;

    const received = await written('B2B_ORDER');
    expect(received).toEqual([expect.objectContaining({ unit_code: 'STK-PUN-001', user_id: null, title: 'New order from Sharma Medical Stores', link: `/orders/online-orders/${orderId}`, pushed_at: null })]);
    // The seller's list answers the link; the page it names loads the order for the seller.
    expect((await list(ramesh, { type: 'B2B_ORDER' })).items[0]).toMatchObject({ link: `/orders/online-orders/${orderId}`, read: false });
    expect((await ramesh.get(MARKETPLACE_PATHS.order(orderId))).statusCode).toBe(200);

    t.clock.advance(60);
    expect((await ramesh.post(MARKETPLACE_PATHS.acceptOrder(orderId))).statusCode).toBe(200);
    expect(await written('ORDERS')).toEqual([expect.objectContaining({ unit_code: 'RTL-MUM-001', user_id: null, title: 'Order accepted', link: `/purchases/orders/${orderId}` })]);

    t.clock.advance(60);
    expect((await ramesh.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId))).statusCode).toBe(200);
    const bill = await t.db
      .selectFrom('purchase_bills as b')
      .innerJoin('sales_invoices as i', 'i.id', 'b.sales_invoice_id')
      .select(['b.id', 'i.invoice_number'])
      .where('i.order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const invoice = await written('INVOICE');
    expect(invoice).toEqual([expect.objectContaining({ unit_code: 'RTL-MUM-001', user_id: null, title: `Invoice ${bill.invoice_number} from Agarwal Pharma Distributors`, link: `/purchases/invoice/${bill.id}` })]);
    expect(invoice[0]!.body).toContain(orders[0]!.orderNumber);
    expect((await priya.get(ACCOUNTING_PATHS.purchaseBill(bill.id))).statusCode).toBe(200);
    // Asking for the same invoice again answers it without a second notice.
    await ramesh.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
    expect(await written('INVOICE')).toHaveLength(1);
  });

  it('a connection request opens the seller’s pending list of that buyer type; the decision opens the buyer’s stockists', async () => {
    const priya = await as(DEMO.retailer);
    const amit = await as(PEOPLE.amit);
    const asked = body<{ connectionId: string }>(await priya.post(CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' }));
    expect(await written('CONNECTION_REQUEST')).toEqual([expect.objectContaining({ unit_code: 'STK-THN-001', user_id: null, link: '/customers/retailers?status=PENDING' })]);
    t.clock.advance(60);
    expect((await amit.post(CONNECTIONS_PATHS.approve, { connectionId: asked.connectionId, grantAccess: true })).statusCode).toBe(200);
    expect(await written('GENERAL')).toEqual([expect.objectContaining({ unit_code: 'RTL-MUM-001', title: 'Connection approved', link: '/customers/stockists' })]);
  });

  it('a payment: the payee’s notice opens Receive Payments, the payer’s Make Payments', async () => {
    const w = await paymentsWorld(t);
    t.clock.advance(60);
    const since = t.clock.now();
    const res = await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'UPI', utr: '612345678901', amountPaise: w.invoice.total, paidOn: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    expect((await written('PAYMENT', since)).map((n) => [n.unit_code, n.title, n.link])).toEqual([
      ['RTL-MUM-001', 'Payment made', '/payments/upi/make'],
      ['STK-PUN-001', 'Payment received', '/payments/upi/receive'],
    ]);
  });

  it('a pickup: PICKUPS to the delivery boy alone and DELIVERY_COLLECTED to the owner, both opening the consignment', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const suresh = await as(PEOPLE.suresh);
    const pune = body<Market[]>(await ramesh.get(DELIVERY_PATHS.markets)).find((m) => m.city === 'Pune')!;
    const sureshId = (await callerFor(t.db, PEOPLE.suresh)).userId;
    const created = await ramesh.post(DELIVERY_PATHS.createOffline, {
      direction: 'COLLECT',
      partyName: 'Kothrud Chemist',
      mobile: '9822000001',
      addressLine: 'Karve Road, Kothrud',
      landmark: 'Near the bus depot',
      pincode: '411038',
      marketId: pune.id,
      pickupDate: '2026-11-22',
      packages: 1,
      weightKg: 2,
      assignment: { deliveryBoyUserId: sureshId, vehicleNumber: 'MH12AB1234' },
    });
    expect(created.statusCode).toBe(200);
    const c = body<ConsignmentDetail>(created);
    const link = `/orders/orders-overview/${c.barcodeId}`;
    expect(await written('PICKUPS')).toEqual([expect.objectContaining({ unit_code: 'STK-PUN-001', user_id: sureshId, link })]);
    // His notice is his: the owner's list does not show it, his does; the page it names opens for him.
    expect((await list(ramesh, { type: 'PICKUPS' })).items.map((n) => n.link)).not.toContain(link);
    expect((await list(suresh, { type: 'PICKUPS' })).items.map((n) => n.link)).toContain(link);
    expect((await suresh.get(DELIVERY_PATHS.consignment(c.barcodeId))).statusCode).toBe(200);

    t.clock.advance(60);
    expect((await suresh.post(DELIVERY_PATHS.status(c.id), { status: 'COLLECTED' })).statusCode).toBe(200);
    expect(await written('DELIVERY_COLLECTED')).toEqual([expect.objectContaining({ unit_code: 'STK-PUN-001', user_id: null, link })]);
  });
});

describe('STORE_CLOSED: a seller closes a warehouse', () => {
  async function puneWarehouse(c: Client): Promise<Warehouse> {
    return body<Warehouse[]>(await c.get(PATHS.warehouses))[0]!;
  }

  it('tells each connected buyer unit once, shows the closure, and reopening clears it without a notice', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const w = await puneWarehouse(ramesh);
    const close = (payload: object) => ramesh.post(PROFILE_PATHS.warehouseClosed(w.id), payload);

    const res = await close({ closedUntil: '2026-11-25', note: 'Closed for a family wedding' });
    expect(res.statusCode).toBe(200);
    expect(body<Warehouse[]>(res).find((x) => x.id === w.id)).toMatchObject({ closedUntil: '2026-11-25', closedNote: 'Closed for a family wedding' });
    // The approved buyers of Agarwal (Sharma, Lifeline); not the pending Lajpat Nagar request, nor its season boy.
    const sent = await written('STORE_CLOSED');
    expect(sent.map((n) => [n.unit_code, n.user_id, n.link])).toEqual([
      ['HSP-AMD-001', null, '/customers/stockists'],
      ['RTL-MUM-001', null, '/customers/stockists'],
    ]);
    expect(sent[0]).toMatchObject({ title: `Agarwal Pharma Distributors: ${w.displayName} closed until 25 Nov 2026`, body: 'Closed for a family wedding' });
    const start = t.clock.now();

    // A new note alone tells no one again; a new reopening day does.
    t.clock.advance(60);
    await close({ closedUntil: '2026-11-25', note: 'Wedding in the family' });
    expect(await written('STORE_CLOSED', start)).toHaveLength(2);
    t.clock.advance(60);
    await close({ closedUntil: '2026-11-27', note: 'Wedding in the family' });
    expect(await written('STORE_CLOSED', start)).toHaveLength(4);

    t.clock.advance(60);
    const reopened = await close({ closedUntil: null });
    expect(body<Warehouse[]>(reopened).find((x) => x.id === w.id)).toMatchObject({ closedUntil: null, closedNote: null });
    expect(await written('STORE_CLOSED', start)).toHaveLength(4);
  });

  it('refuses a past day, a closure without a note, an employee, and another unit’s warehouse', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const w = await puneWarehouse(ramesh);
    const past = await ramesh.post(PROFILE_PATHS.warehouseClosed(w.id), { closedUntil: '2026-11-21', note: 'Too late' });
    expect([past.statusCode, past.json().code]).toEqual([400, 'E0001']);
    const noNote = await ramesh.post(PROFILE_PATHS.warehouseClosed(w.id), { closedUntil: '2026-11-23', note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect((await (await as(PEOPLE.suresh)).post(PROFILE_PATHS.warehouseClosed(w.id), { closedUntil: '2026-11-23', note: 'Holiday' })).statusCode).toBe(403);
    const amit = await as(PEOPLE.amit);
    expect((await amit.post(PROFILE_PATHS.warehouseClosed(w.id), { closedUntil: '2026-11-23', note: 'Holiday' })).statusCode).toBe(404);
    expect(await written('STORE_CLOSED')).toEqual([]);
  });
});

describe('reading notifications', () => {
  it('filters by type and text, and answers the link', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const all = await list(ramesh);
    expect(all.items.map((n) => n.type)).toEqual(expect.arrayContaining(['B2B_ORDER', 'PAYMENT', 'CONNECTION_REQUEST', 'GENERAL']));
    const payments = await list(ramesh, { type: 'PAYMENT' });
    expect(payments.items.length).toBeGreaterThan(0);
    expect(payments.items.every((n) => n.type === 'PAYMENT')).toBe(true);
    expect(payments.totalResults).toBe(payments.items.length);
    const found = await list(ramesh, { search: 'lajpat' });
    expect(found.items.map((n) => [n.type, n.link])).toEqual([['CONNECTION_REQUEST', '/customers/retailers?status=PENDING']]);
    expect((await list(ramesh, { type: 'PAYMENT', search: 'lajpat' })).totalResults).toBe(0);
    expect((await ramesh.get(PATHS.notifications, { type: 'NOT_A_TYPE' })).statusCode).toBe(400);
  });

  it('mark read: the caller’s own and unit-wide ones; another unit’s ids are ignored; the unread count goes down', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    const suresh = await as(PEOPLE.suresh);
    const priya = await as(DEMO.retailer);
    const unread = await list(ramesh, { notificationType: 'UNREAD' });
    expect(unread.totalResults).toBeGreaterThanOrEqual(2);
    const [first] = unread.items;

    // Another unit cannot mark Agarwal's notice read.
    const foreign = await priya.post(NOTIFICATION_PATHS.markRead, { ids: [first!.id] });
    expect(foreign.statusCode).toBe(200);
    expect((await list(ramesh, { notificationType: 'UNREAD' })).totalResults).toBe(unread.totalResults);

    const marked = await ramesh.post(NOTIFICATION_PATHS.markRead, { ids: [first!.id] });
    expect(body<UnreadCount>(marked)).toEqual({ unread: unread.totalResults - 1 });
    expect((await list(ramesh)).items.find((n) => n.id === first!.id)!.read).toBe(true);
    // Marking again changes nothing (the first read time stays).
    const readAt = (await t.db.selectFrom('notifications').select('read_at').where('id', '=', first!.id).executeTakeFirstOrThrow()).read_at;
    t.clock.advance(60);
    expect(body<UnreadCount>(await ramesh.post(NOTIFICATION_PATHS.markRead, { ids: [first!.id] }))).toEqual({ unread: unread.totalResults - 1 });
    expect((await t.db.selectFrom('notifications').select('read_at').where('id', '=', first!.id).executeTakeFirstOrThrow()).read_at).toEqual(readAt);

    // Suresh marks all his read: the unit-wide ones go, Ramesh's own (owner-only) request stays unread for Ramesh.
    expect(body<UnreadCount>(await suresh.post(NOTIFICATION_PATHS.markAllRead))).toEqual({ unread: 0 });
    const rameshLeft = await list(ramesh, { notificationType: 'UNREAD' });
    expect(rameshLeft.items.map((n) => n.type)).toEqual(['CONNECTION_REQUEST']);
    expect(body<UnreadCount>(await ramesh.post(NOTIFICATION_PATHS.markAllRead))).toEqual({ unread: 0 });
    // Sharma's unread are untouched by all of it.
    expect((await list(priya, { notificationType: 'UNREAD' })).totalResults).toBeGreaterThan(0);
  });

  it('refuses bad ids and no session', async () => {
    const ramesh = await as(PEOPLE.ramesh);
    expect((await ramesh.post(NOTIFICATION_PATHS.markRead, { ids: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await ramesh.post(NOTIFICATION_PATHS.markRead, { ids: [] })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: NOTIFICATION_PATHS.markAllRead })).statusCode).toBe(403);
  });
});

describe('CART reminders', () => {
  const reminders = () => new CartReminders(t.db, t.config, { error: () => undefined });
  const minutes = (n: number) => t.clock.advance(n * 60);

  it('once per cart change after CART_REMINDER_MINUTES, not for an empty or submitted cart, once when two runs race', async () => {
    const w = await marketplaceWorld(t.db);
    // Signed in afresh for each step: hours pass between them, longer than a token lives.
    const priya = () => {
      t.clock.advance(61); // past the OTP resend wait
      return as(DEMO.retailer);
    };
    const add = async (productId: string) => expect((await (await priya()).post(MARKETPLACE_PATHS.cartAddEntry, { productId, sellerUnitCode: 'STK-PUN-001', quantity: 2 })).statusCode).toBe(200);
    const start = t.clock.now();
    await add(w.dolovex);

    minutes(239);
    expect(await reminders().run()).toBe(0);
    minutes(1);
    // Two processes at once: the claim lets one of them remind.
    const raced = await Promise.all([reminders().run(), reminders().run()]);
    expect(raced.sort()).toEqual([0, 1]);
    const first = await written('CART', start);
    expect(first).toEqual([expect.objectContaining({ unit_code: 'RTL-MUM-001', user_id: null, title: 'Items waiting in your cart', link: '/cart' })]);
    expect(first[0]!.body).toBe('1 item from 1 stockist not ordered yet: submit the cart before the stock runs out.');
    minutes(600);
    expect(await reminders().run()).toBe(0);

    // A change arms it again.
    await add(w.crocivex);
    minutes(240);
    expect(await reminders().run()).toBe(1);
    expect((await written('CART', start)).map((n) => n.body)).toContain('2 items from 1 stockist not ordered yet: submit the cart before the stock runs out.');

    // Emptied: nothing to remind of.
    await add(w.dolovex);
    expect((await (await priya()).post(MARKETPLACE_PATHS.cartDeleteCart)).statusCode).toBe(200);
    minutes(240);
    expect(await reminders().run()).toBe(0);

    // Submitted: the orders are placed, nothing waits.
    await add(w.dolovex);
    expect((await (await priya()).post(MARKETPLACE_PATHS.cartSubmit)).statusCode).toBe(200);
    minutes(240);
    expect(await reminders().run()).toBe(0);
    expect(await written('CART', start)).toHaveLength(2);
    // Only Sharma's cart was ever reminded.
    expect(new Set((await written('CART', start)).map((n) => n.unit_code))).toEqual(new Set(['RTL-MUM-001']));
  });
});
