import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { notCancelled } from '../cancellations/books';
import { salesOf } from '../sales/repository';

/*
 * What the returns read. Invoices come through the sales register's own filter (sales/repository.ts salesOf), so a
 * return and the register can never disagree on which invoices a month holds.
 */

export interface Month {
  unitId: string;
  from: string;
  to: string;
}

const taxSums = (prefix: 'l' | 'c') =>
  [
    sql<number>`sum(${sql.ref(`${prefix}.taxable_paise`)})::bigint`.as('taxable'),
    sql<number>`sum(${sql.ref(`${prefix}.igst_paise`)})::bigint`.as('igst'),
    sql<number>`sum(${sql.ref(`${prefix}.cgst_paise`)})::bigint`.as('cgst'),
    sql<number>`sum(${sql.ref(`${prefix}.sgst_paise`)})::bigint`.as('sgst'),
  ] as const;

/** The month's invoices (online and counter), one row per invoice and GST rate, in register order. */
export function invoiceRateRows(db: Database, m: Month) {
  return salesOf(db, m)
    .innerJoin('sales_invoice_lines as l', 'l.invoice_id', 'i.id')
    .select([
      'i.id',
      'i.invoice_number',
      'i.invoice_date',
      'i.recipient_name',
      'i.recipient_gstin',
      'i.place_of_supply',
      'i.supply_kind',
      'i.reverse_charge',
      'i.total_paise',
      'l.gst_rate_bp',
      ...taxSums('l'),
    ])
    // i.id is the key of sales_invoices: its other columns need not be grouped by.
    .groupBy(['i.id', 'l.gst_rate_bp'])
    .orderBy('i.invoice_date')
    .orderBy('i.serial')
    .orderBy('l.gst_rate_bp')
    .execute();
}
export type InvoiceRateRow = Awaited<ReturnType<typeof invoiceRateRows>>[number];

/** The month's credit notes, one row per note and GST rate, with the invoice each one credits. */
export function creditNoteRateRows(db: Database, m: Month) {
  return db
    .selectFrom('credit_notes as n')
    .innerJoin('credit_note_lines as c', 'c.credit_note_id', 'n.id')
    .innerJoin('sales_invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.id',
      'n.credit_note_number',
      'n.credit_note_date',
      'n.recipient_name',
      'n.recipient_gstin',
      'n.place_of_supply',
      'n.supply_kind',
      'n.total_paise',
      'i.invoice_number',
      'i.total_paise as invoice_total_paise',
      'c.gst_rate_bp',
      ...taxSums('c'),
    ])
    .where('n.unit_id', '=', m.unitId)
    .where('n.credit_note_date', '>=', m.from)
    .where('n.credit_note_date', '<=', m.to)
    .where(notCancelled('n.id'))
    .groupBy(['n.id', 'i.id', 'c.gst_rate_bp'])
    .orderBy('n.credit_note_date')
    .orderBy('n.serial')
    .orderBy('c.gst_rate_bp')
    .execute();
}
export type CreditNoteRateRow = Awaited<ReturnType<typeof creditNoteRateRows>>[number];

/** Whether a document's recipient is registered (has a GSTIN): table 12's B2B half, else its B2C half. */
const registered = (prefix: 'i' | 'n') => sql<boolean>`coalesce(trim(${sql.ref(`${prefix}.recipient_gstin`)}), '') <> ''`;

/**
 * Units (charged + free, as the sales HSN summary counts them) and values by HSN, rate and pack, and by whether the
 * buyer is registered, invoiced …
 */
export function invoicedHsnRows(db: Database, m: Month) {
  return salesOf(db, m)
    .innerJoin('sales_invoice_lines as l', 'l.invoice_id', 'i.id')
    .select([
      'l.hsn',
      'l.gst_rate_bp',
      'l.pack',
      registered('i').as('registered'),
      sql<string>`min(l.product_name)`.as('product_name'),
      sql<number>`sum(l.quantity + l.free_quantity)::bigint`.as('quantity'),
      ...taxSums('l'),
    ])
    .groupBy(['l.hsn', 'l.gst_rate_bp', 'l.pack', registered('i')])
    .execute();
}

/** … and credited back in the month. */
export function creditedHsnRows(db: Database, m: Month) {
  return db
    .selectFrom('credit_notes as n')
    .innerJoin('credit_note_lines as c', 'c.credit_note_id', 'n.id')
    .select([
      'c.hsn',
      'c.gst_rate_bp',
      'c.pack',
      registered('n').as('registered'),
      sql<string>`min(c.product_name)`.as('product_name'),
      sql<number>`sum(c.quantity + c.free_quantity)::bigint`.as('quantity'),
      ...taxSums('c'),
    ])
    .where('n.unit_id', '=', m.unitId)
    .where('n.credit_note_date', '>=', m.from)
    .where('n.credit_note_date', '<=', m.to)
    .where(notCancelled('n.id'))
    .groupBy(['c.hsn', 'c.gst_rate_bp', 'c.pack', registered('n')])
    .execute();
}

export interface SeriesRange {
  series: string;
  financial_year: string;
  first_number: string;
  last_number: string;
  count: number;
  /** Of them, cancelled (issue 34). */
  cancelled: number;
}

