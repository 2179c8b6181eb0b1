import { Link, useParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import type { OrderDetail } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Button, ButtonLink, Card, DataTable, DetailList, NotFoundState, ErrorPanel, ExpiryDate, OrderStatusBadge, OrderTotalRows, Spinner, Stack, formatDateTime, formatRupees, type DataTableColumn } from 'shared-ui';
import { InvoicePdfButtons } from '../sales-invoices/InvoicePdfButtons';
import { invoicePath } from '../sales-invoices/sales-invoices-api';
import { usePurchaseOrder } from './purchase-orders-api';
import { ShipmentRows } from './ShipmentRows';

type Line = OrderDetail['lines'][number];
interface BatchRow {
  key: string;
  productName: string;
  batchNo: string;
  expiryDate: string;
  quantity: number;
  /** Bought from a near-expiry offer: its expiry is always shown in red. */
  offer: boolean;
}

const PRINT_ROOT = 'purchase-order-print';

/**
 * On paper only the order shows: the shell's header, navigation and this page's own header are hidden without
 * the remote having to know the shell's markup.
 */
const PrintOnlyTheOrder = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #${PRINT_ROOT}, #${PRINT_ROOT} * { visibility: visible; }
    #${PRINT_ROOT} { position: absolute; top: 0; left: 0; width: 100%; }
  }
`;

const Totals = styled(DetailList)`
  align-self: flex-end;
  text-align: right;
`;

const LINE_COLUMNS: readonly DataTableColumn<Line>[] = [
  { key: 'productName', header: 'Product' },
  { key: 'pack', header: 'Pack' },
  { key: 'manufacturer', header: 'Manufacturer' },
  { key: 'quantity', header: 'Qty', align: 'right' },
  { key: 'freeQuantity', header: 'Free', align: 'right' },
  { key: 'ptrPaise', header: 'PTR', align: 'right', render: (l) => formatRupees(l.ptrPaise) },
  { key: 'mrpPaise', header: 'MRP', align: 'right', render: (l) => formatRupees(l.mrpPaise) },
  { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => `${l.gstRateBp / 100} %` },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
];

const BATCH_COLUMNS: readonly DataTableColumn<BatchRow>[] = [
  { key: 'productName', header: 'Product' },
  { key: 'batchNo', header: 'Batch no.' },
  // Red with the days left when near expiry: a near-expiry offer's batch, or any batch within NEAR_EXPIRY_DAYS.
  { key: 'expiryDate', header: 'Expiry', render: (b) => <ExpiryDate date={b.expiryDate} near={b.offer || undefined} /> },
  { key: 'quantity', header: 'Qty (incl. free)', align: 'right' },
];

/** The batches stock left the seller from: meaningful once accepted (before that they are only held). */
const batchesOf = (order: OrderDetail): BatchRow[] =>
  order.lines.flatMap((l) => l.allocations.map((a) => ({ key: `${l.lineId}|${a.batchNo}|${a.expiryDate}`, productName: l.productName, offer: l.clearanceOfferId !== null, ...a })));

function Decision({ order }: { order: OrderDetail }) {
  if (order.status === 'PLACED') return <dd>Waiting for the seller to accept</dd>;
  const verb = order.status === 'ACCEPTED' ? 'Accepted' : 'Rejected';
  return <dd>{order.decidedAt ? `${verb} on ${formatDateTime(order.decidedAt)}` : verb}</dd>;
}

/**
 * purchases/orders/:id, and with `printable` purchases/orders/:id/view: one order as the buyer sees it — seller,
 * status and when it changed, the lines, the batches once accepted, the totals, and why if it was rejected.
 * The view is the same data laid out for paper, with a print button in the page header.
 */
export function PurchaseOrderPage({ printable = false }: { printable?: boolean }) {
  const { id = '' } = useParams();
  const { data: order, error, mutate } = usePurchaseOrder(id);
  const { data: account } = useMyAccount();

  // A made-up or mistyped id answers 404 like another unit's order: a not-found state, not a failure to retry.
  if (error && !order && error.status === 404) {
    return (
      <NotFoundState
        what="purchase order"
        back={
          <ButtonLink to="/purchases/orders" variant="secondary">
            Back to Purchase Orders
          </ButtonLink>
        }
      />
    );
  }
  if (error && !order) return <ErrorPanel title="The purchase order could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!order) return <Spinner label="Loading purchase order" />;
  const batches = order.status === 'ACCEPTED' ? batchesOf(order) : [];

  return (
    <Stack gap="lg" id={printable ? PRINT_ROOT : undefined}>
      {printable && <PrintOnlyTheOrder />}
      <Card title={`${printable ? 'Purchase Order ' : 'Order '}${order.orderNumber}`} actions={<OrderStatusBadge status={order.status} side="BUYER" />}>
        <DetailList>
          {printable && account && (
            <>
              <dt>Buyer</dt>
              <dd>
                {account.tradeName} ({account.unitCode}){account.deliveryMarket && `, ${account.deliveryMarket}`}
              </dd>
            </>
          )}
          <dt>Seller</dt>
          <dd>
            {order.counterpartyTradeName} ({order.counterpartyUnitCode}){order.city && `, ${order.city}`}
          </dd>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          <dt>Status</dt>
          <Decision order={order} />
          {order.status === 'REJECTED' && (
            <>
              <dt>Reason</dt>
              <dd>{order.rejectReason ?? 'No reason given'}</dd>
            </>
          )}
          {!printable && <ShipmentRows shipment={order.shipment} />}
          {order.invoice && !printable && (
            <>
              <dt>Tax invoice</dt>
              <dd>
                <Stack direction="row" gap="sm" align="center">
                  <Link to={invoicePath(order.invoice.invoiceId)}>{order.invoice.invoiceNumber}</Link>
                  <InvoicePdfButtons invoice={order.invoice} />
                </Stack>
              </dd>
            </>
          )}
        </DetailList>
      </Card>
      {/* One page holding every line: the order (and its printout) is never cut at the table's page size. */}
      <DataTable label="Order lines" columns={LINE_COLUMNS} rows={order.lines} rowKey="lineId" pageSize={Math.max(order.lines.length, 1)} />
      {batches.length > 0 && (
        <Card title="Batches allocated">
          <DataTable label="Batches allocated" columns={BATCH_COLUMNS} rows={batches} rowKey="key" pageSize={batches.length} />
        </Card>
      )}
      <Totals aria-label="Order totals">
        <OrderTotalRows {...order} />
      </Totals>
    </Stack>
  );
}

/** Page-header action of the detail: the printable form of the same order. */
export function PrintableViewLink() {
  const { id = '' } = useParams();
  return (
    <ButtonLink variant="secondary" to={`/purchases/orders/${encodeURIComponent(id)}/view`}>
      Printable view
    </ButtonLink>
  );
}

/** Page-header action of the view. */
export function PrintButton() {
  return <Button onClick={() => window.print()}>Print</Button>;
}
