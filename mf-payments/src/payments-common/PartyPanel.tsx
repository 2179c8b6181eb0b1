import { useState, type ReactNode } from 'react';
import type { OpenDocument, OutstandingSide, PartyDueDetail } from 'shared-api';
import { Button, Card, Checkbox, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatNumber, formatOwed, formatRupees, type DataTableColumn } from 'shared-ui';
import { partyLabel } from './PartyDuesTable';
import { PaymentsTable } from './PaymentsTable';
import { RecordPaymentForm } from './RecordPaymentForm';
import { usePartyDue } from './payments-api';

export interface PartyPanelProps {
  side: OutstandingSide;
  accountId: string;
  onClose: () => void;
  /** Receive payments: the "Request payment" form for the ticked documents (closes itself with `done`). */
  renderRequestForm?: (party: PartyDueDetail, chosenIds: readonly string[], done: () => void) => ReactNode;
  /** Make payments: where to pay the party from a phone. */
  renderPayee?: (party: PartyDueDetail) => ReactNode;
}

/**
 * One party's panel (`?party=`): what is open with it document by document, tick documents to request or record a
 * payment for them, and the payments so far.
 */
export function PartyPanel({ side, accountId, onClose, renderRequestForm, renderPayee }: PartyPanelProps) {
  const { data, error, mutate } = usePartyDue(side, accountId);
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [action, setAction] = useState<'record' | 'request' | null>(null);
  const back = (
    <Button type="button" variant="ghost" size="sm" onClick={onClose}>
      Back to parties
    </Button>
  );
  if (error && !data) {
    return (
      <Stack gap="sm">
        <div>{back}</div>
        <ErrorPanel title="This party could not be loaded" message={error.message} onRetry={() => void mutate()} />
      </Stack>
    );
  }
  if (!data) return <Spinner label="Loading the party" />;

  const toggle = (documentId: string) => setChosen((all) => (all.includes(documentId) ? all.filter((x) => x !== documentId) : [...all, documentId]));
  const columns: readonly DataTableColumn<OpenDocument>[] = [
    {
      key: 'documentNumber',
      header: 'Document',
      render: (d) =>
        d.documentId && d.outstandingPaise > 0 ? (
          <Checkbox label={d.documentNumber ?? d.documentType} checked={chosen.includes(d.documentId)} onChange={() => toggle(d.documentId!)} />
        ) : (
          (d.documentNumber ?? d.documentType)
        ),
    },
    { key: 'date', header: 'Date', render: (d) => formatDate(d.date) },
    { key: 'ageDays', header: 'Age (days)', align: 'right', render: (d) => formatNumber(d.ageDays) },
    { key: 'amountPaise', header: 'Amount', align: 'right', render: (d) => formatRupees(d.amountPaise) },
    { key: 'settledPaise', header: 'Settled', align: 'right', render: (d) => formatRupees(d.settledPaise) },
    { key: 'outstandingPaise', header: 'Outstanding', align: 'right', render: (d) => formatOwed(d.outstandingPaise, side) },
  ];
  const receivable = side === 'RECEIVABLE';
  const done = () => setAction(null);

  return (
    <Stack gap="md" aria-label={`Party ${data.partyName}`} role="region">
      <div>{back}</div>
      <Card
        title={partyLabel(data)}
        actions={
          <Stack direction="row" gap="sm">
            {renderRequestForm && (
              <Button type="button" variant="secondary" onClick={() => setAction('request')} aria-pressed={action === 'request'}>
                Request payment
              </Button>
            )}
            <Button type="button" onClick={() => setAction('record')} aria-pressed={action === 'record'}>
              {receivable ? 'Record a payment received' : 'Record a payment made'}
            </Button>
          </Stack>
        }
      >
        <DetailList aria-label="Party dues">
          <dt>Amount</dt>
          <dd>{formatRupees(data.amountPaise)}</dd>
          <dt>Paid</dt>
          <dd>{formatRupees(data.paidPaise)}</dd>
          <dt>{receivable ? 'Outstanding (owes you)' : 'Outstanding (you owe)'}</dt>
          <dd>
            <strong>{formatOwed(data.outstandingPaise, side)}</strong>
          </dd>
          {data.unallocatedPaise !== 0 && (
            <>
              <dt>Not set against a document (advance)</dt>
              <dd>{formatRupees(data.unallocatedPaise)}</dd>
            </>
          )}
          <dt>Open requests</dt>
          <dd>{formatNumber(data.openRequestCount)}</dd>
        </DetailList>
      </Card>
      {renderPayee?.(data)}
      {action === 'request' && renderRequestForm?.(data, chosen, done)}
      {action === 'record' && <RecordPaymentForm key={chosen.join(',')} direction={receivable ? 'RECEIVED' : 'PAID'} party={data} chosenIds={chosen} onDone={done} />}
      <DataTable
        label={receivable ? 'Open invoices' : 'Open bills'}
        columns={columns}
        rows={data.documents}
        rowKey="voucherId"
        pageSize={Math.max(data.documents.length, 1)}
        emptyMessage="Nothing is open: every document is settled."
      />
      <PaymentsTable label="Payments" payments={data.payments} emptyMessage={receivable ? 'No payments from this party yet.' : 'No payments to this party yet.'} />
    </Stack>
  );
}
