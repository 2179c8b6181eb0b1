import { z } from 'zod';
import { Email, MobileNumber } from './common';
import { EmployeeRole } from './roles';

/** SPEC.md §3 Employee: name, mobile number, email. §5: name required, valid email, valid mobile required. */
export const EmployeeInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  mobileNumber: MobileNumber,
  email: Email,
  /** Delivers and picks up the unit's consignments (issue 12): may be assigned as its delivery boy. */
  deliveryStaff: z.boolean().default(false),
  /** What the login may do (roles.ts). Left out: MANAGER, the rights every employee had before roles. */
  employeeRole: EmployeeRole.default('MANAGER'),
});
export type EmployeeInput = z.infer<typeof EmployeeInput>;

export const Employee = z.object({
  id: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string(),
  deliveryStaff: z.boolean(),
  employeeRole: EmployeeRole,
  createdAt: z.string(),
});
export type Employee = z.infer<typeof Employee>;
export const EmployeeList = z.array(Employee);
export const EmployeeIdParams = z.object({ employeeId: z.string().min(1) });
