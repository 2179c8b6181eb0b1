import { Link, useNavigate } from 'react-router-dom';
import type { CounterSaleList } from 'shared-api';
import { Badge, ButtonLink, DataTable, EmptyState, ErrorPanel, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { CounterSettingsCard } from './CounterSettingsCard';
import { INSTORE_PAGE_SIZE, PAYMENT_LABELS, instoreSalePath, useCounterSales } from './instore-api';

type Row = CounterSaleList['items'][number];

const COLUMNS: readonly DataTableColumn<Row>[] = [
  {
    key: 'invoiceNumber',
    header: 'Invoice number',
    render: (s) => (
      <Link to={instoreSalePath(s.invoiceId)} onClick={(e) => e.stopPropagation()}>
        {s.invoiceNumber}
      </Link>
    ),
  },
  { key: 'invoiceDate', header: 'Date', render: (s) => formatDate(s.invoiceDate) },
  { key: 'buyerName', header: 'Buyer', render: (s) => (s.partyUnitCode ? `${s.buyerName} (${s.partyUnitCode})` : s.buyerName) },
  { key: 'itemCount', header: 'Lines', align: 'right' },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (s) => formatRupees(s.totalPaise) },
  { key: 'paymentMode', header: 'Payment', render: (s) => PAYMENT_LABELS[s.paymentMode] },
  { key: 'paymentStatus', header: 'Status', render: (s) => <Badge tone={s.paymentStatus === 'PAID' ? 'success' : 'warning'}>{s.paymentStatus === 'PAID' ? 'Paid' : 'Outstanding'}</Badge> },
];

/** sales/instore: counter sales, newest first, and the way to a new bill. */
export function InstoreSalesPage() {
  const navigate = useNavigate();
  const [page, setPage] = usePageFor('instore');
  const { data, error, isLoading, mutate } = useCounterSales(page);
  return (
    <Stack gap="md">
      <Stack direction="row" gap="sm">
        <ButtonLink to="/sales/add-instore/new">New counter bill</ButtonLink>
      </Stack>
      {error && !data ? (
        <ErrorPanel title="Your counter sales could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : data?.totalResults === 0 ? (
        <EmptyState title="No counter sales yet" message="Bill a walk-in buyer or a connected party with “New counter bill”." />
      ) : (
        <DataTable
          label="Counter sales"
          columns={COLUMNS}
          rows={data?.items ?? []}
          rowKey="invoiceId"
          loading={isLoading}
          page={page}
          pageSize={INSTORE_PAGE_SIZE}
          totalResults={data?.totalResults ?? 0}
          onPageChange={setPage}
          onRowClick={(s) => navigate(instoreSalePath(s.invoiceId))}
        />
      )}
      <CounterSettingsCard />
    </Stack>
  );
}
