import { useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { RECALL_RAISER_LABELS, RECALL_REASON_LABELS, RecallStatus, type CustomerType, type RecallSummary } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Badge, ButtonLink, DataTable, ErrorPanel, FilterRow, ProductLabel, Select, Stack, formatCount, formatDate, formatDateTime, usePageFor, type DataTableColumn } from 'shared-ui';
import { RECALLS_PAGE_SIZE, batchesText, useIsStaff, useRecalls } from './recalls-api';

/** Who may raise one (the API checks the product too): staff and manufacturers for their products, stockists for stock they distribute. */
export const canRaiseRecall = (customerType: CustomerType) => customerType === 'STOCKIST' || customerType === 'MANUFACTURER';

export function RecallStatusBadge({ status }: { status: RecallSummary['status'] }) {
  return status === 'ACTIVE' ? <Badge tone="danger">Active: do not sell</Badge> : <Badge tone="success">Lifted</Badge>;
}

/** The caller's part in words: units it holds or quarantined, or that it bought some. */
function minePart(r: RecallSummary): string {
  const parts: string[] = [];
  if (r.mine.holder) parts.push(`${formatCount(r.mine.unitsHeld, 'unit')} held, ${r.mine.unitsQuarantined} in quarantine`);
  if (r.mine.buyer) parts.push('You bought units of it');
  return parts.join(' · ') || '—';
}

const columns: readonly DataTableColumn<RecallSummary>[] = [
  { key: 'recallNumber', header: 'Recall', render: (r) => <Link to={`/stocks/recalls/${encodeURIComponent(r.id)}`}>{r.recallNumber}</Link> },
  { key: 'product', header: 'Product', render: (r) => <ProductLabel name={r.product.name} pack={r.product.pack} detail={r.product.manufacturer} /> },
  { key: 'batchNos', header: 'Batches', render: (r) => batchesText(r, (d) => formatDate(d)) },
  { key: 'reason', header: 'Reason', render: (r) => RECALL_REASON_LABELS[r.reason] },
  { key: 'raisedBy', header: 'Raised by', render: (r) => `${r.raisedBy.unitName} (${RECALL_RAISER_LABELS[r.raisedBy.kind]})` },
  { key: 'raisedAt', header: 'Raised', render: (r) => formatDateTime(r.raisedAt) },
  { key: 'status', header: 'Status', render: (r) => <RecallStatusBadge status={r.status} /> },
  { key: 'mine', header: 'Your stock', render: minePart },
];

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'LIFTED', label: 'Lifted' },
  { value: 'ALL', label: 'All' },
];

/** The page header's buttons: raising for those who may, importing the regulator's list for staff. */
export function RecallListActions() {
  const { data: account } = useMyAccount();
  const staff = useIsStaff();
  return (
    <Stack direction="row" gap="sm" wrap>
      {staff && (
        <ButtonLink to="/stocks/recalls/import" variant="secondary">
          Import regulator's list
        </ButtonLink>
      )}
      {account && canRaiseRecall(account.customerType) && <ButtonLink to="/stocks/recalls/new">Raise a recall</ButtonLink>}
    </Stack>
  );
}

/**
 * stocks/recalls (issue 35): the recalls and "not of standard quality" alerts that reach the unit (a batch it holds or
 * bought, or one it raised), active first by default; back-office staff see every one.
 */
export function RecallListPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = statusParam === 'ALL' ? undefined : (RecallStatus.safeParse(statusParam ?? 'ACTIVE').data ?? 'ACTIVE');
  const [page, setPage] = usePageFor(status ?? 'ALL');
  const { data, error, isLoading, mutate } = useRecalls(page, status);

  return (
    <Stack gap="md">
      <p style={{ margin: 0 }}>
        While a recall is active no one on Medico B2B can sell its batches: they are in quarantine (the non-saleable store) until returned, destroyed or
        the recall is lifted.
      </p>
      <FilterRow>
        <label>
          Show
          <Select
            aria-label="Show recalls"
            value={status ?? 'ALL'}
            options={STATUS_OPTIONS}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.set('status', value);
                return next;
              });
            }}
          />
        </label>
      </FilterRow>
      {error ? (
        <ErrorPanel title="The recalls could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Recalls"
          columns={columns}
          rows={data?.items ?? []}
          rowKey="id"
          loading={isLoading && !data}
          emptyMessage={status === 'ACTIVE' ? 'No active recall reaches your stock.' : 'No recalls.'}
          page={page}
          totalResults={data?.totalResults ?? 0}
          pageSize={RECALLS_PAGE_SIZE}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