/** Invoice numbers issued in the month, per series and financial year (numbers are gap-free per series and year). */
export function invoiceSeries(db: Database, m: Month): Promise<SeriesRange[]> {
  return salesOf(db, { ...m, withCancelled: true })
    .select([
      'i.series',
      'i.financial_year',
      sql<string>`(array_agg(i.invoice_number ORDER BY i.serial))[1]`.as('first_number'),
      sql<string>`(array_agg(i.invoice_number ORDER BY i.serial DESC))[1]`.as('last_number'),
      sql<number>`count(*)::int`.as('count'),
      sql<number>`(count(*) FILTER (WHERE NOT ${notCancelled('i.id')}))::int`.as('cancelled'),
    ])
    .groupBy(['i.series', 'i.financial_year'])
    .orderBy('i.series')
    .orderBy('i.financial_year')
    .execute();
}

export function creditNoteSeries(db: Database, m: Month): Promise<SeriesRange[]> {
  return db
    .selectFrom('credit_notes as n')
    .select([
      'n.series',
      'n.financial_year',
      sql<string>`(array_agg(n.credit_note_number ORDER BY n.serial))[1]`.as('first_number'),
      sql<string>`(array_agg(n.credit_note_number ORDER BY n.serial DESC))[1]`.as('last_number'),
      sql<number>`count(*)::int`.as('count'),
      sql<number>`(count(*) FILTER (WHERE NOT ${notCancelled('n.id')}))::int`.as('cancelled'),
    ])
    .where('n.unit_id', '=', m.unitId)
    .where('n.credit_note_date', '>=', m.from)
    .where('n.credit_note_date', '<=', m.to)
    .groupBy(['n.series', 'n.financial_year'])
    .orderBy('n.series')
    .orderBy('n.financial_year')
    .execute();
}

/**
 * Purchase bills received in the month, one row each with its input tax: Receive posts the purchase voucher on the day
 * the goods arrive (input tax is claimed once they are in hand, CGST Act s.16(2)(b)), so the voucher's date is the
 * month it counts in. The bill's own date decides the s.16(4) time limit (gstr3b.ts).
 */
export function receivedBills(db: Database, m: Month) {
  return db
    .selectFrom('purchase_bills as b')
    .innerJoin('vouchers as v', 'v.id', 'b.voucher_id')
    .select(['b.id', 'b.bill_number', 'b.bill_date', 'b.supplier_name', 'b.taxable_paise as taxable', 'b.igst_paise as igst', 'b.cgst_paise as cgst', 'b.sgst_paise as sgst'])
    .where('b.unit_id', '=', m.unitId)
    .where('b.status', '=', 'RECEIVED')
    .where('v.voucher_date', '>=', m.from)
    .where('v.voucher_date', '<=', m.to)
    .where(notCancelled('b.id'))
    .orderBy('b.bill_date')
    .orderBy('b.bill_number')
    .execute();
}

/** Input tax given back on the month's debit notes (purchase returns), with the date of the bill each one returns against. */
export function debitNotes(db: Database, m: Month) {
  return db
    .selectFrom('debit_notes as d')
    .innerJoin('purchase_bills as b', 'b.id', 'd.bill_id')
    .select(['d.id', 'b.bill_date', 'd.taxable_paise as taxable', 'd.igst_paise as igst', 'd.cgst_paise as cgst', 'd.sgst_paise as sgst'])
    .where('d.unit_id', '=', m.unitId)
    .where('d.note_date', '>=', m.from)
    .where('d.note_date', '<=', m.to)
    .where(notCancelled('d.id'))
    .execute();
}

/** Table 5: taxable value of nil-rated lines on the month's received bills, inter- and intra-state. */
export function nilRatedInward(db: Database, m: Month) {
  return db
    .selectFrom('purchase_bills as b')
    .innerJoin('vouchers as v', 'v.id', 'b.voucher_id')
    .innerJoin('purchase_bill_lines as l', 'l.bill_id', 'b.id')
    .select([
      sql<number>`coalesce(sum(l.taxable_paise) FILTER (WHERE b.supply_kind = 'INTER'), 0)::bigint`.as('inter'),
      sql<number>`coalesce(sum(l.taxable_paise) FILTER (WHERE b.supply_kind = 'INTRA'), 0)::bigint`.as('intra'),
    ])
    .where('b.unit_id', '=', m.unitId)
    .where('b.status', '=', 'RECEIVED')
    .where('l.gst_rate_bp', '=', 0)
    .where('v.voucher_date', '>=', m.from)
    .where('v.voucher_date', '<=', m.to)
    .where(notCancelled('b.id'))
    .executeTakeFirstOrThrow();
}

/** Every voucher line of a period with its head, in date order (the Tally export). */
export function voucherLinesOf(db: Database, unitId: string, from: string, to: string) {
  return db
    .selectFrom('vouchers as v')
    .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select([
      'v.id',
      'v.kind',
      'v.voucher_date',
      'v.document_number',
      'v.narration',
      'l.position',
      'l.debit_paise',
      'l.credit_paise',
      'l.document_id as line_document_id',
      'l.document_number as line_document_number',
      'a.id as account_id',
      'a.code',
      'a.name',
      'a.group_code',
    ])
    .where('v.unit_id', '=', unitId)
    .where('v.voucher_date', '>=', from)
    .where('v.voucher_date', '<=', to)
    .orderBy('v.voucher_date')
    .orderBy('v.created_at')
    .orderBy('v.id')
    .orderBy('l.position')
    .execute();
}
