import type { HsnSummary } from 'shared-api';
import { DataTable, ErrorPanel, Spinner, formatNumber, formatRupees, type DataTableColumn } from 'shared-ui';
import { useHsnSummary } from './sales-reports-api';

type Row = HsnSummary['rows'][number] & { key: string };

const COLUMNS: readonly DataTableColumn<Row>[] = [
  { key: 'hsn', header: 'HSN' },
  { key: 'gstRateBp', header: 'GST rate', align: 'right', render: (r) => (r.key === 'total' ? '' : `${r.gstRateBp / 100} %`) },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (r) => formatNumber(r.quantity) },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (r) => formatRupees(r.taxablePaise) },
  { key: 'cgstPaise', header: 'CGST', align: 'right', render: (r) => formatRupees(r.cgstPaise) },
  { key: 'sgstPaise', header: 'SGST', align: 'right', render: (r) => formatRupees(r.sgstPaise) },
  { key: 'igstPaise', header: 'IGST', align: 'right', render: (r) => formatRupees(r.igstPaise) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (r) => formatRupees(r.totalPaise) },
];

/** A month's sales by HSN and rate (GSTR-1 table 12), with the month's total as the last row. */
export function HsnSummaryView({ month }: { month: string }) {
  const { data, error, mutate } = useHsnSummary(month);
  if (error && !data) return <ErrorPanel title="The HSN summary could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading HSN summary" />;
  const rows: Row[] = data.rows.map((r) => ({ ...r, key: `${r.hsn}|${r.gstRateBp}` }));
  if (rows.length > 0) rows.push({ ...data.totals, hsn: 'Total', gstRateBp: 0, key: 'total' });
  return <DataTable label="HSN summary" columns={COLUMNS} rows={rows} rowKey="key" pageSize={Math.max(rows.length, 1)} emptyMessage="No sales in this month." />;
}
