import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { AddProofImage, DELIVERY_PIN_LENGTH, DeliverWithPin, PROOF_IMAGES_PER_CONSIGNMENT, PROOF_IMAGE_MAX_BYTES, type ConsignmentDetail, type ProofImage } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, ConsignmentStatusBadge, FORM_ERROR, Form, FormError, Select, Stack, TextField, formatCount, formatDate, formatDateTime, formatNumber, theme, toSubmitErrors, toast } from 'shared-ui';
import { PartyDetails } from '../deliveries-common/Party';
import { addImage, changeStatus, deliver, readAsBase64, ring, todayIst } from '../deliveries-common/deliveries-api';
import { photoThatFits } from './photo';
import { schemaErrors } from '../deliveries-common/form';
import { EwbNumber, EwbValidityBanner, ExtendForm, VehicleForm, formatEwbNumber, tripBlockedBy } from '../deliveries-common/EwayBillForms';

type Action = ConsignmentDetail['actions'][number];
type Panel = 'deliver' | 'fail' | 'return' | 'photo' | 'vehicle' | 'extend';

/** Thumb-sized: these are pressed standing at a shop door with a parcel in the other hand. */
const BigButton = styled(Button)`
  min-height: 48px;
  white-space: normal;
`;
const Buttons = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${theme.space.sm};
`;
const Ends = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${theme.space.md};
`;
const EndTitle = styled.h3`
  margin: 0 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;
const Facts = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;
const PanelBox = styled.div`
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
`;
const Note = styled.p`
  margin: 0;
`;
const Alert = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;
const Hint = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
const PinInput = styled(TextField)`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xxl};
  letter-spacing: 0.3em;
  max-width: 10ch;
`;

const MB = 1024 * 1024;
const sizeText = (bytes: number) => `${(bytes / MB).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
const PROOF_KINDS: { value: ProofImage['kind']; label: string }[] = [
  { value: 'PARCEL', label: 'Parcel' },
  { value: 'SIGNATURE', label: 'Signature' },
];
const LOCKED =
  'Too many wrong pins: the pin is locked. Ask the receiver for a new pin (they issue one from their app), then enter the new pin here.';

/** The pin the receiver reads out; the API says how many tries are left after a wrong one, and when it locks. */
function PinForm({ consignment, onDone, onCancel }: { consignment: ConsignmentDetail; onDone: () => Promise<unknown>; onCancel: () => void }) {
  async function submit({ pin }: { pin?: string }) {
    try {
      await deliver(consignment.id, { pin: pin ?? '' });
      toast.success({ title: 'Delivered', message: `${consignment.barcodeId} to ${consignment.to.name}.` });
      await onDone();
      return undefined;
    } catch (err) {
      if (isApiError(err) && err.code === 'E0004') return { [FORM_ERROR]: LOCKED };
      // A wrong or expired pin: the API's words (with the tries left) belong under the box, said once.
      if (isApiError(err) && err.code === 'E0003') return { pin: err.fields?.pin ?? err.message };
      return toSubmitErrors(err);
    }
  }
  return (
    <Form<{ pin?: string }>
      onSubmit={submit}
      validate={(v) => schemaErrors(DeliverWithPin, { pin: v.pin ?? '' })}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={`Deliver ${consignment.barcodeId}`}>
          <Stack gap="sm">
            <PinInput
              name="pin"
              label="Receiver's pin"
              hint={`The ${DELIVERY_PIN_LENGTH}-digit pin in ${consignment.to.name}'s app or SMS. Ask for it only once the goods are handed over.`}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="one-time-code"
              maxLength={DELIVERY_PIN_LENGTH}
              parse={(value: string | undefined) => (value ?? '').replace(/\D/g, '')}
            />
            <FormError />
            <Buttons>
              <BigButton type="submit" loading={submitting}>
                Confirm delivery
              </BigButton>
              <BigButton type="button" variant="secondary" onClick={onCancel}>
                Back
              </BigButton>
            </Buttons>
          </Stack>
        </form>
      )}
    />
  );
}

