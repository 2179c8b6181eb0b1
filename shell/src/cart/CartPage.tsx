import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  MARKETPLACE_PATHS,
  type Cart,
  type CartConfirmation,
  type OrderList,
  type OrderSummary,
  schemeFreeFor,
  type SubmitResult,
} from 'shared-api';
import { api, canUseCart, fetcher, isApiError, useCart, type ApiError } from 'shared-auth';
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorPanel,
  ExpiryDate,
  OrderStatusBadge,
  PageHeader,
  Spinner,
  Stack,
  TextInput,
  formatCount,
  formatDate,
  formatDateTime,
  formatRupees,
  theme,
  toast,
  type DataTableColumn,
} from 'shared-ui';
import useSWR from 'swr';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';
import { CreditWarningNote } from './CreditWarningNote';
import { DeliveryWarning } from './DeliveryWarning';
import { SchemeHint } from './SchemeHint';

type Entry = Cart['entries'][number];

const Total = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  text-align: right;
`;
const Row = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  align-items: center;
  justify-content: flex-end;
  flex-wrap: wrap;
`;
const Qty = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  align-items: center;
  justify-content: flex-end;
  input {
    width: 64px;
  }
`;
const Changes = styled.ul`
  margin: 0;
  padding-left: ${theme.space.lg};
`;

/** Groups cart entries by seller (SPEC.md §3: each entry names its stockist). */
export function groupBySeller(entries: readonly Entry[]): { seller: string; sellerUnitCode: string; entries: Entry[] }[] {
  const groups = new Map<string, { seller: string; sellerUnitCode: string; entries: Entry[] }>();
  for (const entry of entries) {
    const group = groups.get(entry.sellerUnitCode) ?? { seller: entry.stockist, sellerUnitCode: entry.sellerUnitCode, entries: [] };
    group.entries.push(entry);
    groups.set(entry.sellerUnitCode, group);
  }
  return [...groups.values()];
}

const Note = styled.small`
  display: block;
  color: ${theme.colors.textMuted};
