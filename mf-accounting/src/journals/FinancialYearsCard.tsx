import { useState } from 'react';
import type { FinancialYearStatus } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Badge, Button, Card, ConfirmDialog, DataTable, ErrorPanel, Spinner, formatDate, formatDateTime, formatRupees, toast, type DataTableColumn } from 'shared-ui';
import { useRevalidateBooks } from '../books-common/revalidate';
import { closeFinancialYear, useFinancialYears } from './journals-api';

type Year = FinancialYearStatus;

/** The unit's financial years, open or closed; the owner closes a finished year so nothing more is dated in it. */
export function FinancialYearsCard() {
  const { data: account } = useMyAccount();
  const { data, error, mutate } = useFinancialYears();
  const revalidate = useRevalidateBooks();
  const [closing, setClosing] = useState<Year | null>(null);
  const isOwner = account?.role === 'OWNER';

  async function close(year: Year) {
    await closeFinancialYear(year.financialYear);
    setClosing(null);
    toast.success({ title: `Financial year ${year.financialYear} closed`, message: 'No entry can be dated in it any more.' });
    await Promise.all([mutate(), revalidate()]);
  }

  const columns: DataTableColumn<Year>[] = [
    { key: 'financialYear', header: 'Year' },
    { key: 'period', header: 'Period', render: (y) => `${formatDate(y.from)} – ${formatDate(y.to)}` },
    { key: 'closed', header: 'State', render: (y) => (y.closed ? <Badge tone="info">Closed</Badge> : <Badge tone="success">Open</Badge>) },
    { key: 'netProfitPaise', header: 'Net profit', align: 'right', render: (y) => formatRupees(y.netProfitPaise) },
    { key: 'closedAt', header: 'Closed', render: (y) => (y.closedAt ? `${formatDateTime(y.closedAt)}${y.closedBy ? ` by ${y.closedBy}` : ''}` : '') },
    ...(isOwner
      ? [
          {
            key: 'action',
            header: '',
            align: 'right' as const,
            render: (y: Year) =>
              y.closed ? null : (
                <Button type="button" size="sm" variant="danger" aria-label={`Close year ${y.financialYear}`} onClick={() => setClosing(y)}>
                  Close year
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card title="Financial years">
      {error && !data ? (
        <ErrorPanel title="The financial years could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading financial years" />
      ) : (
        <DataTable label="Financial years" columns={columns} rows={data.years} rowKey="financialYear" emptyMessage="No financial year has entries yet." />
      )}
      <ConfirmDialog
        open={closing !== null}
        title={`Close financial year ${closing?.financialYear ?? ''}?`}
        message={
          closing && (
            <p>
              After closing, no entry can be dated from {formatDate(closing.from)} to {formatDate(closing.to)}: no invoice, bill, return, payment or
              journal. Corrections then go into the next year. This cannot be undone here.
            </p>
          )
        }
        confirmLabel="Close year"
        variant="danger"
        onConfirm={() => (closing ? close(closing) : undefined)}
        onCancel={() => setClosing(null)}
      />
    </Card>
  );
}
