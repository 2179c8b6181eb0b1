import type { DocumentTotals, SalesInvoiceLine } from 'shared-api';

/**
 * The columns every tax-document line table shares (sales invoice, credit note, quotation, purchase bill and
 * debit note lines). Quotation lines have no free quantity; product_id is nullable on the sales side only.
 */
export interface DocumentLineRow<Id extends string | null = string | null> {
  position: number;
  product_id: Id;
  product_name: string;
  manufacturer: string;
  pack: string;
  hsn: string;
  batch_no: string;
  expiry_date: string;
  mrp_paise: number;
  rate_paise: number;
  quantity: number;
  free_quantity?: number;
  discount_bp: number;
  discount_paise: number;
  gross_paise: number;
  taxable_paise: number;
  gst_rate_bp: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** A stored line as the API answers it (Number() because bigint money columns may come back as strings). */
export function toDocumentLine<Id extends string | null>(l: DocumentLineRow<Id>): SalesInvoiceLine & { productId: Id } {
  return {
    position: l.position,
    productId: l.product_id,
    productName: l.product_name,
    manufacturer: l.manufacturer,
    pack: l.pack,
    hsn: l.hsn,
    batchNo: l.batch_no,
    expiryDate: l.expiry_date,
    mrpPaise: l.mrp_paise,
    ratePaise: l.rate_paise,
    quantity: l.quantity,
    freeQuantity: l.free_quantity ?? 0,
    discountBp: l.discount_bp,
    discountPaise: Number(l.discount_paise),
    grossPaise: Number(l.gross_paise),
    taxablePaise: Number(l.taxable_paise),
    gstRateBp: l.gst_rate_bp,
    cgstPaise: Number(l.cgst_paise),
    sgstPaise: Number(l.sgst_paise),
    igstPaise: Number(l.igst_paise),
    totalPaise: Number(l.total_paise),
  };
}

/** The shared columns of a line to insert; the caller adds the document id, position and its table's own columns. */
export function documentLineRow<Id extends string | null>(l: Omit<SalesInvoiceLine, 'position'> & { productId: Id }) {
  return {
    product_id: l.productId,
    product_name: l.productName,
    manufacturer: l.manufacturer,
    pack: l.pack,
    hsn: l.hsn,
    batch_no: l.batchNo,
    expiry_date: l.expiryDate,
    mrp_paise: l.mrpPaise,
    rate_paise: l.ratePaise,
    quantity: l.quantity,
    free_quantity: l.freeQuantity,
    discount_bp: l.discountBp,
    discount_paise: l.discountPaise,
    gross_paise: l.grossPaise,
    taxable_paise: l.taxablePaise,
    gst_rate_bp: l.gstRateBp,
    cgst_paise: l.cgstPaise,
    sgst_paise: l.sgstPaise,
    igst_paise: l.igstPaise,
    total_paise: l.totalPaise,
  };
}

type TotalsColumn = 'gross_paise' | 'discount_paise' | 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'igst_paise' | 'round_off_paise' | 'total_paise';

/** A document's stored totals columns as DocumentTotals. */
export function toDocumentTotals(row: Record<TotalsColumn, number>): DocumentTotals {
  const n = (c: TotalsColumn) => Number(row[c]);
  return {
    grossPaise: n('gross_paise'),
    discountPaise: n('discount_paise'),
    taxablePaise: n('taxable_paise'),
    cgstPaise: n('cgst_paise'),
    sgstPaise: n('sgst_paise'),
    igstPaise: n('igst_paise'),
    taxPaise: n('cgst_paise') + n('sgst_paise') + n('igst_paise'),
    beforeRoundOffPaise: n('total_paise') - n('round_off_paise'),
    roundOffPaise: n('round_off_paise'),
    totalPaise: n('total_paise'),
  };
}

/** DocumentTotals as the totals columns to insert. */
export function documentTotalsRow(t: DocumentTotals): Record<TotalsColumn, number> {
  return {
    gross_paise: t.grossPaise,
    discount_paise: t.discountPaise,
    taxable_paise: t.taxablePaise,
    cgst_paise: t.cgstPaise,
    sgst_paise: t.sgstPaise,
    igst_paise: t.igstPaise,
    round_off_paise: t.roundOffPaise,
    total_paise: t.totalPaise,
  };
}

/** A just-priced line (the writer's extra fields dropped) as the API answers it, numbered from 1 by its index. */
export function pricedDocumentLine<Id extends string | null>(l: Omit<SalesInvoiceLine, 'position'> & { productId: Id }, index: number): SalesInvoiceLine & { productId: Id } {
  return toDocumentLine({ position: index + 1, ...documentLineRow(l) });
}
