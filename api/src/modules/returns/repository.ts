import { sql, type Insertable, type Transaction } from 'kysely';
import type { DocumentParty, DocumentTotals } from 'shared-api';
import type { Database } from '../../db/database';
import type { CreditNoteLinesTable, DB } from '../../db/types';
import { notCancelled } from '../cancellations/books';
import { documentTotalsRow } from '../ledger/document-lines';

type Db = Database | Transaction<DB>;

/** An invoice the seller issued, for a return against it (locked when `lock`: returns of one invoice queue). */
export function sellerInvoice(db: Db, unitId: string, by: { invoiceId: string } | { invoiceNumber: string }, lock = false) {
  let query = db.selectFrom('sales_invoices').selectAll().where('unit_id', '=', unitId);
  query = 'invoiceId' in by ? query.where('id', '=', by.invoiceId) : query.where('invoice_number', '=', by.invoiceNumber);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}
export type SellerInvoiceRow = NonNullable<Awaited<ReturnType<typeof sellerInvoice>>>;

/** The invoice's lines with what has been returned of each so far, and the warehouse of their batch. */
export function linesWithReturns(db: Db, invoiceId: string) {
  return db
    .selectFrom('sales_invoice_lines as l')
    .leftJoin('inventory_batches as b', 'b.id', 'l.batch_id')
    .selectAll('l')
    .select([
      'b.warehouse_id',
      (eb) =>
        eb
          .selectFrom('credit_note_lines as r')
          .select(sql<number>`coalesce(sum(r.quantity), 0)::int`.as('q'))
          .whereRef('r.invoice_id', '=', 'l.invoice_id')
          .whereRef('r.invoice_position', '=', 'l.position')
          // A cancelled credit note returned nothing (its goods went out again).
          .where(notCancelled('r.credit_note_id'))
          .as('returned_quantity'),
      (eb) =>
        eb
          .selectFrom('credit_note_lines as r')
          .select(sql<number>`coalesce(sum(r.free_quantity), 0)::int`.as('q'))
          .whereRef('r.invoice_id', '=', 'l.invoice_id')
          .whereRef('r.invoice_position', '=', 'l.position')
          // A cancelled credit note returned nothing (its goods went out again).
          .where(notCancelled('r.credit_note_id'))
          .as('returned_free_quantity'),
      (eb) =>
        eb
          .selectFrom('credit_note_lines as r')
          .select(sql<number>`coalesce(sum(r.discount_paise), 0)::bigint`.as('d'))
          .whereRef('r.invoice_id', '=', 'l.invoice_id')
          .whereRef('r.invoice_position', '=', 'l.position')
          // A cancelled credit note returned nothing (its goods went out again).
          .where(notCancelled('r.credit_note_id'))
          .as('returned_discount_paise'),
    ])
    .where('l.invoice_id', '=', invoiceId)
    .orderBy('l.position')
    .execute();
}
export type LineWithReturns = Awaited<ReturnType<typeof linesWithReturns>>[number];

export interface NewCreditNote {
  id: string;
  unitId: string;
  number: { series: string; financialYear: string; serial: number; number: string };
  date: string;
  invoiceId: string;
  buyerUnitId: string | null;
  supplier: DocumentParty;
  recipient: DocumentParty;
  placeOfSupply: string;
  supplyKind: 'INTRA' | 'INTER';
  totals: DocumentTotals;
  amountInWords: string;
  note: string | null;
  voucherId: string | null;
  lines: Omit<Insertable<CreditNoteLinesTable>, 'credit_note_id' | 'position'>[];
  createdBy: string;
  at: Date;
}

/** Writes an issued credit note and its lines in one statement (the caller's transaction posted its voucher). */
export async function insertCreditNote(trx: Transaction<DB>, cn: NewCreditNote): Promise<void> {
  await trx
    .with('note', (db) =>
      db.insertInto('credit_notes').values({
        id: cn.id,
        unit_id: cn.unitId,
        series: cn.number.series,
        financial_year: cn.number.financialYear,
        serial: cn.number.serial,
        credit_note_number: cn.number.number,
        credit_note_date: cn.date,
        invoice_id: cn.invoiceId,
        buyer_unit_id: cn.buyerUnitId,
        recipient_name: cn.recipient.name,
        recipient_gstin: cn.recipient.gstin,
        supplier: JSON.stringify(cn.supplier),
        recipient: JSON.stringify(cn.recipient),
        place_of_supply: cn.placeOfSupply,
        supply_kind: cn.supplyKind,
        item_count: cn.lines.length,
        ...documentTotalsRow(cn.totals),
        amount_in_words: cn.amountInWords,
        note: cn.note,
        voucher_id: cn.voucherId,
        created_by: cn.createdBy,
        created_at: cn.at,
      }),
    )
    .insertInto('credit_note_lines')
    .values(cn.lines.map((l, i) => ({ ...l, credit_note_id: cn.id, position: i + 1 })))
    .execute();
}

/** A credit note the unit issued or received (null otherwise), with its invoice's number and date. */
export function findCreditNote(db: Db, creditNoteId: string, unitId: string) {
  return db
    .selectFrom('credit_notes as c')
    .innerJoin('sales_invoices as i', 'i.id', 'c.invoice_id')
    .selectAll('c')
    .select(['i.invoice_number', 'i.invoice_date'])
    .where('c.id', '=', creditNoteId)
    .where((eb) => eb.or([eb('c.unit_id', '=', unitId), eb('c.buyer_unit_id', '=', unitId)]))
    .executeTakeFirst();
}
export type CreditNoteRow = NonNullable<Awaited<ReturnType<typeof findCreditNote>>>;

export function creditNoteLines(db: Db, creditNoteId: string) {
  return db.selectFrom('credit_note_lines').selectAll().where('credit_note_id', '=', creditNoteId).orderBy('position').execute();
}

/** The seller's credit notes, newest first, one page (ids first from the (unit, date, serial) index). */
export async function creditNoteRows(db: Db, f: { unitId: string; invoiceId?: string }, page: { offset: number; limit: number }) {
  let base = db.selectFrom('credit_notes as c').where('c.unit_id', '=', f.unitId);
  if (f.invoiceId) base = base.where('c.invoice_id', '=', f.invoiceId);
  const ids = base.select(['c.id', 'c.credit_note_date', 'c.serial']).orderBy('c.credit_note_date', 'desc').orderBy('c.serial', 'desc').offset(page.offset).limit(page.limit);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(ids.as('p'))
      .innerJoin('credit_notes as c', 'c.id', 'p.id')
      .innerJoin('sales_invoices as i', 'i.id', 'c.invoice_id')
      .select([
        'c.id',
        'c.credit_note_number',
        'c.credit_note_date',
        'c.invoice_id',
        'i.invoice_number',
        'c.recipient_name',
        sql<string | null>`c.recipient ->> 'unitCode'`.as('party_unit_code'),
        'c.item_count',
        'c.taxable_paise',
        'c.cgst_paise',
        'c.sgst_paise',
        'c.igst_paise',
        'c.total_paise',
      ])
      .orderBy('p.credit_note_date', 'desc')
      .orderBy('p.serial', 'desc')
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}
