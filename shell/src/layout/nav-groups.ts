import type { MyAccount, Permission } from 'shared-api';
import { can, canKeepStock, canManageEmployees, canUploadInventory, canUseCart, customerListTypes } from 'shared-auth';
import type { IconName } from './icons';

/** A link target without the /app prefix; the navigation adds the variant the user is in. */
export interface NavLink {
  label: string;
  to: string;
  /** What the screen needs of the login's role (shared-api roles.ts): without it the entry is not shown. */
  permission?: Permission;
}

export interface NavGroup {
  id: string;
  label: string;
  icon: IconName;
  /** A group without sub-links is itself a link. */
  to?: string;
  /** For a group that is itself a link: what it needs of the login's role. */
  permission?: Permission;
  links?: readonly NavLink[];
}

const CUSTOMER_LINKS: Readonly<Record<string, NavLink>> = {
  STOCKIST: { label: 'Stockists', to: '/customers/stockists' },
  HOSPITAL: { label: 'Hospitals', to: '/customers/hospitals' },
  RETAILER: { label: 'Retailers', to: '/customers/retailers' },
};

/** The group open by default when the navigation opens (SPEC.md §2). */
export const DEFAULT_OPEN_GROUP = 'orders';

/**
 * Navigation groups by role (SPEC.md §2, §6). The shell owns this list, so navigation keeps working while a
 * remote is down. Dashboard, Orders, Billing, Payments, Sales, Purchases, Stores and Books are for everyone (Orders with
 * Purchase Orders for buyers); Inventory for stockists; Customers by type; Employees for the unit's owner.
 * Back-office staff (`staff`: the profile's isStaff) belong to the provider's own unit, which does not trade: they
 * get the dashboard and the verification queue only.
 */
