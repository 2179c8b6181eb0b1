import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CreateUpiPayout, PAYMENTS_PATHS, type PaymentRequest } from 'shared-api';
import { ApiImage } from 'shared-auth';
import {
  Button,
  Card,
  DataTable,
  DetailList,
  ErrorPanel,
  Form,
  FormError,
  Stack,
  TextField,
  composeValidators,
  formatDateTime,
  formatPhone,
  formatRupees,
  parseRupees,
  required,
  theme,
  toSubmitErrors,
  toast,
  type DataTableColumn,
  type Validator,
} from 'shared-ui';
import { RequestStatusBadge } from '../payments-common/labels';
import { readAsBase64, useRevalidatePayments } from '../payments-common/payments-api';
import { INVOICE_IMAGE_MAX_BYTES, INVOICE_IMAGE_TYPES, PAYOUTS_PAGE_SIZE, createPayout, requestPanelPath, usePayouts, type InvoiceImageType } from './create-payment-api';

interface Values {
  payeeName?: string;
  payeeMobile?: string;
  vpa?: string;
  amount?: string;
  note?: string;
}

/** A field's rule straight from the contract, so the form and the API say the same thing. */
const contractRule =
  (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }): Validator =>
  (value) => {
    const parsed = schema.safeParse(typeof value === 'string' ? value : '');
    return parsed.success ? undefined : parsed.error?.issues[0]?.message;
  };
const amountRule: Validator = (value) => {
  const paise = parseRupees(typeof value === 'string' ? value : '');
  if (paise === null) return 'Enter the amount in rupees, like 1,250.50';
  const parsed = CreateUpiPayout.shape.amountPaise.safeParse(paise);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};
/** Digits only; a pasted "+91 98765 43210" loses its country code (the API takes the 10 digits). */
const mobileDigits = (value: string | undefined) => {
  const d = (value ?? '').replace(/\D/g, '');
  return d.length > 10 && d.startsWith('91') ? d.slice(2, 12) : d.slice(0, 10);
};

const VALIDATE = {
  payeeName: contractRule(CreateUpiPayout.shape.payeeName),
  payeeMobile: composeValidators(required('Mobile number is required'), contractRule(CreateUpiPayout.shape.payeeMobile)),
  vpa: composeValidators(required('UPI ID is required'), contractRule(CreateUpiPayout.shape.vpa)),
  amount: composeValidators(required('Enter the amount'), amountRule),
  note: contractRule(CreateUpiPayout.shape.note),
};

interface Picked {
  file: File;
  mimeType: InvoiceImageType;
}

/** The invoice image: picked apart from the form (final-form keeps text), checked for type and size on pick. */
function InvoiceImagePicker({ picked, onPick, error }: { picked: Picked | null; onPick: (file: File | null) => boolean; error: string | null }) {
  const id = useId();
  return (
    <Stack gap="xs">
      <label htmlFor={id} style={{ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }}>
        Invoice image (optional)
      </label>
      <input id={id} type="file" accept={INVOICE_IMAGE_TYPES.join(',')} aria-describedby={`${id}-note`} onChange={(e) => {
          // A refused file is taken off the input too, so what it shows is what will be sent.
          if (!onPick(e.currentTarget.files?.[0] ?? null)) e.currentTarget.value = '';
        }}
      />
      {error ? (
        <span id={`${id}-note`} role="alert" style={{ color: theme.colors.danger, fontSize: theme.fontSizes.sm }}>
          {error}
        </span>
      ) : (
        <span id={`${id}-note`} style={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.xs }}>
          {picked ? `${picked.file.name} attached` : 'The payee’s invoice: PDF, JPEG, PNG or WebP, at most 700 KB'}
        </span>
      )}
    </Stack>
  );
}

/** The "UPI payment created" state: scan the QR (or open the link on this phone), then record the UTR. */
function CreatedPayment({ request, onAnother }: { request: PaymentRequest; onAnother: () => void }) {
  return (
    <Card title="UPI payment created" aria-label="UPI payment created">
      <Stack direction="row" gap="lg" wrap align="flex-start">
        <ApiImage path={PAYMENTS_PATHS.requestQr(request.requestId)} alt={`UPI QR code to pay ${request.payeeName}`} width={240} />
        <Stack gap="md" style={{ flex: '1 1 280px' }}>
          <DetailList>
            <dt>Payee</dt>
            <dd>{request.payeeName}</dd>
            <dt>Payee number</dt>
            <dd>{request.payeeMobile ? formatPhone(request.payeeMobile) : '—'}</dd>
            <dt>UPI ID</dt>
            <dd>{request.payeeVpa}</dd>
            <dt>Amount</dt>
            <dd>
              <strong>{formatRupees(request.amountPaise)}</strong>
            </dd>
            <dt>Reference</dt>
            <dd>{request.reference}</dd>
            <dt>Invoice image</dt>
            <dd>{request.hasInvoiceImage ? 'Attached' : 'None'}</dd>
          </DetailList>
          <span>Scan the QR code with your UPI app, or on this phone:</span>
          <Stack direction="row" gap="md" wrap align="center">
            <a href={request.upiLink}>Open in UPI app</a>
            <Link to={requestPanelPath(request.requestId)}>Record the UTR after paying</Link>
          </Stack>
          <div>
            <Button type="button" variant="secondary" onClick={onAnother}>
              Create another payment
            </Button>
          </div>
        </Stack>
      </Stack>
    </Card>
  );
}

