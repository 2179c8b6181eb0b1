import { useSearchParams } from 'react-router-dom';
import type { SalesInvoice, SalesInvoiceLine } from 'shared-api';
import { Badge, ButtonLink, Card, DetailList, EmptyState, ErrorPanel, NotFoundState, Spinner, Stack, formatDate, formatRupees } from 'shared-ui';
import { IrnPanel } from '../e-invoices/IrnPanel';
import { newSalesReturnPath } from '../sales-returns/sales-returns-api';
import { DocumentLines, taxInvoiceColumns } from '../tax-document/DocumentLines';
import { DocumentTotals } from '../tax-document/DocumentTotals';
import { Parties, PartyCard } from '../tax-document/PartyCard';
import { InvoicePdfButtons } from './InvoicePdfButtons';
import { RequestPaymentAction } from './RequestPaymentAction';
import { useSalesInvoice } from './sales-invoices-api';

export function InvoiceDetail({ invoice, onChange }: { invoice: SalesInvoice; onChange?: (invoice: SalesInvoice) => unknown }) {
  return (
    <Stack gap="lg">
      <Card
        title={`Tax Invoice ${invoice.invoiceNumber}`}
        actions={
          <>
            {/* Only the seller issues a credit note against its invoice (section 34). */}
            {invoice.callerSide === 'SELLER' && <ButtonLink to={newSalesReturnPath(invoice.invoiceId)}>Return goods / Credit note</ButtonLink>}
            <RequestPaymentAction invoice={invoice} />
            <InvoicePdfButtons invoice={invoice} size="md" />
          </>
        }
      >
        <DetailList>
          <dt>Invoice date</dt>
          <dd>{formatDate(invoice.invoiceDate)}</dd>
          <dt>Due date</dt>
          <dd>{invoice.creditDays ? `${formatDate(invoice.dueDate)} (${invoice.creditDays} days’ credit)` : 'On receipt'}</dd>
          {invoice.orderNumber && (
            <>
              <dt>Order</dt>
              <dd>{invoice.orderNumber}</dd>
            </>
          )}
          <dt>Place of supply</dt>
          <dd>
            {invoice.placeOfSupply.name} ({invoice.placeOfSupply.code}) · {invoice.supplyKind === 'INTRA' ? 'within the state' : 'across states'}
          </dd>
          <dt>Reverse charge</dt>
          <dd>{invoice.reverseCharge ? 'Yes' : 'No'}</dd>
          {/* The buyer's word, not money in the books yet (issue 39): shown to both sides until the seller confirms. */}
          {!!invoice.paymentClaimedPaise && (
            <>
              <dt>Payment</dt>
              <dd>
                <Badge tone="warning">Payment claimed</Badge> {formatRupees(invoice.paymentClaimedPaise)}{' '}
                {invoice.callerSide === 'SELLER' ? '— confirm it under Receive Payments, To confirm' : '— waiting for the seller to confirm'}
              </dd>
            </>
          )}
        </DetailList>
      </Card>
      {/* Only the seller sends its invoice to the portal: the buyer's copy shows the state. */}
      {invoice.eInvoice && <IrnPanel eInvoice={invoice.eInvoice} canAct={invoice.callerSide === 'SELLER' && onChange !== undefined} onChange={(eInvoice) => onChange?.({ ...invoice, eInvoice })} />}
      <Parties>
        <PartyCard title="Supplier" party={invoice.supplier} licences />
        <PartyCard title="Bill to" party={invoice.recipient} licences />
      </Parties>
      <DocumentLines label="Invoice lines" columns={taxInvoiceColumns<SalesInvoiceLine>(invoice.supplyKind, 'PTR')} lines={invoice.lines} />
      <DocumentTotals label="Invoice totals" totals={invoice.totals} supplyKind={invoice.supplyKind} showDiscount totalLabel="Invoice total" amountInWords={invoice.amountInWords} />
    </Stack>
  );
}

/** sales/report/details/invoice?id=: one tax invoice with every Rule 46 particular, and its PDF in A4 or A5. */
export function InvoicePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: invoice, error, mutate } = useSalesInvoice(id);

  if (!id) return <EmptyState title="No invoice chosen" message="Open an invoice from Online Sales or a sales report." />;
  // A made-up or mistyped id answers 404 like another unit's invoice: a not-found state, not a failure to retry.
  if (error && !invoice && error.status === 404) {
    return (
      <NotFoundState
        what="invoice"
        back={
          <ButtonLink to="/sales/online" variant="secondary">
            Back to Online Sales
          </ButtonLink>
        }
      />
    );
  }
  if (error && !invoice) return <ErrorPanel title="The invoice could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!invoice) return <Spinner label="Loading invoice" />;
  // A retried or cancelled IRN comes back with the answer; a cancellation also changes the books: read it again.
  return <InvoiceDetail invoice={invoice} onChange={(next) => mutate(next)} />;
}