`;

/** The product, and what pins the entry's batch: a near-expiry offer (its batch, expiry in red) or a minimum expiry. */
function EntryProduct({ entry }: { entry: Entry }) {
  return (
    <>
      {entry.pack ? `${entry.productName} (${entry.pack})` : entry.productName}
      {entry.offerBatch && (
        <Note>
          Near-expiry offer · batch {entry.offerBatch.batchNo} · expires <ExpiryDate date={entry.offerBatch.expiryDate} near />
        </Note>
      )}
      {entry.minExpiryDate && <Note>Expiry on/after {formatDate(entry.minExpiryDate)}</Note>}
    </>
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Quantity + free of one entry, saved with "Update" (E0048 puts the nearest valid numbers in the boxes). */
function QuantityEditor({ entry, onSaved }: { entry: Entry; onSaved: (cart: Cart) => void }) {
  const [quantity, setQuantity] = useState(String(entry.quantity));
  const [free, setFree] = useState(String(entry.freeQuantity));
  const changed = quantity !== String(entry.quantity) || free !== String(entry.freeQuantity);
  // A new quantity takes the free units it qualifies for (the buyer may still type 0).
  function changeQuantity(value: string) {
    setQuantity(value);
    setFree(String(schemeFreeFor(Number(value), entry.schemeBuy, entry.schemeFree)));
  }
  async function save() {
    try {
      onSaved(await api.post<Cart>(MARKETPLACE_PATHS.cartUpdateEntry, { entryId: entry.id, quantity: Number(quantity), freeQuantity: Number(free || 0) }));
    } catch (error) {
      if (isApiError(error) && error.code === 'E0048' && error.fields) {
        setQuantity(error.fields.quantity ?? quantity);
        setFree(error.fields.freeQuantity ?? free);
      }
      toast.error({ title: 'Quantity not changed', message: message(error) });
    }
  }
  return (
    <div>
      <Qty>
        <TextInput aria-label={`Quantity of ${entry.productName}`} inputMode="numeric" value={quantity} onChange={(e) => changeQuantity(e.target.value.replace(/\D/g, ''))} />
        <span>+</span>
        <TextInput aria-label={`Free quantity of ${entry.productName}`} inputMode="numeric" value={free} onChange={(e) => setFree(e.target.value.replace(/\D/g, ''))} />
        {changed && (
          <Button size="sm" disabled={!Number(quantity)} onClick={() => void save()}>
            Update
          </Button>
        )}
      </Qty>
      <SchemeHint quantity={Number(quantity)} freeQuantity={Number(free || 0)} schemeBuy={entry.schemeBuy} schemeFree={entry.schemeFree} />
    </div>
  );
}

/** mf-accounting's purchase order screen, in the URL variant the user is in. */
const purchaseOrderPath = (base: string, orderId: string) => `${base}/purchases/orders/${encodeURIComponent(orderId)}`;

/** The buyer's latest orders (GET /orders/v2/placed), newest first: what a submitted cart became. Each opens its purchase order. */
function MyOrders() {
  const base = useBasePath();
  const navigate = useNavigate();
  const { data, error } = useSWR<OrderList, ApiError>(MARKETPLACE_PATHS.placedOrders, fetcher);
  if (error) return <ErrorPanel title="Your orders could not be loaded" message={error.message} />;
  const columns: readonly DataTableColumn<OrderSummary>[] = [
    {
      key: 'orderNumber',
      header: 'Order number',
      // A real link for the keyboard; the row's own click would push the same page a second time.
      render: (o) => (
        <Link to={purchaseOrderPath(base, o.orderId)} onClick={(e) => e.stopPropagation()}>
          {o.orderNumber}
        </Link>
      ),
    },
    { key: 'createdAt', header: 'Date', render: (o) => formatDateTime(o.createdAt) },
    { key: 'counterpartyTradeName', header: 'Stockist' },
    { key: 'itemCount', header: 'Items', align: 'right' },
    { key: 'totalPaise', header: 'Total (incl. GST)', align: 'right', render: (o) => formatRupees(o.totalPaise) },
    { key: 'status', header: 'Status', render: (o) => <OrderStatusBadge status={o.status} side="BUYER" /> },
  ];
  return (
    <Card title="Your orders" actions={<Link to={`${base}/purchases/orders`}>All purchase orders</Link>}>
      <DataTable
        label="Your orders"
        columns={columns}
        rows={data?.items ?? []}
        rowKey="orderId"
        loading={!data}
        emptyMessage="No orders yet."
        pageSize={10}
        onRowClick={(o) => navigate(purchaseOrderPath(base, o.orderId))}
      />
    </Card>
  );
}

/** /cart for RETAILER and HOSPITAL: entries grouped by seller; confirm shows every change; submit sends one order per seller. */
export function CartPage() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const allowed = canUseCart(account.customerType);
  const { data: cart, error, mutate } = useCart(allowed ? account.unitCode : null);
  const { mutate: refreshOrders } = useSWR<OrderList>(allowed ? MARKETPLACE_PATHS.placedOrders : null, fetcher);
  const [confirmation, setConfirmation] = useState<CartConfirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const crumbs = [{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Cart' }];

  async function run(action: () => Promise<Cart>) {
    try {
      await mutate(await action(), { revalidate: false });
      setConfirmation(null);
    } catch (e) {
      toast.error({ title: 'Cart not changed', message: message(e) });
    }
  }

  async function confirm() {
    setBusy(true);
    try {
      const result = await api.post<CartConfirmation>(MARKETPLACE_PATHS.cartConfirm, {});
      setConfirmation(result);
      await mutate(result.cart, { revalidate: false });
    } catch (e) {
      toast.error({ title: 'Cart not confirmed', message: message(e) });
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    setBusy(true);
    try {
      const { orders } = await api.post<SubmitResult>(MARKETPLACE_PATHS.cartSubmit, {});
      toast.success({ title: `${orders.length} order${orders.length === 1 ? '' : 's'} sent`, message: orders.map((o) => `${o.orderNumber} to ${o.counterpartyTradeName}`).join(', ') });
      setConfirmation(null);
      await Promise.all([mutate(), refreshOrders()]);
    } catch (e) {
      toast.error({ title: 'Order not submitted', message: message(e) });
      await mutate();
    } finally {
      setBusy(false);
    }
  }

  const columns: readonly DataTableColumn<Entry>[] = [
    { key: 'productName', header: 'Product', render: (e) => <EntryProduct entry={e} /> },
    { key: 'manufacturer', header: 'Manufacturer' },
    { key: 'quantity', header: 'Quantity + free', align: 'right', render: (e) => <QuantityEditor key={`${e.id}-${e.quantity}-${e.freeQuantity}`} entry={e} onSaved={(c) => void mutate(c, { revalidate: false })} /> },
    { key: 'scheme', header: 'Scheme', render: (e) => (e.schemeBuy && e.schemeFree ? `${e.schemeBuy} + ${e.schemeFree}` : '—') },
    { key: 'ptrPaise', header: 'PTR', align: 'right', render: (e) => formatRupees(e.ptrPaise) },
    { key: 'mrpPaise', header: 'MRP', align: 'right', render: (e) => formatRupees(e.mrpPaise) },
    { key: 'totalPaise', header: 'Total', align: 'right', render: (e) => formatRupees(e.totalPaise) },
    {
      key: 'remove',
      header: '',
      render: (e) => (
        <Button size="sm" variant="ghost" aria-label={`Remove ${e.productName} from ${e.stockist}`} onClick={() => void run(() => api.post<Cart>(MARKETPLACE_PATHS.cartDeleteEntry, { entryId: e.id }))}>
          Remove
        </Button>
      ),
    },
  ];

  let body;
  if (!allowed) body = <EmptyState title="No cart for this account" message="Retailers and hospitals order through the cart; stockists receive those orders, and back-office staff do not trade." />;
  else if (error) body = <ErrorPanel title="The cart could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  else if (!cart) body = <Spinner label="Loading cart" />;
  else if (cart.entries.length === 0)
    body = <EmptyState title="Your cart is empty" message="Products you add from the marketplace search appear here, grouped by seller." />;
  else
    body = (
      <Stack gap="lg">
        {groupBySeller(cart.entries).map((group) => (
          <Card
            key={group.sellerUnitCode}
            title={group.seller}
            actions={
              <Button size="sm" variant="ghost" onClick={() => void run(() => api.post<Cart>(MARKETPLACE_PATHS.cartDeleteSellerCart, { sellerUnitCode: group.sellerUnitCode }))}>
                Remove {group.seller}
              </Button>
            }
          >
            <CreditWarningNote warnings={cart.creditWarnings} sellerUnitCode={group.sellerUnitCode} />
            <DeliveryWarning cart={cart} sellerUnitCode={group.sellerUnitCode} />
            <DataTable label={`Items from ${group.seller}`} columns={columns} rows={group.entries} rowKey="id" />
          </Card>
        ))}
        <Total>
          {formatCount(cart.total.itemCount, 'item')} · {formatRupees(cart.total.amountPaise)} <small>(before GST)</small>
        </Total>
        {confirmation && (
          <Card title={confirmation.changes.length ? 'What changed since you added them' : 'Everything is still in stock at these prices'}>
            {confirmation.changes.length > 0 && (
              <Changes aria-label="Cart changes">
                {confirmation.changes.map((c) => (
                  <li key={c.entryId + c.kind}>
                    {c.stockist}: {c.message}
                    {c.kind === 'PRICE' && c.oldPtrPaise !== undefined && c.newPtrPaise !== undefined && ` (${formatRupees(c.oldPtrPaise)} → ${formatRupees(c.newPtrPaise)})`}
                  </li>
                ))}
              </Changes>
            )}
          </Card>
        )}
        <Row>
          <Button variant="ghost" onClick={() => void run(() => api.post<Cart>(MARKETPLACE_PATHS.cartDeleteCart, {}))}>
            Empty cart
          </Button>
          <Button variant="secondary" loading={busy && !confirmation} onClick={() => void confirm()}>
            Confirm cart
          </Button>
          <Button loading={busy && !!confirmation} disabled={!confirmation?.canSubmit} onClick={() => void submit()}>
            Submit orders
          </Button>
        </Row>
      </Stack>
    );

  return (
    <>
      <PageHeader title="Cart" crumbs={crumbs} actions={allowed && <Link to={`${base}/cart/best-basket`}>Best basket from a list</Link>} />
      <Stack gap="lg">
        {body}
        {allowed && <MyOrders />}
      </Stack>
    </>
  );
}
