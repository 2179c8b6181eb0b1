import { Fragment, useState } from 'react';
import { PAYMENTS_PATHS, Utr, type ProviderInvoice } from 'shared-api';
import { ApiImage, isApiError } from 'shared-auth';
import {
  Badge,
  Button,
  Card,
  DataTable,
  DetailList,
  EmptyState,
  ErrorPanel,
  Form,
  FormError,
  Modal,
  Stack,
  TextField,
  composeValidators,
  formatDate,
  formatNumber,
  formatRupees,
  required,
  toSubmitErrors,
  toast,
  type DataTableColumn,
  type Validator,
} from 'shared-ui';
import { todayIst, useRevalidatePayments } from '../payments-common/payments-api';
import { INVOICES_PAGE_SIZE, downloadProviderInvoicePdf, monthLabel, payProviderInvoice, useProviderInvoices } from './billing-api';

/** What the invoice is made of: the plan, the deliveries less the referral free ones, GST on the platform's service. */
export function InvoiceBreakdown({ invoice: i }: { invoice: ProviderInvoice }) {
  const gst: [string, number][] = [
    ['CGST', i.cgstPaise],
    ['SGST', i.sgstPaise],
    ['IGST', i.igstPaise],
  ];
  const charged = gst.filter(([, paise]) => paise !== 0);
  return (
    <DetailList aria-label={`Breakdown of ${i.invoiceNumber}`}>
      <dt>Billed for</dt>
      <dd>{monthLabel(i.month)}</dd>
      <dt>Subscription plan</dt>
      <dd>
        {i.subscriptionPlan} · {formatRupees(i.planPaise)}
      </dd>
      <dt>Deliveries</dt>
      <dd>{formatNumber(i.deliveries)}</dd>
      <dt>Free deliveries (referrals)</dt>
      <dd>{formatNumber(i.freeDeliveries)}</dd>
      <dt>Billable deliveries</dt>
      <dd>
        {formatNumber(i.billableDeliveries)} × {formatRupees(i.perDeliveryPaise)} = {formatRupees(i.deliveryPaise)}
      </dd>
      <dt>Taxable value</dt>
      <dd>{formatRupees(i.taxablePaise)}</dd>
      {charged.length === 0 ? (
        <>
          <dt>GST</dt>
          <dd>{formatRupees(0)}</dd>
        </>
      ) : (
        charged.map(([name, paise]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd>{formatRupees(paise)}</dd>
          </Fragment>
        ))
      )}
      <dt>Total</dt>
      <dd>
        <strong>{formatRupees(i.totalPaise)}</strong>
      </dd>
      {i.status === 'PAID' && (
        <>
          <dt>Paid</dt>
          <dd>
            {i.paidOn ? formatDate(i.paidOn) : 'Yes'}
            {i.utr && ` · UTR ${i.utr}`}
          </dd>
        </>
      )}
    </DetailList>
  );
}

interface PayValues {
  utr?: string;
  paidOn?: string;
}

// The contract's own rule: the 12-digit UTR the payer's UPI app shows.
const utrRule: Validator = (value) => {
  const parsed = Utr.safeParse(typeof value === 'string' ? value : '');
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};
const validateUtr = composeValidators(required('Enter the UPI reference (UTR)'), utrRule);
const validatePaidOn: Validator = (value) => (!value ? 'Enter the date you paid' : String(value) > todayIst() ? 'The date cannot be in the future' : undefined);

