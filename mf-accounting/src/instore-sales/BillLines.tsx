import type { DocumentTotals as Totals, SalesInvoiceLine } from 'shared-api';
import { formatRupees, type DataTableColumn } from 'shared-ui';
import { DocumentLines, commonColumns, discountColumn } from '../tax-document/DocumentLines';
import { DocumentTotals } from '../tax-document/DocumentTotals';

const c = commonColumns<SalesInvoiceLine>();
const COLUMNS: readonly DataTableColumn<SalesInvoiceLine>[] = [
  c.position,
  { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack].filter(Boolean).join(' · ') },
  c.batch,
  c.expiry,
  { key: 'mrpPaise', header: 'MRP', align: 'right', render: (l) => formatRupees(l.mrpPaise) },
  { key: 'ratePaise', header: 'Rate', align: 'right', render: (l) => formatRupees(l.ratePaise) },
  c.quantity,
  discountColumn<SalesInvoiceLine>(),
  c.taxable,
  c.gst,
  c.total,
];

/** The priced lines and totals of a bill preview or a quotation (the issued invoice has its own Rule 46 view). */
export function BillLines({ label, lines, totals, amountInWords }: { label: string; lines: readonly SalesInvoiceLine[]; totals: Totals; amountInWords: string }) {
  return (
    <>
      <DocumentLines label={label} columns={COLUMNS} lines={lines} />
      <DocumentTotals label={`${label} totals`} totals={totals} totalLabel="Total" amountInWords={amountInWords} />
    </>
  );
}
