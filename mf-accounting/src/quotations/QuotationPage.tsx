import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PAYMENT_MODES, type PaymentMode, type Quotation } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Badge, Button, ButtonLink, Card, DetailList, ErrorPanel, NotFoundState, Select, Spinner, Stack, formatDate, toast } from 'shared-ui';
import { BillLines } from '../instore-sales/BillLines';
import { PAYMENT_LABELS, convertQuotation, downloadQuotationPdf, instoreSalePath, useQuotation } from '../instore-sales/instore-api';

const STATUS = { OPEN: ['info', 'Open'], EXPIRED: ['danger', 'Lapsed'], CONVERTED: ['success', 'Invoiced'] } as const;

/** sales/quotation/:id — a quotation, its PDF, and "Convert to invoice" (once, while valid; stock checked again). */
export function QuotationPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: q, error, mutate } = useQuotation(id);
  const [mode, setMode] = useState<PaymentMode>('CASH');
  const [busy, setBusy] = useState<'PDF' | 'CONVERT' | null>(null);
  // A made-up or mistyped id answers 404 like another unit's quotation: a not-found state, not a failure to retry.
  if (error && !q && error.status === 404) {
    return (
      <NotFoundState
        what="quotation"
        back={
          <ButtonLink to="/sales/instore" variant="secondary">
            Back to In-store Sales
          </ButtonLink>
        }
      />
    );
  }
  if (error && !q) return <ErrorPanel title="The quotation could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!q) return <Spinner label="Loading quotation" />;

  async function act(kind: 'PDF' | 'CONVERT', quotation: Quotation) {
    setBusy(kind);
    try {
      if (kind === 'PDF') await downloadQuotationPdf(quotation);
      else {
        const sale = await convertQuotation(quotation.quotationId, mode);
        toast.success({ title: `Invoice ${sale.invoice.invoiceNumber} issued` });
        navigate(instoreSalePath(sale.invoice.invoiceId));
      }
    } catch (err) {
      toast.error({ title: kind === 'PDF' ? 'The PDF could not be downloaded' : 'The quotation was not invoiced', message: isApiError(err) ? err.message : 'Please try again.' });
      if (kind === 'CONVERT') void mutate();
    } finally {
      setBusy(null);
    }
  }

  const [tone, word] = STATUS[q.status];
  return (
    <Stack gap="lg">
      <Card
        title={`Quotation ${q.quotationNumber}`}
        actions={
          <Button type="button" variant="secondary" size="sm" loading={busy === 'PDF'} onClick={() => void act('PDF', q)}>
            PDF
          </Button>
        }
      >
        <DetailList>
          <dt>Date</dt>
          <dd>{formatDate(q.quotationDate)}</dd>
          <dt>Valid until</dt>
          <dd>{formatDate(q.validUntil)}</dd>
          <dt>To</dt>
          <dd>{q.recipient.unitCode ? `${q.recipient.name} (${q.recipient.unitCode})` : q.recipient.name}</dd>
          <dt>Status</dt>
          <dd>
            <Badge tone={tone}>{word}</Badge>
          </dd>
          {q.invoiceId && (
            <>
              <dt>Invoice</dt>
              <dd>
                <Link to={instoreSalePath(q.invoiceId)}>{q.invoiceNumber}</Link>
              </dd>
            </>
          )}
        </DetailList>
      </Card>
      <BillLines label="Quotation lines" lines={q.lines} totals={q.totals} amountInWords={q.amountInWords} />
      {q.status === 'OPEN' && (
        <Card title="Convert to invoice">
          <Stack direction="row" gap="sm" align="flex-end">
            <Stack gap="xs">
              <label htmlFor="convert-mode">Payment</label>
              <Select id="convert-mode" value={mode} options={PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))} onChange={(e) => setMode(e.target.value as PaymentMode)} />
            </Stack>
            <Button type="button" loading={busy === 'CONVERT'} disabled={busy !== null} onClick={() => void act('CONVERT', q)}>
              Convert to invoice
            </Button>
          </Stack>
        </Card>
      )}
      {q.status === 'EXPIRED' && <p role="status">This quotation lapsed on {formatDate(q.validUntil)}: make a new bill instead.</p>}
    </Stack>
  );
}
