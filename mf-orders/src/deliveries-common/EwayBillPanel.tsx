import { useState } from 'react';
import styled from 'styled-components';
import { TRANSPORT_MODE_LABELS, type ConsignmentDetail, type EwayBill, type EwayBillRequirement } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Badge, Button, Card, DetailList, Modal, Stack, formatDate, formatDateTime, formatRupees, theme, toast } from 'shared-ui';
import { downloadEwayBillJson } from './deliveries-api';
import { CancelEwayBillForm, EwbNumber, EwbValidityBanner, ExtendForm, GenerateEwayBillForm, VehicleForm, formatEwbNumber } from './EwayBillForms';

/*
 * The consignment page's e-way bill card (issue 34): whether its goods need one and by which rule, then the bill's
 * own state: to generate, live (Part A, Part B and the portal's operations the API offers), lapsing, lapsed or
 * cancelled. The buttons follow `actions` only: the API decides who may do what and when.
 */

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;
const Plain = styled.p`
  margin: 0;
`;
const Section = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.md};
`;
const Facts = styled(DetailList)`
  dd {
    overflow-wrap: anywhere;
  }
`;

const DOCUMENT_TYPES: Record<EwayBill['partA']['documents'][number]['type'], string> = { INV: 'Invoice', CHL: 'Delivery challan', BIL: 'Bill of supply' };

/** "Needed: the goods are worth ₹1,20,000.00, above the ₹1,00,000.00 limit." and the rule with its source. */
function Requirement({ requirement: r }: { requirement: EwayBillRequirement }) {
  const limit = r.thresholdPaise === null ? null : formatRupees(r.thresholdPaise);
  const value = formatRupees(r.valuePaise);
  const sentence = r.needed
    ? `Needed before the trip: the goods are worth ${value}${limit ? `, above the ${limit} limit` : ''}.`
    : `Not needed: the goods are worth ${value}${limit ? `, within the ${limit} limit` : ''}. You may still generate one.`;
  return (
    <Stack gap="xs">
      <Plain>
        <strong>{sentence}</strong>
      </Plain>
      <Muted>
        {r.rule} (source: {r.source})
      </Muted>
    </Stack>
  );
}

function BillFacts({ bill }: { bill: EwayBill }) {
  const a = bill.partA;
  return (
    <Stack gap="md">
      <Facts>
        <dt>EWB number</dt>
        <dd>
          <EwbNumber>{formatEwbNumber(bill.ewbNumber)}</EwbNumber>
        </dd>
        <dt>Generated</dt>
        <dd>{formatDateTime(bill.generatedAt)}</dd>
        {bill.status === 'ACTIVE' && (
          <>
            <dt>Valid until</dt>
            <dd>{bill.validUntil ? formatDateTime(bill.validUntil) : 'Starts when Part B (the vehicle) is given'}</dd>
          </>
        )}
        {bill.extensions > 0 && (
          <>
            <dt>Extended</dt>
            <dd>{bill.extensions === 1 ? 'Once' : `${bill.extensions} times`}</dd>
          </>
        )}
      </Facts>
      <Section>Part A</Section>
      <Facts>
        <dt>Documents</dt>
        <dd>
          {a.documents.map((d) => (
            <div key={`${d.type}${d.number}`}>
              {DOCUMENT_TYPES[d.type]} {d.number} of {formatDate(d.date)} · {formatRupees(d.valuePaise)}
            </div>
          ))}
        </dd>
        <dt>Value</dt>
        <dd>{formatRupees(a.valuePaise)}</dd>
        <dt>HSN</dt>
        <dd>{a.hsnCodes.join(', ')}</dd>
        <dt>From → to</dt>
        <dd>
          PIN {a.fromPincode} → PIN {a.toPincode} · {bill.distanceKm.toLocaleString('en-IN')} km
        </dd>
        <dt>GSTIN</dt>
        <dd>
          {a.supplierGstin} → {a.recipientGstin === 'URP' ? 'unregistered recipient' : a.recipientGstin}
        </dd>
        <dt>Reason</dt>
        <dd>{a.reason}</dd>
      </Facts>
      <Section>Part B</Section>
      {bill.partB ? (
        <Facts>
          <dt>Vehicle</dt>
          <dd>{bill.partB.vehicleNumber}</dd>
          <dt>Mode</dt>
          <dd>{TRANSPORT_MODE_LABELS[bill.partB.mode]}</dd>
          <dt>Given</dt>
          <dd>{formatDateTime(bill.partB.updatedAt)}</dd>
        </Facts>
      ) : (
        <Muted>No vehicle yet: it is added when a delivery boy is assigned, and the validity starts then.</Muted>
      )}
    </Stack>
  );
}

type Dialog = 'vehicle' | 'extend' | 'cancel';
const DIALOG_TITLES: Record<Dialog, string> = { vehicle: 'Change the vehicle', extend: 'Extend the e-way bill', cancel: 'Cancel the e-way bill?' };

/** The card; nothing when the consignment has no goods value and no bill. `onDone` refreshes every delivery view. */
export function EwayBillPanel({ consignment: c, onDone }: { consignment: ConsignmentDetail; onDone: () => Promise<unknown> }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [generating, setGenerating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const can = (a: ConsignmentDetail['actions'][number]) => c.actions.includes(a);
  const bill = c.ewayBill;
  const requirement = c.ewayBillRequirement;
  if (!bill && !requirement) return null;

  const active = bill?.status === 'ACTIVE' ? bill : null;
  // The sender's side (the API offers it these): it may also take the portal's JSON, to generate or keep the bill by hand.
  const sender = c.role === 'OWNER' && (can('GENERATE_EWB') || can('UPDATE_EWB_VEHICLE') || can('CANCEL_EWB'));
  // Needed: the form is open at once; otherwise it waits behind a button (the unit may always choose to generate).
  const showForm = can('GENERATE_EWB') && (generating || !!requirement?.needed);

  async function download() {
    setDownloading(true);
    try {
      await downloadEwayBillJson(c);
    } catch (err) {
      toast.error({ title: 'The JSON could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setDownloading(false);
    }
  }
  const downloadButton = (
    <Button variant="secondary" loading={downloading} onClick={() => void download()}>
      Download JSON for the portal
    </Button>
  );
  const close = () => setDialog(null);
  const done = async () => {
    setDialog(null);
    setGenerating(false);
    await onDone();
  };

  return (
    <Card
      title="E-way bill"
      aria-label="E-way bill"
      actions={
        bill?.status === 'CANCELLED' ? <Badge tone="info">Cancelled</Badge> : active ? <Badge tone={active.expired ? 'danger' : active.expiresSoon ? 'warning' : 'success'}>{active.expired ? 'Lapsed' : 'Active'}</Badge> : undefined
      }
    >
      <Stack gap="md">
        {requirement && <Requirement requirement={requirement} />}
        {active && <EwbValidityBanner bill={active} />}
        {bill?.status === 'CANCELLED' && (
          <Muted>
            E-way bill <EwbNumber>{formatEwbNumber(bill.ewbNumber)}</EwbNumber> was cancelled
            {bill.cancelledAt && ` on ${formatDateTime(bill.cancelledAt)}`}
            {bill.cancelReason && `: ${bill.cancelReason.label}${bill.cancelReason.remark ? ` (${bill.cancelReason.remark})` : ''}`}.
          </Muted>
        )}
        {active && <BillFacts bill={active} />}
        {active && (
          <Stack direction="row" gap="sm" wrap>
            {can('UPDATE_EWB_VEHICLE') && <Button onClick={() => setDialog('vehicle')}>Change vehicle</Button>}
            {can('EXTEND_EWB') && (
              <Button variant={active.expiresSoon || active.expired ? 'primary' : 'secondary'} onClick={() => setDialog('extend')}>
                Extend
              </Button>
            )}
            {sender && downloadButton}
            {can('CANCEL_EWB') && (
              <Button variant="danger" onClick={() => setDialog('cancel')}>
                Cancel e-way bill
              </Button>
            )}
          </Stack>
        )}
        {showForm ? (
          <GenerateEwayBillForm consignment={c} onDone={done} onCancel={requirement?.needed ? undefined : () => setGenerating(false)} />
        ) : (
          can('GENERATE_EWB') && (
            <div>
              <Button variant="secondary" onClick={() => setGenerating(true)}>
                Generate e-way bill
              </Button>
            </div>
          )
        )}
        {can('GENERATE_EWB') && (
          <Stack direction="row" gap="sm" wrap align="center">
            <Muted>Generating it on the portal yourself? Upload this file there:</Muted>
            {downloadButton}
          </Stack>
        )}
      </Stack>
      {dialog && active && (
        <Modal open title={DIALOG_TITLES[dialog]} onClose={close}>
          {dialog === 'vehicle' && <VehicleForm consignment={c} onDone={done} onCancel={close} />}
          {dialog === 'extend' && <ExtendForm consignment={c} onDone={done} onCancel={close} />}
          {dialog === 'cancel' && <CancelEwayBillForm consignment={c} onDone={done} onCancel={close} />}
        </Modal>
      )}
    </Card>
  );
}
