import { sql } from 'kysely';
import { CONNECTIONS_PATHS, PROFILE_PATHS, type ConnectedUserList, type NearbyTraderList, type Session } from 'shared-api';
import { maySeeStock, stockVisibleTo } from '../src/modules/connections/visibility';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });

const MUMBAI_STOCKIST = '9800000201'; // STK-MUM-001, Lohar Chawl
const THANE_STOCKIST = '9800000202'; // STK-THN-001, not connected to anyone in the seed
const UNVERIFIED_RETAILER = '9800000112'; // RTL-JAI-001
const DELHI_RETAILER = '9800000102'; // RTL-DEL-001 (pending with STK-PUN-001)
const BENGALURU_STOCKIST = '9800000103'; // STK-BLR-001

const unitId = async (code: string) =>
  (await t.db.selectFrom('units').select('id').where('unit_code', '=', code).executeTakeFirstOrThrow()).id;

/** The visibility rule both ways the marketplace uses it: the SQL predicate and the one-pair check. */
async function sees(buyerCode: string, sellerCode: string) {
  const [buyer, seller] = [await unitId(buyerCode), await unitId(sellerCode)];
  const viaSql = await t.db.selectFrom('units as s').select('s.id').where('s.id', '=', seller).where(stockVisibleTo(buyer, 's.id')).execute();
  const viaCheck = await maySeeStock(t.db, buyer, seller);
  expect({ buyerCode, sellerCode, sql: viaSql.length === 1 }).toEqual({ buyerCode, sellerCode, sql: viaCheck });
  return viaCheck;
}

const get = (session: Session, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: bearer(session) });
const post = (session: Session, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(session) });

async function retailersOf(session: Session, query: Record<string, string> = {}) {
  const res = await get(session, CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'RETAILER'), query);
  expect(res.statusCode).toBe(200);
  return body<ConnectedUserList>(res);
}

async function stockistsOf(session: Session, customerType: 'RETAILER' | 'STOCKIST' = 'RETAILER', query: Record<string, string> = {}) {
  const res = await get(session, CONNECTIONS_PATHS.connectedUsers(customerType, 'STOCKIST'), query);
  expect(res.statusCode).toBe(200);
  return body<ConnectedUserList>(res);
}

async function notificationsOf(code: string) {
  return t.db
    .selectFrom('notifications')
    .select(['type', 'title', 'body'])
    .where('unit_id', '=', await unitId(code))
    .orderBy('created_at', 'desc')
    .execute();
}

describe('who sees whose stock (SPEC.md §6), as a table', () => {
  it.each([
    ['connected with access', 'RTL-MUM-001', 'STK-PUN-001', true],
    ['connected without access', 'HSP-AMD-001', 'STK-PUN-001', false],
    ['pending request', 'RTL-DEL-001', 'STK-PUN-001', false],
    ['declined request', 'HSP-AMD-001', 'STK-JAI-001', false],
    ['not connected', 'STK-BLR-001', 'STK-PUN-001', false],
    ['the seller itself', 'STK-PUN-001', 'STK-PUN-001', true],
    // Direction matters: the seller does not see its buyer's stock through the buyer's connection.
    ['the reverse direction', 'STK-PUN-001', 'RTL-MUM-001', false],
  ])('%s: %s sees %s → %s', async (_case, buyer, seller, expected) => {
    expect(await sees(buyer, seller)).toBe(expected);
  });

  it('the customers list shows the same states the rule reads', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const retailers = await retailersOf(stockist);
    const row = (code: string) => retailers.items.find((r) => r.unitCode === code);
    expect(row('RTL-MUM-001')).toMatchObject({ status: 'APPROVED', hasAccess: true, callerSide: 'SELLER', city: 'Mumbai' });
    expect(row('RTL-DEL-001')).toMatchObject({ status: 'PENDING', hasAccess: false, callerSide: 'SELLER', decidedAt: null });
    const hospitals = body<ConnectedUserList>(await get(stockist, CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'HOSPITAL')));
    expect(hospitals.items.map((h) => [h.unitCode, h.status, h.hasAccess])).toEqual([['HSP-AMD-001', 'APPROVED', false]]);
  });
});

