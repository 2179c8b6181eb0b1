import { Link, useNavigate } from 'react-router-dom';
import type { CreditNoteSummary } from 'shared-api';
import { ButtonLink, DataTable, EmptyState, ErrorPanel, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { RETURNS_PAGE_SIZE, creditNotePath, newSalesReturnPath, useCreditNotes } from './sales-returns-api';

const COLUMNS: readonly DataTableColumn<CreditNoteSummary>[] = [
  {
    key: 'creditNoteNumber',
    header: 'Credit note',
    // A real link for the keyboard; the row's own click would push the same page a second time.
    render: (c) => (
      <Link to={creditNotePath(c.creditNoteId)} onClick={(e) => e.stopPropagation()}>
        {c.creditNoteNumber}
      </Link>
    ),
  },
  { key: 'creditNoteDate', header: 'Date', render: (c) => formatDate(c.creditNoteDate) },
  { key: 'invoiceNumber', header: 'Against invoice' },
  { key: 'partyName', header: 'Customer', render: (c) => (c.partyUnitCode ? `${c.partyName} (${c.partyUnitCode})` : c.partyName) },
  { key: 'itemCount', header: 'Lines', align: 'right' },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (c) => formatRupees(c.taxablePaise) },
  { key: 'taxPaise', header: 'GST', align: 'right', render: (c) => formatRupees(c.taxPaise) },
  { key: 'totalPaise', header: 'Credit', align: 'right', render: (c) => formatRupees(c.totalPaise) },
];

function NewReturnLink() {
  return <ButtonLink to={newSalesReturnPath()}>Return goods / Credit note</ButtonLink>;
}

/** sales/returns: the credit notes this seller issued for goods taken back, newest first and paged. */
export function SalesReturnsPage() {
  const navigate = useNavigate();
  const [page, setPage] = usePageFor('');
  const { data, error, isLoading, mutate } = useCreditNotes(page);

  if (error && !data) return <ErrorPanel title="Your sales returns could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (data?.totalResults === 0) {
    return (
      <Stack gap="md">
        <EmptyState title="No sales returns yet" message="Goods your customers return against an invoice are credited here, each with its credit note." />
        <div>
          <NewReturnLink />
        </div>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <div>
        <NewReturnLink />
      </div>
      <DataTable
        label="Credit notes"
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowKey="creditNoteId"
        loading={isLoading}
        emptyMessage="No credit notes yet."
        page={page}
        pageSize={RETURNS_PAGE_SIZE}
        totalResults={data?.totalResults ?? 0}
        onPageChange={setPage}
        onRowClick={(c) => navigate(creditNotePath(c.creditNoteId))}
      />
    </Stack>
  );
}
