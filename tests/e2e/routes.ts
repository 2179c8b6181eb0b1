import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Every screen of the route tables, as the accessibility spec opens them. A route's `path` is written exactly as in
 * its table, so `routeTablePaths()` (which reads the tables themselves) can tell when a route was added to a table but
 * not here: the spec then fails instead of silently skipping the new screen. Signed-in routes are listed without the
 * /app prefix: the /app and top-level variants render the same screens, so the spec opens the /app one.
 */

export type Role = 'stockist' | 'employee' | 'retailer' | 'hospital' | 'seasonBoy' | 'staff';

/** The demo seed's people (api/src/db/seed*.ts), one per kind of user. */
export const ROLES: Record<Role, { mobile: string; who: string }> = {
  stockist: { mobile: '9800000001', who: 'stockist owner (Agarwal Pharma, Pune)' },
  employee: { mobile: '9800000011', who: "stockist's employee, delivery staff (limited permissions)" },
  retailer: { mobile: '9800000002', who: 'retailer owner (Sharma Medical Stores)' },
  hospital: { mobile: '9800000003', who: 'hospital owner (Lifeline)' },
  seasonBoy: { mobile: '9800000301', who: 'season boy (Vijay More)' },
  staff: { mobile: '9800000090', who: 'back-office staff (Meera Kulkarni)' },
};

/** Real ids read from (or made through) the API before the screens are opened. */
export interface DemoIds {
  /** Seller side (Agarwal Pharma: its owner and its employee). */
  onlineOrderId: string;
  barcodeId: string;
  invoiceId: string;
  creditNoteId: string;
  counterSaleId: string;
  quotationId: string;
  batchId: string;
  productId: string;
  /** Buyer side (Sharma Medical Stores). */
  purchaseOrderId: string;
  billId: string;
  debitNoteId: string;
  supplierKey: string;
  /** A recall Agarwal raised of a batch it distributes. */
  recallId: string;
}

export type RouteTable = 'public' | 'shell' | 'mf-orders' | 'mf-accounting' | 'mf-payments' | 'mf-inventory' | 'mf-customers';

export interface ScreenRoute {
  table: RouteTable;
  /** As written in the table. */
  path: string;
  /** The URL to open when it is not `/app/<path>` (ids, a query the screen needs). */
  url?: (ids: DemoIds) => string;
  /** Whose ids the URL holds: only users of that unit can open it. */
  owner?: 'seller' | 'buyer';
  /** The table maps it elsewhere: nothing of its own to check. */
  redirect?: true;
  /** Another path of the same table renders the same element with the same props: checked there. */
  sameAs?: string;
}

