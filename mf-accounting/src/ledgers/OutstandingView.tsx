import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Ageing, OutstandingSide, PartyOutstanding } from 'shared-api';
import { DataTable, ErrorPanel, Select, Spinner, Stack, formatDate, formatNumber, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { AGEING_BUCKETS } from './AgeingList';
import { ledgerPath, useOutstanding } from './ledgers-api';

/** A party, or the totals line under them. */
type Row = Pick<PartyOutstanding, 'outstandingPaise' | 'ageing'> & { key: string; party: PartyOutstanding | null };

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

const COLUMNS: readonly DataTableColumn<Row>[] = [
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
  ...AGEING_BUCKETS.map((b): DataTableColumn<Row> => ({ key: b.key, header: b.label, align: 'right', render: (r) => formatRupees(r.ageing[b.key]) })),
  { key: 'openCount', header: 'Open documents', align: 'right', render: (r) => (r.party ? formatNumber(r.party.openCount) : '') },
  { key: 'oldestOpenDate', header: 'Oldest open', render: (r) => (r.party?.oldestOpenDate ? formatDate(r.party.oldestOpenDate) : '') },
];

const totalRow = (totalPaise: number, ageing: Ageing): Row => ({ key: 'total', party: null, outstandingPaise: totalPaise, ageing });

/** Every party with something open on one side, aged; a party opens its ledger. */
export function OutstandingView() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const side: OutstandingSide = params.get('side') === 'PAYABLE' ? 'PAYABLE' : 'RECEIVABLE';
  const { data, error, isLoading, mutate } = useOutstanding(side);

  function choose(next: string) {
    const url = new URLSearchParams(params);
    url.set('side', next);
    setParams(url, { replace: true });
  }

  return (
    <Stack gap="md">
      <Label>
        Side
        <Select value={side} options={SIDES} onChange={(e) => choose(e.currentTarget.value)} />
      </Label>
      {error && !data ? (
        <ErrorPanel title="The outstanding report could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading outstanding" />
      ) : (
        <DataTable
          label={`Outstanding ${side === 'RECEIVABLE' ? 'receivable' : 'payable'} as on ${formatDate(data.asOf)}`}
          columns={COLUMNS}
          rows={data.parties.map((p) => ({ key: p.accountId, party: p, outstandingPaise: p.outstandingPaise, ageing: p.ageing }))}
          trailingRows={data.parties.length > 0 ? [totalRow(data.totalPaise, data.ageing)] : []}
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
