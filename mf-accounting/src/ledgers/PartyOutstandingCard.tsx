import type { OpenDocument } from 'shared-api';
import { Card, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatNumber, formatRupees, type DataTableColumn } from 'shared-ui';
import { DocumentLink } from '../books-common/DocumentLink';
import { AgeingList, DueAgeingList } from './AgeingList';
import { usePartyOutstanding } from './ledgers-api';

const COLUMNS: readonly DataTableColumn<OpenDocument>[] = [
  { key: 'documentNumber', header: 'Document', render: (d) => <DocumentLink documentType={d.documentType} documentId={d.documentId} documentNumber={d.documentNumber} /> },
  { key: 'date', header: 'Date', render: (d) => formatDate(d.date) },
  { key: 'ageDays', header: 'Age (days)', align: 'right', render: (d) => formatNumber(d.ageDays) },
  { key: 'dueDate', header: 'Due date', render: (d) => formatDate(d.dueDate) },
  { key: 'daysPastDue', header: 'Overdue (days)', align: 'right', render: (d) => (d.daysPastDue > 0 ? formatNumber(d.daysPastDue) : 'Not due') },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (d) => formatRupees(d.amountPaise) },
  { key: 'settledPaise', header: 'Settled', align: 'right', render: (d) => formatRupees(d.settledPaise) },
  { key: 'outstandingPaise', header: 'Outstanding', align: 'right', render: (d) => formatRupees(d.outstandingPaise) },
];

/** A party head's open documents (what makes up its balance) and their ageing. */
export function PartyOutstandingCard({ accountId }: { accountId: string }) {
  const { data, error, mutate } = usePartyOutstanding(accountId);
  if (error && !data) return <ErrorPanel title="The outstanding documents could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading outstanding documents" />;
  return (
    <Card title={`Outstanding as on ${formatDate(data.asOf)}`}>
      <Stack gap="md">
        <DetailList aria-label="Outstanding summary">
          <dt>{data.side === 'RECEIVABLE' ? 'Receivable' : 'Payable'}</dt>
          <dd>{formatRupees(data.outstandingPaise)}</dd>
          <dt>Open documents</dt>
          <dd>{formatNumber(data.openCount)}</dd>
          {data.unallocatedPaise !== 0 && (
            <>
              <dt>Not set against a document (advance)</dt>
              <dd>{formatRupees(data.unallocatedPaise)}</dd>
            </>
          )}
        </DetailList>
        <AgeingList ageing={data.ageing} label="Ageing" />
        <DueAgeingList ageing={data.ageingByDue} label="Ageing by due date" />
        <DataTable label="Open documents" columns={COLUMNS} rows={data.documents} rowKey="voucherId" emptyMessage="Nothing is open: every document is settled." />
      </Stack>
    </Card>
  );
}
