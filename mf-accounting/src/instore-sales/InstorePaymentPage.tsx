import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from 'shared-auth';
import { Button, Card, ErrorPanel, Spinner, Stack, formatRupees, toast } from 'shared-ui';
import { CounterSaleNotFound, PaymentFacts } from './InstoreSalePage';
import { settleCounterSale, useCounterSale } from './instore-api';

/** sales/instore/:id/payment — a bill's payment; a credit sale is settled here (cash or UPI) with a receipt, once. */
export function InstorePaymentPage() {
  const { id = '' } = useParams();
  const { data: sale, error, mutate } = useCounterSale(id);
  const [busy, setBusy] = useState<'CASH' | 'UPI' | null>(null);
  if (error && !sale && error.status === 404) return <CounterSaleNotFound />;
  if (error && !sale) return <ErrorPanel title="The counter sale could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!sale) return <Spinner label="Loading payment" />;

  async function settle(via: 'CASH' | 'UPI') {
    setBusy(via);
    try {
      const paid = await settleCounterSale(id, via);
      await mutate(paid, { revalidate: false });
      toast.success({ title: `Receipt ${paid.payment.receiptNumber ?? ''} recorded` });
    } catch (err) {
      toast.error({ title: 'The payment was not recorded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={`${sale.invoice.invoiceNumber} · ${formatRupees(sale.invoice.totals.totalPaise)}`}>
      <Stack gap="md">
        <PaymentFacts sale={sale} />
        {sale.payment.status === 'OUTSTANDING' && (
          <Stack direction="row" gap="sm">
            <Button type="button" loading={busy === 'CASH'} disabled={busy !== null} onClick={() => void settle('CASH')}>
              Received in cash
            </Button>
            <Button type="button" variant="secondary" loading={busy === 'UPI'} disabled={busy !== null} onClick={() => void settle('UPI')}>
              Received by UPI
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
