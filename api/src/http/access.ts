import type { FastifyRequest } from 'fastify';
import type { CustomerType } from 'shared-api';
import type { Role } from '../db/types';
import { loggedOut } from './errors';

/** Who is calling: set by the auth hook on every non-public route. Every query is scoped by `unitId`. */
export interface Caller {
  userId: string;
  unitId: string;
  unitCode: string;
  customerType: CustomerType;
  role: Role;
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

/** Route config for a signed-in route: `config: requireRole({ roles: ['OWNER'] })`. Omitted → everyone signed in. */
export function requireRole(
  options: { customerTypes?: readonly CustomerType[]; roles?: readonly Role[]; acceptExpiredToken?: boolean; activeOnly?: boolean } = {},
): { access: Access } {
  return {
    access: {
      public: false,
      customerTypes: options.customerTypes ?? 'ALL',
      roles: options.roles ?? 'ALL',
      ...(options.acceptExpiredToken ? { acceptExpiredToken: true } : {}),
      ...(options.activeOnly ? { activeOnly: true } : {}),
    },
  };
}

export function isAllowed(access: Access, caller: Caller): boolean {
  if (access.public) return true;
  const typeOk = access.customerTypes === 'ALL' || access.customerTypes.includes(caller.customerType);
  const roleOk = access.roles === 'ALL' || access.roles.includes(caller.role);
  return typeOk && roleOk;
}

/** The caller of a signed-in route (the auth hook has already refused anonymous requests). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw loggedOut();
  return request.caller;
}
