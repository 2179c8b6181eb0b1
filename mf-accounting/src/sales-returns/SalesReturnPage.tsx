import { useParams } from 'react-router-dom';
import { useState } from 'react';
import { RETURN_DESTINATION_LABELS, RETURN_REASON_LABELS, type CreditNote, type CreditNoteLine, type RefundCreditNote, type SupplyKind } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, ButtonLink, Card, DetailList, ErrorPanel, NotFoundState, Select, Spinner, Stack, formatDate, formatRupees, toast, type DataTableColumn } from 'shared-ui';
import { IrnPanel } from '../e-invoices/IrnPanel';
import { DocumentLines, commonColumns, percent, taxColumns } from '../tax-document/DocumentLines';
import { DocumentTotals } from '../tax-document/DocumentTotals';
import { Parties, PartyCard } from '../tax-document/PartyCard';
import { PdfButtons } from '../tax-document/PdfButtons';
import { downloadCreditNotePdf, refundCreditNote, useCreditNote } from './sales-returns-api';

const lineColumns = (supply: SupplyKind): DataTableColumn<CreditNoteLine>[] => {
  const c = commonColumns<CreditNoteLine>();
  return [
    c.position,
    { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack].filter(Boolean).join(' · ') },
    c.batch,
    c.expiry,
    c.quantity,
    c.free,
    {
      key: 'ratePaise',
      header: 'Credit rate',
      align: 'right',
      render: (l) => (l.creditPercentBp < 10_000 ? `${formatRupees(l.ratePaise)} (${percent(l.creditPercentBp)} of ${formatRupees(l.invoiceRatePaise)})` : formatRupees(l.ratePaise)),
    },
    c.taxable,
    c.gst,
    ...taxColumns<CreditNoteLine>(supply),
    c.total,
    { key: 'reason', header: 'Reason', render: (l) => RETURN_REASON_LABELS[l.reason] },
    { key: 'destination', header: 'Goods went to', render: (l) => RETURN_DESTINATION_LABELS[l.destination] },
  ];
};

/** sales/returns/:id: one credit note as issued — the invoice it is against, the lines with where the goods went, totals, PDF. */
type RefundMethod = RefundCreditNote['method'];
const REFUND_METHODS: { value: RefundMethod; label: string }[] = [
  { value: 'CASH', label: 'Cash' },
  { value: 'UPI', label: 'UPI' },
  { value: 'BANK_TRANSFER', label: 'Bank transfer' },
];

/** A walk-in buyer's credit note on a paid sale: pay the money back (once), and the refunds made. */
function Refund({ note, onRefunded }: { note: CreditNote; onRefunded: (note: CreditNote) => void }) {
  const [method, setMethod] = useState<RefundMethod>('CASH');
  const [busy, setBusy] = useState(false);
  if (note.refundablePaise <= 0 && note.refunds.length === 0) return null;
  const refund = async () => {
    setBusy(true);
    try {
      const updated = await refundCreditNote(note.creditNoteId, { method });
      toast.success({ title: `${formatRupees(note.refundablePaise)} paid back to the buyer` });
      onRefunded(updated);
    } catch (err) {
      toast.error({ title: 'The refund was not recorded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Refund to the buyer">
      <Stack gap="sm">
        {note.refunds.map((r) => (
          <p key={r.voucherNumber}>{`${formatRupees(r.amountPaise)} paid back on ${formatDate(r.date)} (${r.voucherNumber})`}</p>
        ))}
        {note.refundablePaise > 0 && (
          <Stack direction="row" gap="sm" align="flex-end" wrap>
            <Stack gap="xs">
              <label htmlFor="refund-method">Paid back by</label>
              <Select id="refund-method" value={method} options={REFUND_METHODS} onChange={(e) => setMethod(e.target.value as RefundMethod)} />
            </Stack>
            <Button type="button" loading={busy} disabled={busy} onClick={() => void refund()}>
              {`Refund ${formatRupees(note.refundablePaise)}`}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export function SalesReturnPage() {
  const { id = '' } = useParams();
  const { data: note, error, mutate } = useCreditNote(id);
  // A made-up or mistyped id answers 404 like another unit's credit note: a not-found state, not a failure to retry.
  if (error && !note && error.status === 404) {
    return (
      <NotFoundState
        what="credit note"
        back={
          <ButtonLink to="/sales/returns" variant="secondary">
            Back to Sales Returns
          </ButtonLink>
        }
      />
    );
  }
  if (error && !note) return <ErrorPanel title="The credit note could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!note) return <Spinner label="Loading credit note" />;
  return (
    <Stack gap="lg">
      <Card title={`Credit Note ${note.creditNoteNumber}`} actions={<PdfButtons documentNumber={note.creditNoteNumber} download={(paper) => downloadCreditNotePdf(note, paper)} />}>
        <DetailList>
          <dt>Date</dt>
          <dd>{formatDate(note.creditNoteDate)}</dd>
          <dt>Against invoice</dt>
          <dd>
            {note.invoiceNumber} of {formatDate(note.invoiceDate)}
          </dd>
          <dt>Place of supply</dt>
          <dd>
            {note.placeOfSupply.name} ({note.placeOfSupply.code})
          </dd>
          {note.note && (
            <>
              <dt>Note</dt>
              <dd>{note.note}</dd>
            </>
          )}
        </DetailList>
      </Card>
      {note.eInvoice && <IrnPanel eInvoice={note.eInvoice} canAct={note.callerSide === 'SELLER'} onChange={(eInvoice) => mutate({ ...note, eInvoice })} />}
      <Parties>
        <PartyCard title="Supplier" party={note.supplier} />
        <PartyCard title="Credit to" party={note.recipient} />
      </Parties>
      <Refund note={note} onRefunded={(updated) => void mutate(updated, { revalidate: false })} />
      <DocumentLines label="Credit note lines" columns={lineColumns(note.supplyKind)} lines={note.lines} />
      <DocumentTotals
        label="Credit note totals"
        totals={note.totals}
        supplyKind={note.supplyKind}
        roundOffLabel="Round off"
        totalLabel="Total credit"
        strongTotal={false}
        amountInWords={note.amountInWords}
      />
    </Stack>
  );
}
