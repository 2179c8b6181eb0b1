import { Link, useSearchParams } from 'react-router-dom';
import { REQUEST_STATUSES, type PaymentRequest, type RequestStatus } from 'shared-api';
import { DataTable, ErrorPanel, Select, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { RequestStatusBadge, requestStatusLabel } from '../payments-common/labels';
import { REQUESTS_PAGE_SIZE, usePaymentRequests } from '../payments-common/payments-api';

/** The same screen with a request's panel open (`?request=`), keeping the tab. */
export const requestSearch = (requestId: string, tab: string) => `?tab=${encodeURIComponent(tab)}&request=${encodeURIComponent(requestId)}`;

const STATUS_OPTIONS = [{ value: '', label: 'All requests' }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabel(s) }))];
const isStatus = (v: string | null): v is RequestStatus => !!v && (REQUEST_STATUSES as readonly string[]).includes(v);

const KIND_NOTES: Record<PaymentRequest['kind'], string> = { INVOICES: '', AMOUNT: '', MEMO: ' (memo)', PAYOUT: ' (your UPI payment)' };

/**
 * PAYEE: the requests the unit sent its debtors; PAYER: the requests addressed to it (sellers' requests and its own
 * UPI payments). `?status=` filters on the server; a row opens the request.
 */
export function RequestsList({ side, tab }: { side: 'PAYEE' | 'PAYER'; tab: string }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const [page, setPage] = usePageFor(status ?? '');
  const { data, error, isLoading, mutate } = usePaymentRequests(side, status, page);

  function setStatus(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next, { replace: true });
  }
  function open(requestId: string) {
    const next = new URLSearchParams(params);
    next.set('request', requestId);
    setParams(next);
  }

  const columns: readonly DataTableColumn<PaymentRequest>[] = [
    {
      key: 'reference',
      header: 'Reference',
      render: (r) => (
        <Link to={requestSearch(r.requestId, tab)} onClick={(e) => e.stopPropagation()}>
          {r.reference}
        </Link>
      ),
    },
    side === 'PAYEE'
      ? { key: 'payerName', header: 'Party', render: (r) => `${r.payerName}${KIND_NOTES[r.kind]}` }
      : { key: 'payeeName', header: 'Pay to', render: (r) => `${r.payeeName}${KIND_NOTES[r.kind]}` },
    { key: 'amountPaise', header: 'Amount', align: 'right', render: (r) => formatRupees(r.amountPaise) },
    { key: 'paidPaise', header: 'Paid', align: 'right', render: (r) => formatRupees(r.paidPaise) },
    { key: 'status', header: 'Status', render: (r) => <RequestStatusBadge status={r.status} /> },
    { key: 'createdAt', header: 'Created', render: (r) => formatDate(r.createdAt) },
  ];

  return (
    <Stack gap="md">
      <div style={{ width: 240 }}>
        <Select aria-label="Request status" options={STATUS_OPTIONS} value={status ?? ''} onChange={(e) => setStatus(e.currentTarget.value)} />
      </div>
      {error && !data ? (
        <ErrorPanel title="The payment requests could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label={side === 'PAYEE' ? 'Payment requests you sent' : 'Requests to pay'}
          columns={columns}
          rows={data?.items ?? []}
          rowKey="requestId"
          loading={isLoading}
          emptyMessage={side === 'PAYEE' ? 'No payment requests yet: open a party to request a payment.' : 'Nobody has asked you to pay.'}
          page={page}
          pageSize={REQUESTS_PAGE_SIZE}
          totalResults={data?.totalResults ?? 0}
          onPageChange={setPage}
          onRowClick={(r) => open(r.requestId)}
        />
      )}
    </Stack>
  );
}