const app = (p: string) => `/app/${p}`;

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // Public pages (shell/src/routes.tsx, outside the session guard).
  { table: 'public', path: '/', url: () => '/' },
  { table: 'public', path: '/login', sameAs: '/' },
  { table: 'public', path: '/registration', url: () => '/registration' },
  { table: 'public', path: '/terms-and-conditions', url: () => '/terms-and-conditions' },
  { table: 'public', path: '/privacy-policy', url: () => '/privacy-policy' },
  { table: 'public', path: '/errors/:code', url: () => '/errors/404' },

  // shell/src/routes.tsx SHELL_PAGES
  { table: 'shell', path: 'dashboard' },
  { table: 'shell', path: 'profile' },
  { table: 'shell', path: 'staff/verifications' },
  { table: 'shell', path: 'notifications' },
  { table: 'shell', path: 'cart' },
  { table: 'shell', path: 'cart/best-basket' },
  { table: 'shell', path: 'search', url: (ids) => app(`search?q=dolo%20650&product=${ids.productId}`) },

  // mf-orders/src/routes.tsx
  { table: 'mf-orders', path: 'orders', redirect: true },
  { table: 'mf-orders', path: 'orders/offline-pickups' },
  { table: 'mf-orders', path: 'orders/offline-pickups/add' },
  { table: 'mf-orders', path: 'orders/online-pickups' },
  { table: 'mf-orders', path: 'orders/online-orders' },
  { table: 'mf-orders', path: 'orders/online-orders/:orderId', owner: 'seller', url: (ids) => app(`orders/online-orders/${ids.onlineOrderId}`) },
  { table: 'mf-orders', path: 'orders/orders-overview' },
  { table: 'mf-orders', path: 'orders/orders-overview/:barcodeId', owner: 'seller', url: (ids) => app(`orders/orders-overview/${ids.barcodeId}`) },
  { table: 'mf-orders', path: 'orders/my-deliveries' },
  { table: 'mf-orders', path: 'orders/outward-stock-registry' },
  { table: 'mf-orders', path: 'orders/outward-stock-registry/add' },
  { table: 'mf-orders', path: 'delivery-tracking', owner: 'seller', url: (ids) => app(`delivery-tracking?barcode=${ids.barcodeId}`) },
  { table: 'mf-orders', path: 'outward-stock-registry', sameAs: 'orders/outward-stock-registry' },
  { table: 'mf-orders', path: 'outward-stock-registry/add', sameAs: 'orders/outward-stock-registry/add' },

  // mf-accounting/src/routes.tsx
  { table: 'mf-accounting', path: 'purchases/invoices' },
  { table: 'mf-accounting', path: 'purchases/invoices/add' },
  { table: 'mf-accounting', path: 'purchases/invoice/:id', owner: 'buyer', url: (ids) => app(`purchases/invoice/${ids.billId}`) },
  { table: 'mf-accounting', path: 'purchases/invoice/:id/payment', owner: 'buyer', url: (ids) => app(`purchases/invoice/${ids.billId}/payment`) },
  { table: 'mf-accounting', path: 'purchases/invoices/add-purchase-order' },
  { table: 'mf-accounting', path: 'purchases/reports' },
  { table: 'mf-accounting', path: 'purchases/report/:id', owner: 'buyer', url: (ids) => app(`purchases/report/${encodeURIComponent(ids.supplierKey)}`) },
  { table: 'mf-accounting', path: 'purchases/returns' },
  { table: 'mf-accounting', path: 'purchases/returns/:id', owner: 'buyer', url: (ids) => app(`purchases/returns/${ids.debitNoteId}`) },
  { table: 'mf-accounting', path: 'purchases/orders' },
  { table: 'mf-accounting', path: 'purchases/orders/preview', redirect: true },
  { table: 'mf-accounting', path: 'purchases/orders/:id', owner: 'buyer', url: (ids) => app(`purchases/orders/${ids.purchaseOrderId}`) },
  { table: 'mf-accounting', path: 'purchases/orders/:id/view', owner: 'buyer', url: (ids) => app(`purchases/orders/${ids.purchaseOrderId}/view`) },
  { table: 'mf-accounting', path: 'sales/instore' },
  { table: 'mf-accounting', path: 'sales/instore/:id', owner: 'seller', url: (ids) => app(`sales/instore/${ids.counterSaleId}`) },
  { table: 'mf-accounting', path: 'sales/instore/:id/payment', owner: 'seller', url: (ids) => app(`sales/instore/${ids.counterSaleId}/payment`) },
  // A counter bill's draft lives in the browser: 'new' opens a fresh one (the spec then uses its id for the next two).
  { table: 'mf-accounting', path: 'sales/add-instore/:id', url: () => app('sales/add-instore/new') },
  { table: 'mf-accounting', path: 'sales/instore-add/:id', url: () => app('sales/instore-add/{draft}') },
  { table: 'mf-accounting', path: 'sales/add-instore/preview/:id', url: () => app('sales/add-instore/preview/{draft}') },
  { table: 'mf-accounting', path: 'sales/online' },
  { table: 'mf-accounting', path: 'sales/reports' },
  { table: 'mf-accounting', path: 'sales/report/details' },
  { table: 'mf-accounting', path: 'sales/report/details/invoice', owner: 'seller', url: (ids) => app(`sales/report/details/invoice?id=${ids.invoiceId}`) },
  { table: 'mf-accounting', path: 'sales/returns' },
  { table: 'mf-accounting', path: 'sales/returns/new', owner: 'seller', url: (ids) => app(`sales/returns/new?invoiceId=${ids.invoiceId}`) },
  { table: 'mf-accounting', path: 'sales/returns/:id', owner: 'seller', url: (ids) => app(`sales/returns/${ids.creditNoteId}`) },
  { table: 'mf-accounting', path: 'sales/gst-returns' },
  { table: 'mf-accounting', path: 'sales/e-invoices' },
  { table: 'mf-accounting', path: 'sales/quotation/:id', owner: 'seller', url: (ids) => app(`sales/quotation/${ids.quotationId}`) },
  { table: 'mf-accounting', path: 'ledgers' },
  { table: 'mf-accounting', path: 'profit&loss', url: () => app('profit%26loss') },
  { table: 'mf-accounting', path: 'memo-2-payment' },
  { table: 'mf-accounting', path: 'journals/dashboard' },
  { table: 'mf-accounting', path: 'journals/add' },
  { table: 'mf-accounting', path: 'stores/dashboard' },
  { table: 'mf-accounting', path: 'stores/details' },
  { table: 'mf-accounting', path: 'heads/dashboard' },
  { table: 'mf-accounting', path: 'heads/add' },
  // Settings › Move in (issue 36): the demo stockist has imported nothing, so each screen shows its empty state.
  { table: 'mf-accounting', path: 'move-in' },
  { table: 'mf-accounting', path: 'move-in/import/parties' },
  { table: 'mf-accounting', path: 'move-in/import/items' },
  { table: 'mf-accounting', path: 'move-in/import/bills' },
  { table: 'mf-accounting', path: 'move-in/import/trial-balance' },
  { table: 'mf-accounting', path: 'move-in/network' },

  // mf-payments/src/routes.tsx
  { table: 'mf-payments', path: 'payments/upi/create' },
  { table: 'mf-payments', path: 'payments/upi/receive' },
  { table: 'mf-payments', path: 'payments/upi/make' },
  { table: 'mf-payments', path: 'payments/upi/accounts' },
  { table: 'mf-payments', path: 'payments/upi/accounts/add' },
  { table: 'mf-payments', path: 'billing/invoices' },
  { table: 'mf-payments', path: 'billing/upi-account' },

  // mf-inventory/src/routes.tsx
  { table: 'mf-inventory', path: 'inventory', redirect: true },
  { table: 'mf-inventory', path: 'inventory/list' },
  { table: 'mf-inventory', path: 'inventory/upload' },
  { table: 'mf-inventory', path: 'stocks', redirect: true },
  { table: 'mf-inventory', path: 'stocks/list' },
  { table: 'mf-inventory', path: 'stocks/add' },
  { table: 'mf-inventory', path: 'stocks/:id', owner: 'seller', url: (ids) => app(`stocks/${ids.batchId}`) },
  { table: 'mf-inventory', path: 'stocks/reports' },
  { table: 'mf-inventory', path: 'stocks/report/details' },
  { table: 'mf-inventory', path: 'stocks/reports/details', sameAs: 'stocks/report/details' },
  { table: 'mf-inventory', path: 'stocks/expiry-list' },
  { table: 'mf-inventory', path: 'stocks/expiry/details' },
  { table: 'mf-inventory', path: 'stocks/clearance' },
  { table: 'mf-inventory', path: 'stocks/recalls' },
  { table: 'mf-inventory', path: 'stocks/recalls/new' },
  { table: 'mf-inventory', path: 'stocks/recalls/import' },
  { table: 'mf-inventory', path: 'stocks/catalogue' },
  { table: 'mf-inventory', path: 'stocks/recalls/:id', owner: 'seller', url: (ids) => app(`stocks/recalls/${ids.recallId}`) },

  // mf-customers/src/routes.tsx
  { table: 'mf-customers', path: 'customers', sameAs: 'customers/stockists' },
  { table: 'mf-customers', path: 'customers/stockists' },
  { table: 'mf-customers', path: 'customers/hospitals' },
  { table: 'mf-customers', path: 'customers/retailers' },
  { table: 'mf-customers', path: 'employees' },
  { table: 'mf-customers', path: 'employees/register' },
];

