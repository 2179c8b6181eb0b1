import styled from 'styled-components';
import type { Cart } from 'shared-api';
import { canUseCart, useCart } from 'shared-auth';
import { Card, DataTable, EmptyState, ErrorPanel, PageHeader, Spinner, Stack, formatNumber, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';

type Entry = Cart['entries'][number];

const COLUMNS: readonly DataTableColumn<Entry>[] = [
  { key: 'productName', header: 'Product' },
  { key: 'manufacturer', header: 'Manufacturer' },
  { key: 'quantity', header: 'Quantity', align: 'right' },
  { key: 'freeQuantity', header: 'Free', align: 'right' },
  { key: 'ptrPaise', header: 'PTR', align: 'right', render: (e) => formatRupees(e.ptrPaise) },
  { key: 'mrpPaise', header: 'MRP', align: 'right', render: (e) => formatRupees(e.mrpPaise) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (e) => formatRupees(e.totalPaise) },
];

const Total = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  text-align: right;
`;

/** Groups cart entries by seller (SPEC.md §3: each entry names its stockist). */
export function groupBySeller(entries: readonly Entry[]): { seller: string; entries: Entry[] }[] {
  const groups = new Map<string, { seller: string; entries: Entry[] }>();
  for (const entry of entries) {
    const group = groups.get(entry.sellerUnitCode) ?? { seller: entry.stockist, entries: [] };
    group.entries.push(entry);
    groups.set(entry.sellerUnitCode, group);
  }
  return [...groups.values()];
}

/** /cart for RETAILER and HOSPITAL: GET /cart for the unit, grouped by seller. */
export function CartPage() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const allowed = canUseCart(account.customerType);
  const { data: cart, error, mutate } = useCart(allowed ? account.unitCode : null);
  const crumbs = [{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Cart' }];

  let body;
  if (!allowed) body = <EmptyState title="No cart for stockists" message="Retailers and hospitals order through the cart; stockists receive those orders." />;
  else if (error) body = <ErrorPanel title="The cart could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  else if (!cart) body = <Spinner label="Loading cart" />;
  else if (cart.entries.length === 0)
    body = <EmptyState title="Your cart is empty" message="Products you add from the marketplace search appear here, grouped by seller." />;
  else
    body = (
      <Stack gap="lg">
        {groupBySeller(cart.entries).map((group) => (
          <Card key={group.seller} title={group.seller}>
            <DataTable label={`Items from ${group.seller}`} columns={COLUMNS} rows={group.entries} rowKey="id" />
          </Card>
        ))}
        <Total>
          {formatNumber(cart.total.itemCount)} items · {formatRupees(cart.total.amountPaise)}
        </Total>
      </Stack>
    );

  return (
    <>
      <PageHeader title="Cart" crumbs={crumbs} />
      {body}
    </>
  );
}