export function navGroupsFor(account: Pick<MyAccount, 'customerType' | 'role' | 'deliveryStaff' | 'employeeRole'>, { staff = false } = {}): NavGroup[] {
  if (staff) {
    return [
      { id: 'dashboard', label: 'Dashboard', icon: 'dashboard', to: '/dashboard' },
      { id: 'verifications', label: 'Verifications', icon: 'verify', to: '/staff/verifications' },
      // Issue 35: staff raise recalls from the regulator's list and follow every one.
      { id: 'recalls', label: 'Recalls', icon: 'recall', to: '/stocks/recalls' },
      // Issue 36: staff merge duplicates in the product master (mf-inventory catalogue/).
      { id: 'catalogue', label: 'Catalogue', icon: 'stores', to: '/stocks/catalogue' },
    ];
  }
  // Season boys and employees marked as delivery staff carry consignments (issue 12): their day comes first.
  const carriesDeliveries = account.customerType === 'SEASON_BOY' || account.deliveryStaff === true || account.employeeRole === 'DELIVERY';
  // A season boy carries other units' goods: he neither buys nor sells, so he keeps no sales, purchases or books.
  const trades = account.customerType !== 'SEASON_BOY';
  const forTraders = (...trading: NavGroup[]) => (trades ? trading : []);
  const groups: NavGroup[] = [
    { id: 'dashboard', label: 'Dashboard', icon: 'dashboard', to: '/dashboard?tab=online-pickups', permission: 'DASHBOARD' },
    {
      id: 'orders',
      label: 'Orders',
      icon: 'orders',
      links: [
        ...(carriesDeliveries ? [{ label: 'My Deliveries', to: '/orders/my-deliveries', permission: 'DELIVERIES_OWN' as const }] : []),
        ...(trades
          ? [
              { label: 'Orders Overview', to: '/orders/orders-overview', permission: 'PICKUPS' as const },
              { label: 'Online Pickups', to: '/orders/online-pickups', permission: 'PICKUPS' as const },
              { label: 'Offline Pickups', to: '/orders/offline-pickups', permission: 'PICKUPS' as const },
              { label: 'Online Orders', to: '/orders/online-orders', permission: 'ORDERS' as const },
            ]
          : []),
        // Buyers' own orders (mf-accounting): beside the orders they receive, in the group open by default.
        ...(canUseCart(account.customerType) ? [{ label: 'Purchase Orders', to: '/purchases/orders', permission: 'ORDERS' as const }] : []),
        ...(trades ? [{ label: 'Delivery Tracking', to: '/delivery-tracking', permission: 'PICKUPS' as const }] : []),
        ...(canKeepStock(account.customerType) ? [{ label: 'Outward Stock Registry', to: '/orders/outward-stock-registry', permission: 'STOCK_READ' as const }] : []),
      ],
    },
    {
      id: 'billing',
      label: 'Billing Details',
      icon: 'billing',
      links: [
        { label: 'Medico Invoice', to: '/billing/invoices', permission: 'PAYMENTS' },
        { label: 'Connected Users', to: '/customers', permission: 'CUSTOMERS' },
        { label: 'UPI Details', to: '/billing/upi-account', permission: 'PAYMENTS' },
      ],
    },
    {
      id: 'payments',
      label: 'Payments',
      icon: 'payments',
      links: [
        { label: 'Receive Payments', to: '/payments/upi/receive', permission: 'PAYMENTS' },
        { label: 'Make Payments', to: '/payments/upi/make', permission: 'PAYMENTS' },
        { label: 'Create UPI Payment', to: '/payments/upi/create', permission: 'PAYMENTS' },
        { label: 'Memo to Payment', to: '/memo-2-payment', permission: 'PAYMENTS' },
        { label: 'UPI Accounts', to: '/payments/upi/accounts', permission: 'PAYMENTS' },
      ],
    },
    // The books every trader keeps (mf-accounting): what it sold, online and over the counter, and what it bought.
    ...forTraders(
    {
      id: 'sales',
      label: 'Sales',
      icon: 'sales',
      links: [
        { label: 'Online Sales', to: '/sales/online', permission: 'SALES_READ' },
        { label: 'In-store Sales', to: '/sales/instore', permission: 'SALES_READ' },
        { label: 'Sales Returns', to: '/sales/returns', permission: 'RETURNS' },
        // Issue 34: documents by IRN state; retrying and cancelling need GST_FILES (mf-accounting e-invoices-api).
        { label: 'E-invoices', to: '/sales/e-invoices', permission: 'SALES_READ' },
        { label: 'Sales Reports', to: '/sales/reports', permission: 'SALES_READ' },
      ],
    },
    {
      id: 'purchases',
      label: 'Purchases',
      icon: 'purchases',
      links: [
        { label: 'Purchase Invoices', to: '/purchases/invoices', permission: 'PURCHASES' },
        { label: 'Purchase Returns', to: '/purchases/returns', permission: 'RETURNS' },
        { label: 'Purchase Reports', to: '/purchases/reports', permission: 'PURCHASES' },
      ],
    },
    { id: 'stores', label: 'Stores', icon: 'stores', to: '/stores/dashboard', permission: 'BOOKS_READ' },
    // The books (mf-accounting, issue 14): ledgers, statements, journals, the chart of accounts and GST returns.
    {
      id: 'books',
      label: 'Books',
      icon: 'billing',
      links: [
        { label: 'Ledgers', to: '/ledgers', permission: 'BOOKS_READ' },
        { label: 'Profit & Loss', to: '/profit&loss', permission: 'BOOKS_READ' },
        { label: 'Journals', to: '/journals/dashboard', permission: 'BOOKS_READ' },
        { label: 'Account Heads', to: '/heads/dashboard', permission: 'BOOKS_READ' },
        { label: 'GST Returns', to: '/sales/gst-returns', permission: 'GST_FILES' },
      ],
    },
    ),
  ];
  if (canUploadInventory(account.customerType)) {
    groups.push({
      id: 'inventory',
      label: 'Inventory',
      icon: 'inventory',
      links: [
        { label: 'Upload Inventory', to: '/inventory/upload', permission: 'UPLOADS' },
        { label: 'Clear Near Expiry', to: '/stocks/clearance', permission: 'STOCK_READ' },
        { label: 'Recalls', to: '/stocks/recalls', permission: 'STOCK_READ' },
      ],
    });
  } else if (canKeepStock(account.customerType)) {
    // Retailers and hospitals keep the stock their purchase bills bring in, and sell it over the counter.
    groups.push({
      id: 'stock',
      label: 'Stock',
      icon: 'inventory',
      links: [
        { label: 'Stocks', to: '/stocks/list', permission: 'STOCK_READ' },
        { label: 'Expiry List', to: '/stocks/expiry-list', permission: 'STOCK_READ' },
        { label: 'Recalls', to: '/stocks/recalls', permission: 'STOCK_READ' },
      ],
    });
  } else if (account.customerType === 'MANUFACTURER') {
    // Issue 35: a manufacturer keeps no stock here but recalls its own products and follows them down the chain.
    groups.push({ id: 'recalls', label: 'Recalls', icon: 'recall', to: '/stocks/recalls', permission: 'STOCK_READ' });
  }
  groups.push({
    id: 'customers',
    label: 'Customers',
    icon: 'customers',
    links: customerListTypes(account.customerType).flatMap((type) => (CUSTOMER_LINKS[type] ? [{ ...CUSTOMER_LINKS[type], permission: 'CUSTOMERS' as const }] : [])),
  });
  if (canManageEmployees(account.role)) {
    groups.push({ id: 'employees', label: 'Employees', icon: 'employees', links: [{ label: 'Logins', to: '/employees', permission: 'OWNER_ONLY' }] });
  }
  // Issue 36 (mf-accounting move-in): the owner brings parties, items, open bills and the opening trial balance over
  // from Marg, Busy or Tally.
  if (trades) groups.push({ id: 'settings', label: 'Settings', icon: 'settings', links: [{ label: 'Move in', to: '/move-in', permission: 'OWNER_ONLY' }] });
  return allowedFor(account, groups);
}

