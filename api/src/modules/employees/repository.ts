import type { EmployeeRole } from 'shared-api';
import type { Database } from '../../db/database';

export function listEmployees(db: Database, unitId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'mobile', 'email', 'delivery_staff', 'employee_role', 'created_at'])
    .where('unit_id', '=', unitId)
    .where('role', '=', 'EMPLOYEE')
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** Any live user (of any unit) already holding this mobile number or email. */
export function findLiveUserByMobileOrEmail(db: Database, mobile: string, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('mobile', '=', mobile), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]))
    .executeTakeFirst();
}

export async function insertEmployee(
  db: Database,
  row: {
    id: string;
    unit_id: string;
    first_name: string;
    last_name: string;
    mobile: string;
    email: string;
    active_warehouse_id: string | null;
    delivery_staff: boolean;
    employee_role: EmployeeRole;
    created_at: Date;
  },
): Promise<void> {
  await db.insertInto('users').values({ ...row, role: 'EMPLOYEE' }).execute();
}

/**
 * Gives a live employee of this unit a role; the Delivery role makes them delivery staff (migration 033 checks it).
 * The change log reports the update, so their next request is checked against the new role. Null: no such employee.
 */
export function setEmployeeRole(db: Database, unitId: string, employeeId: string, role: EmployeeRole) {
  return db
    .updateTable('users')
    .set({ employee_role: role, ...(role === 'DELIVERY' ? { delivery_staff: true } : {}) })
    .where('id', '=', employeeId)
    .where('unit_id', '=', unitId)
    .where('role', '=', 'EMPLOYEE')
    .where('deleted_at', 'is', null)
    .returning(['id', 'first_name', 'last_name', 'mobile', 'email', 'delivery_staff', 'employee_role', 'created_at'])
    .executeTakeFirst();
}

/** Soft-deletes an employee of this unit; false when there is no such live employee in the unit. */
export async function softDeleteEmployee(db: Database, unitId: string, employeeId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deleted_at: now })
    .where('id', '=', employeeId)
    .where('unit_id', '=', unitId)
    .where('role', '=', 'EMPLOYEE')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
