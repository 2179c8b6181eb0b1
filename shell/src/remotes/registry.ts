/**
 * Which remote owns which route prefix (ARCHITECTURE.md "Routes and owners"). Each prefix is mounted under
 * both /app/<prefix> and /<prefix>. Federation names are JavaScript identifiers, hence the underscores.
 */
export const REMOTE_NAMES = ['mf_orders', 'mf_accounting', 'mf_payments', 'mf_inventory', 'mf_customers'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const REMOTE_PREFIXES: Readonly<Record<RemoteName, readonly string[]>> = {
  mf_orders: ['orders', 'delivery-tracking', 'outward-stock-registry'],
  mf_accounting: ['purchases', 'sales', 'ledgers', 'profit&loss', 'memo-2-payment', 'journals', 'stores', 'heads', 'move-in'],
  mf_payments: ['payments', 'billing'],
  mf_inventory: ['inventory', 'stocks'],
  mf_customers: ['customers', 'employees'],
};

/** Human names for messages ("Orders could not be loaded"). */
export const REMOTE_LABELS: Readonly<Record<RemoteName, string>> = {
  mf_orders: 'Orders',
  mf_accounting: 'Accounting',
  mf_payments: 'Payments',
  mf_inventory: 'Inventory',
  mf_customers: 'Customers',
};

export const REMOTE_ROUTES: readonly { prefix: string; remote: RemoteName }[] = REMOTE_NAMES.flatMap((remote) =>
  REMOTE_PREFIXES[remote].map((prefix) => ({ prefix, remote })),
);

/** The remote owning a path like '/app/orders/online-pickups' or '/orders', or null for shell-owned paths. */
export function remoteForPath(pathname: string): RemoteName | null {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] === 'app' ? segments[1] : segments[0];
  if (!first) return null;
  const prefix = decodeURIComponent(first);
  return REMOTE_ROUTES.find((r) => r.prefix === prefix)?.remote ?? null;
}

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}
