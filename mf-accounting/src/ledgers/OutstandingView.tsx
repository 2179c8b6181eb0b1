import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Ageing, DueAgeing, OutstandingSide, PartyOutstanding } from 'shared-api';
import { DataTable, ErrorPanel, Select, Spinner, Stack, formatDate, formatNumber, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { AGEING_BUCKETS, DUE_AGEING_BUCKETS } from './AgeingList';
import { ledgerPath, useOutstanding } from './ledgers-api';

/** A party, or the totals line under them. */
type Row = Pick<PartyOutstanding, 'outstandingPaise' | 'ageing' | 'ageingByDue'> & { key: string; party: PartyOutstanding | null };

const SIDES: readonly { value: OutstandingSide; label: string }[] = [
  { value: 'RECEIVABLE', label: 'Receivable: parties owe you' },
  { value: 'PAYABLE', label: 'Payable: you owe parties' },
];

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  max-width: 320px;
`;

/** Ageing by the document's date, or (credit terms, issue 39) by its due date. */
type AgeBy = 'date' | 'due';
const AGE_BY: readonly { value: AgeBy; label: string }[] = [
  { value: 'date', label: 'Days since the invoice date' },
  { value: 'due', label: 'Days past the due date' },
];

const columns = (by: AgeBy): readonly DataTableColumn<Row>[] => [
  {
    key: 'party',
    header: 'Party',
    render: (r) =>
      r.party ? (
        <Link to={ledgerPath(r.party.accountId)} onClick={(e) => e.stopPropagation()}>
          {r.party.partyName}
        </Link>
      ) : (
        'Total'
      ),
  },
  { key: 'outstandingPaise', header: 'Outstanding', align: 'right', render: (r) => formatRupees(r.outstandingPaise) },
  ...(by === 'due'
    ? DUE_AGEING_BUCKETS.map((b): DataTableColumn<Row> => ({ key: b.key, header: b.label, align: 'right', render: (r) => formatRupees(r.ageingByDue[b.key]) }))
    : AGEING_BUCKETS.map((b): DataTableColumn<Row> => ({ key: b.key, header: b.label, align: 'right', render: (r) => formatRupees(r.ageing[b.key]) }))),
  { key: 'openCount', header: 'Open documents', align: 'right', render: (r) => (r.party ? formatNumber(r.party.openCount) : '') },
  { key: 'oldestOpenDate', header: 'Oldest open', render: (r) => (r.party?.oldestOpenDate ? formatDate(r.party.oldestOpenDate) : '') },
];

const totalRow = (totalPaise: number, ageing: Ageing, ageingByDue: DueAgeing): Row => ({ key: 'total', party: null, outstandingPaise: totalPaise, ageing, ageingByDue });

/** Every party with something open on one side, aged; a party opens its ledger. */
export function OutstandingView() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const side: OutstandingSide = params.get('side') === 'PAYABLE' ? 'PAYABLE' : 'RECEIVABLE';
  const by: AgeBy = params.get('by') === 'due' ? 'due' : 'date';
  const { data, error, isLoading, mutate } = useOutstanding(side);

  function choose(key: 'side' | 'by', next: string) {
    const url = new URLSearchParams(params);
    url.set(key, next);
    setParams(url, { replace: true });
  }

  return (
    <Stack gap="md">
      <Label>
        Side
        <Select value={side} options={SIDES} onChange={(e) => choose('side', e.currentTarget.value)} />
      </Label>
      <Label>
        Age by
        <Select value={by} options={AGE_BY} onChange={(e) => choose('by', e.currentTarget.value)} />
      </Label>
      {error && !data ? (
        <ErrorPanel title="The outstanding report could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading outstanding" />
      ) : (
        <DataTable
          label={`Outstanding ${side === 'RECEIVABLE' ? 'receivable' : 'payable'} as on ${formatDate(data.asOf)}`}
          columns={columns(by)}
          rows={data.parties.map((p) => ({ key: p.accountId, party: p, outstandingPaise: p.outstandingPaise, ageing: p.ageing, ageingByDue: p.ageingByDue }))}
          trailingRows={data.parties.length > 0 ? [totalRow(data.totalPaise, data.ageing, data.ageingByDue)] : []}
          rowKey="key"
          loading={isLoading}
          pageSize={Math.max(data.parties.length, 1)}
          emptyMessage={side === 'RECEIVABLE' ? 'No party owes you anything.' : 'You owe no party anything.'}
          onRowClick={(r) => r.party && navigate(ledgerPath(r.party.accountId))}
        />
      )}
    </Stack>
  );
}
