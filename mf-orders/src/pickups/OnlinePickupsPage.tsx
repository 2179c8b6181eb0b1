import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CreateOnlinePickup, type ReadyOrder } from 'shared-api';
import { Badge, Button, Card, DataTable, ErrorPanel, Form, FormError, Modal, Stack, formatCount, formatDateTime, formatRupees, theme, toSubmitErrors, toast, type DataTableColumn } from 'shared-ui';
import { AssignmentFields } from '../deliveries-common/AssignmentFields';
import { ConsignmentsPanel } from '../deliveries-common/ConsignmentsPanel';
import { consignmentPath, createOnline, useReadyOrders, useRevalidateDeliveries } from '../deliveries-common/deliveries-api';
import { schemaErrors } from '../deliveries-common/form';
import { DispatchDialog } from './DispatchDialog';
import { GoodsFields, goodsBody, type GoodsValues } from './pickup-form';

const Outstation = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  max-width: 22em;
`;

/** Books the pickup of one accepted order: the consignment opens next, with its label to print. */
function BookPickupDialog({ order, onClose }: { order: ReadyOrder; onClose: () => void }) {
  const navigate = useNavigate();
  const revalidate = useRevalidateDeliveries();
  const bodyOf = (values: GoodsValues) => ({ orderId: order.orderId, ...goodsBody(values) });

  async function submit(values: GoodsValues) {
    try {
      const consignment = await createOnline(bodyOf(values));
      void revalidate();
      toast.success({ title: 'Pickup booked', message: `${order.orderNumber} is ${consignment.barcodeId}: print its label and stick it on the parcel.` });
      navigate(consignmentPath(consignment.barcodeId));
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }

  return (
    <Modal open title={`Book pickup: ${order.orderNumber}`} onClose={onClose}>
      <Form<GoodsValues>
        onSubmit={submit}
        validate={(values) => schemaErrors(CreateOnlinePickup, bodyOf(values))}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Book pickup">
            <Stack gap="md">
              <p>
                To {order.buyerName}, {order.buyerCity} · {formatCount(order.items, 'item')} · {formatRupees(order.totalPaise)}
              </p>
              <GoodsFields />
              <AssignmentFields />
              <FormError />
              <Stack direction="row" gap="sm" justify="flex-end">
                <Button type="button" variant="secondary" onClick={onClose}>
                  Back
                </Button>
                <Button type="submit" loading={submitting}>
                  Book pickup
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}

/** orders/online-pickups (sellers): accepted orders waiting to be dispatched, and the online consignments already booked. */
export function OnlinePickupsPage() {
  const ready = useReadyOrders();
  const [booking, setBooking] = useState<ReadyOrder | null>(null);
  const [dispatching, setDispatching] = useState<ReadyOrder | null>(null);
  const byTransport = (o: ReadyOrder) => (
    <Button size="sm" variant={o.outstation ? 'primary' : 'secondary'} onClick={() => setDispatching(o)} aria-label={`Dispatch by transport: ${o.orderNumber}`}>
      Dispatch by transport
    </Button>
  );

  const columns: readonly DataTableColumn<ReadyOrder>[] = [
    { key: 'orderNumber', header: 'Order number' },
    { key: 'buyerName', header: 'Buyer' },
    { key: 'buyerCity', header: 'City' },
    { key: 'items', header: 'Items', align: 'right' },
    { key: 'totalPaise', header: 'Total', align: 'right', render: (o) => formatRupees(o.totalPaise) },
    { key: 'acceptedAt', header: 'Accepted', render: (o) => formatDateTime(o.acceptedAt) },
    {
      key: 'book',
      header: 'Pickup',
      render: (o) =>
        o.outstation ? (
          <Outstation>
            <span>
              <Badge tone="warning">Outstation</Badge>
            </span>
            {o.outstation}
            <span>{byTransport(o)}</span>
          </Outstation>
        ) : (
          <Stack direction="row" gap="xs" wrap>
            <Button size="sm" onClick={() => setBooking(o)} aria-label={`Book pickup for ${o.orderNumber}`}>
              Book pickup
            </Button>
            {byTransport(o)}
          </Stack>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Card title="Ready to dispatch" aria-label="Ready to dispatch">
        {ready.error && !ready.data ? (
          <ErrorPanel title="Orders ready to dispatch could not be loaded" message={ready.error.message} onRetry={() => void ready.mutate()} />
        ) : (
          <DataTable
            label="Orders ready to dispatch"
            columns={columns}
            rows={ready.data ?? []}
            rowKey="orderId"
            loading={ready.isLoading}
            emptyMessage="No accepted order is waiting: orders appear here once you accept them, until their pickup is booked."
          />
        )}
      </Card>
      <Card title="Online pickups" aria-label="Online pickups">
        <ConsignmentsPanel label="Online pickups" kind="ONLINE" />
      </Card>
      {booking && <BookPickupDialog order={booking} onClose={() => setBooking(null)} />}
      {dispatching && <DispatchDialog order={dispatching} onClose={() => setDispatching(null)} />}
    </Stack>
  );
}
