import type { SalesInvoiceLine, SupplyKind } from 'shared-api';
import { DataTable, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';

export const percent = (bp: number) => `${bp / 100} %`;

interface TaxedLine {
  expiryDate: string;
  gstRateBp: number;
  taxablePaise: number;
  totalPaise: number;
}

type Common = 'position' | 'batch' | 'expiry' | 'quantity' | 'free' | 'taxable' | 'gst' | 'total';

/** The columns every tax document's lines share (same keys, headers and formatting everywhere). */
export function commonColumns<L extends TaxedLine>(): Record<Common, DataTableColumn<L>> {
  return {
    position: { key: 'position', header: '#', align: 'right' },
    batch: { key: 'batchNo', header: 'Batch' },
    expiry: { key: 'expiryDate', header: 'Expiry', render: (l) => formatDate(l.expiryDate) },
    quantity: { key: 'quantity', header: 'Qty', align: 'right' },
    free: { key: 'freeQuantity', header: 'Free', align: 'right' },
    taxable: { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (l) => formatRupees(l.taxablePaise) },
    gst: { key: 'gstRateBp', header: 'GST', align: 'right', render: (l) => percent(l.gstRateBp) },
    total: { key: 'totalPaise', header: 'Total', align: 'right', render: (l) => formatRupees(l.totalPaise) },
  };
}

/** The discount in rupees and, when it was given as one, the percentage. */
export function discountColumn<L extends { discountPaise: number; discountBp?: number }>(): DataTableColumn<L> {
  return {
    key: 'discountPaise',
    header: 'Discount',
    align: 'right',
    render: (l) => (l.discountPaise ? `${formatRupees(l.discountPaise)}${l.discountBp ? ` (${percent(l.discountBp)})` : ''}` : '—'),
  };
}

/** Rule 46: inside the state CGST + SGST, across states IGST; the other pair's columns would only hold zeros. */
export function taxColumns<L extends { cgstPaise: number; sgstPaise: number; igstPaise: number }>(supply: SupplyKind): DataTableColumn<L>[] {
  return supply === 'INTRA'
    ? [
        { key: 'cgstPaise', header: 'CGST', align: 'right', render: (l) => formatRupees(l.cgstPaise) },
        { key: 'sgstPaise', header: 'SGST', align: 'right', render: (l) => formatRupees(l.sgstPaise) },
      ]
    : [{ key: 'igstPaise', header: 'IGST', align: 'right', render: (l) => formatRupees(l.igstPaise) }];
}

/** The full Rule 46 lines of a tax invoice, ours (rate "PTR") or a supplier's bill (rate "Rate"). */
export function taxInvoiceColumns<L extends SalesInvoiceLine>(supply: SupplyKind, rateHeader: string): DataTableColumn<L>[] {
  const c = commonColumns<L>();
  return [
    c.position,
    { key: 'productName', header: 'Product', render: (l) => [l.productName, l.pack, l.manufacturer].filter(Boolean).join(' · ') },
    { key: 'hsn', header: 'HSN' },
    c.batch,
    c.expiry,
    { key: 'mrpPaise', header: 'MRP', align: 'right', render: (l) => formatRupees(l.mrpPaise) },
    { key: 'ratePaise', header: rateHeader, align: 'right', render: (l) => formatRupees(l.ratePaise) },
    c.quantity,
    c.free,
    discountColumn<L>(),
    c.taxable,
    c.gst,
    ...taxColumns<L>(supply),
    c.total,
  ];
}

/** Every line on one page: a tax document is never read a page at a time. */
export function DocumentLines<L extends { position: number }>({ label, columns, lines }: { label: string; columns: readonly DataTableColumn<L>[]; lines: readonly L[] }) {
  return <DataTable label={label} columns={columns} rows={lines} rowKey="position" pageSize={Math.max(lines.length, 1)} />;
}