const PAYOUT_COLUMNS: readonly DataTableColumn<PaymentRequest>[] = [
  { key: 'payeeName', header: 'Payee' },
  { key: 'payeeMobile', header: 'Payee number', render: (r) => (r.payeeMobile ? formatPhone(r.payeeMobile) : '—') },
  { key: 'payeeVpa', header: 'UPI ID' },
  { key: 'amountPaise', header: 'Amount', align: 'right', render: (r) => formatRupees(r.amountPaise) },
  { key: 'paidPaise', header: 'Paid', align: 'right', render: (r) => formatRupees(r.paidPaise) },
  { key: 'status', header: 'Status', render: (r) => <RequestStatusBadge status={r.status} /> },
  { key: 'createdAt', header: 'Created', render: (r) => formatDateTime(r.createdAt) },
  {
    key: 'open',
    header: 'Payment',
    render: (r) => (
      <Link to={requestPanelPath(r.requestId)} aria-label={`Open the payment to ${r.payeeName} (${r.reference})`}>
        Open
      </Link>
    ),
  },
];

function RecentPayouts() {
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = usePayouts(page);
  if (error && !data) return <ErrorPanel title="Your recent UPI payments could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  return (
    <DataTable
      label="Recent UPI payments"
      columns={PAYOUT_COLUMNS}
      rows={data?.items ?? []}
      rowKey="requestId"
      loading={isLoading}
      emptyMessage="No UPI payments created yet."
      page={page}
      pageSize={PAYOUTS_PAGE_SIZE}
      totalResults={data?.totalResults ?? 0}
      onPageChange={setPage}
    />
  );
}

/**
 * payments/upi/create: pay someone by UPI (SPEC §3 Payment/UPI): payee name and number, UPI ID, amount and their
 * invoice image become a payment with its QR code, to pay from a phone; the UTR is recorded on the request after.
 */
export function CreatePaymentPage() {
  const revalidate = useRevalidatePayments();
  const [created, setCreated] = useState<PaymentRequest | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  /** Keeps the file when the API would take it; false when it is refused. */
  function pick(file: File | null): boolean {
    setFileError(null);
    setPicked(null);
    if (!file) return true;
    const problem = !(INVOICE_IMAGE_TYPES as readonly string[]).includes(file.type) ? 'Only PDF or image (JPEG, PNG, WebP) files' : file.size > INVOICE_IMAGE_MAX_BYTES ? 'The file must be at most 700 KB' : null;
    if (problem) {
      setFileError(`${file.name} was not attached: ${problem}`);
      return false;
    }
    setPicked({ file, mimeType: file.type as InvoiceImageType });
    return true;
  }

  async function submit(values: Values) {
    const body: CreateUpiPayout = {
      payeeName: (values.payeeName ?? '').trim(),
      payeeMobile: values.payeeMobile ?? '',
      vpa: (values.vpa ?? '').trim().toLowerCase(),
      amountPaise: parseRupees(values.amount ?? '') ?? 0,
      ...(values.note?.trim() && { note: values.note.trim() }),
    };
    try {
      if (picked) body.invoiceImage = { mimeType: picked.mimeType, contentBase64: await readAsBase64(picked.file) };
      const request = await createPayout(body);
      toast.success({ title: 'Payment created', message: `Scan the QR code to pay ${formatRupees(request.amountPaise)} to ${request.payeeName}.` });
      setCreated(request);
      setPicked(null);
      setFileError(null);
      // The recent payments list below (and the requests of payments/upi/make) now have one more.
      void revalidate();
      return undefined;
    } catch (err) {
      const errors = toSubmitErrors(err) as Record<string, unknown>;
      // The API names the amount in paise; the form has it in rupees.
      if (errors.amountPaise) errors.amount = errors.amountPaise;
      if (errors.invoiceImage) setFileError(String(typeof errors.invoiceImage === 'object' ? Object.values(errors.invoiceImage as object)[0] : errors.invoiceImage));
      return errors;
    }
  }

  return (
    <Stack gap="lg">
      {created ? (
        <CreatedPayment request={created} onAnother={() => setCreated(null)} />
      ) : (
        <Card title="Pay by UPI">
          <Form<Values>
            onSubmit={submit}
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Create UPI payment">
                <Stack gap="md">
                  <TextField name="payeeName" label="Payee name" maxLength={100} validate={VALIDATE.payeeName} />
                  <TextField name="payeeMobile" label="Payee mobile number (+91)" hint="10 digits" inputMode="numeric" parse={mobileDigits} validate={VALIDATE.payeeMobile} />
                  <TextField name="vpa" label="UPI ID (VPA)" hint="like agarwalpharma@okicici" autoComplete="off" validate={VALIDATE.vpa} />
                  <TextField name="amount" label="Amount (₹)" inputMode="decimal" placeholder="0.00" validate={VALIDATE.amount} />
                  <TextField name="note" label="Note (optional)" hint="Shown to you in the UPI app, e.g. the invoice number" maxLength={50} validate={VALIDATE.note} />
                  <InvoiceImagePicker picked={picked} onPick={pick} error={fileError} />
                  <FormError />
                  <div>
                    <Button type="submit" loading={submitting}>
                      Create UPI payment
                    </Button>
                  </div>
                </Stack>
              </form>
            )}
          />
        </Card>
      )}
      <Card title="Recent UPI payments">
        <RecentPayouts />
      </Card>
    </Stack>
  );
}
