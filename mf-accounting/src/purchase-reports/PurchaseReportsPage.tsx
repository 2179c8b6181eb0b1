import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PurchaseReportRow } from 'shared-api';
import { DataTable, DetailList, ErrorPanel, Stack, TextInput, formatRupees, type DataTableColumn } from 'shared-ui';
import { periodOf, supplierReportPath, usePurchaseReport } from './purchase-reports-api';

const COLUMNS: readonly DataTableColumn<PurchaseReportRow>[] = [
  { key: 'supplierName', header: 'Supplier' },
  { key: 'supplierGstin', header: 'GSTIN', render: (r) => r.supplierGstin ?? '—' },
  { key: 'billCount', header: 'Bills', align: 'right' },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (r) => formatRupees(r.taxablePaise) },
  { key: 'taxPaise', header: 'GST', align: 'right', render: (r) => formatRupees(r.taxPaise) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (r) => formatRupees(r.totalPaise) },
];

/** purchases/reports: received bills of a period (`?from=&to=`, default this month) by supplier; a row drills down. */
export function PurchaseReportsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const { data, error, isLoading, mutate } = usePurchaseReport(period);

  function setDate(key: 'from' | 'to', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  }

  if (error && !data) return <ErrorPanel title="The purchase report could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  return (
    <Stack gap="md">
      <Stack direction="row" gap="sm" align="center">
        <label>
          From <TextInput aria-label="From" type="date" value={period.from ?? data?.from ?? ''} onChange={(e) => setDate('from', e.currentTarget.value)} />
        </label>
        <label>
          To <TextInput aria-label="To" type="date" value={period.to ?? data?.to ?? ''} onChange={(e) => setDate('to', e.currentTarget.value)} />
        </label>
      </Stack>
      <DataTable
        label="Purchases by supplier"
        columns={COLUMNS}
        rows={data?.rows ?? []}
        rowKey="supplierKey"
        loading={isLoading}
        emptyMessage="No bills received in this period."
        pageSize={Math.max(data?.rows.length ?? 0, 1)}
        onRowClick={(r) => data && navigate(supplierReportPath(r.supplierKey, data))}
      />
      {data && (
        <DetailList aria-label="Period totals">
          <dt>Bills</dt>
          <dd>{data.totals.billCount}</dd>
          <dt>Taxable</dt>
          <dd>{formatRupees(data.totals.taxablePaise)}</dd>
          <dt>GST (input tax)</dt>
          <dd>{formatRupees(data.totals.taxPaise)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatRupees(data.totals.totalPaise)}</strong>
          </dd>
        </DetailList>
      )}
    </Stack>
  );
}
