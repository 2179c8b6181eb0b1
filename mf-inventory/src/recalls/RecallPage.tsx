import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  RECALL_ACTION_LABELS,
  RECALL_DOCUMENT_MAX_BYTES,
  RECALL_PATHS,
  RECALL_RAISER_LABELS,
  RECALL_REASON_LABELS,
  LiftRecall,
  type Recall,
  type RecallNetwork,
  type RecallTrace,
  type ReturnToSupplierResult,
} from 'shared-api';
import { api, isApiError, saveBlob } from 'shared-auth';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  DataTable,
  DetailList,
  ErrorPanel,
  FigureTiles,
  Form,
  FormError,
  Modal,
  NotFoundState,
  Spinner,
  Stack,
  TextField,
  TextInput,
  formatCount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  theme,
  toSubmitErrors,
  toast,
  type DataTableColumn,
} from 'shared-ui';
import { RecallStatusBadge } from './RecallListPage';
import { askBuyers, batchesText, liftRecall, markDestroyed, returnToSupplier, uploadRecallDocument, useIsStaff, useRecall, useRecallNetwork, useRecallTrace } from './recalls-api';

type Receipt = RecallTrace['received'][number];
type Sale = RecallTrace['sold'][number];
type TraceBatch = RecallTrace['batches'][number];
type District = RecallNetwork['byDistrict'][number];
type Day = RecallNetwork['timeline'][number];

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;
const ErrorLine = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;
const Bar = styled.span`
  display: inline-block;
  height: 10px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.danger};
  vertical-align: middle;
`;

const RECEIPT_LABELS: Record<Receipt['documentType'], string> = {
  PURCHASE_BILL: 'Purchase bill',
  UPLOAD: 'Stock upload',
  MANUAL_ADD: 'Added by hand',
  CREDIT_NOTE: 'Credit note (returned to you)',
};
const SALE_LABELS: Record<Sale['documentType'], string> = { INVOICE: 'Invoice', COUNTER_SALE: 'Counter sale' };

const document = (type: string, number: string | null) => (number ? `${type} ${number}` : type);

const batchColumns: readonly DataTableColumn<TraceBatch>[] = [
  { key: 'batchNo', header: 'Batch' },
  { key: 'expiryDate', header: 'Expiry', render: (b) => formatDate(b.expiryDate) },
  { key: 'warehouseName', header: 'Warehouse' },
  { key: 'onHand', header: 'On hand (blocked)', align: 'right', render: (b) => formatNumber(b.onHand) },
  { key: 'quarantined', header: 'In quarantine', align: 'right', render: (b) => formatNumber(b.quarantined) },
];
const receivedColumns: readonly DataTableColumn<Receipt>[] = [
  { key: 'date', header: 'Received', render: (r) => formatDate(r.date) },
  { key: 'supplierName', header: 'From' },
  { key: 'documentType', header: 'Document', render: (r) => document(RECEIPT_LABELS[r.documentType], r.documentNumber) },
  { key: 'batchNo', header: 'Batch' },
  { key: 'quantity', header: 'Units', align: 'right', render: (r) => formatNumber(r.quantity) },
];
const soldColumns: readonly DataTableColumn<Sale>[] = [
  { key: 'date', header: 'Sold', render: (s) => formatDate(s.date) },
  { key: 'buyerName', header: 'To' },
  { key: 'documentType', header: 'Document', render: (s) => document(SALE_LABELS[s.documentType], s.documentNumber) },
  { key: 'batchNo', header: 'Batch' },
  { key: 'quantity', header: 'Units', align: 'right', render: (s) => formatNumber(s.quantity) },
  { key: 'returned', header: 'Returned', align: 'right', render: (s) => formatNumber(s.returned) },
  { key: 'askedToReturnAt', header: 'Asked to return', render: (s) => (s.askedToReturnAt ? formatDateTime(s.askedToReturnAt) : s.buyerUnitId ? 'Not yet' : 'Not on Medico B2B') },
];
const districtColumns: readonly DataTableColumn<District>[] = [
  { key: 'state', header: 'State' },
  { key: 'district', header: 'District' },
  { key: 'holders', header: 'Holders', align: 'right', render: (d) => formatNumber(d.holders) },
  { key: 'onShelves', header: 'Units on shelves', align: 'right', render: (d) => formatNumber(d.onShelves) },
];

