import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  RETURN_DESTINATIONS,
  RETURN_DESTINATION_LABELS,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  creditRatePaise,
  type ReturnDestination,
  type ReturnReason,
  type ReturnableInvoice,
  type ReturnableLine,
} from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, DataTable, DetailList, ErrorPanel, Select, Spinner, Stack, TextInput, formatDate, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { createSalesReturn, creditNotePath, findInvoiceByNumber, useReturnableInvoice } from './sales-returns-api';

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;
const Small = styled(TextInput)`
  width: 5.5rem;
`;

interface Draft {
  quantity: string;
  free: string;
  reason: ReturnReason;
  destination: ReturnDestination;
  /** Percent of PTR credited, e.g. '80' for an expiry return at 80 %. */
  percent: string;
}

/** Goods that cannot be sold again go to the non-saleable store; an expired batch never goes back to stock. */
const canRestock = (l: ReturnableLine) => l.restockable && !l.expired;
const initialDraft = (l: ReturnableLine): Draft => ({ quantity: '0', free: '0', reason: l.expired ? 'EXPIRED' : 'OTHER', destination: canRestock(l) ? 'SALEABLE' : 'NON_SALEABLE', percent: '100' });
const REASON_OPTIONS = RETURN_REASONS.map((r) => ({ value: r, label: RETURN_REASON_LABELS[r] }));
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);
/** '80' → 8000 basis points; NaN unless 0.01–100 with at most two decimals. */
const percentBp = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : NaN);

/** The invoice to return against, by its number. */
function InvoicePicker({ onFound }: { onFound: (invoiceId: string) => void }) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function find(e: FormEvent) {
    e.preventDefault();
    if (!number.trim()) return;
    setBusy(true);
    setError(null);
    try {
      onFound((await findInvoiceByNumber(number.trim())).invoiceId);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The invoice could not be found');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title="Invoice">
      <form onSubmit={(e) => void find(e)}>
        <Stack direction="row" gap="sm" align="center">
          <TextInput aria-label="Invoice number" placeholder="INV/26-27/000001" value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            Find invoice
          </Button>
        </Stack>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </form>
    </Card>
  );
}

