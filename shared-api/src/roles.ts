import { z } from 'zod';
import { EMPLOYEE_ROLES, PERMISSIONS } from './access';

/* The roles' schemas; the roles themselves and what each may do are in access.ts (zod-free), re-exported here. */
export * from './access';

export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

export const EmployeeRole = z.enum(EMPLOYEE_ROLES);
export type EmployeeRole = z.infer<typeof EmployeeRole>;

/** PUT b2bapp/employee/:employeeId/role (owner only). */
export const EmployeeRoleInput = z.object({ employeeRole: EmployeeRole });
export type EmployeeRoleInput = z.infer<typeof EmployeeRoleInput>;
