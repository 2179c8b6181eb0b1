import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { PROOF_IMAGE_MAX_BYTES, type ConsignmentDetail, type ConsignmentSummary } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Stack, formatDate, formatRupees, theme, toast } from 'shared-ui';
import { addImage, changeStatus, deliver, readAsBase64 } from './deliveries-api';
import { PhoneLink } from './Party';

/*
 * Issue 39: goods the seller sends by its own transport or a courier/transporter. Both sides read who carries them
 * under which LR/docket; the seller uploads the proof of delivery and marks them delivered, the buyer may confirm
 * receipt. The buttons follow the API's `actions`.
 */

const Hint = styled.small`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;
const Alert = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

/** Who carries the goods, as rows of a DetailList: the transport (carrier, docket…) or the delivery boy. */
export function CarrierRows({ c }: { c: Pick<ConsignmentDetail, 'transport' | 'vehicleNumber' | 'assignee'> }) {
  if (c.transport) return <TransportRows c={c} />;
  return (
    <>
      <dt>Delivery boy</dt>
      <dd>
        {c.assignee ? (
          <>
            {c.assignee.name} · <PhoneLink mobile={c.assignee.mobile} name={c.assignee.name} />
            {c.vehicleNumber && ` · ${c.vehicleNumber}`}
          </>
        ) : (
          'Not assigned yet'
        )}
      </dd>
    </>
  );
}

/** The transport's rows of a DetailList: carrier, docket, vehicle, freight. */
export function TransportRows({ c }: { c: Pick<ConsignmentSummary, 'transport' | 'vehicleNumber'> }) {
  const t = c.transport;
  if (!t) return null;
  return (
    <>
      <dt>Carrier</dt>
      <dd>
        {t.transporterName}
        {t.transporterId && ` (${t.transporterId})`}
      </dd>
      <dt>LR / docket</dt>
      <dd>
        {t.docketNumber} of {formatDate(t.docketDate)}
      </dd>
      {c.vehicleNumber && (
        <>
          <dt>Vehicle</dt>
          <dd>{c.vehicleNumber}</dd>
        </>
      )}
      {t.freightPaise !== null && (
        <>
          <dt>Freight</dt>
          <dd>{formatRupees(t.freightPaise)}</dd>
        </>
      )}
    </>
  );
}

const POD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
type PodType = (typeof POD_TYPES)[number];

/** The buttons of a transport consignment the caller may press now: hand over, proof of delivery, delivered. */
export function TransportActions({ c, onDone }: { c: ConsignmentDetail; onDone: () => Promise<unknown> }) {
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const can = (a: ConsignmentDetail['actions'][number]) => c.actions.includes(a);
  const owner = c.role === 'OWNER';

  async function run(name: string, call: () => Promise<unknown>, done: { title: string; message?: string }) {
    setBusy(name);
    setError(null);
    try {
      await call();
      await onDone();
      toast.success(done);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Please try again.');
    } finally {
      setBusy(null);
    }
  }

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!POD_TYPES.includes(file.type as PodType)) return setError('Only a photo (JPEG, PNG, WebP) or a PDF can be the proof of delivery.');
    if (file.size > PROOF_IMAGE_MAX_BYTES) return setError(`The file is over ${PROOF_IMAGE_MAX_BYTES / 1024 / 1024} MB: scan or photograph it smaller.`);
    await run('pod', async () => addImage(c.id, { kind: 'POD', mimeType: file.type as PodType, contentBase64: await readAsBase64(file) }), { title: 'Proof of delivery added', message: `${file.name} is on ${c.barcodeId}.` });
  }

  if (!c.transport || !(can('START_TRIP') || can('DELIVER') || can('ADD_PROOF'))) return null;
  const hasPod = c.proof.some((p) => p.kind === 'POD');
  return (
    <Stack gap="sm">
      <Stack direction="row" gap="sm" wrap align="center">
        {can('START_TRIP') && (
          <Button loading={busy === 'start'} onClick={() => void run('start', () => changeStatus(c.id, { status: 'IN_TRANSIT' }), { title: 'Dispatched', message: `${c.barcodeId} is with ${c.transport!.transporterName}.` })}>
            Hand over to {c.transport.transporterName}
          </Button>
        )}
        {can('DELIVER') && (
          <Button
            variant={owner && !hasPod ? 'secondary' : 'primary'}
            loading={busy === 'deliver'}
            onClick={() => void run('deliver', () => deliver(c.id, {}), { title: 'Delivered', message: `${c.barcodeId} is marked delivered.` })}
          >
            {owner ? 'Mark delivered' : 'Confirm goods received'}
          </Button>
        )}
      </Stack>
      {can('ADD_PROOF') && (
        <Stack gap="xs">
          <label htmlFor={`${id}-pod`}>Upload proof of delivery</label>
          <input id={`${id}-pod`} type="file" accept="image/*,application/pdf" disabled={busy !== null} aria-describedby={`${id}-pod-hint`} onChange={(e) => void chosen(e)} />
          <Hint id={`${id}-pod-hint`}>The signed LR or the courier&apos;s POD: a photo or a PDF up to {PROOF_IMAGE_MAX_BYTES / 1024 / 1024} MB. {owner && can('DELIVER') && !hasPod && 'You mark it delivered once it is on file.'}</Hint>
        </Stack>
      )}
      {error && <Alert role="alert">{error}</Alert>}
    </Stack>
  );
}
