import { STOCK_KEEPING_TYPES, counterpartTypes, hasPermission, type CustomerType, type MyAccount, type Permission } from 'shared-api';

/*
 * Role helpers for SPEC.md §6. They decide what the UI shows; the API enforces the same rules on its side.
 */

const BUYERS: ReadonlySet<CustomerType> = new Set(['RETAILER', 'HOSPITAL']);

/** Header search box: RETAILER and HOSPITAL. */
export function canSearch(type: CustomerType): boolean {
  return BUYERS.has(type);
}

/** Cart icon and the cart request: RETAILER and HOSPITAL (never fetched for a STOCKIST). */
export function canUseCart(type: CustomerType): boolean {
  return BUYERS.has(type);
}

/** Inventory group (upload): STOCKIST only. */
export function canUploadInventory(type: CustomerType): boolean {
  return type === 'STOCKIST';
}

/** Stock screens (list, details, expiry, reports, adding a batch by hand): every type that keeps stock. */
export function canKeepStock(type: CustomerType): boolean {
  return (STOCK_KEEPING_TYPES as readonly CustomerType[]).includes(type);
}

/** Customers group: a STOCKIST lists stockists, hospitals and retailers; everyone else lists stockists. */
/** Which customer lists a type may see (SPEC.md §6): the same rule the API applies. */
export const customerListTypes: (type: CustomerType) => readonly CustomerType[] = counterpartTypes;

/** Employee logins are managed by the unit's owner; an employee acts for the unit but cannot add logins. */
export function canManageEmployees(role: MyAccount['role']): boolean {
  return role === 'OWNER';
}

/**
 * May this login use what needs `permission` (issue 33 item 13)? The same rule the API applies to each route
 * (shared-api roles.ts): the owner may do everything, an employee what its role grants.
 */
export function can(account: Pick<MyAccount, 'role' | 'employeeRole'>, permission: Permission): boolean {
  return hasPermission(account, permission);
}

/** SPEC.md §4: an account is active only if activated is true. */
export function isActive(account: Pick<MyAccount, 'activated'>): boolean {
  return account.activated === true;
}
