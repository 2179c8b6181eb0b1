import { Link, useNavigate } from 'react-router-dom';
import type { SalesInvoiceSummary } from 'shared-api';
import { DataTable, EmptyState, ErrorPanel, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { FilterBar, useUrlFilters, type FilterField } from './InvoiceFilters';
import { InvoicePdfButtons } from './InvoicePdfButtons';
import { INVOICES_PAGE_SIZE, invoicePath, useSalesInvoices } from './sales-invoices-api';

const FILTERS: readonly FilterField[] = [
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
  { name: 'partyUnitCode', label: 'Party code', type: 'text', placeholder: 'e.g. RTL-MUM-001' },
];

const COLUMNS: readonly DataTableColumn<SalesInvoiceSummary>[] = [
  {
    key: 'invoiceNumber',
    header: 'Invoice number',
    render: (i) => (
      <Link to={invoicePath(i.invoiceId)} onClick={(e) => e.stopPropagation()}>
        {i.invoiceNumber}
      </Link>
    ),
  },
  { key: 'invoiceDate', header: 'Date', render: (i) => formatDate(i.invoiceDate) },
  { key: 'partyName', header: 'Party', render: (i) => (i.partyUnitCode ? `${i.partyName} (${i.partyUnitCode})` : i.partyName) },
  { key: 'orderNumber', header: 'Order', render: (i) => i.orderNumber ?? '—' },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (i) => formatRupees(i.taxablePaise) },
  { key: 'taxPaise', header: 'GST', align: 'right', render: (i) => formatRupees(i.taxPaise) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (i) => formatRupees(i.totalPaise) },
  { key: 'pdf', header: 'PDF', render: (i) => <InvoicePdfButtons invoice={i} /> },
];

/** sales/online: the tax invoices this unit issued for marketplace orders, newest first and paged, by period and party. */
export function OnlineSalesPage() {
  const navigate = useNavigate();
  const filters = useUrlFilters(FILTERS.map((f) => f.name));
  const [page, setPage] = usePageFor(JSON.stringify(filters));
  const { data, error, isLoading, mutate } = useSalesInvoices(filters, page);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Stack gap="md">
      <FilterBar label="Filter invoices" fields={FILTERS} />
      {error && !data ? (
        <ErrorPanel title="Your sales invoices could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !filtered && data?.totalResults === 0 ? (
        <EmptyState title="No sales invoices yet" message="Create the tax invoice of an accepted order from Orders › Online Orders; it appears here." />
      ) : (
        <DataTable
          label="Sales invoices"
          columns={COLUMNS}
          rows={data?.items ?? []}
          rowKey="invoiceId"
          loading={isLoading}
          emptyMessage="No invoices match these filters."
          page={page}
          pageSize={INVOICES_PAGE_SIZE}
          totalResults={data?.totalResults ?? 0}
          onPageChange={setPage}
          onRowClick={(i) => navigate(invoicePath(i.invoiceId))}
        />
      )}
    </Stack>
  );
}