/**
 * No one but the delivery boy could receive the pin (he is all the receiving unit has, or the party's number is his):
 * a pin proves nothing here, so he confirms the hand-over without one and the history records it as not pin-proven.
 */
function WithoutPinForm({ consignment, onDone, onCancel }: { consignment: ConsignmentDetail; onDone: () => Promise<unknown>; onCancel: () => void }) {
  async function submit() {
    try {
      await deliver(consignment.id, {});
      toast.success({ title: 'Delivered', message: `${consignment.barcodeId} to ${consignment.to.name}, recorded as not pin-proven.` });
      await onDone();
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }
  return (
    <Form
      onSubmit={submit}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={`Deliver ${consignment.barcodeId} without a pin`}>
          <Stack gap="sm">
            <Note role="note">
              A pin cannot prove this hand-over: no one but you could receive it. Confirm only once {consignment.to.name} has the goods; the delivery is
              recorded as not pin-proven.
            </Note>
            <FormError />
            <Buttons>
              <BigButton type="submit" loading={submitting}>
                Mark delivered without a pin
              </BigButton>
              <BigButton type="button" variant="secondary" onClick={onCancel}>
                Back
              </BigButton>
            </Buttons>
          </Stack>
        </form>
      )}
    />
  );
}

const REASON_FORMS = {
  fail: { status: 'FAILED', title: 'Why did the delivery fail?', placeholder: 'Shop closed', button: 'Mark failed', done: 'Marked failed' },
  return: { status: 'RETURNED', title: 'Why are the goods going back?', placeholder: 'Buyer refused the parcel', button: 'Mark returned', done: 'Marked returned' },
} as const;

/** Failed and Returned need a reason: the sender and the receiver read it in the history. */
function ReasonForm({ consignment, kind, onDone, onCancel }: { consignment: ConsignmentDetail; kind: 'fail' | 'return'; onDone: () => Promise<unknown>; onCancel: () => void }) {
  const form = REASON_FORMS[kind];
  async function submit({ reason }: { reason?: string }) {
    try {
      await changeStatus(consignment.id, { status: form.status, reason: reason?.trim() });
      toast.success({ title: form.done, message: consignment.barcodeId });
      await onDone();
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }
  return (
    <Form<{ reason?: string }>
      onSubmit={submit}
      validate={(v) => (v.reason?.trim() ? {} : { reason: 'Say why' })}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={`${form.button} ${consignment.barcodeId}`}>
          <Stack gap="sm">
            <TextField name="reason" label={form.title} placeholder={form.placeholder} maxLength={300} />
            <FormError />
            <Buttons>
              <BigButton type="submit" variant="danger" loading={submitting}>
                {form.button}
              </BigButton>
              <BigButton type="button" variant="secondary" onClick={onCancel}>
                Back
              </BigButton>
            </Buttons>
          </Stack>
        </form>
      )}
    />
  );
}

/** A photo of the parcel or the signature, straight from the phone's camera; checked against the limits before it is sent. */
type ProofImageType = AddProofImage['mimeType'];

