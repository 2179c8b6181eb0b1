import { Link, useNavigate } from 'react-router-dom';
import type { DebitNoteSummary } from 'shared-api';
import { DataTable, EmptyState, ErrorPanel, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { billPath } from '../purchase-bills/purchase-bills-api';
import { RETURNS_PAGE_SIZE, returnPath, usePurchaseReturns } from './purchase-returns-api';

const COLUMNS: readonly DataTableColumn<DebitNoteSummary>[] = [
  {
    key: 'noteNumber',
    header: 'Debit note',
    render: (n) => (
      <Link to={returnPath(n.debitNoteId)} onClick={(e) => e.stopPropagation()}>
        {n.noteNumber}
      </Link>
    ),
  },
  { key: 'noteDate', header: 'Date', render: (n) => formatDate(n.noteDate) },
  { key: 'supplierName', header: 'Supplier' },
  {
    key: 'billNumber',
    header: 'Against bill',
    render: (n) => (
      <Link to={billPath(n.billId)} onClick={(e) => e.stopPropagation()}>
        {n.billNumber}
      </Link>
    ),
  },
  { key: 'itemCount', header: 'Items', align: 'right' },
  { key: 'totalPaise', header: 'Amount', align: 'right', render: (n) => formatRupees(n.totalPaise) },
];

/** purchases/returns: the debit notes of goods sent back to suppliers, newest first; a row opens one. */
export function PurchaseReturnsPage() {
  const navigate = useNavigate();
  const [page, setPage] = usePageFor('');
  const { data, error, isLoading, mutate } = usePurchaseReturns(page);
  if (error && !data) return <ErrorPanel title="Your purchase returns could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (data?.totalResults === 0) return <EmptyState title="No purchase returns yet" message="Return goods from a received purchase bill: a debit note is issued and the units leave your stock." />;
  return (
    <DataTable
      label="Debit notes"
      columns={COLUMNS}
      rows={data?.items ?? []}
      rowKey="debitNoteId"
      loading={isLoading}
      page={page}
      pageSize={RETURNS_PAGE_SIZE}
      totalResults={data?.totalResults ?? 0}
      onPageChange={setPage}
      onRowClick={(n) => navigate(returnPath(n.debitNoteId))}
    />
  );
}
