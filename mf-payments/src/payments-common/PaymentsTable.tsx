import type { PaymentSummary } from 'shared-api';
import { Badge, DataTable, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';
import { METHOD_LABELS } from './labels';

const COLUMNS: readonly DataTableColumn<PaymentSummary>[] = [
  { key: 'number', header: 'Voucher', render: (p) => p.number ?? <PendingBadge payment={p} /> },
  { key: 'paidOn', header: 'Date', render: (p) => formatDate(p.paidOn) },
  { key: 'method', header: 'Method', render: (p) => METHOD_LABELS[p.method] },
  { key: 'utr', header: 'UTR / cheque', render: (p) => p.utr ?? p.chequeNumber ?? '' },
  { key: 'requestReference', header: 'Request', render: (p) => p.requestReference ?? '' },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (p) => formatRupees(p.amountPaise) },
  { key: 'reconciled', header: 'Bank statement', render: (p) => (p.reconciled ? <Badge tone="success">Reconciled</Badge> : '') },
];

/** A payment not in the books: a claim waiting for the payee or rejected by it (issue 39), or money to allocate. */
function PendingBadge({ payment: p }: { payment: PaymentSummary }) {
  if (p.status === 'CLAIMED') return <Badge tone="warning">{p.direction === 'PAID' ? 'Payment claimed: waiting for confirmation' : 'To confirm'}</Badge>;
  if (p.status === 'REJECTED') return <Badge tone="danger">{`Not confirmed: ${p.claim?.rejectReason ?? ''}`}</Badge>;
  return <Badge tone="warning">Waiting to be allocated</Badge>;
}

/** Payments, newest first as the API gives them. */
export function PaymentsTable({ label, payments, emptyMessage }: { label: string; payments: readonly PaymentSummary[]; emptyMessage: string }) {
  return <DataTable label={label} columns={COLUMNS} rows={payments} rowKey="paymentId" pageSize={Math.max(payments.length, 1)} emptyMessage={emptyMessage} />;
}
