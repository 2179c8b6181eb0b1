import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { batchKey, type OrderDetail, type RecallOrderFlag } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Badge, Button, ButtonLink, Card, ConfirmDialog, DataTable, DetailList, NotFoundState, ErrorPanel, ExpiryDate, OrderStatusBadge, OrderTotalRows, Spinner, Stack, formatDateTime, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { acceptOrder, cancelAcceptance, createInvoice, downloadInvoicePdf, invoicePath, rejectOrder, useOrder } from './orders-api';

type Line = OrderDetail['lines'][number];

const Actions = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  justify-content: flex-end;
`;

/** The order's columns; a batch a recall blocks says so beside its number (issue 35). */
function columnsFor(recalled: ReadonlySet<string>): readonly DataTableColumn<Line>[] {
  return [
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
      // Near-expiry batches (a clearance offer's, or any within NEAR_EXPIRY_DAYS) show their expiry in red.
      render: (l) =>
        l.allocations.length
          ? l.allocations.map((a, i) => (
              <Fragment key={`${a.batchNo}|${a.expiryDate}`}>
                {i > 0 && ', '}
                {a.batchNo} (<ExpiryDate date={a.expiryDate} near={l.clearanceOfferId !== null || undefined} />) × {a.quantity}
                {recalled.has(batchKey(a.batchNo)) && (
                  <>
                    {' '}
                    <Badge tone="danger">Recalled</Badge>
                  </>
                )}
              </Fragment>
            ))
          : '—',
    },
  ];
}

const FLAG_BADGES: Record<RecallOrderFlag['kind'], { tone: 'danger' | 'warning'; label: string }> = {
  REPLACE_OR_CANCEL: { tone: 'danger', label: 'Replace or cancel' },
  RESERVATION_RELEASED: { tone: 'warning', label: 'Reservation released' },
};

/** The seller's part of a recall that touched this order: what happened to its batches and what to do (issue 35). */
function RecallFlags({ flags }: { flags: readonly RecallOrderFlag[] }) {
  return (
    <Card title="Recalled batches" aria-label="Recalled batches">
      <Stack gap="sm">
        {flags.map((f) => (
          <div key={`${f.recallId}|${f.kind}|${f.batchNo}`}>
            <Badge tone={FLAG_BADGES[f.kind].tone}>{FLAG_BADGES[f.kind].label}</Badge> Batch {f.batchNo}, {f.units.toLocaleString('en-IN')} units:{' '}
            {f.message} (<Link to={`/stocks/recalls/${encodeURIComponent(f.recallId)}`}>{f.recallNumber}</Link>)
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The tax invoice of an accepted order: one click issues it (the API numbers it and books the sale); once issued,
 * its number opens it in Accounting and its PDF downloads with the session's token.
 */
function TaxInvoice({ order, onIssued }: { order: OrderDetail; onIssued: (invoice: NonNullable<OrderDetail['invoice']>) => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>, failed: string) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast.error({ title: failed, message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const issue = () =>
    run(async () => {
      const invoice = await createInvoice(order.orderId);
      await onIssued({ invoiceId: invoice.invoiceId, invoiceNumber: invoice.invoiceNumber });
      toast.success({ title: 'Tax invoice created', message: `${invoice.invoiceNumber} for order ${order.orderNumber}.` });
    }, 'The invoice was not created');

  const { invoice } = order;
  return (
    <Card title="Tax invoice" aria-label="Tax invoice">
      {invoice ? (
        <Actions>
          <Link to={invoicePath(invoice.invoiceId)}>Invoice {invoice.invoiceNumber}</Link>
          <Button variant="secondary" loading={busy} onClick={() => void run(() => downloadInvoicePdf(invoice), 'The PDF could not be downloaded')}>
            Download PDF
          </Button>
        </Actions>
      ) : (
        <Actions>
          <Button loading={busy} onClick={() => void issue()}>
            Create tax invoice
          </Button>
        </Actions>
      )}
    </Card>
  );
}

type Decision = 'accept' | 'reject' | 'cancel';

/** What each decision asks, calls and reports. */
const DECISIONS: Record<Decision, { title: string; message: string; confirm: string; call: (orderId: string) => Promise<OrderDetail>; done: string; result: string }> = {
  accept: {
    title: 'Accept this order?',
    message: 'The items leave your stock now, first expiry first, and the buyer is told.',
    confirm: 'Accept',
    call: acceptOrder,
    done: 'Order accepted',
    result: 'stock allocated first expiry first.',
  },
  reject: {
    title: 'Reject this order?',
    message: 'The stock held for this order becomes available again, and the buyer is told.',
    confirm: 'Reject',
    call: (orderId) => rejectOrder(orderId),
    done: 'Order rejected',
    result: 'the reserved stock is free again.',
  },
  // The way out of an accepted order that cannot be invoiced (or should not have been accepted).
  cancel: {
    title: 'Cancel the acceptance?',
    message: 'The items come back into your stock, the order ends rejected, and the buyer is told.',
    confirm: 'Cancel acceptance',
    call: cancelAcceptance,
    done: 'Acceptance cancelled',
    result: 'the stock is back in your warehouse.',
  },
};

/**
 * orders/online-orders/{orderId}: the order's lines with the batches held for it; a new order can be accepted or
 * rejected, an accepted one not yet invoiced can have its acceptance cancelled.
 */
export function OnlineOrderPage() {
  const { orderId = '' } = useParams();
  const { data: order, error, mutate } = useOrder(orderId);
  const [deciding, setDeciding] = useState<Decision | null>(null);

  // A made-up or mistyped id answers 404 like another unit's order: a not-found state, not a failure to retry.
  if (error && !order && error.status === 404) {
    return (
      <NotFoundState
        what="order"
        back={
          <ButtonLink to="/orders/online-orders" variant="secondary">
            Back to Online Orders
          </ButtonLink>
        }
      />
    );
  }
  if (error && !order) return <ErrorPanel title="The order could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!order) return <Spinner label="Loading order" />;

  // Filled from recall_order_flags for the seller (rc-core adds the field to the order contract).
  const recallFlags: readonly RecallOrderFlag[] = (order as OrderDetail & { recallFlags?: RecallOrderFlag[] }).recallFlags ?? [];

  async function decide(action: Decision) {
    const updated = await DECISIONS[action].call(order!.orderId);
    await mutate(updated, { revalidate: false });
    setDeciding(null);
    toast.success({ title: DECISIONS[action].done, message: `${updated.orderNumber}: ${DECISIONS[action].result}` });
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
      {order.callerSide === 'SELLER' && recallFlags.length > 0 && <RecallFlags flags={recallFlags} />}
      <DataTable label="Order items" columns={columnsFor(new Set(recallFlags.map((f) => batchKey(f.batchNo))))} rows={order.lines} rowKey="lineId" />
      {order.status === 'PLACED' && order.callerSide === 'SELLER' && (
        <Actions>
          <Button variant="danger" onClick={() => setDeciding('reject')}>
            Reject order
          </Button>
          <Button onClick={() => setDeciding('accept')}>Accept order</Button>
        </Actions>
      )}
      {order.status === 'ACCEPTED' && order.callerSide === 'SELLER' && <TaxInvoice order={order} onIssued={(invoice) => mutate({ ...order, invoice }, { revalidate: false })} />}
      {order.status === 'ACCEPTED' && order.callerSide === 'SELLER' && !order.invoice && (
        <Actions>
          <Button variant="danger" onClick={() => setDeciding('cancel')}>
            Cancel acceptance
          </Button>
        </Actions>
      )}
      <ConfirmDialog
        open={deciding !== null}
        title={deciding ? DECISIONS[deciding].title : ''}
        message={deciding ? DECISIONS[deciding].message : ''}
        confirmLabel={deciding ? DECISIONS[deciding].confirm : ''}
        variant={deciding === 'accept' ? 'primary' : 'danger'}
        onConfirm={() => decide(deciding!)}
        onCancel={() => setDeciding(null)}
      />
    </Stack>
  );
}
