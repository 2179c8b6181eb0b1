import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PURCHASE_BILL_STATUSES, type PurchaseBillStatus, type PurchaseBillSummary } from 'shared-api';
import { Badge, ButtonLink, DataTable, EmptyState, ErrorPanel, Select, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { BILLS_PAGE_SIZE, billPath, usePurchaseBills } from './purchase-bills-api';

export const BILL_STATUS_LABELS: Record<PurchaseBillStatus, string> = { PENDING: 'To receive', RECEIVED: 'Received' };

export function BillStatusBadge({ status }: { status: PurchaseBillStatus }) {
  return <Badge tone={status === 'PENDING' ? 'warning' : 'success'}>{BILL_STATUS_LABELS[status]}</Badge>;
}

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
  { key: 'supplierName', header: 'Supplier', render: (b) => (b.source === 'MANUAL' ? `${b.supplierName} (entered by hand)` : b.supplierName) },
  { key: 'itemCount', header: 'Items', align: 'right' },
  { key: 'taxPaise', header: 'GST', align: 'right', render: (b) => formatRupees(b.taxPaise) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (b) => formatRupees(b.totalPaise) },
  { key: 'status', header: 'Status', render: (b) => <BillStatusBadge status={b.status} /> },
];

const STATUS_OPTIONS = [{ value: '', label: 'All bills' }, ...PURCHASE_BILL_STATUSES.map((s) => ({ value: s, label: BILL_STATUS_LABELS[s] }))];
const isStatus = (v: string | null): v is PurchaseBillStatus => !!v && (PURCHASE_BILL_STATUSES as readonly string[]).includes(v);

/**
 * purchases/invoices: bills from suppliers on the platform (filled in from their invoices, waiting to be received)
 * and bills entered by hand, bills to receive first; `?status=` filters; a row opens the bill.
 */
export function PurchaseBillsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const [page, setPage] = usePageFor(status ?? '');
  const { data, error, isLoading, mutate } = usePurchaseBills(status, page);

  function setStatus(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next, { replace: true });
  }

  const addBill = (
    <ButtonLink to="/purchases/invoices/add" variant="secondary">
      Enter a supplier bill
    </ButtonLink>
  );
  if (error && !data) return <ErrorPanel title="Your purchase bills could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!status && data?.totalResults === 0) {
    return (
      <Stack gap="md">
        <EmptyState title="No purchase bills yet" message="When a stockist invoices your order its bill appears here, filled in, for you to receive into stock. Bills from other suppliers can be entered by hand." />
        <div>{addBill}</div>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Stack direction="row" gap="sm" justify="space-between" align="center">
        <div style={{ width: 240 }}>
          <Select aria-label="Status" options={STATUS_OPTIONS} value={status ?? ''} onChange={(e) => setStatus(e.currentTarget.value)} />
        </div>
        {addBill}
      </Stack>
      <DataTable
        label="Purchase bills"
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowKey="billId"
        loading={isLoading}
        emptyMessage={status ? `No bills ${BILL_STATUS_LABELS[status].toLowerCase()}.` : 'No bills yet.'}
        page={page}
        pageSize={BILLS_PAGE_SIZE}
        totalResults={data?.totalResults ?? 0}
        onPageChange={setPage}
        onRowClick={(b) => navigate(billPath(b.billId))}
      />
    </Stack>
  );
}
