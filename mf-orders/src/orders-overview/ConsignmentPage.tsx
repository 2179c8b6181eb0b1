import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Assignment, DELIVERY_PATHS, type ConsignmentDetail, type DistanceType } from 'shared-api';
import { ApiImage, isApiError } from 'shared-auth';
import {
  Button,
  ButtonLink,
  Card,
  ConsignmentStatusBadge,
  DetailList,
  EmptyState,
  ErrorPanel,
  Form,
  FormError,
  Modal,
  Spinner,
  Stack,
  TextField,
  formatCount,
  formatDate,
  formatDateTime,
  formatNumber,
  theme,
  toSubmitErrors,
  toast,
} from 'shared-ui';
import { AssignmentFields, toAssignment, type AssignmentValues } from '../deliveries-common/AssignmentFields';
import { EwayBillPanel } from '../deliveries-common/EwayBillPanel';
import { PartyDetails } from '../deliveries-common/Party';
import { ProofImages } from '../deliveries-common/ProofImages';
import { Timeline } from '../deliveries-common/Timeline';
import { CarrierRows, TransportActions } from '../deliveries-common/Transport';
import { assign, changeStatus, downloadLabel, openLabel, reissuePin, requestCall, useConsignment, useRevalidateDeliveries } from '../deliveries-common/deliveries-api';
import { schemaErrors } from '../deliveries-common/form';

const OVERVIEW = '/orders/orders-overview';
const DISTANCE_TYPE_LABELS: Record<DistanceType, string> = { NEAR: 'near', MID: 'mid', FAR: 'far' };

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${theme.space.lg};
  align-items: start;
`;
const Pin = styled.strong`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xxl};
  letter-spacing: 0.3em;
`;
const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;
const Label = styled.div`
  max-width: 240px;
  border: 1px solid ${theme.colors.border};
