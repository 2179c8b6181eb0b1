import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrderSummary } from 'shared-api';
import { DataTable, EmptyState, ErrorPanel, OrderStatusBadge, formatDateTime, formatRupees, type DataTableColumn } from 'shared-ui';
import { ORDERS_PAGE_SIZE, useReceivedOrders } from './orders-api';

const COLUMNS: readonly DataTableColumn<OrderSummary>[] = [
  { key: 'orderNumber', header: 'Order number' },
  { key: 'createdAt', header: 'Date', render: (o) => formatDateTime(o.createdAt) },
  { key: 'counterpartyTradeName', header: 'Trade name' },
  { key: 'city', header: 'Market' },
  { key: 'distanceKm', header: 'Distance', align: 'right', render: (o) => (o.distanceKm === null ? '—' : `${o.distanceKm.toLocaleString('en-IN')} km`) },
  { key: 'itemCount', header: 'Items', align: 'right' },
  { key: 'totalPaise', header: 'Total (incl. GST)', align: 'right', render: (o) => formatRupees(o.totalPaise) },
  { key: 'status', header: 'Status', render: (o) => <OrderStatusBadge status={o.status} side="SELLER" /> },
];

/** orders/online-orders: orders buyers placed through the marketplace, newest first, paged on the server; a row opens the order. */
export function OnlineOrdersPage() {
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = useReceivedOrders(page);
  const navigate = useNavigate();
  if (error && !data) return <ErrorPanel title="Online orders could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (data?.totalResults === 0) {
    return <EmptyState title="No online orders yet" message="Orders from connected retailers and hospitals with access to your stock appear here." />;
  }
  return (
    <DataTable
      label="Online orders"
      columns={COLUMNS}
      rows={data?.items ?? []}
      rowKey="orderId"
      loading={isLoading}
      page={page}
      pageSize={ORDERS_PAGE_SIZE}
      totalResults={data?.totalResults ?? 0}
      onPageChange={setPage}
      onRowClick={(o) => navigate(`/orders/online-orders/${o.orderId}`)}
    />
  );
}
