import type { TrialBalance } from 'shared-api';
import { ACCOUNT_GROUPS } from 'shared-api';
import { Badge, DataTable, ErrorPanel, Spinner, Stack, formatRupees, type DataTableColumn } from 'shared-ui';
import { AsOfPicker, useAsOfParam } from '../books-common/AsOfPicker';
import { useTrialBalance } from './profit-loss-api';
import { StatementDownloads } from './StatementDownloads';

type Row = { key: string; name: string; group: string; debitPaise: number; creditPaise: number };

const COLUMNS: readonly DataTableColumn<Row>[] = [
  { key: 'name', header: 'Head' },
  { key: 'group', header: 'Group' },
  { key: 'debitPaise', header: 'Debit balance', align: 'right', render: (r) => (r.debitPaise || r.key === 'total' ? formatRupees(r.debitPaise) : '') },
  { key: 'creditPaise', header: 'Credit balance', align: 'right', render: (r) => (r.creditPaise || r.key === 'total' ? formatRupees(r.creditPaise) : '') },
];

/** Each head's balance on its side (debit − credit > 0 is a debit balance); heads at nil are left out. */
function rowsOf(data: TrialBalance): Row[] {
  return data.rows
    .filter((r) => r.balancePaise !== 0)
    .map((r) => ({ key: r.accountId, name: r.name, group: ACCOUNT_GROUPS[r.group].name, debitPaise: Math.max(r.balancePaise, 0), creditPaise: Math.max(-r.balancePaise, 0) }));
}

/** Balances of every head on a day; the two columns must agree, or the books are wrong. */
export function TrialBalanceView() {
  const asOf = useAsOfParam();
  const { data, error, mutate } = useTrialBalance(asOf);
  if (error && !data) return <ErrorPanel title="The trial balance could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  const rows = data ? rowsOf(data) : [];
  const debit = rows.reduce((s, r) => s + r.debitPaise, 0);
  const credit = rows.reduce((s, r) => s + r.creditPaise, 0);
  return (
    <Stack gap="md">
      <Stack direction="row" gap="lg" align="flex-end" wrap>
        <AsOfPicker />
        <StatementDownloads statement="TRIAL_BALANCE" params={{ asOf }} />
      </Stack>
      {!data ? (
        <Spinner label="Loading trial balance" />
      ) : (
        <>
          <div>
            {debit === credit ? (
              <Badge tone="success">Debit and credit balances agree</Badge>
            ) : (
              <Badge tone="danger">Debit and credit balances differ by {formatRupees(Math.abs(debit - credit))}</Badge>
            )}
          </div>
          <DataTable
            label="Trial balance"
            columns={COLUMNS}
            rows={rows}
            trailingRows={[{ key: 'total', name: 'Total', group: '', debitPaise: debit, creditPaise: credit }]}
            rowKey="key"
            pageSize={Math.max(rows.length, 1)}
            emptyMessage="No head has a balance on this day."
          />
        </>
      )}
    </Stack>
  );
}
