import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PAYMENT_MODES, type PaymentMode } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Badge, Button, ButtonLink, Card, EmptyState, ErrorPanel, Select, Spinner, Stack, TextInput, toast } from 'shared-ui';
import { BillLines } from './BillLines';
import { PAYMENT_LABELS, createQuotation, discardDraft, instoreSalePath, issueCounterSale, readDraft, toCounterDraft, useCounterPreview as useCounterPreviewOf } from './instore-api';

/** A week from today, the default validity of a quotation. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * sales/add-instore/preview/:id — the bill priced by the server (no number taken, no stock moved): near-expiry
 * warnings, a refused batch's reason; then issue it with its payment mode, or save it as a quotation.
 */
export function InstorePreviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const draft = useMemo(() => readDraft(id), [id]);
  const request = useMemo(() => (draft.lines.length ? toCounterDraft(draft) : null), [draft]);
  const { data: preview, error, isLoading, mutate } = useCounterPreviewOf(request);
  const [mode, setMode] = useState<PaymentMode>('CASH');
  const [validUntil, setValidUntil] = useState(inAWeek);
  const [busy, setBusy] = useState<'ISSUE' | 'QUOTE' | null>(null);

  if (!request) return <EmptyState title="This bill has no items" message="Add items to the bill first." action={<ButtonLink to={`/sales/instore-add/${id}`}>Add items</ButtonLink>} />;

  async function run(kind: 'ISSUE' | 'QUOTE') {
    if (!request) return;
    setBusy(kind);
    try {
      if (kind === 'ISSUE') {
        const sale = await issueCounterSale({ ...request, paymentMode: mode });
        discardDraft(id);
        toast.success({ title: `Invoice ${sale.invoice.invoiceNumber} issued` });
        navigate(instoreSalePath(sale.invoice.invoiceId));
      } else {
        const q = await createQuotation({ ...request, validUntil });
        discardDraft(id);
        toast.success({ title: `Quotation ${q.quotationNumber} saved` });
        navigate(`/sales/quotation/${q.quotationId}`);
      }
    } catch (err) {
      toast.error({ title: kind === 'ISSUE' ? 'The invoice was not issued' : 'The quotation was not saved', message: isApiError(err) ? err.message : 'Please try again.' });
      void mutate();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="lg">
      {error ? (
        <ErrorPanel title="This bill cannot be made" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !preview ? (
        <Spinner label="Pricing the bill" />
      ) : (
        <Card title={`Bill to ${preview.recipient.name}`}>
          <Stack gap="sm">
            {preview.warnings.map((w) => (
              <Badge key={w} tone="warning">{`Near expiry: ${w}`}</Badge>
            ))}
            <BillLines label="Bill preview" lines={preview.lines} totals={preview.totals} amountInWords={preview.amountInWords} />
          </Stack>
        </Card>
      )}
      <Card title="Issue">
        <Stack direction="row" gap="sm" align="flex-end" wrap>
          <Stack gap="xs">
            <label htmlFor="payment-mode">Payment</label>
            <Select id="payment-mode" value={mode} options={PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))} onChange={(e) => setMode(e.target.value as PaymentMode)} />
          </Stack>
          <Button type="button" loading={busy === 'ISSUE'} disabled={!preview || busy !== null} onClick={() => void run('ISSUE')}>
            Issue invoice
          </Button>
          <Stack gap="xs">
            <label htmlFor="valid-until">Quotation valid until</label>
            <TextInput id="valid-until" type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
          </Stack>
          <Button type="button" variant="secondary" loading={busy === 'QUOTE'} disabled={!preview || busy !== null} onClick={() => void run('QUOTE')}>
            Save as quotation
          </Button>
          <ButtonLink to={`/sales/add-instore/${id}`} variant="ghost">
            Edit bill
          </ButtonLink>
        </Stack>
      </Card>
    </Stack>
  );
}
