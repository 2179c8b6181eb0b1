import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PurchaseBillSummary } from 'shared-api';
import { ButtonLink, Card, DataTable, DetailList, ErrorPanel, NotFoundState, Spinner, Stack, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';
import { billPath } from '../purchase-bills/purchase-bills-api';
import { periodOf, useSupplierPurchases } from './purchase-reports-api';

const COLUMNS: readonly DataTableColumn<PurchaseBillSummary>[] = [
  {
    key: 'billNumber',
    header: 'Bill number',
    render: (b) => (
      <Link to={billPath(b.billId)} onClick={(e) => e.stopPropagation()}>
        {b.billNumber}
      </Link>
    ),
  },
  { key: 'billDate', header: 'Bill date', render: (b) => formatDate(b.billDate) },
  { key: 'itemCount', header: 'Items', align: 'right' },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (b) => formatRupees(b.taxablePaise) },
  { key: 'taxPaise', header: 'GST', align: 'right', render: (b) => formatRupees(b.taxPaise) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (b) => formatRupees(b.totalPaise) },
];

/** purchases/report/:id: one supplier's received bills of the period (`?from=&to=`); a row opens the bill. */
export function PurchaseReportPage() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { data, error, mutate } = useSupplierPurchases(id, periodOf(params));
  // A made-up or mistyped supplier answers 404 like one never bought from: a not-found state, not a failure to retry.
  if (error && !data && error.status === 404) {
    return (
      <NotFoundState
        what="supplier"
        back={
          <ButtonLink to="/purchases/reports" variant="secondary">
            Back to Purchase Reports
          </ButtonLink>
        }
      />
    );
  }
  if (error && !data) return <ErrorPanel title="The supplier's purchases could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading the purchases" />;
  return (
    <Stack gap="md">
      <Card title={data.supplierName}>
        <DetailList aria-label="Supplier totals">
          <dt>Period</dt>
          <dd>
            {formatDate(data.from)} – {formatDate(data.to)}
          </dd>
          <dt>Bills</dt>
          <dd>{data.totals.billCount}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatRupees(data.totals.totalPaise)}</strong>
          </dd>
        </DetailList>
      </Card>
      <DataTable label="Supplier bills" columns={COLUMNS} rows={data.bills} rowKey="billId" emptyMessage="No bills received from this supplier in the period." pageSize={Math.max(data.bills.length, 1)} onRowClick={(b) => navigate(billPath(b.billId))} />
    </Stack>
  );
}
