import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { PATHS, type CustomerType } from 'shared-api';
import type { RouteEntry } from '../src/app';
import { DEMO, bearer, build, login } from './helpers';

/**
 * Walks EVERY route in fastify's route table (collected by app.ts as routes register), so a route added later
 * is covered automatically — and this test fails until it has a request fixture below.
 * Victim: the STOCKIST unit STK-PUN-001 (plus a hospital cart). Attacker: the RETAILER owner of another unit.
 */
// This test signs in dozens of times; the OTP send limits are tested in otp.test.ts.
const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });

/** Routes that answer without a session. Anything else public is a mistake. */
const PUBLIC_ROUTES = new Set([
  `POST ${PATHS.otpLogin}`,
  `POST ${PATHS.otpResend}`,
  `POST ${PATHS.otpVerify}`,
  `POST ${PATHS.refreshToken}`,
  `GET ${PATHS.testLastOtp}`,
  'GET /health',
]);
const isDocsOrPreflight = (r: RouteEntry) => r.url === '/docs' || r.url.startsWith('/docs/') || r.method === 'OPTIONS';

interface Victim {
  warehouseId: string;
  employeeId: string;
  markers: string[];
}

/** Request for each signed-in route, aimed at the victim's rows wherever the route takes an id or unit code. */
function requestFor(route: RouteEntry, victim: Victim): Omit<InjectOptions, 'headers'> | undefined {
  const params: Record<string, string> = { id: victim.warehouseId, employeeId: victim.employeeId };
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`authorization test: no victim value for :${name} in ${route.url}`);
    return params[name]!;
  });
  const fixtures: Record<string, Omit<InjectOptions, 'headers' | 'url' | 'method'>> = {
    [`POST ${PATHS.logout}`]: { payload: { deviceId: 'victim-device' } },
    [`GET ${PATHS.myAccount}`]: {},
    [`GET ${PATHS.warehouses}`]: {},
    'POST /b2bapp/group/active/:id': {},
    [`GET ${PATHS.employees}`]: {},
    [`POST ${PATHS.addEmployee}`]: { payload: { name: 'Ravi Kumar', mobileNumber: '9822233344', email: 'ravi@example.in' } },
    'DELETE /b2bapp/employee/delete/:employeeId': {},
    [`GET ${PATHS.notifications}`]: { query: { notificationType: 'ALL', pageSize: '100' } },
    [`GET ${PATHS.cart}`]: { query: { unitCode: 'HSP-AMD-001' } },
    [`POST ${PATHS.firebaseAddToken}`]: {
      payload: { token: 'attacker-token', channel: 'WEB', osType: 'LINUX', deviceId: 'victim-device', model: 'Desktop' },
    },
  };
  const fixture = fixtures[`${route.method} ${route.url}`];
  return fixture && { method: route.method, url, ...fixture };
}

async function prepareVictim(): Promise<Victim> {
  const db = t.db;
  const unit = await db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  const warehouses = await db.selectFrom('warehouses').select('id').where('unit_id', '=', unit.id).orderBy('created_at').execute();
  const users = await db.selectFrom('users').select(['id', 'role']).where('unit_id', '=', unit.id).execute();
  const notifications = await db.selectFrom('notifications').select('id').where('unit_id', '=', unit.id).execute();

  // The victim owner has a push token on the device id the attacker will use.
  const owner = await login(t.app, DEMO.stockist, 'victim-device');
  await t.app.inject({
    method: 'POST',
    url: PATHS.firebaseAddToken,
    headers: bearer(owner),
    payload: { token: 'victim-token', channel: 'WEB', osType: 'MAC_OS', deviceId: 'victim-device', model: 'Desktop' },
  });

  // A hospital cart, so a cart leak would show.
  const hospital = await db.selectFrom('units').select('id').where('unit_code', '=', 'HSP-AMD-001').executeTakeFirstOrThrow();
  const cartId = randomUUID();
  const now = t.clock.now();
  await db.insertInto('carts').values({ id: cartId, buyer_unit_id: hospital.id, created_at: now, updated_at: now }).execute();
  await db
    .insertInto('cart_entries')
    .values({ id: randomUUID(), cart_id: cartId, seller_unit_id: unit.id, manufacturer: 'Sun Pharma', product_name: 'VICTIM-CART-LINE', quantity: 5, ptr_paise: 100, mrp_paise: 150, created_at: now })
    .execute();

  return {
    warehouseId: warehouses[1]!.id,
    employeeId: users.find((u) => u.role === 'EMPLOYEE')!.id,
    markers: [
      // Not the trade name: counterparties' own notifications legitimately mention it.
      'STK-PUN-001', 'Ramesh', 'Suresh', '9800000001', '9800000011', 'HSP-AMD-001', 'VICTIM-CART-LINE', 'victim-token',
      unit.id, ...warehouses.map((w) => w.id), ...users.map((u) => u.id), ...notifications.map((n) => n.id),
    ],
  };
}