/** Pay one invoice from a phone (QR or link to the provider's VPA, the amount and the invoice as reference), then record the UTR. */
function PayInvoiceModal({ invoice, onClose }: { invoice: ProviderInvoice; onClose: () => void }) {
  const revalidate = useRevalidatePayments();
  async function submit(values: PayValues) {
    try {
      const paid = await payProviderInvoice(invoice.invoiceId, { utr: (values.utr ?? '').trim(), paidOn: values.paidOn ?? '' });
      toast.success({ title: 'Payment recorded', message: `${paid.invoiceNumber} is marked paid.` });
      // The list, what is due and the pending-payments count all change.
      await revalidate();
      onClose();
      return undefined;
    } catch (err) {
      // A UTR already used, or refused by the API, belongs to the UTR field.
      const errors = toSubmitErrors(err) as Record<string, unknown>;
      if (isApiError(err) && !err.fields && err.code === 'E0009') errors.utr = err.message;
      return errors;
    }
  }

  return (
    <Modal open title={`Pay invoice ${invoice.invoiceNumber}`} onClose={onClose} width={640}>
      <Stack gap="lg">
        <Stack direction="row" gap="lg" wrap align="flex-start">
          <ApiImage path={PAYMENTS_PATHS.providerInvoiceQr(invoice.invoiceId)} alt={`UPI QR code to pay ${invoice.invoiceNumber}`} width={220} />
          <Stack gap="sm" style={{ flex: '1 1 240px' }}>
            <DetailList aria-label="Pay to">
              <dt>Pay to</dt>
              <dd>{invoice.pay.payeeName}</dd>
              <dt>UPI ID</dt>
              <dd>{invoice.pay.vpa}</dd>
              <dt>Amount</dt>
              <dd>
                <strong>{formatRupees(invoice.totalPaise)}</strong>
              </dd>
            </DetailList>
            <span>Scan the QR code with any UPI app, or on this phone:</span>
            <div>
              <a href={invoice.pay.upiLink}>Open in UPI app</a>
            </div>
          </Stack>
        </Stack>
        <InvoiceBreakdown invoice={invoice} />
        <Form<PayValues>
          onSubmit={submit}
          initialValues={{ paidOn: todayIst() }}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Record the payment">
              <Stack gap="md">
                <TextField name="utr" label="UPI reference (UTR)" hint="The 12-digit number your UPI app shows after paying" inputMode="numeric" maxLength={12} autoComplete="off" validate={validateUtr} />
                <TextField name="paidOn" label="Paid on" type="date" max={todayIst()} validate={validatePaidOn} />
                <FormError />
                <Stack direction="row" gap="sm">
                  <Button type="submit" loading={submitting}>
                    Record payment
                  </Button>
                  <Button type="button" variant="secondary" onClick={onClose} disabled={submitting}>
                    Cancel
                  </Button>
                </Stack>
              </Stack>
            </form>
          )}
        />
      </Stack>
    </Modal>
  );
}

function OpenInvoiceButton({ invoice }: { invoice: ProviderInvoice }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      loading={busy}
      aria-label={`Open invoice ${invoice.invoiceNumber}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadProviderInvoicePdf(invoice);
        } catch (err) {
          toast.error({ title: 'The invoice could not be opened', message: isApiError(err) ? err.message : 'Please try again.' });
        } finally {
          setBusy(false);
        }
      }}
    >
      Open invoice
    </Button>
  );
}

/** billing/invoices: Medico's monthly invoices to the unit, what is due, pay by UPI and open the PDF. */
export function ProviderInvoicesPage() {
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = useProviderInvoices(page);
  const [paying, setPaying] = useState<ProviderInvoice | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);

  const columns: readonly DataTableColumn<ProviderInvoice>[] = [
    { key: 'invoiceNumber', header: 'Invoice number' },
    { key: 'invoiceDate', header: 'Date', render: (i) => formatDate(i.invoiceDate) },
    { key: 'deliveries', header: 'Deliveries', align: 'right' },
    { key: 'totalPaise', header: 'Total', align: 'right', render: (i) => formatRupees(i.totalPaise) },
    { key: 'subscriptionPlan', header: 'Subscription plan' },
    {
      key: 'status',
      header: 'Payment status',
      render: (i) => (i.status === 'PAID' ? <Badge tone="success">{i.paidOn ? `Paid ${formatDate(i.paidOn)}` : 'Paid'}</Badge> : <Badge tone="danger">Unpaid</Badge>),
    },
    {
      key: 'actions',
      header: 'Invoice',
      render: (i) => (
        <Stack direction="row" gap="xs" wrap>
          <OpenInvoiceButton invoice={i} />
          <Button type="button" variant="ghost" size="sm" aria-expanded={expanded === i.invoiceId} aria-label={`Show the breakdown of ${i.invoiceNumber}`} onClick={() => setExpanded(expanded === i.invoiceId ? null : i.invoiceId)}>
            Breakdown
          </Button>
          {i.status === 'UNPAID' && (
            <Button type="button" size="sm" aria-label={`Pay ${i.invoiceNumber}`} onClick={() => setPaying(i)}>
              Pay
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  if (error && !data) return <ErrorPanel title="Your Medico invoices could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (data?.totalResults === 0) return <EmptyState title="No invoices yet" message="Medico B2B invoices your unit on the first of each month for the month before: the plan and the deliveries used." />;
  return (
    <Stack gap="md">
      <Card aria-label="Total due">
        <span>
          Total due: <strong>{data ? formatRupees(data.duePaise) : '…'}</strong>
        </span>
      </Card>
      <DataTable
        label="Medico invoices"
        columns={columns}
        rows={data?.items ?? []}
        rowKey="invoiceId"
        loading={isLoading}
        emptyMessage="No invoices on this page."
        page={page}
        pageSize={INVOICES_PAGE_SIZE}
        totalResults={data?.totalResults ?? 0}
        onPageChange={setPage}
        renderDetail={(i) => (expanded === i.invoiceId ? <InvoiceBreakdown invoice={i} /> : null)}
      />
      {paying && <PayInvoiceModal invoice={paying} onClose={() => setPaying(null)} />}
    </Stack>
  );
}