describe('asking to connect, approving, access', () => {
  it('request → CONNECTION_REQUEST to the seller → approve with access → revoke → grant → disconnect, each visible at once', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    const seller = await login(t.app, THANE_STOCKIST);
    expect(await sees('RTL-MUM-001', 'STK-THN-001')).toBe(false);

    const asked = await post(retailer, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' });
    expect(asked.statusCode).toBe(200);
    const { connectionId, status, hasAccess } = body<{ connectionId: string; status: string; hasAccess: boolean }>(asked);
    expect([status, hasAccess]).toEqual(['PENDING', false]);
    expect((await notificationsOf('STK-THN-001'))[0]).toEqual({
      type: 'CONNECTION_REQUEST',
      title: 'New connection request',
      body: 'Sharma Medical Stores, Mumbai wants to see your inventory.',
    });
    expect(await sees('RTL-MUM-001', 'STK-THN-001')).toBe(false);

    // Asking twice is refused; access cannot be given before approval.
    expect((await post(retailer, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' })).statusCode).toBe(409);
    expect((await post(seller, CONNECTIONS_PATHS.grantAccess, { connectionId })).statusCode).toBe(409);

    expect((await post(seller, CONNECTIONS_PATHS.approve, { connectionId, grantAccess: true })).statusCode).toBe(200);
    expect(await sees('RTL-MUM-001', 'STK-THN-001')).toBe(true);
    expect((await notificationsOf('RTL-MUM-001'))[0]!.title).toBe('Connection approved');
    const mine = (await stockistsOf(retailer)).items.find((s) => s.unitCode === 'STK-THN-001');
    expect(mine).toMatchObject({ connectionId, status: 'APPROVED', hasAccess: true, callerSide: 'BUYER', decidedAt: '2026-11-22T04:30:00.000Z' });

    expect((await post(seller, CONNECTIONS_PATHS.revokeAccess, { connectionId })).statusCode).toBe(200);
    expect(await sees('RTL-MUM-001', 'STK-THN-001')).toBe(false);
    expect((await post(seller, CONNECTIONS_PATHS.grantAccess, { connectionId })).statusCode).toBe(200);
    expect(await sees('RTL-MUM-001', 'STK-THN-001')).toBe(true);

    // The buyer disconnects: visibility ends with the same request.
    expect((await post(retailer, CONNECTIONS_PATHS.disconnect, { connectionId })).statusCode).toBe(200);
    expect(await sees('RTL-MUM-001', 'STK-THN-001')).toBe(false);
    expect((await stockistsOf(retailer)).items.find((s) => s.unitCode === 'STK-THN-001')).toMatchObject({ status: 'DISCONNECTED', hasAccess: false });

    // Asking again reuses the pair's row and starts over as pending.
    const again = body<{ connectionId: string; status: string }>(await post(retailer, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' }));
    expect(again).toMatchObject({ connectionId, status: 'PENDING' });
  });

  it('the seller disconnects a buyer: its stock disappears for that buyer at once', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const { items } = await retailersOf(stockist, { search: 'Sharma' });
    expect(items.map((r) => r.unitCode)).toEqual(['RTL-MUM-001']);
    expect(await sees('RTL-MUM-001', 'STK-PUN-001')).toBe(true);
    expect((await post(stockist, CONNECTIONS_PATHS.disconnect, { connectionId: items[0]!.connectionId })).statusCode).toBe(200);
    expect(await sees('RTL-MUM-001', 'STK-PUN-001')).toBe(false);
  });

  it('approve without access connects but shows no stock; decline tells the buyer', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const delhi = await login(t.app, DELHI_RETAILER);
    const pending = (await retailersOf(stockist, { status: 'PENDING' })).items;
    expect(pending.map((r) => r.unitCode)).toEqual(['RTL-DEL-001']);
    const connectionId = pending[0]!.connectionId;
    expect((await post(stockist, CONNECTIONS_PATHS.approve, { connectionId, grantAccess: false })).statusCode).toBe(200);
    expect(await sees('RTL-DEL-001', 'STK-PUN-001')).toBe(false);
    // Already decided.
    expect((await post(stockist, CONNECTIONS_PATHS.decline, { connectionId })).statusCode).toBe(409);

    // The Thane stockist declines a fresh request.
    const thane = await login(t.app, THANE_STOCKIST);
    t.clock.advance(60);
    const asked = body<{ connectionId: string }>(await post(delhi, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' }));
    expect((await post(thane, CONNECTIONS_PATHS.decline, { connectionId: asked.connectionId })).statusCode).toBe(200);
    expect((await notificationsOf('RTL-DEL-001'))[0]!.title).toBe('Connection request declined');
    expect(await sees('RTL-DEL-001', 'STK-THN-001')).toBe(false);
  });

  it('only the seller decides, only on its own connections; the buyer cannot give itself access', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const mumbai = await login(t.app, MUMBAI_STOCKIST);
    const retailer = await login(t.app, DEMO.retailer);
    // STK-PUN-001 buys from STK-MUM-001: on that connection it is the buyer.
    const asBuyer = (await stockistsOf(stockist, 'STOCKIST')).items.find((s) => s.unitCode === 'STK-MUM-001')!;
    expect(asBuyer.callerSide).toBe('BUYER');
    expect((await post(stockist, CONNECTIONS_PATHS.revokeAccess, { connectionId: asBuyer.connectionId })).statusCode).toBe(404);
    // Another seller cannot touch STK-PUN-001's connections.
    const hospitalRow = (await get(stockist, CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'HOSPITAL'))).json().body.items[0];
    expect((await post(mumbai, CONNECTIONS_PATHS.grantAccess, { connectionId: hospitalRow.connectionId })).statusCode).toBe(404);
    expect((await post(mumbai, CONNECTIONS_PATHS.disconnect, { connectionId: hospitalRow.connectionId })).statusCode).toBe(404);
    // A retailer is not a seller at all.
    expect((await post(retailer, CONNECTIONS_PATHS.grantAccess, { connectionId: hospitalRow.connectionId })).json().code).toBe('E0040');
    expect(await sees('HSP-AMD-001', 'STK-PUN-001')).toBe(false);
    // Garbage ids are just not found.
    expect((await post(stockist, CONNECTIONS_PATHS.approve, { connectionId: 'not-a-uuid' })).statusCode).toBe(404);
  });

  it('unverified units cannot ask, unverified or non-stockist units cannot be asked, nor the caller itself', async () => {
    const unverified = await login(t.app, UNVERIFIED_RETAILER);
    const res = await post(unverified, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-JAI-001' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'E0008']);
    const stockist = await login(t.app, DEMO.stockist);
    expect((await post(stockist, CONNECTIONS_PATHS.request, { sellerUnitCode: 'RTL-JAI-001' })).statusCode).toBe(404);
    expect((await post(stockist, CONNECTIONS_PATHS.request, { sellerUnitCode: 'HSP-BLR-001' })).statusCode).toBe(404);
    expect((await post(stockist, CONNECTIONS_PATHS.request, { sellerUnitCode: 'NOPE-000' })).statusCode).toBe(404);
    const self = await post(stockist, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-PUN-001' });
    expect([self.statusCode, self.json().code]).toEqual([400, 'E0001']);
  });
});

describe('auto approve', () => {
  it('a seller with auto approve on connects the buyer at once, with access', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    // Vashi Medico Agencies has auto approve on in the seed.
    const res = body<{ status: string; hasAccess: boolean }>(await post(retailer, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-NVM-001' }));
    expect(res).toMatchObject({ status: 'APPROVED', hasAccess: true });
    expect(await sees('RTL-MUM-001', 'STK-NVM-001')).toBe(true);
    expect((await notificationsOf('STK-NVM-001'))[0]).toMatchObject({ type: 'CONNECTION_REQUEST', title: 'New connection (auto approved)' });
  });

  it('the toggle: on → requests approved at once; off → they wait; pending ones are not touched', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const blr = await login(t.app, BENGALURU_STOCKIST);
    const mumbai = await login(t.app, MUMBAI_STOCKIST);
    // Read with the other preferences (profile module); written here.
    expect(body(await get(stockist, PROFILE_PATHS.preferences))).toMatchObject({ autoApprove: false });
    expect(body(await post(stockist, CONNECTIONS_PATHS.autoApprove, { autoApprove: true }))).toEqual({ autoApprove: true });
    expect(body(await get(stockist, PROFILE_PATHS.preferences))).toMatchObject({ autoApprove: true });
    expect(body(await post(blr, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-PUN-001' }))).toMatchObject({ status: 'APPROVED', hasAccess: true });
    expect(await sees('STK-BLR-001', 'STK-PUN-001')).toBe(true);
    // The Delhi request from before the toggle still waits.
    expect(await sees('RTL-DEL-001', 'STK-PUN-001')).toBe(false);

    await post(stockist, CONNECTIONS_PATHS.autoApprove, { autoApprove: false });
    expect(body(await post(mumbai, CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-PUN-001' }))).toMatchObject({ status: 'PENDING', hasAccess: false });
    expect(await sees('STK-MUM-001', 'STK-PUN-001')).toBe(false);
  });

  it('is a seller setting: buyers are refused', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    expect((await post(retailer, CONNECTIONS_PATHS.autoApprove, { autoApprove: true })).json().code).toBe('E0040');
  });
});

describe('customers lists: b2bapp/v2/{customerType}/{connectedUserType}', () => {
  it('follows SPEC.md §6: the path names the caller type; retailers and hospitals list stockists only', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    expect((await get(retailer, CONNECTIONS_PATHS.connectedUsers('RETAILER', 'RETAILER'))).json().code).toBe('E0040');
    expect((await get(retailer, CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'RETAILER'))).json().code).toBe('E0040');
    expect((await get(retailer, '/b2bapp/v2/retailer/manufacturer')).statusCode).toBe(404);
    const list = await stockistsOf(retailer);
    expect(list.items.map((s) => s.unitCode)).toEqual(['STK-PUN-001', 'STK-MUM-001']);
    expect(list.items.map((s) => s.tradeName)).toEqual(['Agarwal Pharma Distributors', 'Lohar Chawl Medical Agencies']);
  });

  it('sorts by distance from the active warehouse (km) or by name, searches, filters by status and pages', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    const byDistance = await stockistsOf(retailer, 'RETAILER', { sort: 'distance' });
    expect(byDistance.items.map((s) => s.unitCode)).toEqual(['STK-MUM-001', 'STK-PUN-001']);
    // Andheri → Kalbadevi ≈ 19 km; Andheri → Pune Main Godown ≈ 120 km (the nearer of Pune and Nashik).
    expect(byDistance.items[0]!.distanceKm).toBeCloseTo(19.1, 0);
    expect(byDistance.items[1]!.distanceKm).toBeGreaterThan(110);
    expect(byDistance.items[1]!.distanceKm).toBeLessThan(130);

    const stockist = await login(t.app, DEMO.stockist);
    expect((await retailersOf(stockist, { search: 'delhi' })).items.map((r) => r.unitCode)).toEqual(['RTL-DEL-001']);
    expect((await retailersOf(stockist, { search: 'RTL-MUM' })).items.map((r) => r.unitCode)).toEqual(['RTL-MUM-001']);
    expect((await retailersOf(stockist, { status: 'APPROVED' })).items.map((r) => r.unitCode)).toEqual(['RTL-MUM-001']);
    // By name: Lajpat Nagar Chemists, then Sharma Medical Stores.
    const page1 = await retailersOf(stockist, { pageSize: '1', page: '1' });
    expect([page1.totalResults, page1.page, page1.items.map((r) => r.unitCode)]).toEqual([2, 1, ['RTL-MUM-001']]);
  });
});

describe('orders per connection', () => {
  it('counts the orders on a connection (rejected ones aside) and their value', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const sharma = async () => (await retailersOf(stockist, { search: 'RTL-MUM-001' })).items[0]!;
    const before = await sharma();
    const [buyer, seller] = [await unitId('RTL-MUM-001'), await unitId('STK-PUN-001')];
    const order = (n: number, status: string, total: number) =>
      sql`INSERT INTO orders (id, order_number, buyer_unit_id, seller_unit_id, status, order_date, item_count, taxable_paise, gst_paise, total_paise, created_at)
          VALUES (gen_random_uuid(), ${`ORD-TEST-${n}`}, ${buyer}, ${seller}, ${status}, '2026-11-22', 1, ${total}, 0, ${total}, now())`.execute(t.db);
    await order(1, 'PLACED', 1_864_000);
    await order(2, 'REJECTED', 50_000);
    const after = await sharma();
    expect(after.orderCount - before.orderCount).toBe(1);
    expect(after.orderValuePaise - before.orderValuePaise).toBe(1_864_000);
  });
});

describe('finding traders near the active warehouse', () => {
  const nearby = async (session: Session, query: Record<string, string>) => {
    const res = await get(session, CONNECTIONS_PATHS.nearby, query);
    expect(res.statusCode).toBe(200);
    return body<NearbyTraderList>(res);
  };

  it('lists verified stockists within the radius, nearest first, with the connection state and connect action', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    const near = await nearby(retailer, { type: 'STOCKIST', radiusKm: '50' });
    expect(near.origin).toBe('Andheri Shop');
    expect(near.items.map((s) => [s.unitCode, s.connection?.status ?? null, s.canConnect])).toEqual([
      ['STK-THN-001', null, true],
      ['STK-NVM-001', null, true],
      ['STK-MUM-001', 'APPROVED', false],
    ]);
    const distances = near.items.map((s) => s.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances.every((d) => d <= 50)).toBe(true);

    const wider = await nearby(retailer, { type: 'STOCKIST', radiusKm: '200' });
    expect(wider.items.map((s) => s.unitCode)).toContain('STK-PUN-001');
    expect((await nearby(retailer, { type: 'STOCKIST', radiusKm: '200', search: 'agarwal' })).items.map((s) => s.unitCode)).toEqual(['STK-PUN-001']);
    // A retailer may not look for other retailers (SPEC.md §6).
    expect((await get(retailer, CONNECTIONS_PATHS.nearby, { type: 'RETAILER' })).json().code).toBe('E0040');
  });

  it('measures from the ACTIVE warehouse and never lists unverified units or the caller', async () => {
    const stockist = await login(t.app, DEMO.stockist);
    const all = await nearby(stockist, { type: 'RETAILER', radiusKm: '2000', pageSize: '50' });
    expect(all.items.map((r) => r.unitCode)).not.toContain('RTL-JAI-001');
    expect(all.items.find((r) => r.unitCode === 'RTL-DEL-001')).toMatchObject({ canConnect: false, connection: null });
    const selfless = await nearby(stockist, { type: 'STOCKIST', radiusKm: '2000', pageSize: '50' });
    expect(selfless.items.map((s) => s.unitCode)).not.toContain('STK-PUN-001');

    const fromPune = (await nearby(stockist, { type: 'STOCKIST', radiusKm: '300' })).items.find((s) => s.unitCode === 'STK-THN-001')!;
    const nashik = await t.db.selectFrom('warehouses').select('id').where('display_name', '=', 'Nashik Branch').executeTakeFirstOrThrow();
    await t.app.inject({ method: 'POST', url: `/b2bapp/group/active/${nashik.id}`, headers: bearer(stockist) });
    const fromNashik = await nearby(stockist, { type: 'STOCKIST', radiusKm: '300' });
    expect(fromNashik.origin).toBe('Nashik Branch');
    expect(fromNashik.items.find((s) => s.unitCode === 'STK-THN-001')!.distanceKm).not.toEqual(fromPune.distanceKm);
  });

  it('answers E0035 when the active warehouse and the unit have no location', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    const id = await unitId('RTL-MUM-001');
    await t.db.updateTable('warehouses').set({ latitude: null, longitude: null }).where('unit_id', '=', id).execute();
    await t.db.updateTable('units').set({ latitude: null, longitude: null }).where('id', '=', id).execute();
    const res = await get(retailer, CONNECTIONS_PATHS.nearby, { type: 'STOCKIST' });
    expect([res.statusCode, res.json().code]).toEqual([422, 'E0035']);
  });

  it('measures from a pincode instead when one is given: nearest to that post office first', async () => {
    const retailer = await login(t.app, DEMO.retailer); // Andheri, Mumbai
    const pune = await nearby(retailer, { type: 'STOCKIST', radiusKm: '50', pincode: '411001' });
    expect([pune.origin, pune.originPincode]).toEqual(['Pune G.P.O., Pune 411001', '411001']);
    expect(pune.items.map((s) => s.unitCode)).toEqual(['STK-PUN-001']); // Pune Main Godown, ~3 km from the GPO
    expect(pune.items[0]!.distanceKm).toBeLessThan(5);

    // Wider: the Mumbai-area stockists come after Pune's, ~120 km away, still nearest first.
    const wider = await nearby(retailer, { type: 'STOCKIST', radiusKm: '200', pincode: '411001' });
    expect(wider.items[0]!.unitCode).toBe('STK-PUN-001');
    expect(wider.items.map((s) => s.unitCode)).toEqual(expect.arrayContaining(['STK-MUM-001', 'STK-THN-001', 'STK-NVM-001']));
    const distances = wider.items.map((s) => s.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances.slice(1).every((d) => d > 90)).toBe(true);

    // Without the pincode the same search measures from the active warehouse again.
    expect((await nearby(retailer, { type: 'STOCKIST', radiusKm: '50' })).originPincode).toBeUndefined();

    // A Pune stockist looking for retailers around Connaught Place finds the Lajpat Nagar shop.
    const stockist = await login(t.app, DEMO.stockist);
    const delhi = await nearby(stockist, { type: 'RETAILER', radiusKm: '25', pincode: '110001' });
    expect(delhi.items.map((r) => r.unitCode)).toContain('RTL-DEL-001');
    expect(delhi.items.every((r) => r.distanceKm! <= 25)).toBe(true);
  });

  it('answers E0035 for a pincode not in the dataset, and E0001 for a malformed one', async () => {
    const retailer = await login(t.app, DEMO.retailer);
    const unknown = await get(retailer, CONNECTIONS_PATHS.nearby, { type: 'STOCKIST', pincode: '999999' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([422, 'E0035']);
    expect(unknown.json().message).toContain('999999');
    expect(unknown.json().fields).toHaveProperty('pincode');
    const malformed = await get(retailer, CONNECTIONS_PATHS.nearby, { type: 'STOCKIST', pincode: '41100' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'E0001']);
  });

  it('migration 005 indexes the location columns the bounding box filters on', async () => {
    const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename IN ('warehouses', 'connections')`.execute(t.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['warehouses_location', 'connections_buyer']));
  });
});
