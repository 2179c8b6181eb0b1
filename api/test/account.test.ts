import { randomUUID } from 'node:crypto';
import { PATHS, type Cart, type MyAccount, type NotificationList, type Warehouse } from 'shared-api';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

const get = async (url: string, mobile: string, query?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, query, headers: bearer(await login(t.app, mobile)) });

describe('my account', () => {
  it('describes the signed-in owner and their unit', async () => {
    const res = await get(PATHS.myAccount, DEMO.stockist);
    expect(res.statusCode).toBe(200);
    expect(body<MyAccount>(res)).toMatchObject({
      role: 'OWNER',
      firstName: 'Ramesh',
      lastName: 'Agarwal',
      customerType: 'STOCKIST',
      unitCode: 'STK-PUN-001',
      tradeName: 'Agarwal Pharma Distributors',
      mobileNumber: '9800000001',
      deliveryMarket: 'Pune',
      activated: true,
      latitude: 18.4967,
      longitude: 73.8676,
      subscription: { type: 'GOLD', validUntil: '2027-03-31' },
    });
  });

  it('reports a unit that is not activated yet', async () => {
    const res = await get(PATHS.myAccount, '9800000112');
    expect(body<MyAccount>(res)).toMatchObject({ unitCode: 'RTL-JAI-001', activated: false, subscription: null });
  });
});

describe('warehouses', () => {
  it('lists the unit’s warehouses with the active one marked', async () => {
    const res = await get(PATHS.warehouses, DEMO.stockist);
    expect(body<Warehouse[]>(res).map((w) => [w.displayName, w.market.name, w.isActive])).toEqual([
      ['Pune Main Godown', 'Pune', true],
      ['Nashik Branch', 'Nashik', false],
    ]);
  });

  it('switches the active warehouse and answers the new list', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const list = body<Warehouse[]>(await t.app.inject({ method: 'GET', url: PATHS.warehouses, headers }));
    const nashik = list.find((w) => w.displayName === 'Nashik Branch')!;

    const res = await t.app.inject({ method: 'POST', url: PATHS.setActiveWarehouse(nashik.id), headers });
    expect(res.statusCode).toBe(200);
    expect(body<Warehouse[]>(res).find((w) => w.isActive)?.displayName).toBe('Nashik Branch');
    const after = body<Warehouse[]>(await t.app.inject({ method: 'GET', url: PATHS.warehouses, headers }));
    expect(after.filter((w) => w.isActive).map((w) => w.id)).toEqual([nashik.id]);
  });

  it('keeps the choice per user: the employee’s active warehouse is their own', async () => {
    const owner = bearer(await login(t.app, DEMO.stockist));
    const list = body<Warehouse[]>(await t.app.inject({ method: 'GET', url: PATHS.warehouses, headers: owner }));
    await t.app.inject({ method: 'POST', url: PATHS.setActiveWarehouse(list[1]!.id), headers: owner });
    const employee = body<Warehouse[]>(await get(PATHS.warehouses, DEMO.stockistEmployee));
    expect(employee.find((w) => w.isActive)?.displayName).toBe('Pune Main Godown');
  });

  it('answers 404 for an unknown id or a malformed one', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'POST', url: PATHS.setActiveWarehouse(id), headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('E0002');
    }
  });
});

describe('notifications', () => {
  it('counts unread ones for the header (page 0, size 6)', async () => {
    const res = await get(PATHS.notifications, DEMO.stockist, { notificationType: 'UNREAD', page: '0', pageSize: '6' });
    const list = body<NotificationList>(res);
    expect(list.totalResults).toBe(4);
    expect(list.items.every((n) => !n.read)).toBe(true);
    expect(list.items[0]).toMatchObject({ type: 'B2B_ORDER', title: 'New order from Sharma Medical Stores' });
  });

  it('lists all, pages and searches', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    const all = body<NotificationList>(await t.app.inject({ method: 'GET', url: PATHS.notifications, query: { notificationType: 'ALL' }, headers }));
    expect(all.totalResults).toBe(5);
    expect(new Set(all.items.map((n) => n.type)).size).toBe(5);

    const page1 = body<NotificationList>(await t.app.inject({ method: 'GET', url: PATHS.notifications, query: { page: '1', pageSize: '2' }, headers }));
    expect(page1.items.map((n) => n.id)).toEqual(all.items.slice(2, 4).map((n) => n.id));

    const found = body<NotificationList>(await t.app.inject({ method: 'GET', url: PATHS.notifications, query: { search: 'payment' }, headers }));
    expect(found.items.map((n) => n.type)).toEqual(['PAYMENT']);
  });

  it('shows an employee the unit’s notifications but not those addressed to the owner', async () => {
    const list = body<NotificationList>(await get(PATHS.notifications, DEMO.stockistEmployee));
    expect(list.items.map((n) => n.type)).not.toContain('CONNECTION_REQUEST');
    expect(list.totalResults).toBe(4);
  });

  it('rejects a bad notificationType', async () => {
    const res = await get(PATHS.notifications, DEMO.stockist, { notificationType: 'SOME' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'E0001', fields: { notificationType: expect.any(String) } });
  });
});