`;

type Action = ConsignmentDetail['actions'][number];

/** Runs one button's call: spins it, toasts the outcome, refreshes every delivery view on success. */
function useAction(onDone: () => Promise<unknown>) {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(name: string, call: () => Promise<unknown>, success: { title: string; message?: string } | null, failed: string) {
    setBusy(name);
    try {
      await call();
      await onDone();
      if (success) toast.success(success);
    } catch (err) {
      toast.error({ title: failed, message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

interface AssignValues {
  assignment?: AssignmentValues;
}

/** Assign or reassign: who carries it and on which vehicle (BOOKED or ASSIGNED only; the API says E0013 otherwise). */
function AssignDialog({ consignment, onClose, onDone }: { consignment: ConsignmentDetail; onClose: () => void; onDone: () => Promise<unknown> }) {
  const reassign = consignment.assignee !== null;
  async function submit(values: AssignValues) {
    try {
      const body = toAssignment(values.assignment)!;
      const updated = await assign(consignment.id, body);
      await onDone();
      toast.success({ title: reassign ? 'Delivery boy changed' : 'Delivery boy assigned', message: `${updated.assignee?.name ?? 'The delivery boy'} carries ${consignment.barcodeId} on ${body.vehicleNumber}.` });
      onClose();
      return undefined;
    } catch (err) {
      const errors = toSubmitErrors(err) as Record<string, unknown>;
      // The API names the body's fields; this form keeps them under `assignment`.
      const { deliveryBoyUserId, vehicleNumber, ...rest } = errors;
      return { ...rest, assignment: { deliveryBoyUserId, vehicleNumber } };
    }
  }
  const initial: AssignValues = consignment.assignee ? { assignment: { deliveryBoyUserId: consignment.assignee.userId, vehicleNumber: consignment.vehicleNumber ?? '' } } : {};
  return (
    <Modal open title={reassign ? 'Change the delivery boy' : 'Assign a delivery boy'} onClose={onClose}>
      <Form<AssignValues>
        onSubmit={submit}
        initialValues={initial}
        validate={(v) => {
          const errors = schemaErrors(Assignment, toAssignment(v.assignment) ?? { deliveryBoyUserId: '', vehicleNumber: '' });
          return Object.keys(errors).length ? { assignment: errors } : {};
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Assignment">
            <Stack gap="md">
              <AssignmentFields required />
              <FormError />
              <Stack direction="row" gap="sm" justify="flex-end">
                <Button type="button" variant="secondary" onClick={onClose}>
                  Back
                </Button>
                <Button type="submit" loading={submitting}>
                  {reassign ? 'Reassign' : 'Assign'}
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}

/** Cancelling needs a reason: the buyer and the delivery boy read it in the history. */
function CancelDialog({ consignment, onClose, onDone }: { consignment: ConsignmentDetail; onClose: () => void; onDone: () => Promise<unknown> }) {
  async function submit(values: { reason?: string }) {
    try {
      await changeStatus(consignment.id, { status: 'CANCELLED', reason: values.reason?.trim() });
      await onDone();
      toast.success({ title: 'Pickup cancelled', message: `${consignment.barcodeId} will not be picked up.` });
      onClose();
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }
  return (
    <Modal open title={`Cancel ${consignment.barcodeId}?`} onClose={onClose}>
      <Form<{ reason?: string }>
        onSubmit={submit}
        validate={(v) => (v.reason?.trim() ? {} : { reason: 'Say why' })}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Cancel pickup">
            <Stack gap="md">
              <Muted>{consignment.assignee ? `${consignment.assignee.name} is told not to come.` : 'Nobody has been assigned yet.'}</Muted>
              <TextField name="reason" label="Reason" maxLength={300} placeholder="Buyer asked to hold the goods" />
              <FormError />
              <Stack direction="row" gap="sm" justify="flex-end">
                <Button type="button" variant="secondary" onClick={onClose}>
                  Keep it
                </Button>
                <Button type="submit" variant="danger" loading={submitting}>
                  Cancel pickup
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}

/** The receiver's pin while the goods are on the way: the delivery boy asks for it at the door. */
function PinCard({ consignment, can, busy, onReissue }: { consignment: ConsignmentDetail; can: (a: Action) => boolean; busy: boolean; onReissue: () => void }) {
  const { pin } = consignment;
  // No one but the delivery boy could receive a pin: a new one would reach no one either.
  const unproven = consignment.pinCannotProve && (consignment.status === 'IN_TRANSIT' || consignment.status === 'FAILED');
  const reissue = can('REISSUE_PIN') && !unproven && (
    <Button variant="secondary" size="sm" loading={busy} onClick={onReissue}>
      {pin ? 'New pin' : 'Send a new pin'}
    </Button>
  );
  if (!pin && !reissue && !unproven) return null;
  return (
    <Card title="Delivery pin" aria-label="Delivery pin" actions={reissue || undefined}>
      {pin ? (
        <Stack gap="xs">
          <Pin aria-label="Pin">{pin.pin}</Pin>
          <Muted>
            Give it to the delivery boy only when the goods are in your hands. Valid until {formatDateTime(pin.expiresAt)}; {pin.triesLeft} {pin.triesLeft === 1 ? 'try' : 'tries'} left.
          </Muted>
        </Stack>
      ) : unproven ? (
        <Muted>A pin cannot prove this hand-over: no one but the delivery boy could receive it. He marks it delivered without one, and it is recorded as not pin-proven.</Muted>
      ) : (
        <Muted>The receiver got the pin by SMS. If it was lost or has expired, send a new one.</Muted>
      )}
    </Card>
  );
}

function LabelCard({ consignment, busy, run }: { consignment: ConsignmentDetail; busy: string | null; run: ReturnType<typeof useAction>['run'] }) {
  return (
    <Card
      title="Label"
      aria-label="Label"
      actions={
        <Stack direction="row" gap="sm" wrap>
          <Button size="sm" loading={busy === 'print'} onClick={() => void run('print', () => openLabel(consignment), null, 'The label could not be opened')}>
            Print label
          </Button>
          <Button size="sm" variant="secondary" loading={busy === 'download'} onClick={() => void run('download', () => downloadLabel(consignment), null, 'The label could not be downloaded')}>
            Download PDF
          </Button>
        </Stack>
      }
    >
      <Stack gap="sm">
        <Muted>100 × 150 mm for a thermal label printer; stick it on the parcel so the delivery boy can scan it.</Muted>
        <Label>
          <ApiImage path={DELIVERY_PATHS.label(consignment.id)} params={{ format: 'svg' }} alt={`Label ${consignment.barcodeId}`} width={240} />
        </Label>
      </Stack>
    </Card>
  );
}

/** orders/orders-overview/{barcodeId}: one consignment (scanned or opened from a list) and what the caller may do with it. */
export function ConsignmentPage() {
  const { barcodeId = '' } = useParams();
  const { data: c, error, mutate } = useConsignment(barcodeId);
  const revalidate = useRevalidateDeliveries();
  const refresh = () => Promise.all([mutate(), revalidate()]);
  const { busy, run } = useAction(refresh);
  const [dialog, setDialog] = useState<'assign' | 'cancel' | null>(null);

  if (error && !c) {
    if (error.code === 'E0002' || error.status === 404) {
      return (
        <EmptyState
          title={`No consignment ${barcodeId}`}
          message="Check the barcode: it may be mistyped, or belong to another unit's order."
          action={
            <ButtonLink to={OVERVIEW} variant="secondary">
              Back to the orders overview
            </ButtonLink>
          }
        />
      );
    }
    return <ErrorPanel title="The consignment could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  }
  if (!c) return <Spinner label="Loading consignment" />;

  const can = (a: Action) => c.actions.includes(a);
  const weight = `${c.weightKg.toLocaleString('en-IN', { maximumFractionDigits: 3 })} kg`;
  const kindText = c.kind === 'ONLINE' ? 'Online order' : c.direction === 'COLLECT' ? 'Offline pickup: collected for you' : 'Offline pickup: sent by you';

  return (
    <Stack gap="lg">
      <Card
        title={`${c.orderNumber} · ${c.barcodeId}`}
        actions={<ConsignmentStatusBadge status={c.status} />}
      >
        <Stack gap="md">
          <DetailList>
            <dt>Kind</dt>
            <dd>
              {c.kind === 'ONLINE' && c.orderId && c.role === 'OWNER' ? <Link to={`/orders/online-orders/${encodeURIComponent(c.orderId)}`}>{kindText}</Link> : kindText}
            </dd>
            <dt>Booked</dt>
            <dd>{formatDateTime(c.date)}</dd>
            <dt>Pickup date</dt>
            <dd>{formatDate(c.pickupDate)}</dd>
            <dt>Packages</dt>
            <dd>
              {formatNumber(c.packages)} · {weight}
              {c.items > 0 && ` · ${formatCount(c.items, 'item')}`}
            </dd>
            <dt>Market</dt>
            <dd>{c.market || 'Outstation'}</dd>
            <dt>Distance</dt>
            <dd>{c.distanceKm === null ? '—' : `${c.distanceKm.toLocaleString('en-IN', { maximumFractionDigits: 1 })} km${c.distanceType ? ` (${DISTANCE_TYPE_LABELS[c.distanceType]})` : ''}`}</dd>
            <dt>Delivery attempts</dt>
            <dd>{formatNumber(c.deliveries)}</dd>
            {c.notes && (
              <>
                <dt>Notes</dt>
                <dd>{c.notes}</dd>
              </>
            )}
            {c.freeDelivery && (
              <>
                <dt>Charges</dt>
                <dd>Free delivery (referral)</dd>
              </>
            )}
            <CarrierRows c={c} />
            {c.lastPosition && (
              <>
                <dt>On the way</dt>
                <dd>
                  {c.distanceLeftKm !== null && `${c.distanceLeftKm.toLocaleString('en-IN', { maximumFractionDigits: 1 })} km from the drop point, `}
                  seen {formatDateTime(c.lastPosition.at)}
                </dd>
              </>
            )}
          </DetailList>
          <TransportActions c={c} onDone={refresh} />
          {(can('ASSIGN') || can('CANCEL') || can('REQUEST_CALL')) && (
            <Stack direction="row" gap="sm" wrap>
              {can('ASSIGN') && <Button onClick={() => setDialog('assign')}>{c.assignee ? 'Change delivery boy' : 'Assign delivery boy'}</Button>}
              {can('REQUEST_CALL') && (
                <Button
                  variant="secondary"
                  loading={busy === 'call'}
                  onClick={() =>
                    void run('call', () => requestCall(c.id), { title: 'Call requested', message: `${c.assignee?.name ?? 'The delivery boy'} is asked to call you.` }, 'The call could not be requested')
                  }
                >
                  Ask to call me
                </Button>
              )}
              {can('CANCEL') && (
                <Button variant="danger" onClick={() => setDialog('cancel')}>
                  Cancel pickup
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Card>
      <PinCard
        consignment={c}
        can={can}
        busy={busy === 'pin'}
        onReissue={() => void run('pin', () => reissuePin(c.id), { title: 'New pin issued', message: 'The old pin no longer works.' }, 'A new pin could not be issued')}
      />
      <EwayBillPanel consignment={c} onDone={refresh} />
      <Columns>
        <Card title="From">
          <PartyDetails party={c.from} />
        </Card>
        <Card title="To">
          <PartyDetails party={c.to} />
        </Card>
      </Columns>
      <Columns>
        <Card title="History">
          <Timeline events={c.timeline} />
        </Card>
        <Card title={c.transport ? 'Proof of delivery' : 'Proof photos'}>
          <ProofImages consignmentId={c.id} images={c.proof} />
        </Card>
      </Columns>
      {can('LABEL') && <LabelCard consignment={c} busy={busy} run={run} />}
      {dialog === 'assign' && <AssignDialog consignment={c} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog === 'cancel' && <CancelDialog consignment={c} onClose={() => setDialog(null)} onDone={refresh} />}
    </Stack>
  );
}
