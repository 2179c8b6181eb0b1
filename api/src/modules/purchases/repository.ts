import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Db = Kysely<DB>;

export const BILL_COLUMNS = [
  'b.id',
  'b.unit_id',
  'b.source',
  'b.status',
  'b.sales_invoice_id',
  'b.supplier_unit_id',
  'b.creditor_account_id',
  'b.supplier',
  'b.supplier_name',
  'b.supplier_gstin',
  'b.bill_number',
  'b.bill_date',
  'b.supply_kind',
  'b.item_count',
  'b.gross_paise',
  'b.discount_paise',
  'b.taxable_paise',
  'b.cgst_paise',
  'b.sgst_paise',
  'b.igst_paise',
  'b.round_off_paise',
  'b.total_paise',
  'b.voucher_id',
  'b.receipt_note',
  'b.received_at',
  'b.created_at',
] as const;

/** One bill of the buyer `unitId` (with its warehouse's name once received). */
export function findBill(db: Db, billId: string, unitId: string) {
  return db
    .selectFrom('purchase_bills as b')
    .leftJoin('warehouses as w', 'w.id', 'b.warehouse_id')
    .select([...BILL_COLUMNS, 'w.display_name as warehouse_name'])
    .where('b.id', '=', billId)
    .where('b.unit_id', '=', unitId)
    .executeTakeFirst();
}
export type BillRow = NonNullable<Awaited<ReturnType<typeof findBill>>>;

/** The bill locked for the rest of the transaction: receiving and paying it queue on this row. */
export function lockBill(trx: Transaction<DB>, billId: string, unitId: string) {
  return trx
    .selectFrom('purchase_bills as b')
    .select([...BILL_COLUMNS, 'b.warehouse_id'])
    .where('b.id', '=', billId)
    .where('b.unit_id', '=', unitId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A pending bill's lines' batches in the user's active warehouse (by product and batch number), whose terms Receive
 * keeps unless it is asked to change them (issue 32). Keyed by line position; a line without one: a new batch.
 */
export async function receivingBatches(db: Db, billId: string, userId: string, unitId: string) {
  const rows = await db
    .selectFrom('purchase_bill_lines as l')
    .innerJoin('users as u', (j) => j.on('u.id', '=', userId))
    .innerJoin('inventory_batches as ib', (j) => j.onRef('ib.warehouse_id', '=', 'u.active_warehouse_id').onRef('ib.product_id', '=', 'l.product_id').onRef('ib.batch_no', '=', 'l.batch_no'))
    .select(['l.position', 'ib.id', 'ib.mrp_paise', 'ib.ptr_paise', 'ib.pts_paise', 'ib.scheme_buy', 'ib.scheme_free'])
    .where('l.bill_id', '=', billId)
    .where('ib.unit_id', '=', unitId)
    .execute();
  return new Map(
    rows.map((r) => [r.position, { batchId: r.id, mrpPaise: r.mrp_paise, ptrPaise: r.ptr_paise, ptsPaise: r.pts_paise, schemeBuy: r.scheme_buy, schemeFree: r.scheme_free }]),
  );
}

export function billLines(db: Db, billId: string) {
  return db.selectFrom('purchase_bill_lines').selectAll().where('bill_id', '=', billId).orderBy('position').execute();
}
export type BillLineRow = Awaited<ReturnType<typeof billLines>>[number];

/**
 * Payment vouchers posted against a bill that have not been reversed, oldest first, with their amounts: a payment's
 * voucher naming the bill on its lines (bill-wise, migration 037; the amount is those lines'), or a voucher of the
 * bill itself. Two index scans, one per way.
 */
export function billPayments(db: Db, billId: string) {
  const paymentsWhere = (named: 'line' | 'voucher') =>
    db
      .selectFrom('vouchers as v')
      .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
      .select(['v.id', 'v.voucher_date', 'v.created_at', (e) => e.fn.sum<number>('l.debit_paise').as('amount')])
      .$if(named === 'line', (q) => q.where('l.document_id', '=', billId))
      .$if(named === 'voucher', (q) => q.where('v.document_id', '=', billId).where('l.document_id', 'is', null))
      .where('v.kind', '=', 'PAYMENT')
      .where((e) => e.not(e.exists(e.selectFrom('vouchers as r').select('r.id').whereRef('r.reverses_id', '=', 'v.id'))))
      .groupBy(['v.id', 'v.voucher_date', 'v.created_at']);
  return db
    .selectFrom(paymentsWhere('line').unionAll(paymentsWhere('voucher')).as('p'))
    .select(['p.id', 'p.voucher_date', 'p.amount'])
    .orderBy('p.created_at')
    .execute();
}

export interface BillListFilter {
  unitId: string;
  status?: 'PENDING' | 'RECEIVED' | undefined;
  source?: 'PLATFORM' | 'MANUAL' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function filtered(db: Db, f: BillListFilter) {
  let q = db.selectFrom('purchase_bills as b').where('b.unit_id', '=', f.unitId);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.source) q = q.where('b.source', '=', f.source);
  if (f.from) q = q.where('b.bill_date', '>=', f.from);
  if (f.to) q = q.where('b.bill_date', '<=', f.to);
  return q;
}

/** The columns of a bill's one-line summary (lists and reports), read by billSummary. */
export const BILL_SUMMARY_COLUMNS = ['b.id', 'b.source', 'b.status', 'b.bill_number', 'b.bill_date', 'b.supplier_name', 'b.supplier_gstin', 'b.item_count', 'b.taxable_paise', 'b.cgst_paise', 'b.sgst_paise', 'b.igst_paise', 'b.total_paise'] as const;

export function billSummary(r: Pick<Selectable<DB['purchase_bills']>, 'id' | 'source' | 'status' | 'bill_number' | 'bill_date' | 'supplier_name' | 'supplier_gstin' | 'item_count' | 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'igst_paise' | 'total_paise'>) {
  return {
    billId: r.id,
    source: r.source,
    status: r.status,
    billNumber: r.bill_number,
    billDate: r.bill_date,
    supplierName: r.supplier_name,
    supplierGstin: r.supplier_gstin,
    itemCount: r.item_count,
    taxablePaise: Number(r.taxable_paise),
    taxPaise: Number(r.cgst_paise) + Number(r.sgst_paise) + Number(r.igst_paise),
    totalPaise: Number(r.total_paise),
  };
}

/** Pending bills first (they need the buyer), then newest first. */
export function listBills(db: Db, f: BillListFilter, page: { offset: number; limit: number }) {
  return filtered(db, f)
    .select(BILL_SUMMARY_COLUMNS)
    .orderBy('b.status')
    .orderBy('b.bill_date', 'desc')
    .orderBy('b.created_at', 'desc')
    // Two bills can share a date and an instant (a platform bill takes its invoice's time): without the id a page
    // could repeat one and skip the other.
    .orderBy('b.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countBills(db: Db, f: BillListFilter): Promise<number> {
  const row = await filtered(db, f).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