/** The letter as it was uploaded (PDF or image), with the session's token. */
async function downloadLetter(recall: Recall) {
  if (!recall.letterDocumentId) return;
  const blob = await api.blob(RECALL_PATHS.document(recall.letterDocumentId));
  const extension = blob.type === 'application/pdf' || !blob.type ? 'pdf' : (blob.type.split('/')[1] ?? 'pdf');
  saveBlob(`${recall.recallNumber}-letter.${extension}`, blob);
}

function Summary({ recall, canLift, onLift }: { recall: Recall; canLift: boolean; onLift: () => void }) {
  const c = recall.counts;
  return (
    <Card
      title={`${recall.recallNumber}: ${recall.product.name}`}
      actions={
        <Stack direction="row" gap="sm" align="center">
          <RecallStatusBadge status={recall.status} />
          {canLift && recall.status === 'ACTIVE' && (
            <Button variant="secondary" size="sm" onClick={onLift}>
              Lift recall
            </Button>
          )}
        </Stack>
      }
    >
      <Stack gap="md">
        <DetailList>
          <dt>Product</dt>
          <dd>
            {recall.product.name}
            {recall.product.pack && ` (${recall.product.pack})`} · {recall.product.manufacturer}
          </dd>
          <dt>Batches</dt>
          <dd>{batchesText(recall, (d) => formatDate(d))}</dd>
          <dt>Reason</dt>
          <dd>{RECALL_REASON_LABELS[recall.reason]}</dd>
          <dt>Holders must</dt>
          <dd>{RECALL_ACTION_LABELS[recall.action]}</dd>
          <dt>Source</dt>
          <dd>
            {recall.noticeNumber && `Notice ${recall.noticeNumber}${recall.noticeDate ? ` of ${formatDate(recall.noticeDate)}` : ''}`}
            {recall.noticeNumber && recall.letterDocumentId && ' · '}
            {recall.letterDocumentId && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void downloadLetter(recall).catch((e: unknown) => toast.error({ title: 'The letter could not be downloaded', message: isApiError(e) ? e.message : 'Please try again.' }))}
              >
                Manufacturer's letter
              </Button>
            )}
          </dd>
          <dt>Raised by</dt>
          <dd>
            {recall.raisedBy.unitName} ({RECALL_RAISER_LABELS[recall.raisedBy.kind]}), {formatDateTime(recall.raisedAt)}
          </dd>
          {recall.note && (
            <>
              <dt>Note</dt>
              <dd>{recall.note}</dd>
            </>
          )}
          {recall.liftedAt && (
            <>
              <dt>Lifted</dt>
              <dd>
                {formatDateTime(recall.liftedAt)}
                {recall.liftReason && `: ${recall.liftReason}`}
              </dd>
            </>
          )}
        </DetailList>
        <FigureTiles
          aria-label="Across the network"
          tiles={[
            { label: 'Holders told', value: formatNumber(c.holders) },
            { label: 'Buyers told', value: formatNumber(c.buyers) },
            { label: 'In quarantine', value: formatNumber(c.quarantined) },
            { label: 'Returned to suppliers', value: formatNumber(c.returnedToSupplier) },
            { label: 'Destroyed', value: formatNumber(c.destroyed) },
            { label: 'Orders flagged', value: formatNumber(c.ordersFlagged) },
          ]}
        />
      </Stack>
    </Card>
  );
}

/** Did the recalled batches ever pass through this unit? (Staff and a manufacturer often hold none.) */
const touchedBy = (trace: RecallTrace) => trace.batches.length + trace.received.length + trace.sold.length + trace.walkIn.sales > 0;