describe('cart', () => {
  it('is empty for a fresh retailer', async () => {
    const res = await get(PATHS.cart, DEMO.retailer);
    expect(body<Cart>(res)).toEqual({ unitCode: 'RTL-MUM-001', entries: [], total: { itemCount: 0, amountPaise: 0 }, creditWarnings: [], deliveryWarnings: [] });
  });

  it('reads the cart rows of the caller’s unit', async () => {
    const units = await t.db.selectFrom('units').select(['id', 'unit_code']).execute();
    const id = (code: string) => units.find((u) => u.unit_code === code)!.id;
    const cartId = randomUUID();
    const now = t.clock.now();
    await t.db.insertInto('carts').values({ id: cartId, buyer_unit_id: id('HSP-AMD-001'), created_at: now, updated_at: now }).execute();
    await t.db
      .insertInto('cart_entries')
      .values([
        { id: randomUUID(), cart_id: cartId, seller_unit_id: id('STK-PUN-001'), manufacturer: 'Cipla', product_name: 'Azee 500 Tablet', quantity: 10, free_quantity: 1, ptr_paise: 9850, mrp_paise: 12_400, created_at: now },
        { id: randomUUID(), cart_id: cartId, seller_unit_id: id('STK-PUN-001'), manufacturer: 'GSK', product_name: 'Calpol 650', quantity: 20, free_quantity: 0, ptr_paise: 2570, mrp_paise: 3380, created_at: now },
      ])
      .execute();

    const cart = body<Cart>(await get(PATHS.cart, DEMO.hospital, { unitCode: 'HSP-AMD-001' }));
    expect(cart.total).toEqual({ itemCount: 2, amountPaise: 10 * 9850 + 20 * 2570 });
    // Both rows were added at the same moment, so their order within the seller is not part of the contract.
    const azee = cart.entries.find((e) => e.productName === 'Azee 500 Tablet');
    expect(azee).toMatchObject({ stockist: 'Agarwal Pharma Distributors', sellerUnitCode: 'STK-PUN-001', totalPaise: 98_500 });
    // Another buyer sees none of it.
    expect(body<Cart>(await get(PATHS.cart, DEMO.retailer)).entries).toEqual([]);
  });

  it('is refused to stockists and for another unit’s code', async () => {
    const stockist = await get(PATHS.cart, DEMO.stockist);
    expect(stockist.statusCode).toBe(403);
    expect(stockist.json().code).toBe('E0040');
    const other = await get(PATHS.cart, DEMO.retailer, { unitCode: 'HSP-AMD-001' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('E0040');
  });
});

describe('push tokens', () => {
  it('saves one token per device, replacing it when saved again', async () => {
    const headers = bearer(await login(t.app, DEMO.retailer));
    const save = (token: string) =>
      t.app.inject({ method: 'POST', url: PATHS.firebaseAddToken, headers, payload: { token, channel: 'WEB', osType: 'WINDOWS', deviceId: 'dev-1', model: 'Desktop' } });
    expect((await save('first')).json()).toEqual({ type: 'success', body: null });
    await save('second');
    expect(await t.db.selectFrom('push_tokens').select(['token', 'os_type']).execute()).toEqual([{ token: 'second', os_type: 'WINDOWS' }]);
  });

  it('validates the body', async () => {
    const headers = bearer(await login(t.app, DEMO.retailer));
    const res = await t.app.inject({ method: 'POST', url: PATHS.firebaseAddToken, headers, payload: { token: 'x', channel: 'SMS', osType: 'PALM', deviceId: '', model: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['channel', 'deviceId', 'osType']);
  });
});
