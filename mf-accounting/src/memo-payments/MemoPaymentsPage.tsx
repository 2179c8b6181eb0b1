import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { REQUEST_STATUSES, type PaymentRequest } from 'shared-api';
import { Button, Card, DataTable, ErrorPanel, Select, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { MemoForm } from './MemoForm';
import { MemoPhotoButton } from './MemoPhotoButton';
import { MemoRequestCard } from './MemoRequestCard';
import { MEMO_KIND_LABELS, MEMO_STATUS, MemoStatusBadge, isRequestStatus } from './labels';
import { MEMOS_PAGE_SIZE, requestPanelPath, useMemos, useRevalidateMemos } from './memo-payments-api';

const STATUS_OPTIONS = [{ value: '', label: 'All memos' }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: MEMO_STATUS[s].label }))];

const memoNumber = (m: PaymentRequest) => m.memo?.number ?? m.reference;

function columns(show: (memo: PaymentRequest) => void): readonly DataTableColumn<PaymentRequest>[] {
  return [
    { key: 'memo', header: 'Memo', render: (m) => `${m.memo ? MEMO_KIND_LABELS[m.memo.kind] : 'Memo'} ${memoNumber(m)}` },
    { key: 'date', header: 'Memo date', render: (m) => (m.memo ? formatDate(m.memo.date) : formatDate(m.createdAt)) },
    { key: 'payerName', header: 'Party' },
    { key: 'amountPaise', header: 'Amount', align: 'right', render: (m) => formatRupees(m.amountPaise) },
    { key: 'paidPaise', header: 'Paid', align: 'right', render: (m) => formatRupees(m.paidPaise) },
    { key: 'status', header: 'Status', render: (m) => <MemoStatusBadge status={m.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <Stack direction="row" gap="xs" align="center" wrap>
          <Button type="button" size="sm" variant="ghost" onClick={() => show(m)} aria-label={`Show QR of memo ${memoNumber(m)}`}>
            QR
          </Button>
          {m.memo?.hasPhoto && <MemoPhotoButton requestId={m.requestId} memoNumber={memoNumber(m)} />}
          <Link to={requestPanelPath(m.requestId)} aria-label={`Payments of memo ${memoNumber(m)}`}>
            Payments
          </Link>
        </Stack>
      ),
    },
  ];
}

/**
 * memo-2-payment: a paper delivery memo or credit memo (party, number, amount, photo) becomes a payment request the
 * party pays by UPI (its QR, link and WhatsApp message), then tracked here until paid; the payment itself is recorded
 * against the request in Receive Payments. `?status=` filters the list.
 */
export function MemoPaymentsPage() {
  const [shown, setShown] = useState<PaymentRequest | null>(null);
  // A fresh form after each memo created (the list's "QR" leaves a half-typed form alone).
  const [created, setCreated] = useState(0);
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isRequestStatus(raw) ? raw : undefined;
  const [page, setPage] = usePageFor(status ?? '');
  const memos = useMemos(status, page);
  const revalidate = useRevalidateMemos();

  function setStatus(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next, { replace: true });
  }

  return (
    <Stack gap="lg">
      <MemoForm
        key={created}
        onCreated={(memo) => {
          setShown(memo);
          setCreated((n) => n + 1);
          void revalidate();
        }}
      />
      {shown && <MemoRequestCard memo={shown} onClose={() => setShown(null)} />}
      <Card
        title="Memos"
        actions={
          <div style={{ width: 200 }}>
            <Select aria-label="Status" options={STATUS_OPTIONS} value={status ?? ''} onChange={(e) => setStatus(e.currentTarget.value)} />
          </div>
        }
      >
        {memos.error && !memos.data ? (
          <ErrorPanel title="Your memos could not be loaded" message={memos.error.message} onRetry={() => void memos.mutate()} />
        ) : (
          <DataTable
            label="Memos"
            columns={columns(setShown)}
            rows={memos.data?.items ?? []}
            rowKey="requestId"
            loading={memos.isLoading}
            emptyMessage={status ? `No memos ${MEMO_STATUS[status].label.toLowerCase()}.` : 'No memos yet: enter one above.'}
            page={page}
            pageSize={MEMOS_PAGE_SIZE}
            totalResults={memos.data?.totalResults ?? 0}
            onPageChange={setPage}
          />
        )}
      </Card>
    </Stack>
  );
}
