import type { PaymentRequestDetail } from 'shared-api';
import { Button, Card, Form, FormError, Stack, formatRupees, toSubmitErrors, toast } from 'shared-ui';
import { payRequest, todayIst, useRevalidatePayments } from '../payments-common/payments-api';
import { InstrumentFields, instrumentErrors, instrumentOf, rupeesText, type InstrumentValues } from '../payments-common/payment-fields';

/**
 * Records a payment against a request: the payer once it has paid from its UPI app (the UTR the app shows), or the
 * payee for money that came in another way. The amount starts at what the request still needs.
 */
export function PayRequestForm({ request }: { request: PaymentRequestDetail }) {
  const revalidate = useRevalidatePayments();
  const duePaise = Math.max(request.amountPaise - request.paidPaise, 0);

  async function submit(values: InstrumentValues) {
    try {
      const body = instrumentOf(values);
      const updated = await payRequest(request.requestId, body);
      // The voucher number of this payment, found by its UTR or cheque (cash has neither: the amount says it).
      const paid = updated.payments.find((p) => (body.utr && p.utr === body.utr) || (body.chequeNumber && p.chequeNumber === body.chequeNumber));
      toast.success({ title: 'Payment recorded', message: `${paid?.number ? `${paid.number}: ` : ''}${formatRupees(body.amountPaise)} against ${request.reference}` });
      void revalidate();
      return undefined;
    } catch (e) {
      return toSubmitErrors(e);
    }
  }

  return (
    <Card title={request.callerSide === 'PAYER' ? 'Paid it? Record the payment' : 'Record a payment against this request'}>
      {/* Primitive initial values: the form starts over only when the due changes, i.e. after a payment is recorded. */}
      <Form<InstrumentValues>
        onSubmit={submit}
        validate={instrumentErrors}
        initialValues={{ method: 'UPI', amount: rupeesText(duePaise), paidOn: todayIst() }}
        render={({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Pay request">
            <Stack gap="sm">
              <InstrumentFields values={values} />
              <FormError />
              <div>
                <Button type="submit" loading={submitting}>
                  Record payment
                </Button>
              </div>
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
