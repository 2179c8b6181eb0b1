import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SalesInvoice } from 'shared-api';
import { Button, toast } from 'shared-ui';
import { requestPanelPath } from '../memo-payments/memo-payments-api';
import { requestInvoicePayment } from './sales-invoices-api';

/**
 * The seller asks the buyer to pay this invoice by UPI: a payment request (dynamic QR, link, WhatsApp text), opened
 * in Receive Payments. Only for a buyer on the platform: a walk-in buyer (no unit code) pays at the counter.
 */
export function RequestPaymentAction({ invoice }: { invoice: SalesInvoice }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (invoice.callerSide !== 'SELLER' || invoice.recipient.unitCode === null) return null;

  async function request() {
    setBusy(true);
    try {
      const made = await requestInvoicePayment(invoice);
      if (made) {
        toast.success({ title: 'Payment request ready', message: `Share its QR or link with ${made.payerName}.` });
        navigate(requestPanelPath(made.requestId));
        return;
      }
      toast.info({ title: 'Nothing to ask for', message: `${invoice.recipient.name} owes you nothing in your books.` });
    } catch (err) {
      toast.error({ title: 'The payment request could not be made', message: err instanceof Error ? err.message : 'Please try again.' });
    }
    setBusy(false);
  }

  return (
    <Button type="button" variant="secondary" loading={busy} onClick={() => void request()}>
      Request payment
    </Button>
  );
}