/** No entry a login cannot use (issue 33 item 13): links its role lacks go, and groups left empty with them. */
function allowedFor(account: Pick<MyAccount, 'role' | 'employeeRole'>, groups: NavGroup[]): NavGroup[] {
  const allowed = (permission: Permission | undefined) => permission === undefined || can(account, permission);
  return groups.flatMap((group) => {
    if (!group.links) return allowed(group.permission) ? [group] : [];
    const links = group.links.filter((link) => allowed(link.permission));
    return links.length > 0 ? [{ ...group, links }] : [];
  });
}

/**
 * What the screen at `path` (without /app) needs of the login's role: the permission of the navigation entry it
 * belongs to, whatever the role (issue 33 item 13). Undefined for a path no entry leads to (the API still decides).
 */
export function screenPermission(account: Pick<MyAccount, 'customerType'>, path: string): Permission | undefined {
  const every = navGroupsFor({ customerType: account.customerType, role: 'OWNER', deliveryStaff: true });
  const to = activeLinkFor(every, path);
  for (const group of every) {
    if (group.to === to) return group.permission;
    const link = group.links?.find((l) => l.to === to);
    if (link) return link.permission;
  }
  return undefined;
}

/** True when `to` (without /app) is the page at `path` (without /app) or a page below it; query strings ignored. */
export function isLinkActive(to: string, path: string): boolean {
  const target = to.split('?')[0] ?? to;
  return path === target || path.startsWith(`${target}/`);
}

/**
 * The one link to highlight for `path`: the most specific match, so /customers/stockists lights "Stockists"
 * and not also "Connected Users" (/customers).
 */
export function activeLinkFor(groups: readonly NavGroup[], path: string): string | null {
  let best: string | null = null;
  for (const group of groups) {
    for (const to of group.to ? [group.to] : (group.links ?? []).map((l) => l.to)) {
      if (isLinkActive(to, path) && (best === null || to.length > best.length)) best = to;
    }
  }
  return best;
}

export function groupContains(group: NavGroup, to: string | null): boolean {
  if (to === null) return false;
  return group.to === to || (group.links ?? []).some((l) => l.to === to);
}
