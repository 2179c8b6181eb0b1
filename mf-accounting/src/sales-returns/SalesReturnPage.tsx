import { useParams } from 'react-router-dom';
import { RETURN_DESTINATION_LABELS, RETURN_REASON_LABELS, type CreditNoteLine, type SupplyKind } from 'shared-api';
import { ButtonLink, Card, DetailList, ErrorPanel, NotFoundState, Spinner, Stack, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';
import { DocumentLines, commonColumns, percent, taxColumns } from '../tax-document/DocumentLines';
import { DocumentTotals } from '../tax-document/DocumentTotals';
import { Parties, PartyCard } from '../tax-document/PartyCard';
import { PdfButtons } from '../tax-document/PdfButtons';
import { downloadCreditNotePdf, useCreditNote } from './sales-returns-api';

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
      <Parties>
        <PartyCard title="Supplier" party={note.supplier} />
        <PartyCard title="Credit to" party={note.recipient} />
      </Parties>
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