/** Which unit each role belongs to, for routes whose URL holds a unit's own ids. */
const UNIT_OF: Partial<Record<Role, 'seller' | 'buyer'>> = { stockist: 'seller', employee: 'seller', retailer: 'buyer' };

/** The signed-in screens a role opens: every route but redirects, aliases and other units' ids. */
export function screensFor(role: Role): ScreenRoute[] {
  return SCREEN_ROUTES.filter((r) => r.table !== 'public' && !r.redirect && !r.sameAs && (!r.owner || UNIT_OF[role] === r.owner));
}

export const publicScreens = () => SCREEN_ROUTES.filter((r) => r.table === 'public' && !r.sameAs);

export const urlOf = (route: ScreenRoute, ids: DemoIds) => (route.url ? route.url(ids) : app(route.path));

const ROOT = path.resolve(__dirname, '../..');
const TABLE_FILES: Record<Exclude<RouteTable, 'public'>, string> = {
  shell: 'shell/src/routes.tsx',
  'mf-orders': 'mf-orders/src/routes.tsx',
  'mf-accounting': 'mf-accounting/src/routes.tsx',
  'mf-payments': 'mf-payments/src/routes.tsx',
  'mf-inventory': 'mf-inventory/src/routes.tsx',
  'mf-customers': 'mf-customers/src/routes.tsx',
};

/**
 * The paths the route tables declare, read from their source: entries `path: '…'` (SHELL_PAGES, the remotes'
 * RouteEntry lists) and the shell's public `<Route path="/…">` elements. The catch-all, `/app` (a redirect to the
 * dashboard) and the template routes that mount SHELL_PAGES and the remotes are the frame, not screens.
 */
export function routeTablePaths(): { table: RouteTable; path: string }[] {
  const found: { table: RouteTable; path: string }[] = [];
  for (const [table, file] of Object.entries(TABLE_FILES) as [Exclude<RouteTable, 'public'>, string][]) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of source.matchAll(/\bpath:\s*'([^']+)'/g)) found.push({ table, path: m[1]! });
    if (table === 'shell') {
      for (const m of source.matchAll(/<Route\s+path="([^"]+)"/g)) if (m[1] !== '*' && m[1] !== '/app') found.push({ table: 'public', path: m[1]! });
    }
  }
  return found;
}
