import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { DocumentParty, SalesInvoice, SalesInvoiceLine } from 'shared-api';
import { ButtonLink, Card, DataTable, DetailList, EmptyState, ErrorPanel, Spinner, Stack, formatDate, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { newSalesReturnPath } from '../sales-returns/sales-returns-api';
import { InvoicePdfButtons } from './InvoicePdfButtons';
import { useSalesInvoice } from './sales-invoices-api';

const Parties = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${theme.space.md};
`;

const Totals = styled(DetailList)`
  align-self: flex-end;
  text-align: right;
`;

const percent = (bp: number) => `${bp / 100} %`;

function lineColumns(supply: SalesInvoice['supplyKind']): DataTableColumn<SalesInvoiceLine>[] {
  // Rule 46: inside the state CGST + SGST, across states IGST; the other pair's columns would only hold zeros.
  const taxes: DataTableColumn<SalesInvoiceLine>[] =
    supply === 'INTRA'
      ? [
          { key: 'cgstPaise', header: 'CGST', align: 'right', render: (l) => formatRupees(l.cgstPaise) },
          { key: 'sgstPaise', header: 'SGST', align: 'right', render: (l) => formatRupees(l.sgstPaise) },
        ]
      : [{ key: 'igstPaise', header: 'IGST', align: 'right', render: (l) => formatRupees(l.igstPaise) }];
  return [
    { key: 'position', header: '#', align: 'right' },
    { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack, l.manufacturer].filter(Boolean).join(' · ') },
    { key: 'hsn', header: 'HSN' },
    { key: 'batchNo', header: 'Batch' },
    { key: 'expiryDate', header: 'Expiry', render: (l) => formatDate(l.expiryDate) },
    { key: 'mrpPaise', header: 'MRP', align: 'right', render: (l) => formatRupees(l.mrpPaise) },
    { key: 'ratePaise', header: 'PTR', align: 'right', render: (l) => formatRupees(l.ratePaise) },
    { key: 'quantity', header: 'Qty', align: 'right' },
    { key: 'freeQuantity', header: 'Free', align: 'right' },
    {
      key: 'discountPaise',
      header: 'Discount',
      align: 'right',
      render: (l) => (l.discountPaise ? `${formatRupees(l.discountPaise)}${l.discountBp ? ` (${percent(l.discountBp)})` : ''}` : '—'),
    },
    { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (l) => formatRupees(l.taxablePaise) },
    { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => percent(l.gstRateBp) },
    ...taxes,
    { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
  ];
}

function PartyCard({ title, party }: { title: string; party: DocumentParty }) {
  return (
    <Card title={title} aria-label={title}>
      <DetailList>
        <dt>Name</dt>
        <dd>{party.unitCode ? `${party.name} (${party.unitCode})` : party.name}</dd>
        <dt>Address</dt>
        <dd>{party.address || '—'}</dd>
        <dt>GSTIN</dt>
        <dd>{party.gstin ?? 'Unregistered'}</dd>
        <dt>State</dt>
        <dd>
          {party.stateName} ({party.stateCode})
        </dd>
        <dt>Drug licences</dt>
        <dd>{party.drugLicences.join(', ') || '—'}</dd>
        {party.phone && (
          <>
            <dt>Phone</dt>
            <dd>{party.phone}</dd>
          </>
        )}
      </DetailList>
    </Card>
  );
}

export function InvoiceDetail({ invoice }: { invoice: SalesInvoice }) {
  const { totals } = invoice;
  return (
    <Stack gap="lg">
      <Card
        title={`Tax Invoice ${invoice.invoiceNumber}`}
        actions={
          <>
            {/* Only the seller issues a credit note against its invoice (section 34). */}
            {invoice.callerSide === 'SELLER' && <ButtonLink to={newSalesReturnPath(invoice.invoiceId)}>Return goods / Credit note</ButtonLink>}
            <InvoicePdfButtons invoice={invoice} size="md" />
          </>
        }
      >
        <DetailList>
          <dt>Invoice date</dt>
          <dd>{formatDate(invoice.invoiceDate)}</dd>
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
        </DetailList>
      </Card>
      <Parties>
        <PartyCard title="Supplier" party={invoice.supplier} />
        <PartyCard title="Bill to" party={invoice.recipient} />
      </Parties>
      {/* Every line on one page: an invoice is never read a page at a time. */}
      <DataTable label="Invoice lines" columns={lineColumns(invoice.supplyKind)} rows={invoice.lines} rowKey="position" pageSize={Math.max(invoice.lines.length, 1)} />
      <Totals aria-label="Invoice totals">
        {totals.discountPaise > 0 && (
          <>
            <dt>Gross</dt>
            <dd>{formatRupees(totals.grossPaise)}</dd>
            <dt>Discount</dt>
            <dd>{formatRupees(-totals.discountPaise)}</dd>
          </>
        )}
        <dt>Taxable value</dt>
        <dd>{formatRupees(totals.taxablePaise)}</dd>
        {invoice.supplyKind === 'INTRA' ? (
          <>
            <dt>CGST</dt>
            <dd>{formatRupees(totals.cgstPaise)}</dd>
            <dt>SGST</dt>
            <dd>{formatRupees(totals.sgstPaise)}</dd>
          </>
        ) : (
          <>
            <dt>IGST</dt>
            <dd>{formatRupees(totals.igstPaise)}</dd>
          </>
        )}
        <dt>Round-off</dt>
        <dd>{formatRupees(totals.roundOffPaise)}</dd>
        <dt>Invoice total</dt>
        <dd>
          <strong>{formatRupees(totals.totalPaise)}</strong>
        </dd>
        <dt>In words</dt>
        <dd>{invoice.amountInWords}</dd>
      </Totals>
    </Stack>
  );
}

/** sales/report/details/invoice?id=: one tax invoice with every Rule 46 particular, and its PDF in A4 or A5. */
export function InvoicePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: invoice, error, mutate } = useSalesInvoice(id);

  if (!id) return <EmptyState title="No invoice chosen" message="Open an invoice from Online Sales or a sales report." />;
  if (error && !invoice) return <ErrorPanel title="The invoice could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!invoice) return <Spinner label="Loading invoice" />;
  return <InvoiceDetail invoice={invoice} />;
}
