import { sql } from 'kysely';
import { financialYear, type DocumentParty, type DocumentTotals, type SalesInvoiceLine } from 'shared-api';
import type { Database } from '../../db/database';
import { notCancelled } from '../cancellations/books';
import { documentLineRow, documentTotalsRow } from '../ledger/document-lines';
import { TAKEN, type NumberedWrite } from '../ledger/numbering';

export interface NewInvoice {
  id: string;
  unitId: string;
  date: string;
  orderId: string | null;
  buyerUnitId: string | null;
  supplier: DocumentParty;
  recipient: DocumentParty;
  placeOfSupply: string;
  supplyKind: 'INTRA' | 'INTER';
  totals: DocumentTotals;
  amountInWords: string;
  voucherId: string;
  /** The buyer's credit terms at issue (credit/standing.ts); absent: due on receipt (counter sales). */
  credit?: { creditDays: number | null; dueDate: string };
  lines: (Omit<SalesInvoiceLine, 'position'> & { batchId: string | null; orderLineId: string | null })[];
  createdBy: string;
  at: Date;
}

/**
 * An issued invoice and its lines as rows (the caller's transaction posts its voucher), printing the number
 * takeNumberWith takes in the statement that writes them (invoices from orders and counter sales alike).
 */
export function invoiceRows(inv: NewInvoice): NumberedWrite[] {
  return [
    {
      table: 'sales_invoices',
      rows: [
        {
          id: inv.id,
          unit_id: inv.unitId,
          series: 'INV',
          financial_year: financialYear(inv.date),
          serial: TAKEN.serial,
          invoice_number: TAKEN.number,
          invoice_date: inv.date,
          order_id: inv.orderId,
          buyer_unit_id: inv.buyerUnitId,
          recipient_name: inv.recipient.name,
          recipient_gstin: inv.recipient.gstin,
          supplier: JSON.stringify(inv.supplier),
          recipient: JSON.stringify(inv.recipient),
          place_of_supply: inv.placeOfSupply,
          supply_kind: inv.supplyKind,
          reverse_charge: false,
          item_count: inv.lines.length,
          ...documentTotalsRow(inv.totals),
          amount_in_words: inv.amountInWords,
          voucher_id: inv.voucherId,
          credit_days: inv.credit?.creditDays ?? null,
          due_date: inv.credit?.dueDate ?? null,
          created_by: inv.createdBy,
          created_at: inv.at,
        },
      ],
    },
    {
      table: 'sales_invoice_lines',
      rows: inv.lines.map((l, i) => ({
        invoice_id: inv.id,
        position: i + 1,
        batch_id: l.batchId,
        order_line_id: l.orderLineId,
        ...documentLineRow(l),
      })),
    },
  ];
}

/** An invoice the unit issued or received (null otherwise), with its order's number. */
export function findInvoice(db: Database, invoiceId: string, unitId: string) {
  return db
    .selectFrom('sales_invoices as i')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .selectAll('i')
    .select('o.order_number')
    .where('i.id', '=', invoiceId)
    .where((eb) => eb.or([eb('i.unit_id', '=', unitId), eb('i.buyer_unit_id', '=', unitId)]))
    .executeTakeFirst();
}

export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

export function invoiceLines(db: Database, invoiceId: string) {
  return db.selectFrom('sales_invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute();
}

export interface SalesFilter {
  unitId: string;
  from?: string;
  to?: string;
  partyUnitCode?: string;
  channel?: 'ONLINE' | 'COUNTER';
  /** Cancelled invoices too (GSTR-1 Table 13 counts them); every list, register and return leaves them out. */
  withCancelled?: boolean;
}

/** The seller's invoices in a period (dates inclusive), optionally with one party; cancelled ones left out (issue 34). */
export function salesOf(db: Database, f: SalesFilter) {
  let query = db.selectFrom('sales_invoices as i').where('i.unit_id', '=', f.unitId);
  if (!f.withCancelled) query = query.where(notCancelled('i.id'));
  if (f.from) query = query.where('i.invoice_date', '>=', f.from);
  if (f.to) query = query.where('i.invoice_date', '<=', f.to);
  if (f.channel) query = query.where('i.order_id', f.channel === 'ONLINE' ? 'is not' : 'is', null);
  if (f.partyUnitCode) {
    const code = f.partyUnitCode;
    query = query.where('i.buyer_unit_id', '=', (eb) => eb.selectFrom('units').select('id').where('unit_code', '=', code));
  }
  return query;
}

/**
 * Rows of the invoice list and the register: one page, in the given order. The page's ids are found first (from the
 * (unit, date, serial) index), so a deep page does not read the party blocks and orders of the rows it skips.
 */
export function salesRows(db: Database, f: SalesFilter, order: 'newest' | 'register', page: { offset: number; limit: number }) {
  const direction = order === 'newest' ? 'desc' : 'asc';
  const ids = salesOf(db, f).select(['i.id', 'i.invoice_date', 'i.serial']).orderBy('i.invoice_date', direction).orderBy('i.serial', direction).offset(page.offset).limit(page.limit);
  return db
    .selectFrom(ids.as('p'))
    .innerJoin('sales_invoices as i', 'i.id', 'p.id')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.invoice_number',
      'i.invoice_date',
      'o.order_number',
      'i.recipient_name',
      sql<string | null>`i.recipient ->> 'unitCode'`.as('party_unit_code'),
      'i.recipient_gstin',
      'i.place_of_supply',
      'i.item_count',
      'i.taxable_paise',
      'i.cgst_paise',
      'i.sgst_paise',
      'i.igst_paise',
      'i.round_off_paise',
      'i.total_paise',
    ])
    .orderBy('p.invoice_date', direction)
    .orderBy('p.serial', direction)
    .execute();
}

/** Count and sums of the seller's invoices in a period. */
export function salesTotals(db: Database, f: SalesFilter) {
  return salesOf(db, f)
    .select([
      sql<number>`count(*)::int`.as('invoice_count'),
      sql<number>`coalesce(sum(i.taxable_paise), 0)::bigint`.as('taxable'),
      sql<number>`coalesce(sum(i.cgst_paise), 0)::bigint`.as('cgst'),
      sql<number>`coalesce(sum(i.sgst_paise), 0)::bigint`.as('sgst'),
      sql<number>`coalesce(sum(i.igst_paise), 0)::bigint`.as('igst'),
      sql<number>`coalesce(sum(i.round_off_paise), 0)::bigint`.as('round_off'),
      sql<number>`coalesce(sum(i.total_paise), 0)::bigint`.as('total'),
    ])
    .executeTakeFirstOrThrow();
}

/** Sales of a period by HSN and rate (GSTR-1 table 12). */
export function hsnRows(db: Database, f: SalesFilter) {
  return salesOf(db, f)
    .innerJoin('sales_invoice_lines as l', 'l.invoice_id', 'i.id')
    .select([
      'l.hsn',
      'l.gst_rate_bp',
      sql<number>`sum(l.quantity + l.free_quantity)::bigint`.as('quantity'),
      sql<number>`sum(l.taxable_paise)::bigint`.as('taxable'),
      sql<number>`sum(l.cgst_paise)::bigint`.as('cgst'),
      sql<number>`sum(l.sgst_paise)::bigint`.as('sgst'),
      sql<number>`sum(l.igst_paise)::bigint`.as('igst'),
      sql<number>`sum(l.total_paise)::bigint`.as('total'),
    ])
    .groupBy(['l.hsn', 'l.gst_rate_bp'])
    .orderBy('l.hsn')
    .orderBy('l.gst_rate_bp')
    .execute();
}
