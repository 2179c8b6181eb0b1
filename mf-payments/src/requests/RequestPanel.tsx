import { useState } from 'react';
import styled from 'styled-components';
import { PAYMENTS_PATHS, type PaymentRequestDetail } from 'shared-api';
import { ApiImage, api, downloadFile, isApiError } from 'shared-auth';
import { Button, Card, ConfirmDialog, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatDateTime, formatPhone, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { PaymentsTable } from '../payments-common/PaymentsTable';
import { RequestStatusBadge } from '../payments-common/labels';
import { cancelRequest, usePaymentRequest, useRevalidatePayments } from '../payments-common/payments-api';
import { PayRequestForm } from './PayRequestForm';

const LinkText = styled.code`
  display: block;
  overflow-wrap: anywhere;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${theme.space.lg};
  align-items: start;
`;
const Anchor = styled.a`
  align-self: flex-start;
`;

type Invoice = PaymentRequestDetail['invoices'][number];
const INVOICE_COLUMNS: readonly DataTableColumn<Invoice>[] = [
  { key: 'invoiceNumber', header: 'Invoice' },
  { key: 'invoiceDate', header: 'Date', render: (i) => formatDate(i.invoiceDate) },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (i) => formatRupees(i.amountPaise) },
];

const payable = (r: PaymentRequestDetail) => r.status === 'OPEN' || r.status === 'PARTLY_PAID';
const whatsAppLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** The memo photo or the payee's invoice image, opened in a new tab from the bytes the API gives the parties. */
async function openImage(requestId: string) {
  try {
    const url = URL.createObjectURL(await api.blob(PAYMENTS_PATHS.requestImage(requestId)));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    toast.error({ message: isApiError(e) ? e.message : 'The image could not be opened' });
  }
}

/** Scan, share or download the request's dynamic QR, and copy its upi:// link. */
function ShareCard({ request }: { request: PaymentRequestDetail }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(request.upiLink);
      toast.success({ message: 'The UPI link is copied' });
    } catch {
      toast.error({ message: 'The link could not be copied: select it and copy it by hand' });
    }
  }
  async function download() {
    try {
      await downloadFile(PAYMENTS_PATHS.requestQr(request.requestId), `UPI QR ${request.reference}.svg`, { format: 'svg' });
    } catch (e) {
      toast.error({ message: isApiError(e) ? e.message : 'The QR code could not be downloaded' });
    }
  }
  return (
    <Card title={request.callerSide === 'PAYER' ? 'Scan to pay' : 'Share with the payer'}>
      <Stack gap="sm">
        <ApiImage path={PAYMENTS_PATHS.requestQr(request.requestId)} alt={`UPI QR code for ${request.reference}`} />
        <LinkText aria-label="UPI link">{request.upiLink}</LinkText>
        <Stack direction="row" gap="sm" wrap>
          <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
            Copy link
          </Button>
          <Anchor href={whatsAppLink(request.shareText)} target="_blank" rel="noopener noreferrer">
            Share on WhatsApp
          </Anchor>
          <Anchor href={request.upiLink}>Open in UPI app</Anchor>
          <Button type="button" variant="secondary" size="sm" onClick={() => void download()}>
            Download QR (SVG)
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * A payment request (`?request=`), seen by either party: who pays whom, how much is still due, the invoices it is
 * for, its dynamic QR and link to share, the payments against it; the payer records its UTR here, the payee may
 * cancel it.
 */
export function RequestPanel({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const { data, error, mutate } = usePaymentRequest(requestId);
  const revalidate = useRevalidatePayments();
  const [confirming, setConfirming] = useState(false);
  const back = (
    <Button type="button" variant="ghost" size="sm" onClick={onClose}>
      Back to the list
    </Button>
  );
  if (error && !data) {
    return (
      <Stack gap="sm">
        <div>{back}</div>
        <ErrorPanel title="This payment request could not be loaded" message={error.message} onRetry={() => void mutate()} />
      </Stack>
    );
  }
  if (!data) return <Spinner label="Loading the payment request" />;

  async function cancel() {
    await cancelRequest(requestId);
    setConfirming(false);
    toast.success({ message: `Request ${data!.reference} is cancelled` });
    await revalidate();
  }

  const due = Math.max(data.amountPaise - data.paidPaise, 0);
  const imageLabel = data.memo ? (data.memo.hasPhoto ? 'View the memo photo' : null) : data.hasInvoiceImage ? 'View the invoice image' : null;
  return (
    <Stack gap="md" role="region" aria-label={`Payment request ${data.reference}`}>
      <div>{back}</div>
      <Card
        title={`Payment request ${data.reference}`}
        actions={
          data.callerSide === 'PAYEE' &&
          payable(data) && (
            <Button type="button" variant="danger" size="sm" onClick={() => setConfirming(true)}>
              Cancel request
            </Button>
          )
        }
      >
        <Columns>
          <DetailList aria-label="Request details">
            <dt>Status</dt>
            <dd>
              <RequestStatusBadge status={data.status} />
            </dd>
            <dt>Pay to</dt>
            <dd>
              {data.payeeName} ({data.payeeVpa})
            </dd>
            <dt>Payer</dt>
            <dd>
              {data.payerName}
              {data.payerMobile && ` · ${formatPhone(data.payerMobile)}`}
            </dd>
            <dt>Amount</dt>
            <dd>{formatRupees(data.amountPaise)}</dd>
            <dt>Paid</dt>
            <dd>{formatRupees(data.paidPaise)}</dd>
            <dt>Still due</dt>
            <dd>
              <strong>{formatRupees(due)}</strong>
            </dd>
            {data.note && (
              <>
                <dt>Note</dt>
                <dd>{data.note}</dd>
              </>
            )}
            {data.memo && (
              <>
                <dt>{data.memo.kind === 'DELIVERY_MEMO' ? 'Delivery memo' : 'Credit memo'}</dt>
                <dd>
                  {data.memo.number} of {formatDate(data.memo.date)}
                </dd>
              </>
            )}
            <dt>Created</dt>
            <dd>{formatDateTime(data.createdAt)}</dd>
          </DetailList>
          {payable(data) && <ShareCard request={data} />}
        </Columns>
        {imageLabel && (
          <Button type="button" variant="secondary" size="sm" onClick={() => void openImage(requestId)}>
            {imageLabel}
          </Button>
        )}
      </Card>
      {payable(data) && <PayRequestForm request={data} />}
      {data.invoices.length > 0 && <DataTable label="Invoices in this request" columns={INVOICE_COLUMNS} rows={data.invoices} rowKey="invoiceId" pageSize={Math.max(data.invoices.length, 1)} />}
      <PaymentsTable label="Payments against this request" payments={data.payments} emptyMessage="Nothing paid against this request yet." />
      <ConfirmDialog
        open={confirming}
        title="Cancel this request?"
        message={`${data.payerName} can no longer pay ${data.reference} by its QR code or link. Payments already recorded stay.`}
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        variant="danger"
        onConfirm={cancel}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
