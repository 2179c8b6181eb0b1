import styled from 'styled-components';
import type { BalanceSheet } from 'shared-api';
import { Badge, Card, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { AsOfPicker, useAsOfParam } from '../books-common/AsOfPicker';
import { useBalanceSheet } from './profit-loss-api';
import { StatementDownloads } from './StatementDownloads';

type Section = BalanceSheet['assets'][number];
interface Line {
  key: string;
  label: string;
  amountPaise: number;
  head: boolean;
}

const Sides = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${theme.space.md};
  align-items: start;
`;
const Indented = styled.span<{ $head: boolean }>`
  padding-left: ${({ $head }) => ($head ? theme.space.lg : '0')};
  font-weight: ${({ $head }) => ($head ? theme.fontWeights.regular : theme.fontWeights.bold)};
`;

const COLUMNS: readonly DataTableColumn<Line>[] = [
  { key: 'label', header: 'Particulars', render: (l) => <Indented $head={l.head}>{l.label}</Indented> },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (l) => formatRupees(l.amountPaise) },
];

/** A group's total, then its heads under it. */
const sectionLines = (sections: readonly Section[]): Line[] =>
  sections.flatMap((s) => [
    { key: s.group, label: s.name, amountPaise: s.amountPaise, head: false },
    ...s.heads.map((h) => ({ key: `${s.group}:${h.accountId}`, label: h.name, amountPaise: h.amountPaise, head: true })),
  ]);

function Side({ label, lines, totalLabel, totalPaise }: { label: string; lines: Line[]; totalLabel: string; totalPaise: number }) {
  return (
    <Card title={label}>
      <DataTable
        label={label}
        columns={COLUMNS}
        rows={lines}
        trailingRows={[{ key: 'total', label: totalLabel, amountPaise: totalPaise, head: false }]}
        rowKey="key"
        pageSize={Math.max(lines.length, 1)}
        emptyMessage="Nothing on this side."
      />
    </Card>
  );
}

/** Assets against liabilities and equity on a day, with the previous year-end's totals beside them. */
export function BalanceSheetView() {
  const asOf = useAsOfParam();
  const { data, error, mutate } = useBalanceSheet(asOf);
  if (error && !data) return <ErrorPanel title="The balance sheet could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data)
    return (
      <Stack gap="md">
        <AsOfPicker label="Balance sheet as on" />
        <Spinner label="Loading balance sheet" />
      </Stack>
    );
  const liabilitiesAndEquity = data.totalLiabilitiesPaise + data.equity.totalPaise;
  return (
    <Stack gap="md">
      <Stack direction="row" gap="lg" align="flex-end" wrap>
        <AsOfPicker label="Balance sheet as on" />
        <StatementDownloads statement="BALANCE_SHEET" params={{ asOf }} />
      </Stack>
      <div>
        {data.totalAssetsPaise === liabilitiesAndEquity ? (
          <Badge tone="success">Assets equal liabilities and equity</Badge>
        ) : (
          <Badge tone="danger">Assets and liabilities + equity differ by {formatRupees(Math.abs(data.totalAssetsPaise - liabilitiesAndEquity))}</Badge>
        )}
      </div>
      <Sides>
        <Side
          label="Liabilities and equity"
          lines={[
            ...sectionLines(data.liabilities),
            { key: 'liabilities-total', label: 'Total liabilities', amountPaise: data.totalLiabilitiesPaise, head: false },
            { key: 'capital', label: 'Capital', amountPaise: data.equity.capitalPaise, head: true },
            { key: 'stock-brought-in', label: 'Stock brought in without a bill (at cost)', amountPaise: data.equity.stockBroughtInPaise, head: true },
            { key: 'profit', label: 'Profit to date', amountPaise: data.equity.profitPaise, head: true },
            { key: 'equity', label: 'Total equity', amountPaise: data.equity.totalPaise, head: false },
          ]}
          totalLabel="Total liabilities and equity"
          totalPaise={liabilitiesAndEquity}
        />
        <Side
          label="Assets"
          lines={[...sectionLines(data.assets), { key: 'closing-stock', label: 'Closing stock (at cost)', amountPaise: data.closingStockPaise, head: false }]}
          totalLabel="Total assets"
          totalPaise={data.totalAssetsPaise}
        />
      </Sides>
      {data.previous && (
        <Card title={`Previous year-end, ${formatDate(data.previous.asOf)}`}>
          <DetailList aria-label="Previous year-end">
            <dt>Total assets</dt>
            <dd>
              {formatRupees(data.previous.totalAssetsPaise)} (now {formatRupees(data.totalAssetsPaise)})
            </dd>
            <dt>Equity</dt>
            <dd>
              {formatRupees(data.previous.equityPaise)} (now {formatRupees(data.equity.totalPaise)})
            </dd>
          </DetailList>
        </Card>
      )}
    </Stack>
  );
}
