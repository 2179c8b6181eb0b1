import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Checkbox, DataTable, ErrorPanel, Spinner, Stack, formatDate, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { LazyMonthlyChart } from '../books-common/LazyMonthlyChart';
import { formatChange } from '../books-common/money';
import { PeriodPicker } from '../books-common/PeriodPicker';
import { usePeriodParam } from '../books-common/period';
import { useProfitAndLoss } from './profit-loss-api';
import { statementLines, type StatementLine } from './statement';
import { StatementDownloads } from './StatementDownloads';

const Label = styled.span<{ $kind: StatementLine['kind'] }>`
  display: inline-block;
  padding-left: ${({ $kind }) => ($kind === 'head' ? theme.space.lg : '0')};
  font-weight: ${({ $kind }) => ($kind === 'figure' || $kind === 'head' ? theme.fontWeights.regular : theme.fontWeights.bold)};
  color: ${({ $kind }) => ($kind === 'heading' ? theme.colors.primary : theme.colors.text)};
`;
const Strong = styled.span<{ $bold: boolean }>`
  font-weight: ${({ $bold }) => ($bold ? theme.fontWeights.bold : theme.fontWeights.regular)};
`;

const bold = (l: StatementLine) => l.kind === 'subtotal' || l.kind === 'total';
const amount = (l: StatementLine, value: number | null) => (value === null ? '' : <Strong $bold={bold(l)}>{formatRupees(value)}</Strong>);

function columns(compare: boolean): DataTableColumn<StatementLine>[] {
  const base: DataTableColumn<StatementLine>[] = [
    { key: 'label', header: 'Particulars', render: (l) => <Label $kind={l.kind}>{l.label}</Label> },
    { key: 'current', header: 'This period', align: 'right', render: (l) => amount(l, l.current) },
  ];
  if (!compare) return base;
  return [
    ...base,
    { key: 'previous', header: 'Previous period', align: 'right', render: (l) => amount(l, l.previous) },
    { key: 'change', header: 'Change', align: 'right', render: (l) => (l.current === null || l.previous === null ? '' : formatChange(l.current, l.previous)) },
  ];
}

/** The trading and P&L account of a period, with the period before it and a month-by-month chart. */
export function ProfitLossView() {
  const [params, setParams] = useSearchParams();
  const period = usePeriodParam();
  const compare = params.get('compare') !== 'none';
  const { data, error, isLoading, mutate } = useProfitAndLoss(period, compare);

  function setCompare(on: boolean) {
    const url = new URLSearchParams(params);
    if (on) url.delete('compare');
    else url.set('compare', 'none');
    setParams(url, { replace: true });
  }

  const previous = compare ? (data?.previous ?? null) : null;
  const lines = data ? statementLines(data, previous) : [];
  return (
    <Stack gap="md">
      <Stack direction="row" gap="lg" align="flex-end" wrap>
        <PeriodPicker />
        <Checkbox label="Compare with the previous period" checked={compare} onChange={(e) => setCompare(e.currentTarget.checked)} />
        {data && <StatementDownloads statement="PROFIT_AND_LOSS" params={{ from: data.from, to: data.to }} />}
      </Stack>
      {error && !data ? (
        <ErrorPanel title="The profit and loss account could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading profit and loss" />
      ) : (
        <>
          <Card title={`Trading and profit & loss account, ${formatDate(data.from)} – ${formatDate(data.to)}${previous ? ` (previous: ${formatDate(previous.from)} – ${formatDate(previous.to)})` : ''}`}>
            <DataTable label="Profit and loss" columns={columns(Boolean(previous))} rows={lines} rowKey="key" loading={isLoading} pageSize={Math.max(lines.length, 1)} />
          </Card>
          <Card title="Month by month">
            <LazyMonthlyChart
              label="Net sales, purchases and expenses by month"
              rows={data.months.map((m) => ({ month: m.month, values: { netSales: m.netSalesPaise, purchases: m.purchasesPaise, expenses: m.expensesPaise } }))}
              series={[
                { key: 'netSales', name: 'Net sales' },
                { key: 'purchases', name: 'Purchases' },
                { key: 'expenses', name: 'Expenses' },
              ]}
            />
          </Card>
        </>
      )}
    </Stack>
  );
}
