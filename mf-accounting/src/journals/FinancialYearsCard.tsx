import { useState } from 'react';
import type { FinancialYearStatus } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Badge, Button, Card, ConfirmDialog, DataTable, ErrorPanel, Spinner, formatDate, formatDateTime, formatRupees, toast, type DataTableColumn } from 'shared-ui';
import { useRevalidateBooks } from '../books-common/revalidate';
import { closeFinancialYear, saveBooksSettings, useBooksSettings, useFinancialYears } from './journals-api';

type Year = FinancialYearStatus;

/** The unit's financial years, open or closed; the owner closes a finished year so nothing more is dated in it. */
export function FinancialYearsCard() {
  const { data: account } = useMyAccount();
  const { data, error, mutate } = useFinancialYears();
  const revalidate = useRevalidateBooks();
  const [closing, setClosing] = useState<Year | null>(null);
  const settings = useBooksSettings();
  const [saving, setSaving] = useState(false);
  const isOwner = account?.role === 'OWNER';

  async function setForwardDating(allow: boolean) {
    setSaving(true);
    try {
      await settings.mutate(await saveBooksSettings(allow), { revalidate: false });
      toast.success({ title: allow ? 'Forward dating allowed' : 'Forward dating stopped' });
    } catch (err) {
      toast.error({ title: 'The setting was not saved', message: err instanceof Error ? err.message : 'Please try again.' });
    } finally {
      setSaving(false);
    }
  }

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
      {settings.data && (
        <p>
          {`Journals and payments can be dated from ${formatDate(settings.data.earliestDate)} to ${formatDate(settings.data.latestDate)}.`}{' '}
          {isOwner && (
            <Button type="button" size="sm" variant="secondary" loading={saving} disabled={saving} onClick={() => void setForwardDating(!settings.data!.allowForwardDating)}>
              {settings.data.allowForwardDating ? 'Stop forward dating' : 'Allow forward dating to the year end'}
            </Button>
          )}
        </p>
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
