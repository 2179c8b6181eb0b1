import { useNavigate } from 'react-router-dom';
import { DispatchByTransport, type ReadyOrder } from 'shared-api';
import { Button, Form, FormError, Modal, Stack, TextField, formatCount, formatRupees, toSubmitErrors, toast } from 'shared-ui';
import { consignmentPath, dispatchByTransport, todayIst, useRevalidateDeliveries } from '../deliveries-common/deliveries-api';
import { schemaErrors, toNumber } from '../deliveries-common/form';
import { GoodsFields, type GoodsValues } from './pickup-form';

interface DispatchValues extends GoodsValues {
  transporterName?: string;
  transporterId?: string;
  docketNumber?: string;
  docketDate?: string;
  vehicleNumber?: string;
  freightRupees?: string;
}

/** The form as the contract's body: empty optional boxes left out, freight typed in rupees sent in paise. */
function bodyOf(orderId: string, v: DispatchValues) {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const freight = text(v.freightRupees);
  const notes = text(v.notes);
  return {
    orderId,
    transporterName: v.transporterName ?? '',
    docketNumber: v.docketNumber ?? '',
    docketDate: v.docketDate ?? '',
    packages: toNumber(v.packages),
    weightKg: toNumber(v.weightKg),
    ...(text(v.transporterId) && { transporterId: text(v.transporterId) }),
    ...(text(v.vehicleNumber) && { vehicleNumber: text(v.vehicleNumber) }),
    ...(freight !== undefined && { freightPaise: Math.round(toNumber(freight) * 100) }),
    ...(notes && { notes }),
  };
}

const rupees = (value: string | undefined) => (value ?? '').replace(/[^\d.]/g, '');

/**
 * Issue 39: an accepted order handed to the seller's own transport or a courier/transporter under an LR/docket,
 * whatever the markets (the only way for an outstation order). The consignment opens next: the buyer tracks it too.
 */
export function DispatchDialog({ order, onClose }: { order: ReadyOrder; onClose: () => void }) {
  const navigate = useNavigate();
  const revalidate = useRevalidateDeliveries();

  async function submit(values: DispatchValues) {
    try {
      const consignment = await dispatchByTransport(bodyOf(order.orderId, values));
      void revalidate();
      const waiting = consignment.status === 'BOOKED';
      toast.success({
        title: waiting ? 'Booked: generate its e-way bill' : 'Dispatched',
        message: waiting ? `${order.orderNumber} needs an e-way bill before it leaves with ${values.transporterName}.` : `${order.orderNumber} is on its way with ${values.transporterName} as ${consignment.barcodeId}.`,
      });
      navigate(consignmentPath(consignment.barcodeId));
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }

  return (
    <Modal open title={`Dispatch by transport: ${order.orderNumber}`} onClose={onClose}>
      <Form<DispatchValues>
        onSubmit={submit}
        initialValues={{ docketDate: todayIst() }}
        validate={(values) => schemaErrors(DispatchByTransport, bodyOf(order.orderId, values))}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Dispatch by transport">
            <Stack gap="md">
              <p>
                To {order.buyerName}, {order.buyerCity} · {formatCount(order.items, 'item')} · {formatRupees(order.totalPaise)}
              </p>
              <TextField name="transporterName" label="Transporter or courier" maxLength={100} placeholder="VRL Logistics, or Own transport" />
              <Stack direction="row" gap="sm" wrap>
                <TextField name="docketNumber" label="LR / docket number" maxLength={30} />
                <TextField name="docketDate" label="Docket date" type="date" />
              </Stack>
              <Stack direction="row" gap="sm" wrap>
                <TextField name="vehicleNumber" label="Vehicle number (optional)" maxLength={12} placeholder="MH12AB1234" />
                <TextField name="freightRupees" label="Freight ₹ (optional)" inputMode="decimal" maxLength={12} parse={rupees} />
              </Stack>
              <TextField name="transporterId" label="Transporter GSTIN / TRANSIN (optional)" maxLength={15} hint="Named in the e-way bill's Part B" />
              <GoodsFields />
              <FormError />
              <Stack direction="row" gap="sm" justify="flex-end">
                <Button type="button" variant="secondary" onClick={onClose}>
                  Back
                </Button>
                <Button type="submit" loading={submitting}>
                  Dispatch
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}