async function victimState() {
  const unit = await t.db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  return {
    users: await t.db.selectFrom('users').select(['id', 'active_warehouse_id', 'deleted_at']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    push: await t.db.selectFrom('push_tokens as p').innerJoin('users as u', 'u.id', 'p.user_id').select(['p.token', 'p.device_id']).where('u.unit_id', '=', unit.id).execute(),
    liveTokens: await t.db.selectFrom('refresh_tokens as r').innerJoin('users as u', 'u.id', 'r.user_id').select('r.id').where('u.unit_id', '=', unit.id).where('r.revoked_at', 'is', null).execute(),
  };
}

const signedInRoutes = () => t.app.routeTable.filter((r) => !r.access.public);

describe('authorization on every route', () => {
  it('leaves public only the sign-in routes, the health check, the test endpoint and the docs', () => {
    const publicRoutes = t.app.routeTable.filter((r) => r.access.public && !isDocsOrPreflight(r)).map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
    expect(signedInRoutes().length).toBeGreaterThanOrEqual(10);
  });

  it('refuses every signed-in route without a token, with a bad token and with an expired one (403 E0039)', async () => {
    const session = await login(t.app, DEMO.stockist);
    t.clock.advance(901);
    for (const route of signedInRoutes()) {
      // Logout alone takes an expired (but genuine) token, so a stale tab can still end its session.
      const expired = route.access.public === false && route.access.acceptExpiredToken ? [] : [bearer(session)];
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }, ...expired]) {
        const res = await t.app.inject({ method: route.method, url: route.url.replace(/:\w+/g, randomUUID()), headers });
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode, code: res.json().code }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
          code: 'E0039',
        });
      }
    }
  });

  it('never lets another unit read or change the victim’s rows', async () => {
    const victim = await prepareVictim();
    const before = await victimState();

    for (const route of signedInRoutes()) {
      const request = requestFor(route, victim);
      if (!request) throw new Error(`authorization test: add a fixture for ${route.method} ${route.url}`);
      // A fresh session per route: logout is one of the routes.
      const attacker = await login(t.app, DEMO.retailer);
      t.clock.advance(61);
      const res = await t.app.inject({ ...request, headers: bearer(attacker) });
      const label = `${route.method} ${route.url} → ${res.statusCode}`;
      if (res.statusCode >= 400) {
        expect([label, res.json().type]).toEqual([label, 'error']);
        expect([403, 404]).toContain(res.statusCode);
      } else {
        const leaked = victim.markers.filter((m) => res.body.includes(m));
        expect({ label, leaked }).toEqual({ label, leaked: [] });
      }
    }

    expect(await victimState()).toEqual(before);
  });

  it('refuses callers whose role or customer type a route does not allow (403 E0040)', async () => {
    const byType: Record<string, string> = { STOCKIST: DEMO.stockist, RETAILER: DEMO.retailer, HOSPITAL: DEMO.hospital };
    let checked = 0;
    for (const route of signedInRoutes()) {
      if (route.access.public) continue;
      const refused: string[] = [];
      if (route.access.roles !== 'ALL' && !route.access.roles.includes('EMPLOYEE')) refused.push(DEMO.stockistEmployee);
      const types = route.access.customerTypes;
      if (types !== 'ALL') {
        refused.push(...Object.keys(byType).filter((type) => !types.includes(type as CustomerType)).map((type) => byType[type]!));
      }
      for (const mobile of refused) {
        const session = await login(t.app, mobile);
        t.clock.advance(61);
        const res = await t.app.inject({ method: route.method, url: route.url.replace(/:\w+/g, randomUUID()), headers: bearer(session) });
        expect({ route: `${route.method} ${route.url}`, mobile, status: res.statusCode, code: res.json().code }).toEqual({
          route: `${route.method} ${route.url}`,
          mobile,
          status: 403,
          code: 'E0040',
        });
        checked++;
      }
    }
    // Employees (3 routes, owner only) and the cart (stockist) at least.
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
