import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { OrderDetail } from 'shared-api';
import { Button, Card, ConfirmDialog, DataTable, DetailList, ErrorPanel, OrderStatusBadge, OrderTotalRows, Spinner, Stack, formatDate, formatDateTime, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { acceptOrder, rejectOrder, useOrder } from './orders-api';

type Line = OrderDetail['lines'][number];

const Actions = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  justify-content: flex-end;
`;

const COLUMNS: readonly DataTableColumn<Line>[] = [
  { key: 'productName', header: 'Product', render: (l) => (l.pack ? `${l.productName} (${l.pack})` : l.productName) },
  { key: 'manufacturer', header: 'Manufacturer' },
  { key: 'quantity', header: 'Quantity', align: 'right' },
  { key: 'freeQuantity', header: 'Free', align: 'right' },
  { key: 'ptrPaise', header: 'PTR', align: 'right', render: (l) => formatRupees(l.ptrPaise) },
  { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => `${l.gstRateBp / 100} %` },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
  {
    key: 'allocations',
    header: 'Batches',
    render: (l) => l.allocations.map((a) => `${a.batchNo} (${formatDate(a.expiryDate)}) × ${a.quantity}`).join(', ') || '—',
  },
];

/** orders/online-orders/{orderId}: the order's lines with the batches held for it; a new order can be accepted or rejected. */
export function OnlineOrderPage() {
  const { orderId = '' } = useParams();
  const { data: order, error, mutate } = useOrder(orderId);
  const [deciding, setDeciding] = useState<'accept' | 'reject' | null>(null);

  if (error && !order) return <ErrorPanel title="The order could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!order) return <Spinner label="Loading order" />;

  async function decide(action: 'accept' | 'reject') {
    const updated = action === 'accept' ? await acceptOrder(order!.orderId) : await rejectOrder(order!.orderId);
    await mutate(updated, { revalidate: false });
    setDeciding(null);
    toast.success({
      title: action === 'accept' ? 'Order accepted' : 'Order rejected',
      message: action === 'accept' ? `${updated.orderNumber}: stock allocated first expiry first.` : `${updated.orderNumber}: the reserved stock is free again.`,
    });
  }

  return (
    <Stack gap="lg">
      <Card title={`Order ${order.orderNumber}`} actions={<OrderStatusBadge status={order.status} side="SELLER" />}>
        <DetailList>
          <dt>From</dt>
          <dd>
            {order.counterpartyTradeName} ({order.counterpartyUnitCode}), {order.city}
            {order.distanceKm !== null && ` · ${order.distanceKm.toLocaleString('en-IN')} km`}
          </dd>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          {order.decidedAt && (
            <>
              <dt>Decided</dt>
              <dd>{formatDateTime(order.decidedAt)}</dd>
            </>
          )}
          <OrderTotalRows {...order} />
        </DetailList>
      </Card>
      <DataTable label="Order items" columns={COLUMNS} rows={order.lines} rowKey="lineId" />
      {order.status === 'PLACED' && order.callerSide === 'SELLER' && (
        <Actions>
          <Button variant="danger" onClick={() => setDeciding('reject')}>
            Reject order
          </Button>
          <Button onClick={() => setDeciding('accept')}>Accept order</Button>
        </Actions>
      )}
      <ConfirmDialog
        open={deciding !== null}
        title={deciding === 'accept' ? 'Accept this order?' : 'Reject this order?'}
        message={
          deciding === 'accept'
            ? 'The items leave your stock now, first expiry first, and the buyer is told.'
            : 'The stock held for this order becomes available again, and the buyer is told.'
        }
        confirmLabel={deciding === 'accept' ? 'Accept' : 'Reject'}
        variant={deciding === 'reject' ? 'danger' : 'primary'}
        onConfirm={() => decide(deciding!)}
        onCancel={() => setDeciding(null)}
      />
    </Stack>
  );
}
