import { randomUUID } from 'node:crypto';
import type { Employee, EmployeeInput, EmployeeRole } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { isUuid } from '../../http/ids';
import { AppError, notFound } from '../../http/errors';
import { activeWarehouseId } from '../account/repository';
import { revokeAllForUser } from '../auth/repository';
import { deletePushTokensOfUser } from '../push/repository';
import * as repo from './repository';

const UNIQUE_VIOLATION = '23505';

type EmployeeRow = { id: string; first_name: string; last_name: string; mobile: string; email: string | null; delivery_staff: boolean; employee_role: EmployeeRole | null; created_at: Date };

function toEmployee(row: EmployeeRow): Employee {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    mobileNumber: row.mobile,
    email: row.email ?? '',
    deliveryStaff: row.delivery_staff,
    // Every employee has a role (033's check); MANAGER is only the type's fallback.
    employeeRole: row.employee_role ?? 'MANAGER',
    createdAt: row.created_at.toISOString(),
  };
}

/** The form has one name field; stored as first name + the rest, as the header greets by first name. */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

const alreadyRegistered = () =>
  new AppError('E0029', 409, undefined, { mobileNumber: 'This mobile number or email is already registered' });

/** Employees are users with role EMPLOYEE in the owner's unit: they sign in with their own number and act for the unit. */
export class EmployeesService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async list(caller: Caller): Promise<Employee[]> {
    return (await repo.listEmployees(this.db, caller.unitId)).map(toEmployee);
  }

  async add(caller: Caller, input: EmployeeInput): Promise<Employee> {
    const { first, last } = splitName(input.name);
    const row = {
      id: randomUUID(),
      unit_id: caller.unitId,
      first_name: first,
      last_name: last,
      mobile: input.mobileNumber,
      email: input.email,
      active_warehouse_id: await activeWarehouseId(this.db, caller.userId),
      // May then be assigned as the unit's delivery boy (deliveries: GET delivery/transport).
      // The Delivery role carries consignments, so it is always delivery staff (roles.ts).
      delivery_staff: (input.deliveryStaff ?? false) || input.employeeRole === 'DELIVERY',
      employee_role: input.employeeRole ?? 'MANAGER',
      created_at: this.config.now(),
    };
    try {
      await inTransaction(this.db, async (trx) => {
        if (await repo.findLiveUserByMobileOrEmail(trx, input.mobileNumber, input.email)) throw alreadyRegistered();
        await repo.insertEmployee(trx, row);
      });
    } catch (err) {
      // Two owners adding the same number at once: the unique index decides.
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw alreadyRegistered();
      throw err;
    }
    return toEmployee(row);
  }

  /** The owner gives an employee a role; it applies from their next request (the auth cache follows the change log). */
  async setRole(caller: Caller, employeeId: string, role: EmployeeRole): Promise<Employee> {
    if (!isUuid(employeeId)) throw notFound();
    const row = await repo.setEmployeeRole(this.db, caller.unitId, employeeId, role);
    if (!row) throw notFound();
    return toEmployee(row);
  }

  /** Soft delete: the row stays for history, their sessions and push tokens end now. */
  async remove(caller: Caller, employeeId: string): Promise<void> {
    if (!isUuid(employeeId)) throw notFound();
    const now = this.config.now();
    const removed = await inTransaction(this.db, async (trx) => {
      if (!(await repo.softDeleteEmployee(trx, caller.unitId, employeeId, now))) return false;
      await revokeAllForUser(trx, employeeId, now);
      await deletePushTokensOfUser(trx, employeeId);
      return true;
    });
    if (!removed) throw notFound();
  }
}
