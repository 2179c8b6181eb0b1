import type { StockBucket } from 'shared-api';
import { DataTable, formatRupees, type DataTableColumn } from 'shared-ui';

const columns: DataTableColumn<StockBucket>[] = [
  { key: 'label', header: 'Period' },
  { key: 'batches', header: 'Batches', align: 'right' },
  { key: 'quantity', header: 'Quantity', align: 'right' },
  { key: 'valuePaise', header: 'Value at PTR', align: 'right', render: (b) => formatRupees(b.valuePaise) },
];

/** Expiry windows or stock age: batches, quantity and value per bucket; a row opens its batches when `onOpen` is given. */
export function BucketTable({ label, buckets, loading, onOpen }: { label: string; buckets: StockBucket[]; loading: boolean; onOpen?: (b: StockBucket) => void }) {
  return <DataTable label={label} columns={columns} rows={buckets} rowKey="key" loading={loading} onRowClick={onOpen} />;
}
