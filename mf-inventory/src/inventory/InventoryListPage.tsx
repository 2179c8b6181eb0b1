import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ExpiryWindow, INVENTORY_SORTS, type InventoryQuery, type StockBatch } from 'shared-api';
import { Badge, DataTable, EmptyState, ErrorPanel, Select, Stack, TextInput, formatDate, formatRupees, theme, type DataTableColumn, type SortState } from 'shared-ui';
import { useInventory } from '../inventory-api';

export const EXPIRY_LABELS: Record<ExpiryWindow, string> = {
  expired: 'Expired',
  '30': 'Expiring within 30 days',
  '60': 'Expiring within 60 days',
  '90': 'Expiring within 90 days',
};

/** "Expires in 12 days", "Expired 3 days ago". */
export function expiryNote(days: number): string {
  if (days <= 0) return days === 0 ? 'Expires today' : `Expired ${-days} days ago`;
  return days <= 90 ? `in ${days} days` : '';
}

const columns: DataTableColumn<StockBatch>[] = [
  {
    key: 'name',
    header: 'Product',
    sortable: true,
    // No GST rate on record for the product's HSN: the batch page says why and takes the fix.
    render: (b) => (
      <>
        <strong>{b.productName}</strong>
        {b.notForSale ? (
          <>
            {' '}
            <Badge tone="warning">Not for sale: no GST rate</Badge>
          </>
        ) : null}
      </>
    ),
  },
  { key: 'pack', header: 'Pack' },
  { key: 'manufacturer', header: 'Manufacturer', sortable: true },
  { key: 'batchNo', header: 'Batch' },
  {
    key: 'expiry',
    header: 'Expiry',
    sortable: true,
    render: (b) => (
      <span style={{ color: b.daysToExpiry <= 0 ? theme.colors.danger : b.daysToExpiry <= 90 ? theme.colors.warning : undefined }}>
        {formatDate(b.expiryDate)} {expiryNote(b.daysToExpiry)}
      </span>
    ),
  },
  { key: 'quantity', header: 'Stock', sortable: true, align: 'right', render: (b) => b.quantity.toLocaleString('en-IN') },
  { key: 'mrp', header: 'MRP', sortable: true, align: 'right', render: (b) => formatRupees(b.mrpPaise) },
  { key: 'ptr', header: 'PTR', align: 'right', render: (b) => formatRupees(b.ptrPaise) },
  { key: 'scheme', header: 'Scheme', render: (b) => (b.schemeBuy ? `${b.schemeBuy}+${b.schemeFree ?? 0}` : '') },
];

const PAGE_SIZE = 20;

/**
 * Batch-wise stock of the active warehouse with search, manufacturer and expiry filters, server sorting and paging.
 * Used by inventory/list, stocks/list, the report details (?manufacturer=) and the expiry details (?expiry=).
 */
export function InventoryListPage({ label, defaultExpiry }: { label: string; defaultExpiry?: ExpiryWindow }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const expiryParam = ExpiryWindow.safeParse(params.get('expiry') ?? defaultExpiry);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SortState>({ key: expiryParam.success ? 'expiry' : 'name', direction: 'asc' });
  const query: InventoryQuery = {
    page,
    pageSize: PAGE_SIZE,
    search: search.trim() || undefined,
    manufacturer: params.get('manufacturer') ?? undefined,
    expiry: expiryParam.success ? expiryParam.data : undefined,
    sort: (INVENTORY_SORTS as readonly string[]).includes(sort.key) ? (sort.key as InventoryQuery['sort']) : 'name',
    direction: sort.direction,
  };
  const { data, error, isLoading, mutate } = useInventory(query);

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setPage(0);
  };

  if (error && !data) return <ErrorPanel title="The stock could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  const filtered = Boolean(query.search || query.manufacturer || query.expiry);

  return (
    <Stack gap="md">
      <Stack direction="row" gap="sm" wrap>
        <TextInput
          type="search"
          aria-label="Search product, batch or composition"
          placeholder="Search product, batch or composition"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          style={{ minWidth: 280 }}
        />
        <Select
          aria-label="Manufacturer"
          value={query.manufacturer ?? ''}
          onChange={(e) => setFilter('manufacturer', e.target.value)}
          options={[{ value: '', label: 'All manufacturers' }, ...(data?.manufacturers ?? []).map((m) => ({ value: m, label: m }))]}
        />
        <Select
          aria-label="Expiry"
          value={query.expiry ?? ''}
          onChange={(e) => setFilter('expiry', e.target.value)}
          options={[{ value: '', label: 'In stock, any expiry' }, ...Object.entries(EXPIRY_LABELS).map(([value, text]) => ({ value, label: text }))]}
        />
      </Stack>
      {data && data.totalResults === 0 && !filtered ? (
        <EmptyState title="No stock yet" message="Upload your stock file or add a batch by hand." />
      ) : (
        <DataTable
          label={label}
          columns={columns}
          rows={data?.items ?? []}
          rowKey="id"
          loading={isLoading}
          emptyMessage="No batches match."
          page={page}
          pageSize={PAGE_SIZE}
          totalResults={data?.totalResults ?? 0}
          onPageChange={setPage}
          sort={sort}
          onSortChange={(s) => {
            setSort(s);
            setPage(0);
          }}
          onRowClick={(b) => navigate(`/stocks/${b.id}`)}
        />
      )}
    </Stack>
  );
}
