import { useNavigate } from 'react-router-dom';
import type { StockReport } from 'shared-api';
import { Card, DataTable, ErrorPanel, Stack, formatRupees, type DataTableColumn } from 'shared-ui';
import { useAge, useStockReport } from '../inventory-api';
import { BucketTable } from './BucketTable';

type Row = StockReport['rows'][number];
type MovementRow = StockReport['movements'][number];

const columns: DataTableColumn<Row>[] = [
  { key: 'manufacturer', header: 'Manufacturer', sortable: true },
  { key: 'products', header: 'Products', align: 'right', sortable: true },
  { key: 'batches', header: 'Batches', align: 'right', sortable: true },
  { key: 'quantity', header: 'Quantity', align: 'right', sortable: true },
  { key: 'valuePaise', header: 'Value at PTR', align: 'right', sortable: true, render: (r) => formatRupees(r.valuePaise) },
  { key: 'mrpValuePaise', header: 'Value at MRP', align: 'right', sortable: true, render: (r) => formatRupees(r.mrpValuePaise) },
];
const movementColumns: DataTableColumn<MovementRow>[] = [
  { key: 'kind', header: 'Movement' },
  { key: 'count', header: 'Entries', align: 'right' },
  { key: 'quantity', header: 'Net quantity', align: 'right' },
];

/** SPEC.md §2 stocks/reports: stock value by manufacturer, inventory age, and the last 30 days of movements. */
export function ReportsPage() {
  const navigate = useNavigate();
  const report = useStockReport();
  const age = useAge();
  if (report.error) return <ErrorPanel title="The stock report could not be loaded" message={report.error.message} onRetry={() => void report.mutate()} />;
  const total = (report.data?.rows ?? []).reduce((sum, r) => sum + r.valuePaise, 0);
  return (
    <Stack gap="lg">
      <Card title={`Stock by manufacturer · ${formatRupees(total)} at PTR`}>
        <DataTable
          label="Stock by manufacturer"
          columns={columns}
          rows={report.data?.rows ?? []}
          rowKey="manufacturer"
          loading={report.isLoading}
          initialSort={{ key: 'valuePaise', direction: 'desc' }}
          onRowClick={(r) => navigate(`/stocks/reports/details?manufacturer=${encodeURIComponent(r.manufacturer)}`)}
        />
      </Card>
      <Card title="Inventory age (days since the batch came in)">
        <BucketTable label="Inventory age" buckets={age.data?.buckets ?? []} loading={age.isLoading} />
      </Card>
      <Card title="Movements in the last 30 days">
        <DataTable label="Movements in the last 30 days" columns={movementColumns} rows={report.data?.movements ?? []} rowKey="kind" emptyMessage="No movements." />
      </Card>
    </Stack>
  );
}