/** Backward and forward from this unit: who it got the batches from, whom it sold them to, what it holds now. */
function YourTrace({ trace }: { trace: RecallTrace }) {
  const q = trace.quarantine;
  const onHand = trace.batches.reduce((sum, b) => sum + b.onHand, 0);
  const onShelves = onHand + q.quarantined;
  if (!touchedBy(trace)) {
    return (
      <Card title="Your stock">
        <Muted>Your unit has not received or sold units of these batches.</Muted>
      </Card>
    );
  }
  return (
    <Card title="Your stock">
      <Stack gap="md">
        <p role="status" style={{ margin: 0 }}>
          {onShelves > 0 ? (
            <strong>{formatCount(onShelves, 'unit')} still on your shelves.</strong>
          ) : (
            'Nothing of these batches is on your shelves any more.'
          )}
        </p>
        <FigureTiles
          aria-label="Your units"
          tiles={[
            { label: 'On hand (blocked)', value: formatNumber(onHand) },
            { label: 'In quarantine', value: formatNumber(q.quarantined) },
            { label: 'Returned to supplier', value: formatNumber(q.returnedToSupplier) },
            { label: 'Returned by your buyers', value: formatNumber(q.returnedByBuyers) },
            { label: 'Destroyed', value: formatNumber(q.destroyed) },
          ]}
        />
        <DataTable label="Your batches" columns={batchColumns} rows={trace.batches} rowKey={(b) => `${b.batchNo}|${b.warehouseName}|${b.expiryDate}`} emptyMessage="None in stock." />
        <h3 style={{ margin: 0 }}>Received (backward)</h3>
        <DataTable
          label="Received"
          columns={receivedColumns}
          rows={trace.received}
          rowKey={(r) => `${r.documentType}|${r.documentId ?? r.date}|${r.batchNo}`}
          emptyMessage="No receipts of these batches."
        />
        <h3 style={{ margin: 0 }}>Sold (forward)</h3>
        <DataTable label="Sold" columns={soldColumns} rows={trace.sold} rowKey={(s) => `${s.documentType}|${s.documentId}|${s.batchNo}`} emptyMessage="No sales to known parties." />
        {trace.walkIn.sales > 0 && (
          <p style={{ margin: 0 }}>
            Walk-in buyers: {formatCount(trace.walkIn.units, 'unit')} sold over the counter in {formatCount(trace.walkIn.sales, 'sale')} without a party
            cannot be traced further.
          </p>
        )}
      </Stack>
    </Card>
  );
}

type Asking = 'return' | 'ask' | null;

