import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, BOOKS_PATHS, DELIVERY_PATHS, OUTWARD_PATHS, PATHS, PAYMENTS_PATHS, type DeliveryBoy, type Employee, type MyAccount, type Session, type Warehouse } from 'shared-api';
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
      { id: expect.any(String), name: 'Suresh Patil', mobileNumber: '9800000011', email: 'suresh.patil@agarwalpharma.in', deliveryStaff: true, employeeRole: 'MANAGER', createdAt: expect.any(String) },
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

const setRole = (headers: Headers, id: string, employeeRole: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'PUT', url: PATHS.employeeRole(id), headers, payload: { employeeRole } });

/** Issue 33 item 13: what 001's delivery-staff employee could do before roles, and must not do as Delivery. */
const DELIVERY_REFUSED = [
  { label: 'write stock off', method: 'POST', url: OUTWARD_PATHS.add, payload: { batchId: '00000000-0000-4000-8000-000000000000', quantity: 1, reason: 'OTHER', date: '2026-11-22' } },
  { label: 'create a UPI payout', method: 'POST', url: PAYMENTS_PATHS.createPayout, payload: { payeeName: 'Someone', payeeMobile: '9822233355', vpa: 'someone@ybl', amountPaise: 100 } },
  { label: 'record a payment', method: 'POST', url: PAYMENTS_PATHS.submit, payload: { direction: 'RECEIVED', partyAccountId: '00000000-0000-4000-8000-000000000000', method: 'CASH', amountPaise: 100, paidOn: '2026-11-22' } },
  { label: 'make a cash counter sale', method: 'POST', url: ACCOUNTING_PATHS.instoreSales, payload: { buyer: {}, lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], paymentMode: 'CASH' } },
  { label: 'import a bank statement', method: 'POST', url: PAYMENTS_PATHS.statementImport, payload: { fileName: 'statement.csv', contentBase64: Buffer.from('Date,Narration\n').toString('base64') } },
  { label: 'read the trial balance', method: 'GET', url: ACCOUNTING_PATHS.trialBalance },
  { label: 'read GSTR-1', method: 'GET', url: `${BOOKS_PATHS.gstr1}?month=2026-11` },
] as const;

describe('employee roles', () => {
  async function suresh(headers: Headers): Promise<Employee> {
    return body<Employee[]>(await list(headers)).find((e) => e.mobileNumber === DEMO.stockistEmployee)!;
  }
  const refusedCodes = async (session: Headers) => {
    const codes: Record<string, string | number> = {};
    for (const r of DELIVERY_REFUSED) {
      const res = await t.app.inject({ method: r.method, url: r.url, headers: session, ...('payload' in r ? { payload: r.payload } : {}) });
      codes[r.label] = res.statusCode === 403 ? res.json().code : res.statusCode;
    }
    return codes;
  };

  it('gives the delivery-staff employee the Delivery role: from his next request he may carry consignments and nothing more', async () => {
    const headers = await owner();
    const employee = bearer(await login(t.app, DEMO.stockistEmployee));
    // Before: the rights every employee had (MANAGER). Each request gets past authorization (its own 4xx or 200).
    const before = await refusedCodes(employee);
    expect(Object.values(before).filter((c) => c === 'E0040')).toEqual([]);

    const res = await setRole(headers, (await suresh(headers)).id, 'DELIVERY');
    expect(res.statusCode).toBe(200);
    expect(body<Employee>(res)).toMatchObject({ name: 'Suresh Patil', employeeRole: 'DELIVERY', deliveryStaff: true });

    // Same session, next request: the role applies at once (the session cache follows the change log).
    expect(await refusedCodes(employee)).toEqual(Object.fromEntries(DELIVERY_REFUSED.map((r) => [r.label, 'E0040'])));
    expect((await t.app.inject({ method: 'GET', url: DELIVERY_PATHS.myDeliveries, headers: employee })).statusCode).toBe(200);
    const account = body<MyAccount>(await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: employee }));
    expect(account).toMatchObject({ role: 'EMPLOYEE', employeeRole: 'DELIVERY', deliveryStaff: true });

    // And back: the owner restores the rights.
    expect((await setRole(headers, (await suresh(headers)).id, 'MANAGER')).statusCode).toBe(200);
    expect(Object.values(await refusedCodes(employee)).filter((c) => c === 'E0040')).toEqual([]);
  });

  it('registers an employee with a role; the Delivery role is always delivery staff', async () => {
    const headers = await owner();
    const res = await add(headers, { ...NEW, employeeRole: 'DELIVERY' });
    expect(body<Employee>(res)).toMatchObject({ name: 'Kiran Deshmukh', employeeRole: 'DELIVERY', deliveryStaff: true });
    const accountant = await add(headers, { name: 'Meena Joshi', mobileNumber: '9811122244', email: 'meena@agarwalpharma.in', employeeRole: 'ACCOUNTANT' });
    expect(body<Employee>(accountant)).toMatchObject({ employeeRole: 'ACCOUNTANT', deliveryStaff: false });
    // Left out (older clients): MANAGER, the rights employees always had.
    const plain = await add(headers, { name: 'Anil Rao', mobileNumber: '9811122255', email: 'anil@agarwalpharma.in' });
    expect(body<Employee>(plain).employeeRole).toBe('MANAGER');
    expect(body<Employee[]>(await list(headers)).map((e) => [e.name, e.employeeRole])).toEqual([
      ['Suresh Patil', 'MANAGER'],
      ['Kiran Deshmukh', 'DELIVERY'],
      ['Meena Joshi', 'ACCOUNTANT'],
      ['Anil Rao', 'MANAGER'],
    ]);
  });

  it('lets only the owner set a role, of its own unit’s employees, to a known role', async () => {
    const headers = await owner();
    const id = (await suresh(headers)).id;
    const bad = await setRole(headers, id, 'ADMIN');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'E0001']);
    const employee = bearer(await login(t.app, DEMO.stockistEmployee));
    const self = await setRole(employee, id, 'MANAGER');
    expect([self.statusCode, self.json().code]).toEqual([403, 'E0040']);
    const retailer = bearer(await login(t.app, DEMO.retailer));
    expect((await setRole(retailer, id, 'DELIVERY')).statusCode).toBe(404);
    const me = body<MyAccount>(await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers }));
    expect((await setRole(headers, me.userId, 'DELIVERY')).statusCode).toBe(404);
    expect((await setRole(headers, 'not-a-uuid', 'DELIVERY')).statusCode).toBe(404);
    expect((await suresh(headers)).employeeRole).toBe('MANAGER');
  });

  it('migration 033 gives employees registered before roles the MANAGER role (today’s rights), and owners none', async () => {
    const file = path.join(__dirname, '../src/db/migrations/033_employee_roles.sql');
    const rolled = new Error('roll back');
    let seen: { role: string; employee_role: string | null }[] = [];
    // In a transaction rolled back after: the schema as before 033, its employees, then 033 itself.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE users DROP COLUMN employee_role`.execute(trx);
        await sql.raw(readFileSync(file, 'utf8')).execute(trx);
        const unit = await trx.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
        seen = await trx.selectFrom('users').select(['role', 'employee_role']).where('unit_id', '=', unit.id).orderBy('role').execute();
        throw rolled;
      }),
    ).rejects.toBe(rolled);
    expect(seen).toEqual([
      { role: 'EMPLOYEE', employee_role: 'MANAGER' },
      { role: 'OWNER', employee_role: null },
    ]);
  });
});
