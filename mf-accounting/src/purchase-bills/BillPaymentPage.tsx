import { useParams } from 'react-router-dom';
import type { PurchaseBillPayment } from 'shared-api';
import { Badge, ButtonLink, Card, DataTable, DetailList, ErrorPanel, NotFoundState, Spinner, Stack, formatDate, formatRupees, type BadgeTone, type DataTableColumn } from 'shared-ui';
import { useBillPayment } from './purchase-bills-api';

const STATUS: Record<PurchaseBillPayment['status'], { label: string; tone: BadgeTone }> = {
  NOT_RECEIVED: { label: 'Not received yet', tone: 'info' },
  UNPAID: { label: 'Unpaid', tone: 'danger' },
  PARTLY_PAID: { label: 'Partly paid', tone: 'warning' },
  PAID: { label: 'Paid', tone: 'success' },
};

type Payment = PurchaseBillPayment['payments'][number];
/**
 * Make Payments (mf-payments) shows what the unit owes each creditor, with the party's UPI QR, and records the UTR
 * against its bills. The bill does not carry the supplier's creditor head, so the link opens the list, not the party.
 */
const MAKE_PAYMENTS_PATH = '/payments/upi/make';

const COLUMNS: readonly DataTableColumn<Payment>[] = [
  { key: 'date', header: 'Date', render: (p) => formatDate(p.date) },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (p) => formatRupees(p.amountPaise) },
];

/** purchases/invoice/:id/payment: what the bill comes to, what has been paid against it and what is still due. */
export function BillPaymentPage() {
  const { id = '' } = useParams();
  const { data, error, mutate } = useBillPayment(id);
  // A made-up or mistyped id answers 404 like another unit's bill: a not-found state, not a failure to retry.
  if (error && !data && error.status === 404) {
    return (
      <NotFoundState
        what="purchase bill"
        back={
          <ButtonLink to="/purchases/invoices" variant="secondary">
            Back to Purchase Invoices
          </ButtonLink>
        }
      />
    );
  }
  if (error && !data) return <ErrorPanel title="The payment status could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading the payment status" />;
  const status = STATUS[data.status];
  return (
    <Stack gap="lg">
      <Card
        title={`Bill ${data.billNumber} · ${data.supplierName}`}
        actions={
          // Only a received bill is owed on the books (NOT_RECEIVED), and only while something is due.
          data.status !== 'NOT_RECEIVED' && data.duePaise > 0 ? (
            // The name starts with the visible words, so voice control finds it by what it shows (WCAG 2.5.3).
            <ButtonLink to={MAKE_PAYMENTS_PATH} aria-label={`Pay by UPI to ${data.supplierName}`}>
              Pay by UPI
            </ButtonLink>
          ) : undefined
        }
      >
        <DetailList aria-label="Payment status">
          <dt>Status</dt>
          <dd>
            <Badge tone={status.tone}>{status.label}</Badge>
          </dd>
          <dt>Bill amount</dt>
          <dd>{formatRupees(data.amountPaise)}</dd>
          <dt>Paid</dt>
          <dd>{formatRupees(data.paidPaise)}</dd>
          <dt>Due</dt>
          <dd>
            <strong>{formatRupees(data.duePaise)}</strong>
          </dd>
        </DetailList>
      </Card>
      <DataTable label="Payments" columns={COLUMNS} rows={data.payments} rowKey="voucherId" emptyMessage="No payments against this bill yet." pageSize={Math.max(data.payments.length, 1)} />
    </Stack>
  );
}