function ReturnLines({ invoice }: { invoice: ReturnableInvoice }) {
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() => Object.fromEntries(invoice.lines.map((l) => [l.position, initialDraft(l)])));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const patch = (position: number, p: Partial<Draft>) => setDrafts((d) => ({ ...d, [position]: { ...d[position]!, ...p } }));
  const nothingLeft = invoice.lines.every((l) => l.returnableQuantity + l.returnableFreeQuantity === 0);

  function returnEverything() {
    setDrafts((d) => Object.fromEntries(invoice.lines.map((l) => [l.position, { ...d[l.position]!, quantity: String(l.returnableQuantity), free: String(l.returnableFreeQuantity) }])));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems: string[] = [];
    const lines = invoice.lines.flatMap((l) => {
      const d = drafts[l.position]!;
      const quantity = wholeNumber(d.quantity);
      const free = wholeNumber(d.free);
      const bp = percentBp(d.percent);
      const name = `Line ${l.position} (${l.productName}, ${l.batchNo})`;
      if (Number.isNaN(quantity) || Number.isNaN(free)) return problems.push(`${name}: quantities are whole numbers`), [];
      if (quantity + free === 0) return [];
      if (quantity > l.returnableQuantity) problems.push(`${name}: at most ${l.returnableQuantity} can be returned`);
      if (free > l.returnableFreeQuantity) problems.push(`${name}: at most ${l.returnableFreeQuantity} free can be returned`);
      if (Number.isNaN(bp) || bp < 1 || bp > 10_000) problems.push(`${name}: the credit is a percentage of PTR up to 100`);
      return [{ invoicePosition: l.position, quantity, freeQuantity: free, reason: d.reason, destination: d.destination, ...(bp < 10_000 && { creditPercentBp: bp }) }];
    });
    if (!lines.length && !problems.length) problems.push('Enter the quantity returned on at least one line');
    setErrors(problems);
    if (problems.length) return;
    setBusy(true);
    try {
      const created = await createSalesReturn({ invoiceId: invoice.invoiceId, lines, ...(note.trim() && { note: note.trim() }) });
      toast.success({ title: `Credit note ${created.creditNoteNumber} issued`, message: `${formatRupees(created.totals.totalPaise)} credited to ${invoice.partyName}` });
      navigate(creditNotePath(created.creditNoteId));
    } catch (err) {
      setErrors([isApiError(err) ? err.message : 'The credit note could not be issued. Please try again.']);
    } finally {
      setBusy(false);
    }
  }

  const columns: DataTableColumn<ReturnableLine>[] = [
    { key: 'position', header: '#', align: 'right' },
    { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack].filter(Boolean).join(' · ') },
    { key: 'batchNo', header: 'Batch' },
    { key: 'expiryDate', header: 'Expiry', render: (l) => `${formatDate(l.expiryDate)}${l.expired ? ' (expired)' : ''}` },
    { key: 'quantity', header: 'Invoiced', align: 'right', render: (l) => (l.freeQuantity ? `${l.quantity} + ${l.freeQuantity} free` : String(l.quantity)) },
    { key: 'returnableQuantity', header: 'Returnable', align: 'right', render: (l) => (l.freeQuantity ? `${l.returnableQuantity} + ${l.returnableFreeQuantity} free` : String(l.returnableQuantity)) },
    {
      key: 'returnQty',
      header: 'Return qty',
      render: (l) => <Small aria-label={`Return quantity ${l.position}`} inputMode="numeric" value={drafts[l.position]!.quantity} disabled={l.returnableQuantity === 0} onChange={(e) => patch(l.position, { quantity: e.currentTarget.value })} />,
    },
    {
      key: 'returnFree',
      header: 'Free',
      render: (l) => <Small aria-label={`Return free ${l.position}`} inputMode="numeric" value={drafts[l.position]!.free} disabled={l.returnableFreeQuantity === 0} onChange={(e) => patch(l.position, { free: e.currentTarget.value })} />,
    },
    {
      key: 'reason',
      header: 'Reason',
      render: (l) => <Select aria-label={`Reason ${l.position}`} options={REASON_OPTIONS} value={drafts[l.position]!.reason} onChange={(e) => patch(l.position, { reason: e.currentTarget.value as ReturnReason })} />,
    },
    {
      key: 'destination',
      header: 'Goods go to',
      render: (l) => (
        <Select
          aria-label={`Goods go to ${l.position}`}
          options={RETURN_DESTINATIONS.map((d) => ({ value: d, label: RETURN_DESTINATION_LABELS[d], disabled: d === 'SALEABLE' && !canRestock(l) }))}
          value={drafts[l.position]!.destination}
          onChange={(e) => patch(l.position, { destination: e.currentTarget.value as ReturnDestination })}
        />
      ),
    },
    {
      key: 'percent',
      header: 'Credit % of PTR',
      render: (l) => <Small aria-label={`Credit percent ${l.position}`} inputMode="decimal" value={drafts[l.position]!.percent} onChange={(e) => patch(l.position, { percent: e.currentTarget.value })} />,
    },
    {
      key: 'ratePaise',
      header: 'Credit rate',
      align: 'right',
      render: (l) => {
        const bp = percentBp(drafts[l.position]!.percent);
        return bp >= 1 && bp <= 10_000 ? formatRupees(creditRatePaise(l.ratePaise, bp)) : '—';
      },
    },
  ];

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Sales return">
      <Stack gap="lg">
        <Card
          title={`Invoice ${invoice.invoiceNumber}`}
          actions={
            <Button type="button" variant="secondary" disabled={nothingLeft} onClick={returnEverything}>
              Return everything
            </Button>
          }
        >
          <DetailList>
            <dt>Customer</dt>
            <dd>{invoice.partyUnitCode ? `${invoice.partyName} (${invoice.partyUnitCode})` : invoice.partyName}</dd>
            <dt>Invoice date</dt>
            <dd>{formatDate(invoice.invoiceDate)}</dd>
            <dt>Invoice total</dt>
            <dd>{formatRupees(invoice.totalPaise)}</dd>
          </DetailList>
        </Card>
        {nothingLeft && <ErrorText>Everything on this invoice has already been returned.</ErrorText>}
        <DataTable label="Returnable lines" columns={columns} rows={invoice.lines} rowKey="position" pageSize={Math.max(invoice.lines.length, 1)} />
        <p>
          Tax is credited at the invoice&apos;s own GST rates. For expiry returns credited at an agreed share of PTR, enter the percentage (e.g. 80): the rate is PTR × percent, rounded to the paisa.
        </p>
        <TextInput aria-label="Note" placeholder="Note on the credit note (optional)" value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
        {errors.length > 0 && (
          <div role="alert">
            {errors.map((m) => (
              <ErrorText key={m}>{m}</ErrorText>
            ))}
          </div>
        )}
        <div>
          <Button type="submit" loading={busy} disabled={nothingLeft}>
            Issue credit note
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function ReturnForm({ invoiceId }: { invoiceId: string }) {
  const { data, error, mutate } = useReturnableInvoice(invoiceId);
  if (error && !data) return <ErrorPanel title="The invoice could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading invoice" />;
  return <ReturnLines invoice={data} />;
}

/**
 * sales/returns/new(?invoiceId=): goods taken back against one of the seller's invoices — found by its number or
 * reached from the invoice — line by line with how many, why, and where they go; issues the credit note.
 */
export function NewSalesReturnPage() {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoiceId') ?? '';
  return (
    <Stack gap="lg">
      <InvoicePicker onFound={(id) => setParams({ invoiceId: id })} />
      {invoiceId && <ReturnForm key={invoiceId} invoiceId={invoiceId} />}
    </Stack>
  );
}
