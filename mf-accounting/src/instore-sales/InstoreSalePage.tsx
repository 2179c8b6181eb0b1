import { useParams } from 'react-router-dom';
import type { CounterSale } from 'shared-api';
import { Badge, ButtonLink, Card, DetailList, ErrorPanel, NotFoundState, Spinner, Stack, formatDateTime } from 'shared-ui';
import { InvoiceDetail } from '../sales-invoices/InvoicePage';
import { PAYMENT_LABELS, useCounterSale } from './instore-api';

export function PaymentFacts({ sale }: { sale: CounterSale }) {
  const p = sale.payment;
  return (
    <DetailList aria-label="Payment">
      <dt>Payment mode</dt>
      <dd>{PAYMENT_LABELS[p.mode]}</dd>
      <dt>Status</dt>
      <dd>
        <Badge tone={p.status === 'PAID' ? 'success' : 'warning'}>{p.status === 'PAID' ? 'Paid' : 'Outstanding'}</Badge>
      </dd>
      {p.receiptNumber && (
        <>
          <dt>Receipt</dt>
          <dd>{`${p.receiptNumber} · ${p.settledBy === 'UPI' ? 'UPI' : 'Cash'}${p.paidAt ? ` · ${formatDateTime(p.paidAt)}` : ''}`}</dd>
        </>
      )}
      {sale.buyerMobile && (
        <>
          <dt>Buyer mobile</dt>
          <dd>{sale.buyerMobile}</dd>
        </>
      )}
      {sale.quotationNumber && (
        <>
          <dt>From quotation</dt>
          <dd>{sale.quotationNumber}</dd>
        </>
      )}
    </DetailList>
  );
}

/** A made-up or mistyped id answers 404 like another unit's sale: a not-found state, not a failure to retry. */
export function CounterSaleNotFound() {
  return (
    <NotFoundState
      what="counter sale"
      back={
        <ButtonLink to="/sales/instore" variant="secondary">
          Back to In-store Sales
        </ButtonLink>
      }
    />
  );
}

/** sales/instore/:id — the counter invoice (Rule 46 view with its A4/A5 PDF) and how it is paid. */
export function InstoreSalePage() {
  const { id = '' } = useParams();
  const { data: sale, error, mutate } = useCounterSale(id);
  if (error && !sale && error.status === 404) return <CounterSaleNotFound />;
  if (error && !sale) return <ErrorPanel title="The counter sale could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!sale) return <Spinner label="Loading counter sale" />;
  return (
    <Stack gap="lg">
      <Card
        title="Payment"
        actions={
          <ButtonLink to={`/sales/instore/${id}/payment`} variant="secondary" size="sm">
            {sale.payment.status === 'PAID' ? 'Payment details' : 'Record payment'}
          </ButtonLink>
        }
      >
        <PaymentFacts sale={sale} />
      </Card>
      <InvoiceDetail invoice={sale.invoice} onChange={(invoice) => mutate({ ...sale, invoice })} />
    </Stack>
  );
}
