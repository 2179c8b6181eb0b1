import type { LightMyRequestResponse } from 'fastify';
import { DELIVERY_PATHS, PATHS, type DeliveryBoy, type Employee, type MyAccount, type Session, type Warehouse } from 'shared-api';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

const NEW = { name: 'Kiran  Deshmukh', mobileNumber: '9811122233', email: 'Kiran.Deshmukh@agarwalpharma.in' };

async function owner() {
  return bearer(await login(t.app, DEMO.stockist));
}
type Headers = Record<string, string>;
const list = (headers: Headers): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: PATHS.employees, headers });
const add = (headers: Headers, payload: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: PATHS.addEmployee, headers, payload });
const remove = (headers: Headers, id: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'DELETE', url: PATHS.deleteEmployee(id), headers });

describe('employees', () => {
  it('lists the unit’s employee logins', async () => {
    const res = await list(await owner());
    expect(body<Employee[]>(res)).toEqual([
      { id: expect.any(String), name: 'Suresh Patil', mobileNumber: '9800000011', email: 'suresh.patil@agarwalpharma.in', deliveryStaff: true, createdAt: expect.any(String) },
    ]);
  });

  it('registers an employee who then signs in with their own number and acts for the owner’s unit', async () => {
    const headers = await owner();
    const res = await add(headers, NEW);
    expect(res.statusCode).toBe(200);
    // Not delivery staff unless the owner says so.
    expect(body<Employee>(res)).toMatchObject({ name: 'Kiran Deshmukh', mobileNumber: '9811122233', email: 'kiran.deshmukh@agarwalpharma.in', deliveryStaff: false });
    expect(body<Employee[]>(await list(headers)).map((e) => e.name)).toEqual(['Suresh Patil', 'Kiran Deshmukh']);

    const employee = bearer(await login(t.app, NEW.mobileNumber));
    const account = body<MyAccount>(await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: employee }));
    expect(account).toMatchObject({ role: 'EMPLOYEE', firstName: 'Kiran', lastName: 'Deshmukh', unitCode: 'STK-PUN-001', customerType: 'STOCKIST' });
    const warehouses = body<Warehouse[]>(await t.app.inject({ method: 'GET', url: PATHS.warehouses, headers: employee }));
    expect(warehouses.map((w) => w.displayName)).toEqual(['Pune Main Godown', 'Nashik Branch']);
  });

  it('registers delivery staff, whom the unit can then assign its pickups', async () => {
    const headers = await owner();
    const res = await add(headers, { ...NEW, deliveryStaff: true });
    expect(body<Employee>(res)).toMatchObject({ name: 'Kiran Deshmukh', deliveryStaff: true });
    expect(body<Employee[]>(await list(headers)).map((e) => [e.name, e.deliveryStaff])).toEqual([
      ['Suresh Patil', true],
      ['Kiran Deshmukh', true],
    ]);
    const boys = body<DeliveryBoy[]>(await t.app.inject({ method: 'GET', url: DELIVERY_PATHS.deliveryBoys, headers }));
    expect(boys.filter((b) => b.source === 'EMPLOYEE').map((b) => b.name)).toEqual(['Kiran Deshmukh', 'Suresh Patil']);
  });

  it('refuses a number or email already registered (E0029), in any unit', async () => {
    const headers = await owner();
    for (const payload of [
      { ...NEW, mobileNumber: DEMO.retailer },
      { ...NEW, mobileNumber: DEMO.stockistEmployee },
      { ...NEW, email: 'SURESH.PATIL@agarwalpharma.in' },
    ]) {
      const res = await add(headers, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ type: 'error', code: 'E0029', message: 'email/mobile already registered' });
    }
  });

  it('validates the form (name, mobile, email)', async () => {
    const res = await add(await owner(), { name: ' ', mobileNumber: '12345', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'E0001',
      fields: { name: 'Name is required', mobileNumber: 'Enter a valid 10-digit mobile number', email: 'Enter a valid email' },
    });
  });

  it('deletes an employee: gone from the list, their sessions end, their number can be registered again', async () => {
    const headers = await owner();
    const suresh = body<Employee[]>(await list(headers))[0]!;
    const session: Session = await login(t.app, DEMO.stockistEmployee);

    const res = await remove(headers, suresh.id);
    expect(res.statusCode).toBe(200);
    expect(body<Employee[]>(await list(headers))).toEqual([]);
    const row = await t.db.selectFrom('users').select('deleted_at').where('id', '=', suresh.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    expect((await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(session) })).statusCode).toBe(403);
    const refresh = await t.app.inject({ method: 'POST', url: PATHS.refreshToken, payload: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(403);
    t.clock.advance(61);
    const otp = await t.app.inject({ method: 'POST', url: PATHS.otpLogin, payload: { mobileNumber: DEMO.stockistEmployee } });
    expect(otp.json().code).toBe('E0037');

    expect((await add(headers, { ...NEW, mobileNumber: DEMO.stockistEmployee, email: 'suresh.patil@agarwalpharma.in' })).statusCode).toBe(200);
    expect((await remove(headers, suresh.id)).statusCode).toBe(404);
  });

  it('is for owners only: an employee is refused with E0040', async () => {
    const employee = bearer(await login(t.app, DEMO.stockistEmployee));
    for (const res of [await list(employee), await add(employee, NEW), await remove(employee, '00000000-0000-4000-8000-000000000000')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('E0040');
    }
  });

  it('never reaches another unit’s employees', async () => {
    const suresh = body<Employee[]>(await list(await owner()))[0]!;
    const retailer = bearer(await login(t.app, DEMO.retailer));
    expect(body<Employee[]>(await list(retailer))).toEqual([]);
    const res = await remove(retailer, suresh.id);
    expect(res.statusCode).toBe(404);
    const row = await t.db.selectFrom('users').select('deleted_at').where('id', '=', suresh.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('answers 404 for the owner’s own id (owners are not employees)', async () => {
    const headers = await owner();
    const me = body<MyAccount>(await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers }));
    expect((await remove(headers, me.userId)).statusCode).toBe(404);
  });
});
