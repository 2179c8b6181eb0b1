/*
 * Employee roles and what each may do (issue 33 item 13). One source for both sides: the API refuses a route whose
 * permission the caller's role lacks, the navigation hides the entries that lead there. Without zod (roles.ts adds
 * the schemas): shared-auth's permission checks load on the sign-in page, which must not load zod.
 */

/**
 * What a route needs. Each signed-in route declares exactly one. `ANY_MEMBER`: every login of the unit (session,
 * account, profile, notifications). `OWNER_ONLY`: the unit's owner alone (logins, payout accounts, settings).
 */
export const PERMISSIONS = [
  'ANY_MEMBER',
  'OWNER_ONLY',
  /** The dashboard's figures (sales, stock, pickups). */
  'DASHBOARD',
  /** Orders placed and received, the cart, search and the best basket, the near-expiry market. */
  'ORDERS',
  /** Connections: customer lists, requests, approvals. */
  'CUSTOMERS',
  /** Reading sales invoices, counter sales and quotations. */
  'SALES_READ',
  /** Issuing invoices, counter sales and quotations. */
  'SALES_BILLING',
  /** Stock lists, batches, expiry and age reports, the outward register. */
  'STOCK_READ',
  /** Adding stock by hand, near-expiry offers. */
  'STOCK_WRITE',
  /** Sending stock out of the books (outward register: expired, damaged, lost). */
  'STOCK_WRITE_OFF',
  /** Inventory file uploads. */
  'UPLOADS',
  /** Purchase bills (keying in, receiving goods), supplier orders, purchase reports. */
  'PURCHASES',
  /** Sales returns (credit notes) and purchase returns (debit notes). */
  'RETURNS',
  /** Ledgers, trial balance, outstanding, journals (reading), P&L, balance sheet, stores. */
  'BOOKS_READ',
  /** Payments, requests, memos, payouts, the UPI accounts' QR, bank statements, the provider's invoices. */
  'PAYMENTS',
  /** GSTR-1, GSTR-3B, HSN summary and the Tally export. */
  'GST_FILES',
  /** Booking, assigning and following the unit's pickups. */
  'PICKUPS',
  /** Carrying consignments: My Deliveries, scan, status, PIN, proof photos, position. */
  'DELIVERIES_OWN',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The roles an owner gives an employee login. Existing employees became MANAGER (migration 033): today's rights. */
export const EMPLOYEE_ROLES = ['MANAGER', 'ACCOUNTANT', 'BILLING', 'WAREHOUSE', 'DELIVERY'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export const EMPLOYEE_ROLE_LABELS: Readonly<Record<EmployeeRole, string>> = {
  MANAGER: 'Manager',
  ACCOUNTANT: 'Accountant',
  BILLING: 'Billing',
  WAREHOUSE: 'Warehouse',
  DELIVERY: 'Delivery',
};

export const EMPLOYEE_ROLE_HINTS: Readonly<Record<EmployeeRole, string>> = {
  MANAGER: 'Everything but what only the owner does',
  ACCOUNTANT: 'Books, payments, returns, purchases and GST files; no stock write-off',
  BILLING: 'Counter sales, invoices, quotations, orders and customers',
  WAREHOUSE: 'Stock, uploads, write-offs, purchases received and pickups',
  DELIVERY: 'My Deliveries only (may be assigned pickups)',
};

const EVERY_EMPLOYEE_PERMISSION = PERMISSIONS.filter((p) => p !== 'OWNER_ONLY');

/** What each employee role may do besides ANY_MEMBER routes. The owner may do everything. */
export const ROLE_PERMISSIONS: Readonly<Record<EmployeeRole, readonly Permission[]>> = {
  MANAGER: EVERY_EMPLOYEE_PERMISSION,
  ACCOUNTANT: ['ANY_MEMBER', 'DASHBOARD', 'SALES_READ', 'STOCK_READ', 'PURCHASES', 'RETURNS', 'BOOKS_READ', 'PAYMENTS', 'GST_FILES'],
  BILLING: ['ANY_MEMBER', 'DASHBOARD', 'ORDERS', 'CUSTOMERS', 'SALES_READ', 'SALES_BILLING', 'STOCK_READ'],
  WAREHOUSE: ['ANY_MEMBER', 'DASHBOARD', 'STOCK_READ', 'STOCK_WRITE', 'STOCK_WRITE_OFF', 'UPLOADS', 'PURCHASES', 'PICKUPS', 'DELIVERIES_OWN'],
  DELIVERY: ['ANY_MEMBER', 'DELIVERIES_OWN'],
};

/**
 * May a login of this kind use what needs `permission`? `employeeRole` is the employee's role (absent for the
 * owner); an employee without a known role gets only ANY_MEMBER (fail closed).
 */
export function hasPermission(login: { role: 'OWNER' | 'EMPLOYEE'; employeeRole?: EmployeeRole | null | undefined }, permission: Permission): boolean {
  if (login.role === 'OWNER') return true;
  if (permission === 'ANY_MEMBER') return true;
  if (permission === 'OWNER_ONLY' || !login.employeeRole) return false;
  return ROLE_PERMISSIONS[login.employeeRole]?.includes(permission) === true;
}

/** The profile's "Your role: …". */
export function roleLabel(login: { role: 'OWNER' | 'EMPLOYEE'; employeeRole?: EmployeeRole | null | undefined }): string {
  if (login.role === 'OWNER') return 'Owner';
  return login.employeeRole ? EMPLOYEE_ROLE_LABELS[login.employeeRole] : 'Employee';
}
