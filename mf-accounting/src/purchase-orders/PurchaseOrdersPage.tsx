import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { OrderStatus, ORDER_STATUSES, type OrderSummary } from 'shared-api';
import { DataTable, EmptyState, ErrorPanel, ORDER_STATUS_LABELS, OrderStatusBadge, Select, Stack, formatDateTime, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { ORDERS_PAGE_SIZE, usePlacedOrders } from './purchase-orders-api';

export const orderPath = (orderId: string) => `/purchases/orders/${encodeURIComponent(orderId)}`;

const COLUMNS: readonly DataTableColumn<OrderSummary>[] = [
  {
    key: 'orderNumber',
    header: 'Order number',
    // A real link for the keyboard; the row's own click would push the same page a second time.
    render: (o) => (
      <Link to={orderPath(o.orderId)} onClick={(e) => e.stopPropagation()}>
        {o.orderNumber}
      </Link>
    ),
  },
  { key: 'createdAt', header: 'Date', render: (o) => formatDateTime(o.createdAt) },
  { key: 'counterpartyTradeName', header: 'Seller' },
  { key: 'itemCount', header: 'Items', align: 'right' },
  { key: 'totalPaise', header: 'Total (incl. GST)', align: 'right', render: (o) => formatRupees(o.totalPaise) },
  { key: 'status', header: 'Status', render: (o) => <OrderStatusBadge status={o.status} side="BUYER" /> },
];

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS.BUYER[s] }))];

/** purchases/orders: the orders this buyer sent from its cart, newest first and paged, filtered by `?status=`; a row opens one. */
export function PurchaseOrdersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const parsed = OrderStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const [page, setPage] = usePageFor(status ?? '');
  const { data, error, isLoading, mutate } = usePlacedOrders(status, page);

  function setStatus(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next, { replace: true });
  }

  if (error && !data) return <ErrorPanel title="Your purchase orders could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!status && data?.totalResults === 0) {
    return <EmptyState title="No purchase orders yet" message="Orders you send to your stockists from the cart appear here with their status." />;
  }
  return (
    <Stack gap="md">
      <Stack direction="row" gap="sm" style={{ maxWidth: 280 }}>
        <Select aria-label="Status" options={STATUS_OPTIONS} value={status ?? ''} onChange={(e) => setStatus(e.currentTarget.value)} />
      </Stack>
      <DataTable
        label="Purchase orders"
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowKey="orderId"
        loading={isLoading}
        emptyMessage={status ? `No ${ORDER_STATUS_LABELS.BUYER[status].toLowerCase()} orders.` : 'No orders yet.'}
        page={page}
        pageSize={ORDERS_PAGE_SIZE}
        totalResults={data?.totalResults ?? 0}
        onPageChange={setPage}
        onRowClick={(o) => navigate(orderPath(o.orderId))}
      />
    </Stack>
  );
}
