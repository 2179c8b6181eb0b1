import type { DocumentTotals, SalesInvoiceLine } from 'shared-api';
import { DataTable, DetailList, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';

const percent = (bp: number) => `${bp / 100} %`;

const COLUMNS: readonly DataTableColumn<SalesInvoiceLine>[] = [
  { key: 'position', header: '#', align: 'right' },
  { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack].filter(Boolean).join(' · ') },
  { key: 'batchNo', header: 'Batch' },
  { key: 'expiryDate', header: 'Expiry', render: (l) => formatDate(l.expiryDate) },
  { key: 'mrpPaise', header: 'MRP', align: 'right', render: (l) => formatRupees(l.mrpPaise) },
  { key: 'ratePaise', header: 'Rate', align: 'right', render: (l) => formatRupees(l.ratePaise) },
  { key: 'quantity', header: 'Qty', align: 'right' },
  { key: 'discountPaise', header: 'Discount', align: 'right', render: (l) => (l.discountPaise ? `${formatRupees(l.discountPaise)} (${percent(l.discountBp)})` : '—') },
  { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (l) => formatRupees(l.taxablePaise) },
  { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => percent(l.gstRateBp) },
  { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
];

/** The priced lines and totals of a bill preview or a quotation (the issued invoice has its own Rule 46 view). */
export function BillLines({ label, lines, totals, amountInWords }: { label: string; lines: readonly SalesInvoiceLine[]; totals: DocumentTotals; amountInWords: string }) {
  return (
    <>
      <DataTable label={label} columns={COLUMNS} rows={[...lines]} rowKey="position" pageSize={Math.max(lines.length, 1)} />
      <DetailList aria-label={`${label} totals`}>
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
        <dd>{amountInWords}</dd>
      </DetailList>
    </>
  );
}
