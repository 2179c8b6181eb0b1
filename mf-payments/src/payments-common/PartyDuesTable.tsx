import { Link } from 'react-router-dom';
import type { OutstandingSide, PartyDue } from 'shared-api';
import { DataTable, ErrorPanel, Spinner, Stack, formatDate, formatNumber, formatOwed, formatRupees, owedSentence, type DataTableColumn, type OwedSide } from 'shared-ui';
import { usePartyDues } from './payments-api';

export const partyLabel = (p: Pick<PartyDue, 'partyName' | 'partyUnitCode'>) => (p.partyUnitCode && !p.partyName.includes(p.partyUnitCode) ? `${p.partyName} (${p.partyUnitCode})` : p.partyName);

/** The same screen with one party's panel open (`?party=`): a link, so it can be opened in a new tab too. */
export const partySearch = (accountId: string) => `?party=${encodeURIComponent(accountId)}`;

const columnsFor = (side: OwedSide): readonly DataTableColumn<PartyDue>[] => [
  {
    key: 'partyName',
    header: 'Party',
    sortable: true,
    render: (p) => (
      <Link to={partySearch(p.accountId)} onClick={(e) => e.stopPropagation()}>
        {partyLabel(p)}
      </Link>
    ),
  },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (p) => formatRupees(p.amountPaise), sortable: true },
  { key: 'paidPaise', header: 'Paid', align: 'right', render: (p) => formatRupees(p.paidPaise) },
  { key: 'outstandingPaise', header: 'Outstanding', align: 'right', render: (p) => formatOwed(p.outstandingPaise, side), sortable: true },
  { key: 'openCount', header: 'Open documents', align: 'right', render: (p) => formatNumber(p.openCount) },
  { key: 'oldestOpenDate', header: 'Oldest open', render: (p) => (p.oldestOpenDate ? formatDate(p.oldestOpenDate) : '') },
  { key: 'openRequestCount', header: 'Open requests', align: 'right', render: (p) => formatNumber(p.openRequestCount) },
];

/** The parties that owe the unit (RECEIVABLE) or that it owes (PAYABLE), from its books; a row opens the party. */
export function PartyDuesTable({ side, onOpen }: { side: OutstandingSide; onOpen: (accountId: string) => void }) {
  const { data, error, isLoading, mutate } = usePartyDues(side);
  const receivable = side === 'RECEIVABLE';
  if (error && !data) return <ErrorPanel title={receivable ? 'The parties that owe you could not be loaded' : 'The parties you owe could not be loaded'} message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading parties" />;
  return (
    <Stack gap="sm">
      <p>
        <strong>{owedSentence(data.totalPaise, side)}</strong>
      </p>
      <DataTable
        label={receivable ? 'Parties that owe you' : 'Parties you owe'}
        columns={columnsFor(side)}
        rows={data.parties}
        rowKey="accountId"
        loading={isLoading}
        pageSize={50}
        emptyMessage={receivable ? 'No party owes you anything.' : 'You owe no party anything.'}
        onRowClick={(p) => onOpen(p.accountId)}
      />
    </Stack>
  );
}