function PhotoForm({ consignment, onDone, onCancel }: { consignment: ConsignmentDetail; onDone: () => Promise<unknown>; onCancel: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<ProofImage['kind']>('PARCEL');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = consignment.proof.length >= PROOF_IMAGES_PER_CONSIGNMENT;

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    const mimeType = AddProofImage.shape.mimeType.safeParse(file.type);
    if (!mimeType.success) {
      setError('Only JPEG, PNG or WebP photos can be added.');
    } else {
      setBusy(true);
      try {
        const photo = await photoThatFits(file);
        if (!photo) {
          setError(`This photo is ${sizeText(file.size)}; the limit is ${sizeText(PROOF_IMAGE_MAX_BYTES)} and it could not be made smaller here. Take it again at a lower camera resolution.`);
        } else {
          await addImage(consignment.id, { kind, mimeType: photo.mimeType as ProofImageType, contentBase64: await readAsBase64(photo.blob) });
          toast.success({ title: 'Photo added', message: `${PROOF_KINDS.find((k) => k.value === kind)!.label} photo for ${consignment.barcodeId}.` });
          await onDone();
        }
      } catch (err) {
        setError(isApiError(err) ? err.message : 'The photo could not be read. Please take it again.');
      } finally {
        setBusy(false);
      }
    }
    // The same file chosen again after a failure must fire a change again.
    input.value = '';
  }

  return (
    <Stack gap="sm">
      <label htmlFor={`${id}-kind`}>Photo of</label>
      <Select id={`${id}-kind`} value={kind} options={PROOF_KINDS} onChange={(e) => setKind(e.target.value as ProofImage['kind'])} />
      <label htmlFor={`${id}-file`}>Take or choose a photo</label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={busy || full}
        aria-describedby={`${id}-hint`}
        onChange={(e) => void chosen(e)}
      />
      <Hint id={`${id}-hint`}>
        {full
          ? `All ${PROOF_IMAGES_PER_CONSIGNMENT} photos are taken.`
          : `JPEG, PNG or WebP; a photo over ${sizeText(PROOF_IMAGE_MAX_BYTES)} is made smaller before it is sent; ${consignment.proof.length} of ${PROOF_IMAGES_PER_CONSIGNMENT} photos added.`}
      </Hint>
      {busy && <Hint role="status">Uploading…</Hint>}
      {error && <Alert role="alert">{error}</Alert>}
      <BigButton type="button" variant="secondary" onClick={onCancel}>
        Done
      </BigButton>
    </Stack>
  );
}

/**
 * One active consignment of the delivery boy: where to collect and where to drop (with landmark and a tap to call
 * each party), what to carry, and the buttons the API's `actions` allow now: nothing else is offered.
 */
