import { useState } from 'react';
import type { PaymentClaim } from 'shared-api';
import { Button, DataTable, ErrorPanel, Form, FormError, Modal, Spinner, Stack, TextField, formatDate, formatRupees, toSubmitErrors, toast, type DataTableColumn } from 'shared-ui';
import { METHOD_LABELS } from '../payments-common/labels';
import { confirmClaim, rejectClaim, usePaymentClaims, useRevalidatePayments } from '../payments-common/payments-api';

const describe = (c: PaymentClaim) => `${formatRupees(c.amountPaise)}${c.utr ? ` (UTR ${c.utr})` : c.chequeNumber ? ` (cheque ${c.chequeNumber})` : ''}`;

/** What the claim names: the invoices, and any rest on account. */
const named = (c: PaymentClaim) => c.lines.map((l) => (l.invoiceNumber ? `${l.invoiceNumber}: ${formatRupees(l.amountPaise)}` : `${formatRupees(l.amountPaise)} on account`)).join(', ');

function RejectDialog({ claim, onClose }: { claim: PaymentClaim; onClose: () => void }) {
  const revalidate = useRevalidatePayments();
  async function submit(values: { reason?: string }) {
    try {
      await rejectClaim(claim.paymentId, { reason: values.reason ?? '' });
      toast.success({ title: 'Payment not confirmed', message: `${claim.payerName} is told why` });
      void revalidate();
      onClose();
      return undefined;
    } catch (e) {
      return toSubmitErrors(e);
    }
  }
  return (
    <Modal open title={`Not received: ${describe(claim)}`} onClose={onClose}>
      <Form<{ reason?: string }>
        onSubmit={submit}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Reject payment claim">
            <Stack gap="sm">
              <p>
                {claim.payerName} says it paid you {describe(claim)} on {formatDate(claim.paidOn)}. Say why you do not confirm it: they see your reason.
              </p>
              <TextField name="reason" label="Reason" maxLength={200} autoComplete="off" />
              <FormError />
              <div>
                <Button type="submit" variant="danger" loading={submitting}>
                  Reject
                </Button>
              </div>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}

/**
 * Payments to confirm (issue 39): what buyers say they paid the unit. None of it is in the books until a person here
 * confirms the money arrived (or the gateway or the bank statement shows its UTR and amount); rejecting tells the
 * buyer why.
 */
export function ClaimsQueue() {
  const { data, error, mutate } = usePaymentClaims();
  const revalidate = useRevalidatePayments();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PaymentClaim | null>(null);
  if (error && !data) return <ErrorPanel title="The payments to confirm could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading payments to confirm" />;

  async function confirm(c: PaymentClaim) {
    setConfirming(c.paymentId);
    try {
      const payment = await confirmClaim(c.paymentId);
      toast.success({ title: 'Payment confirmed', message: `${payment.number ?? 'The payment'}: ${formatRupees(payment.amountPaise)} from ${payment.partyName}` });
      void revalidate();
    } catch (e) {
      toast.error({ title: 'The payment could not be confirmed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setConfirming(null);
    }
  }

  const columns: readonly DataTableColumn<PaymentClaim>[] = [
    { key: 'paidOn', header: 'Date', render: (c) => formatDate(c.paidOn) },
    { key: 'payerName', header: 'Payer', render: (c) => c.payerName },
    { key: 'method', header: 'Method', render: (c) => METHOD_LABELS[c.method] },
    { key: 'utr', header: 'UTR / cheque', render: (c) => c.utr ?? c.chequeNumber ?? '' },
    { key: 'amountPaise', header: 'Amount', align: 'right', render: (c) => formatRupees(c.amountPaise) },
    { key: 'lines', header: 'For', render: named },
    {
      key: 'actions',
      header: '',
      render: (c) => (
        <Stack direction="row" gap="sm">
          <Button type="button" size="sm" aria-label={`Confirm ${describe(c)}`} loading={confirming === c.paymentId} disabled={confirming !== null} onClick={() => void confirm(c)}>
            Confirm
          </Button>
          <Button type="button" size="sm" variant="secondary" aria-label={`Reject ${describe(c)}`} disabled={confirming !== null} onClick={() => setRejecting(c)}>
            Reject
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <p>
        Buyers say they paid you <strong>{formatRupees(data.totalPaise)}</strong>: confirm each once the money is in your account.
      </p>
      <DataTable label="Payments to confirm" columns={columns} rows={data.items} rowKey="paymentId" pageSize={Math.max(data.items.length, 1)} emptyMessage="No payments waiting for you to confirm." />
      {rejecting && <RejectDialog claim={rejecting} onClose={() => setRejecting(null)} />}
    </Stack>
  );
}
