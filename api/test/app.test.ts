import { randomUUID } from 'node:crypto';
import { ACCOUNTING_PATHS, BOOKS_PATHS, MARKETPLACE_PATHS, PATHS } from 'shared-api';
import { PUBLIC } from '../src/http/access';
import { migrate, migrationFiles } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { DEMO, bearer, build, login } from './helpers';

// With /docs, which the other test files leave out (helpers.ts).
const t = build({ env: { API_DOCS: '1' } });

describe('the envelope for every failure', () => {
  it('answers an unknown route with 404 E0002', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'error', code: 'E0002', message: 'Not found: GET /no/such/route' });
  });

  it('answers a made-up id in a path like an unknown one: 404 E0002, not the validation message', async () => {
    const headers = bearer(await login(t.app, DEMO.stockist));
    for (const url of [MARKETPLACE_PATHS.order('not-a-uuid'), MARKETPLACE_PATHS.order(randomUUID()), ACCOUNTING_PATHS.salesInvoice('123')]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'E0002']);
      expect(res.json().message).not.toMatch(/uuid/i);
    }
    // Query and body input stay 400 E0001, naming the field.
    const query = await t.app.inject({ method: 'GET', url: `${BOOKS_PATHS.ledger}?accountId=cash`, headers });
    expect([query.statusCode, query.json().code, Object.keys(query.json().fields ?? {})]).toEqual([400, 'E0001', ['accountId']]);
    const accept = await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.acceptOrder('not-a-uuid'), headers, payload: {} });
    expect([accept.statusCode, accept.json().code]).toEqual([404, 'E0002']);
    // Without a session access is refused first (before validation): nothing is told to strangers.
    const stranger = await t.app.inject({ method: 'GET', url: MARKETPLACE_PATHS.order('not-a-uuid') });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'E0039']);
  });

  it('answers malformed JSON with 400 E0001', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.otpLogin, headers: { 'content-type': 'application/json' }, payload: '{"mobileNumber":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'error', code: 'E0001' });
  });

  it('answers an unsupported content type with 415 E0001', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.otpLogin, headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('E0001');
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.otpLogin, payload: { mobileNumber: '9'.repeat(1024 * 1024 + 10) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ type: 'error', code: 'E0001' });
  });

  it('hides an unexpected error behind 500 E0041', async () => {
    t.app.get('/boom', { config: PUBLIC }, async () => {
      throw new Error('database on fire');
    });
    const res = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ type: 'error', code: 'E0041', message: 'Something went wrong, please try after sometime' });
    expect(res.body).not.toContain('fire');
  });

  it('refuses to start a route that declares no access', async () => {
    expect(() => t.app.get('/open-door', async () => 'x')).toThrow(/declares no access/);
  });
});

describe('HTTP hardening', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows CORS only from configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: PATHS.myAccount,
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight('http://localhost:3000');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Authorization/i);
    const denied = await preflight('https://evil.example');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the same zod schemas, and serves the docs page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([PATHS.otpLogin, PATHS.myAccount, '/b2bapp/group/active/{id}', PATHS.notifications]));
    const login = doc.paths[PATHS.otpLogin].post;
    expect(login.requestBody.content['application/json'].schema.properties.mobileNumber.pattern).toBe('^[6-9]\\d{9}$');
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('database', () => {
  it('applies each migration once', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const applied = await t.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(applied.map((m) => m.name)).toEqual(migrationFiles());
  });

  it('seeds the demo identities exactly, and only once', async () => {
    expect(await seedDemo(t.db)).toBe(false);
    const users = await t.db
      .selectFrom('users as u')
      .innerJoin('units as un', 'un.id', 'u.unit_id')
      .select(['u.mobile', 'u.first_name', 'u.last_name', 'u.role', 'u.email', 'un.unit_code', 'un.trade_name', 'un.customer_type'])
      .where('u.mobile', 'in', Object.values(DEMO))
      .orderBy('u.mobile')
      .execute();
    expect(users).toEqual([
      { mobile: '9800000001', first_name: 'Ramesh', last_name: 'Agarwal', role: 'OWNER', email: 'ramesh@agarwalpharma.in', unit_code: 'STK-PUN-001', trade_name: 'Agarwal Pharma Distributors', customer_type: 'STOCKIST' },
      { mobile: '9800000002', first_name: 'Priya', last_name: 'Sharma', role: 'OWNER', email: 'priya@sharmamedical.in', unit_code: 'RTL-MUM-001', trade_name: 'Sharma Medical Stores', customer_type: 'RETAILER' },
      { mobile: '9800000003', first_name: 'Anil', last_name: 'Mehta', role: 'OWNER', email: 'anil.mehta@lifelinehospital.in', unit_code: 'HSP-AMD-001', trade_name: 'Lifeline Multispeciality Hospital', customer_type: 'HOSPITAL' },
      { mobile: '9800000011', first_name: 'Suresh', last_name: 'Patil', role: 'EMPLOYEE', email: 'suresh.patil@agarwalpharma.in', unit_code: 'STK-PUN-001', trade_name: 'Agarwal Pharma Distributors', customer_type: 'STOCKIST' },
      { mobile: '9800000090', first_name: 'Meera', last_name: 'Kulkarni', role: 'OWNER', email: null, unit_code: 'MEDICO-OPS', trade_name: 'Medico back office', customer_type: 'MANUFACTURER' },
    ]);
    const cities = await t.db.selectFrom('units').select('city').distinct().execute();
    expect(cities.map((c) => c.city).sort()).toEqual(['Ahmedabad', 'Bengaluru', 'Chennai', 'Delhi', 'Hyderabad', 'Jaipur', 'Kolkata', 'Mumbai', 'Nagpur', 'Navi Mumbai', 'Pune', 'Thane']);
  });
});
