import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DebitNote } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatRupees, toast, type DataTableColumn } from 'shared-ui';
import { billPath } from '../purchase-bills/purchase-bills-api';
import { downloadDebitNotePdf, usePurchaseReturn } from './purchase-returns-api';

type Line = DebitNote['lines'][number];
const COLUMNS: readonly DataTableColumn<Line>[] = [
  { key: 'position', header: '#', align: 'right' },
  { key: 'productName', header: 'Product', render: (l) => `${l.productName} · ${l.pack}` },
  { key: 'batchNo', header: 'Batch' },
  { key: 'expiryDate', header: 'Expiry', render: (l) => formatDate(l.expiryDate) },
  { key: 'quantity', header: 'Qty', align: 'right' },
  { key: 'freeQuantity', header: 'Free', align: 'right' },
  { key: 'ratePaise', header: 'Rate', align: 'right', render: (l) => formatRupees(l.ratePaise) },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (l) => formatRupees(l.taxablePaise) },
  { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => `${l.gstRateBp / 100} %` },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
];

/** purchases/returns/:id: one debit note with its lines, totals and PDF. */
export function PurchaseReturnPage() {
  const { id = '' } = useParams();
  const { data: note, error, mutate } = usePurchaseReturn(id);
  const [busy, setBusy] = useState(false);
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
  const { totals } = note;
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
      <DataTable label="Debit note lines" columns={COLUMNS} rows={note.lines} rowKey="position" pageSize={Math.max(note.lines.length, 1)} />
      <DetailList aria-label="Debit note totals">
        <dt>Taxable value</dt>
        <dd>{formatRupees(totals.taxablePaise)}</dd>
        <dt>GST</dt>
        <dd>{formatRupees(totals.taxPaise)}</dd>
        <dt>Round-off</dt>
        <dd>{formatRupees(totals.roundOffPaise)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatRupees(totals.totalPaise)}</strong>
        </dd>
        <dt>In words</dt>
        <dd>{note.amountInWords}</dd>
      </DetailList>
    </Stack>
  );
}
