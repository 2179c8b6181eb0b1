import type { FastifyRequest } from 'fastify';
import { hasPermission, type CustomerType, type EmployeeRole, type Permission } from 'shared-api';
import type { Role } from '../db/types';
import { loggedOut } from './errors';

/** Who is calling: set by the auth hook on every non-public route. Every query is scoped by `unitId`. */
export interface Caller {
  userId: string;
  unitId: string;
  unitCode: string;
  customerType: CustomerType;
  role: Role;
  /** An employee's role (migration 033, shared-api roles.ts); absent for the owner. An employee without one gets ANY_MEMBER routes only. */
  employeeRole?: EmployeeRole | null;
  familyId: string;
  /** The unit is verified (SPEC.md §4): only then may it trade. */
  activated: boolean;
}

/** What a route allows. Every route must declare one (app.ts refuses to start otherwise). */
export type Access =
  | { public: true }
  | {
      public: false;
      customerTypes: readonly CustomerType[] | 'ALL';
      roles: readonly Role[] | 'ALL';
      /** What the route needs of an employee (shared-api roles.ts); app.ts refuses to start without one. */
      permission: Permission;
      /** Only logout: a correctly signed but expired token still identifies the session to end. */
      acceptExpiredToken?: boolean;
      /** Trading routes (upload stock, cart, orders): refused with E0008 until the unit is verified. */
      activeOnly?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const PUBLIC = { access: { public: true } } as const satisfies { access: Access };

/**
 * Route config for a signed-in route: `config: requireRole({ permission: 'PAYMENTS', activeOnly: true })`. The
 * permission is what an employee's role must grant (the owner has all); `OWNER_ONLY` refuses every employee.
 */
export function requireRole(options: {
  permission: Permission;
  customerTypes?: readonly CustomerType[];
  acceptExpiredToken?: boolean;
  activeOnly?: boolean;
}): { access: Access } {
  return {
    access: {
      public: false,
      customerTypes: options.customerTypes ?? 'ALL',
      roles: options.permission === 'OWNER_ONLY' ? ['OWNER'] : 'ALL',
      permission: options.permission,
      ...(options.acceptExpiredToken ? { acceptExpiredToken: true } : {}),
      ...(options.activeOnly ? { activeOnly: true } : {}),
    },
  };
}

export function isAllowed(access: Access, caller: Caller): boolean {
  if (access.public) return true;
  const typeOk = access.customerTypes === 'ALL' || access.customerTypes.includes(caller.customerType);
  const roleOk = access.roles === 'ALL' || access.roles.includes(caller.role);
  return typeOk && roleOk && hasPermission(caller, access.permission);
}

/** The caller of a signed-in route (the auth hook has already refused anonymous requests). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw loggedOut();
  return request.caller;
}
