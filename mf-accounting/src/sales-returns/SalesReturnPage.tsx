import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { RETURN_DESTINATION_LABELS, RETURN_REASON_LABELS, type CreditNote, type CreditNoteLine, type DocumentParty } from 'shared-api';
import { Card, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { CreditNotePdfButtons } from './CreditNotePdfButtons';
import { useCreditNote } from './sales-returns-api';

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

function lineColumns(supply: CreditNote['supplyKind']): DataTableColumn<CreditNoteLine>[] {
  const taxes: DataTableColumn<CreditNoteLine>[] =
    supply === 'INTRA'
      ? [
          { key: 'cgstPaise', header: 'CGST', align: 'right', render: (l) => formatRupees(l.cgstPaise) },
          { key: 'sgstPaise', header: 'SGST', align: 'right', render: (l) => formatRupees(l.sgstPaise) },
        ]
      : [{ key: 'igstPaise', header: 'IGST', align: 'right', render: (l) => formatRupees(l.igstPaise) }];
  return [
    { key: 'position', header: '#', align: 'right' },
    { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack].filter(Boolean).join(' · ') },
    { key: 'batchNo', header: 'Batch' },
    { key: 'expiryDate', header: 'Expiry', render: (l) => formatDate(l.expiryDate) },
    { key: 'quantity', header: 'Qty', align: 'right' },
    { key: 'freeQuantity', header: 'Free', align: 'right' },
    {
      key: 'ratePaise',
      header: 'Credit rate',
      align: 'right',
      render: (l) => (l.creditPercentBp < 10_000 ? `${formatRupees(l.ratePaise)} (${percent(l.creditPercentBp)} of ${formatRupees(l.invoiceRatePaise)})` : formatRupees(l.ratePaise)),
    },
    { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (l) => formatRupees(l.taxablePaise) },
    { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => percent(l.gstRateBp) },
    ...taxes,
    { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
    { key: 'reason', header: 'Reason', render: (l) => RETURN_REASON_LABELS[l.reason] },
    { key: 'destination', header: 'Goods went to', render: (l) => RETURN_DESTINATION_LABELS[l.destination] },
  ];
}

function Party({ title, party }: { title: string; party: DocumentParty }) {
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
      </DetailList>
    </Card>
  );
}

/** sales/returns/:id: one credit note as issued — the invoice it is against, the lines with where the goods went, totals, PDF. */
export function SalesReturnPage() {
  const { id = '' } = useParams();
  const { data: note, error, mutate } = useCreditNote(id);
  if (error && !note) return <ErrorPanel title="The credit note could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!note) return <Spinner label="Loading credit note" />;
  const { totals } = note;
  return (
    <Stack gap="lg">
      <Card title={`Credit Note ${note.creditNoteNumber}`} actions={<CreditNotePdfButtons note={note} />}>
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
        <Party title="Supplier" party={note.supplier} />
        <Party title="Credit to" party={note.recipient} />
      </Parties>
      <DataTable label="Credit note lines" columns={lineColumns(note.supplyKind)} rows={note.lines} rowKey="position" pageSize={Math.max(note.lines.length, 1)} />
      <Totals aria-label="Credit note totals">
        <dt>Taxable value</dt>
        <dd>{formatRupees(totals.taxablePaise)}</dd>
        {note.supplyKind === 'INTRA' ? (
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
        <dt>Round off</dt>
        <dd>{formatRupees(totals.roundOffPaise)}</dd>
        <dt>Total credit</dt>
        <dd>{formatRupees(totals.totalPaise)}</dd>
        <dt>In words</dt>
        <dd>{note.amountInWords}</dd>
      </Totals>
    </Stack>
  );
}
