import type { Database } from '../../db/database';

export function listEmployees(db: Database, unitId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'mobile', 'email', 'delivery_staff', 'created_at'])
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
    created_at: Date;
  },
): Promise<void> {
  await db.insertInto('users').values({ ...row, role: 'EMPLOYEE' }).execute();
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
