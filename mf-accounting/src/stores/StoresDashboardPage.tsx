import { Link, useNavigate } from 'react-router-dom';
import type { StoreSummary, StoresDashboard } from 'shared-api';
import { Badge, DataTable, ErrorPanel, Spinner, Stack, formatDate, formatNumber, formatRupees, type DataTableColumn } from 'shared-ui';
import { PeriodPicker } from '../books-common/PeriodPicker';
import { usePeriodParam } from '../books-common/period';
import { storeDetailsPath, useStores } from './stores-api';

/** A store, or the totals line: the same figures without the store's name. */
type Row = StoresDashboard['totals'] & { key: string; store: StoreSummary | null };

const money = (key: keyof StoresDashboard['totals'], header: string): DataTableColumn<Row> => ({ key, header, align: 'right', render: (r) => formatRupees(r[key] as number) });

const COLUMNS: readonly DataTableColumn<Row>[] = [
  {
    key: 'name',
    header: 'Store',
    render: (r) =>
      r.store ? (
        <Stack gap="xs">
          <Link to={storeDetailsPath(r.store.warehouseId)} onClick={(e) => e.stopPropagation()}>
            {r.store.name}
          </Link>
          <span>
            {r.store.city ?? ''} {r.store.isActive && <Badge tone="info">Active</Badge>}
          </span>
        </Stack>
      ) : (
        'Total'
      ),
  },
  money('stockValuePaise', 'Stock at cost'),
  money('mrpValuePaise', 'Stock at MRP'),
  { key: 'batchCount', header: 'Batches', align: 'right', render: (r) => formatNumber(r.batchCount) },
  { key: 'outOfStockProducts', header: 'Out of stock', align: 'right', render: (r) => formatNumber(r.outOfStockProducts) },
  { key: 'd30', header: 'Expiring ≤ 30 days', align: 'right', render: (r) => formatRupees(r.nearExpiry.d30Paise) },
  { key: 'd60', header: '≤ 60 days', align: 'right', render: (r) => formatRupees(r.nearExpiry.d60Paise) },
  { key: 'd90', header: '≤ 90 days', align: 'right', render: (r) => formatRupees(r.nearExpiry.d90Paise) },
  { key: 'expired', header: 'Expired', align: 'right', render: (r) => formatRupees(r.nearExpiry.expiredPaise) },
  money('salesPaise', 'Sales'),
  money('purchasesPaise', 'Purchases'),
  money('outstandingPaise', 'Outstanding'),
];

/** stores/dashboard: each warehouse's stock (today) and trade (in the period) side by side, with totals. */
export function StoresDashboardPage() {
  const navigate = useNavigate();
  const period = usePeriodParam();
  const { data, error, isLoading, mutate } = useStores(period);
  return (
    <Stack gap="md">
      <PeriodPicker />
      {error && !data ? (
        <ErrorPanel title="Your stores could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading stores" />
      ) : (
        <DataTable
          label={`Stores, ${formatDate(data.from)} – ${formatDate(data.to)}`}
          columns={COLUMNS}
          rows={data.stores.map((s) => ({ ...s, key: s.warehouseId, store: s }))}
          trailingRows={data.stores.length > 0 ? [{ ...data.totals, key: 'total', store: null }] : []}
          rowKey="key"
          loading={isLoading}
          pageSize={Math.max(data.stores.length, 1)}
          emptyMessage="No stores yet. Add a warehouse to your profile to see its stock here."
          onRowClick={(r) => r.store && navigate(storeDetailsPath(r.store.warehouseId))}
        />
      )}
    </Stack>
  );
}
