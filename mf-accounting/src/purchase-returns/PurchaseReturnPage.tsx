import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DebitNote } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, ButtonLink, Card, DetailList, ErrorPanel, NotFoundState, Spinner, Stack, formatDate, formatRupees, toast, type DataTableColumn } from 'shared-ui';
import { billPath } from '../purchase-bills/purchase-bills-api';
import { IrnPanel } from '../e-invoices/IrnPanel';
import { DocumentLines, commonColumns } from '../tax-document/DocumentLines';
import { DocumentTotals } from '../tax-document/DocumentTotals';
import { downloadDebitNotePdf, usePurchaseReturn } from './purchase-returns-api';

type Line = DebitNote['lines'][number];
const c = commonColumns<Line>();
const COLUMNS: readonly DataTableColumn<Line>[] = [
  c.position,
  { key: 'productName', header: 'Product', render: (l) => `${l.productName} · ${l.pack}` },
  c.batch,
  c.expiry,
  c.quantity,
  c.free,
  { key: 'ratePaise', header: 'Rate', align: 'right', render: (l) => formatRupees(l.ratePaise) },
  c.taxable,
  c.gst,
  c.total,
];

/** purchases/returns/:id: one debit note with its lines, totals and PDF. */
export function PurchaseReturnPage() {
  const { id = '' } = useParams();
  const { data: note, error, mutate } = usePurchaseReturn(id);
  const [busy, setBusy] = useState(false);
  // A made-up or mistyped id answers 404 like another unit's debit note: a not-found state, not a failure to retry.
  if (error && !note && error.status === 404) {
    return (
      <NotFoundState
        what="debit note"
        back={
          <ButtonLink to="/purchases/returns" variant="secondary">
            Back to Purchase Returns
          </ButtonLink>
        }
      />
    );
  }
  if (error && !note) return <ErrorPanel title="This debit note could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!note) return <Spinner label="Loading the debit note" />;

  async function download(n: DebitNote) {
    setBusy(true);
    try {
      await downloadDebitNotePdf(n);
    } catch (err) {
      toast.error({ title: 'The PDF could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="lg">
      <Card
        title={`Debit Note ${note.noteNumber}`}
        actions={
          <Button type="button" variant="secondary" size="sm" loading={busy} onClick={() => void download(note)}>
            PDF
          </Button>
        }
      >
        <DetailList>
          <dt>Date</dt>
          <dd>{formatDate(note.noteDate)}</dd>
          <dt>Supplier</dt>
          <dd>{note.supplier.name}</dd>
          <dt>Against bill</dt>
          <dd>
            <Link to={billPath(note.billId)}>{note.billNumber}</Link>
          </dd>
          <dt>Reason</dt>
          <dd>{note.reason}</dd>
        </DetailList>
      </Card>
      {note.eInvoice && <IrnPanel eInvoice={note.eInvoice} onChange={(eInvoice) => mutate({ ...note, eInvoice })} />}
      <DocumentLines label="Debit note lines" columns={COLUMNS} lines={note.lines} />
      <DocumentTotals label="Debit note totals" totals={note.totals} totalLabel="Total" amountInWords={note.amountInWords} />
    </Stack>
  );
}