/** The one-click actions on this unit's part, each confirmed first and reported after. */
function Actions({ recall, trace, onDone }: { recall: Recall; trace: RecallTrace; onDone: () => Promise<unknown> }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [destroying, setDestroying] = useState(false);
  const [returned, setReturned] = useState<ReturnToSupplierResult | null>(null);
  const a = trace.actions;
  const quarantined = trace.quarantine.quarantined;

  async function doReturn() {
    const result = await returnToSupplier(recall.id);
    setAsking(null);
    setReturned(result);
    const units = result.debitNotes.reduce((sum, n) => sum + n.units, 0);
    toast.success({ title: 'Returned to supplier', message: `${formatCount(units, 'unit')} on ${formatCount(result.debitNotes.length, 'debit note')}.` });
    await onDone();
  }
  async function doAsk() {
    const result = await askBuyers(recall.id);
    setAsking(null);
    toast.success({ title: 'Buyers asked', message: `${formatCount(result.buyersAsked, 'buyer')} asked to return their units.` });
    await onDone();
  }

  if (recall.status !== 'ACTIVE') return null;
  const nothing = a.returnableToSupplier === 0 && a.buyersToAsk === 0 && quarantined === 0;
  return (
    <Card title="What to do now">
      <Stack gap="md">
        {nothing && <Muted>Nothing left to do at your unit for this recall.</Muted>}
        <Buttons>
          {a.returnableToSupplier > 0 && <Button onClick={() => setAsking('return')}>Return {formatCount(a.returnableToSupplier, 'unit')} to supplier</Button>}
          {a.buyersToAsk > 0 && (
            <Button variant="secondary" onClick={() => setAsking('ask')}>
              Ask {formatCount(a.buyersToAsk, 'buyer')} to return
            </Button>
          )}
          {quarantined > 0 && (
            <Button variant="secondary" onClick={() => setDestroying(true)}>
              Mark destroyed
            </Button>
          )}
        </Buttons>
        {a.notReturnable > 0 && (
          <Muted>
            {formatCount(a.notReturnable, 'unit')} came from stock uploads or bills keyed in by hand: return them to the supplier outside Medico B2B, or
            destroy them.
          </Muted>
        )}
        {returned && (
          <Stack gap="sm" role="status" aria-label="Debit notes issued">
            <DataTable
              label="Debit notes issued"
              columns={[
                { key: 'noteNumber', header: 'Debit note' },
                { key: 'supplierName', header: 'Supplier' },
                { key: 'units', header: 'Units', align: 'right', render: (n) => formatNumber(n.units) },
                { key: 'totalPaise', header: 'Amount', align: 'right', render: (n) => formatRupees(n.totalPaise) },
              ]}
              rows={returned.debitNotes}
              rowKey="debitNoteId"
            />
            {returned.unitsLeft > 0 && <Muted>{formatCount(returned.unitsLeft, 'unit')} left in quarantine that no platform bill brought in.</Muted>}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        open={asking === 'return'}
        title="Return to supplier?"
        message={`${formatCount(a.returnableToSupplier, 'unit')} leave your quarantine on a debit note per bill, at the price you bought them. Each supplier sees its note at once and the units go into its quarantine.`}
        confirmLabel="Return to supplier"
        onConfirm={doReturn}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'ask'}
        title="Ask your buyers to return?"
        message={`Each of ${formatCount(a.buyersToAsk, 'buyer')} gets a notice with its units and your invoice numbers, asking it to return them to you.`}
        confirmLabel="Ask buyers"
        onConfirm={doAsk}
        onCancel={() => setAsking(null)}
      />
      {destroying && (
        <DestroyDialog
          recall={recall}
          units={quarantined}
          onClose={() => setDestroying(false)}
          onDone={async (units) => {
            setDestroying(false);
            toast.success({ title: 'Marked destroyed', message: `${formatCount(units, 'unit')} destroyed, with the certificate on record.` });
            await onDone();
          }}
        />
      )}
    </Card>
  );
}

/** Destruction needs its certificate: uploaded first, then every quarantined unit of the recall here is written off. */
function DestroyDialog({ recall, units, onClose, onDone }: { recall: Recall; units: number; onClose: () => void; onDone: (units: number) => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function pick(picked: File | undefined) {
    setFile(null);
    setProblem(null);
    if (!picked) return;
    if (picked.size > RECALL_DOCUMENT_MAX_BYTES) setProblem(`The certificate is larger than ${RECALL_DOCUMENT_MAX_BYTES / 1048576} MB.`);
    else if (picked.type && picked.type !== 'application/pdf' && !picked.type.startsWith('image/')) setProblem('The certificate must be a PDF or an image.');
    else setFile(picked);
  }

  async function confirm() {
    if (!file) {
      setProblem('Upload the destruction certificate first.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const certificate = await uploadRecallDocument('DESTRUCTION_CERTIFICATE', file);
      const result = await markDestroyed(recall.id, { certificateDocumentId: certificate.documentId });
      await onDone(result.unitsDestroyed);
    } catch (e) {
      setProblem(isApiError(e) ? e.message : 'Please try again.');
      setBusy(false);
    }
  }

  return (
    <Modal open title="Mark destroyed" onClose={onClose} dismissible={!busy}>
      <Stack gap="md">
        <p style={{ margin: 0 }}>
          {formatCount(units, 'unit')} in quarantine under {recall.recallNumber} leave your books as destroyed. Attach the destruction certificate (PDF or
          image).
        </p>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          Destruction certificate
          <TextInput type="file" accept="application/pdf,image/*" aria-label="Destruction certificate" onChange={(e) => pick(e.currentTarget.files?.[0])} disabled={busy} />
        </label>
        {problem && <ErrorLine role="alert">{problem}</ErrorLine>}
        <Buttons style={{ justifyContent: 'flex-end' }}>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void confirm()}>
            Mark {formatCount(units, 'unit')} destroyed
          </Button>
        </Buttons>
      </Stack>
    </Modal>
  );
}

function LiftDialog({ recall, onClose, onLifted }: { recall: Recall; onClose: () => void; onLifted: (recall: Recall) => Promise<void> }) {
  return (
    <Modal open title={`Lift ${recall.recallNumber}?`} onClose={onClose}>
      <Form<{ reason?: string }>
        validate={(v) => {
          const parsed = LiftRecall.safeParse({ reason: v.reason ?? '' });
          return parsed.success ? {} : { reason: parsed.error.issues[0]?.message };
        }}
        onSubmit={async (v) => {
          try {
            await onLifted(await liftRecall(recall.id, { reason: v.reason ?? '' }));
            return undefined;
          } catch (e) {
            return toSubmitErrors(e);
          }
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Lift recall">
            <Stack gap="md">
              <p style={{ margin: 0 }}>The batches may be sold again, quarantined units go back into stock, and everyone told of the recall is told it is lifted.</p>
              <TextField name="reason" label="Why is it lifted?" hint="For example: cleared on retest" autoComplete="off" />
              <FormError />
              <Buttons style={{ justifyContent: 'flex-end' }}>
                <Button type="button" variant="secondary" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={submitting}>
                  Lift recall
                </Button>
              </Buttons>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}

/** Staff, the manufacturer and the raiser: units still on shelves by district, and day by day, falling to zero. */
function NetworkView({ network }: { network: RecallNetwork }) {
  const t = network.totals;
  const peak = Math.max(1, ...network.timeline.map((d) => d.onShelves));
  const dayColumns: readonly DataTableColumn<Day>[] = [
    { key: 'date', header: 'Day', render: (d) => formatDate(d.date) },
    { key: 'onShelves', header: 'Units on shelves', align: 'right', render: (d) => formatNumber(d.onShelves) },
    { key: 'bar', header: '', render: (d) => <Bar aria-hidden style={{ width: `${Math.round((d.onShelves / peak) * 160)}px` }} /> },
  ];
  return (
    <Card title="Across the network">
      <Stack gap="md">
        <FigureTiles
          aria-label="Network totals"
          tiles={[
            { label: 'Holders', value: formatNumber(t.holders) },
            { label: 'Units on shelves', value: formatNumber(t.onShelves) },
            { label: 'Quarantined', value: formatNumber(t.quarantined) },
            { label: 'Returned', value: formatNumber(t.returned) },
            { label: 'Destroyed', value: formatNumber(t.destroyed) },
          ]}
        />
        <DataTable label="By district" columns={districtColumns} rows={network.byDistrict} rowKey={(d) => `${d.state}|${d.district}`} emptyMessage="No holder left." pageSize={20} />
        <DataTable label="Units on shelves by day" columns={dayColumns} rows={network.timeline} rowKey="date" emptyMessage="No days yet." pageSize={31} />
      </Stack>
    </Card>
  );
}

/**
 * stocks/recalls/:id (issue 35): the recall, this unit's trace (received from whom, sold to whom, on hand and in
 * quarantine), the one-click actions, lifting for the raiser and staff, and the network view for those allowed.
 */
export function RecallPage() {
  const { id = '' } = useParams();
  const detail = useRecall(id);
  const trace = useRecallTrace(id);
  const network = useRecallNetwork(id);
  const staff = useIsStaff();
  const [lifting, setLifting] = useState(false);

  if (detail.error && !detail.data && detail.error.status === 404) {
    return (
      <NotFoundState
        what="recall"
        back={
          <ButtonLink to="/stocks/recalls" variant="secondary">
            Back to Recalls
          </ButtonLink>
        }
      />
    );
  }
  if (detail.error && !detail.data) return <ErrorPanel title="The recall could not be loaded" message={detail.error.message} onRetry={() => void detail.mutate()} />;
  if (!detail.data) return <Spinner label="Loading recall" />;
  const recall = detail.data;
  // The API decides; the button shows where it would agree: staff, or the unit that raised it.
  const canLift = staff || recall.mine.raisedByMe;
  const refresh = () => Promise.all([detail.mutate(), trace.mutate(), network.data ? network.mutate() : undefined]);

  return (
    <Stack gap="lg">
      <Summary recall={recall} canLift={canLift} onLift={() => setLifting(true)} />
      {trace.data && touchedBy(trace.data) && <Actions recall={recall} trace={trace.data} onDone={refresh} />}
      {trace.data ? (
        <YourTrace trace={trace.data} />
      ) : trace.error && trace.error.status !== 404 && trace.error.status !== 403 ? (
        <ErrorPanel title="Your trace could not be loaded" message={trace.error.message} onRetry={() => void trace.mutate()} />
      ) : (
        !trace.error && <Spinner label="Loading your trace" />
      )}
      {network.data && <NetworkView network={network.data} />}
      {lifting && (
        <LiftDialog
          recall={recall}
          onClose={() => setLifting(false)}
          onLifted={async (lifted) => {
            setLifting(false);
            toast.success({ title: `${lifted.recallNumber} lifted`, message: 'The batches may be sold again; everyone told of the recall is told.' });
            await refresh();
          }}
        />
      )}
    </Stack>
  );
}