export function DeliveryCard({ consignment: c, onChanged }: { consignment: ConsignmentDetail; onChanged: () => Promise<unknown> }) {
  const id = useId();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const can = (a: Action) => c.actions.includes(a);
  const sender = c.kind === 'ONLINE' ? 'seller' : 'sender';

  async function run(name: string, call: () => Promise<unknown>, success: { title: string; message?: string }, failed: string) {
    setBusy(name);
    try {
      await call();
      toast.success(success);
      await onChanged();
    } catch (err) {
      toast.error({ title: failed, message: isApiError(err) ? err.message : 'Please try again.' });
      // E0023: this card did not know the goods need an e-way bill (or that it was cancelled); fetched again, it says so.
      if (isApiError(err) && err.code === 'E0023') void onChanged();
    } finally {
      setBusy(null);
    }
  }
  const done = async () => {
    setPanel(null);
    await onChanged();
  };

  const facts = [
    `${formatNumber(c.packages)} ${c.packages === 1 ? 'package' : 'packages'}`,
    `${c.weightKg.toLocaleString('en-IN', { maximumFractionDigits: 3 })} kg`,
    c.items > 0 ? formatCount(c.items, 'item') : null,
    c.vehicleNumber,
    c.pickupDate !== todayIst() ? `pickup ${formatDate(c.pickupDate)}` : null,
  ].filter(Boolean);
  const bill = c.ewayBill?.status === 'ACTIVE' ? c.ewayBill : null;
  // Start trip would be refused (E0023): the button stays, disabled, with the reason beside it.
  const waitsForBill = can('START_TRIP') ? tripBlockedBy(c) : null;

  return (
    <Card title={`${c.orderNumber} · ${c.barcodeId}`} actions={<ConsignmentStatusBadge status={c.status} />} aria-label={`Consignment ${c.barcodeId}`}>
      <Stack gap="md">
        <Ends>
          <div>
            <EndTitle>Pick up from</EndTitle>
            <PartyDetails party={c.from} />
          </div>
          <div>
            <EndTitle>Deliver to</EndTitle>
            <PartyDetails party={c.to} />
          </div>
        </Ends>
        <Facts>{facts.join(' · ')}</Facts>
        {c.notes && <Facts>Notes: {c.notes}</Facts>}
        {c.proof.length > 0 && <Facts>{c.proof.length === 1 ? '1 photo added' : `${c.proof.length} photos added`}</Facts>}
        {bill && (
          <Facts>
            E-way bill <EwbNumber>{formatEwbNumber(bill.ewbNumber)}</EwbNumber> · {bill.validUntil ? `valid until ${formatDateTime(bill.validUntil)}` : 'no vehicle on it yet'}
          </Facts>
        )}
        {bill && <EwbValidityBanner bill={bill} />}
        {waitsForBill && (
          <Alert id={`${id}-ewb`} role="note">
            {waitsForBill}
          </Alert>
        )}
        {panel === null ? (
          <Buttons>
            {can('COLLECT') && (
              <BigButton loading={busy === 'collect'} onClick={() => void run('collect', () => changeStatus(c.id, { status: 'COLLECTED' }), { title: 'Collected', message: `${c.barcodeId} from ${c.from.name}.` }, 'Could not mark it collected')}>
                Collect
              </BigButton>
            )}
            {can('START_TRIP') && (
              <BigButton loading={busy === 'trip'} disabled={!!waitsForBill} aria-describedby={waitsForBill ? `${id}-ewb` : undefined} onClick={() => void run('trip', () => changeStatus(c.id, { status: 'IN_TRANSIT' }), { title: 'Trip started', message: c.pinCannotProve ? 'No one but you could receive a pin for this one.' : `${c.to.name} gets the delivery pin now.` }, 'Could not start the trip')}>
                {c.status === 'FAILED' ? 'Start trip again' : 'Start trip'}
              </BigButton>
            )}
            {can('DELIVER') && <BigButton onClick={() => setPanel('deliver')}>Deliver</BigButton>}
            {can('ADD_PROOF') && (
              <BigButton variant="secondary" onClick={() => setPanel('photo')}>
                Add photo
              </BigButton>
            )}
            {can('RING_RECEIVER') && (
              <BigButton variant="secondary" loading={busy === 'ring-receiver'} onClick={() => void run('ring-receiver', () => ring(c.id, { whom: 'RECEIVER' }), { title: 'Ringing the receiver', message: `${c.to.name}'s app alerts them that you are coming.` }, 'Could not ring the receiver')}>
                Ring receiver
              </BigButton>
            )}
            {can('RING_SENDER') && (
              <BigButton variant="secondary" loading={busy === 'ring-sender'} onClick={() => void run('ring-sender', () => ring(c.id, { whom: 'SENDER' }), { title: `Ringing the ${sender}`, message: `${c.from.name}'s app alerts them.` }, `Could not ring the ${sender}`)}>
                Ring {sender}
              </BigButton>
            )}
            {can('UPDATE_EWB_VEHICLE') && (
              <BigButton variant="secondary" onClick={() => setPanel('vehicle')}>
                Change vehicle
              </BigButton>
            )}
            {can('EXTEND_EWB') && (
              <BigButton variant={bill?.expiresSoon || bill?.expired ? 'primary' : 'secondary'} onClick={() => setPanel('extend')}>
                Extend e-way bill
              </BigButton>
            )}
            {can('FAIL') && (
              <BigButton variant="danger" onClick={() => setPanel('fail')}>
                Failed
              </BigButton>
            )}
            {can('RETURN') && (
              <BigButton variant="danger" onClick={() => setPanel('return')}>
                Returned
              </BigButton>
            )}
          </Buttons>
        ) : (
          <PanelBox>
            {panel === 'deliver' && (c.pinCannotProve ? <WithoutPinForm consignment={c} onDone={done} onCancel={() => setPanel(null)} /> : <PinForm consignment={c} onDone={done} onCancel={() => setPanel(null)} />)}
            {(panel === 'fail' || panel === 'return') && <ReasonForm consignment={c} kind={panel} onDone={done} onCancel={() => setPanel(null)} />}
            {panel === 'photo' && <PhotoForm consignment={c} onDone={onChanged} onCancel={() => setPanel(null)} />}
            {panel === 'vehicle' && <VehicleForm consignment={c} onDone={done} onCancel={() => setPanel(null)} big />}
            {panel === 'extend' && <ExtendForm consignment={c} onDone={done} onCancel={() => setPanel(null)} big />}
          </PanelBox>
        )}
      </Stack>
    </Card>
  );
}
