import { useSearchParams } from 'react-router-dom';
import type { StoreDetails } from 'shared-api';
import { Badge, ButtonLink, Card, DataTable, DetailList, EmptyState, ErrorPanel, Spinner, Stack, formatCount, formatDate, formatNumber, formatRupees, type DataTableColumn } from 'shared-ui';
import { LazyMonthlyChart } from '../books-common/LazyMonthlyChart';
import { PeriodPicker } from '../books-common/PeriodPicker';
import { daysBetween, todayIst, usePeriodParam } from '../books-common/period';
import { useStoreDetails } from './stores-api';

type Batch = StoreDetails['expiringBatches'][number];
type Product = StoreDetails['topProducts'][number];

/** Expired is danger, within 30 days warning (the theme's colours, in words too so colour is never the only sign). */
function ExpiryBadge({ expiryDate, today }: { expiryDate: string; today: string }) {
  const days = daysBetween(today, expiryDate);
  if (days < 0) return <Badge tone="danger">Expired</Badge>;
  if (days <= 30) return <Badge tone="warning">{days === 0 ? 'Expires today' : `Expires in ${formatCount(days, 'day')}`}</Badge>;
  return null;
}

const PRODUCT_COLUMNS: readonly DataTableColumn<Product>[] = [
  { key: 'productName', header: 'Product' },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (p) => formatNumber(p.quantity) },
  { key: 'stockValuePaise', header: 'Stock at cost', align: 'right', render: (p) => formatRupees(p.stockValuePaise) },
];

function batchColumns(today: string): DataTableColumn<Batch>[] {
  return [
    { key: 'productName', header: 'Product' },
    { key: 'batchNo', header: 'Batch' },
    {
      key: 'expiryDate',
      header: 'Expiry',
      render: (b) => (
        <Stack direction="row" gap="xs" align="center" wrap>
          <span>{formatDate(b.expiryDate)}</span>
          <ExpiryBadge expiryDate={b.expiryDate} today={today} />
        </Stack>
      ),
    },
    { key: 'quantity', header: 'Quantity', align: 'right', render: (b) => formatNumber(b.quantity) },
    { key: 'stockValuePaise', header: 'Stock at cost', align: 'right', render: (b) => formatRupees(b.stockValuePaise) },
  ];
}

/** stores/details?warehouseId=: one store's figures, most valuable stock, batches near expiry and its months. */
export function StoreDetailsPage() {
  const [params] = useSearchParams();
  const warehouseId = params.get('warehouseId') || undefined;
  const period = usePeriodParam();
  const { data, error, mutate } = useStoreDetails(warehouseId, period);
  const today = todayIst();

  if (!warehouseId)
    return (
      <EmptyState
        title="No store chosen"
        message="Open a store from the stores dashboard."
        action={
          <ButtonLink to="/stores/dashboard" variant="secondary">
            All stores
          </ButtonLink>
        }
      />
    );
  return (
    <Stack gap="md">
      <PeriodPicker />
      {error && !data ? (
        <ErrorPanel title="The store could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading store" />
      ) : (
        <>
          <Card title={data.store.name}>
            <DetailList aria-label="Store figures">
              <dt>Address</dt>
              <dd>{data.address ?? data.store.city ?? '—'}</dd>
              <dt>Period</dt>
              <dd>
                {formatDate(data.from)} – {formatDate(data.to)}
              </dd>
              <dt>Stock at cost</dt>
              <dd>{formatRupees(data.store.stockValuePaise)}</dd>
              <dt>Stock at MRP</dt>
              <dd>{formatRupees(data.store.mrpValuePaise)}</dd>
              <dt>Batches</dt>
              <dd>{formatNumber(data.store.batchCount)}</dd>
              <dt>Products out of stock</dt>
              <dd>{formatNumber(data.store.outOfStockProducts)}</dd>
              <dt>Expiring within 30 / 60 / 90 days</dt>
              <dd>
                {formatRupees(data.store.nearExpiry.d30Paise)} / {formatRupees(data.store.nearExpiry.d60Paise)} / {formatRupees(data.store.nearExpiry.d90Paise)}
              </dd>
              <dt>Expired</dt>
              <dd>{formatRupees(data.store.nearExpiry.expiredPaise)}</dd>
              <dt>Sales</dt>
              <dd>{formatRupees(data.store.salesPaise)}</dd>
              <dt>Purchases</dt>
              <dd>{formatRupees(data.store.purchasesPaise)}</dd>
              <dt>Outstanding</dt>
              <dd>{formatRupees(data.store.outstandingPaise)}</dd>
            </DetailList>
          </Card>
          <Card title="Most valuable stock">
            <DataTable label="Top products" columns={PRODUCT_COLUMNS} rows={data.topProducts} rowKey="productId" emptyMessage="No stock in this store." />
          </Card>
          <Card title="Batches expiring within 90 days">
            <DataTable label="Expiring batches" columns={batchColumns(today)} rows={data.expiringBatches} rowKey="batchId" emptyMessage="No batch expires within 90 days." />
          </Card>
          <Card title="Month by month">
            <LazyMonthlyChart
              label="Sales and purchases by month"
              rows={data.months.map((m) => ({ month: m.month, values: { sales: m.salesPaise, purchases: m.purchasesPaise } }))}
              series={[
                { key: 'sales', name: 'Sales' },
                { key: 'purchases', name: 'Purchases' },
              ]}
            />
          </Card>
        </>
      )}
    </Stack>
  );
}
